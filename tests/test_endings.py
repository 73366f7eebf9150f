"""Issue 41, item 4: endings you can see — the last move shows, settled, before the end screen (longer for a move
that carries many cards); Card Square's Knock asks first until the player says not to."""
from __future__ import annotations

import pygame
import pytest

from game.scenes.end import EndScene
from game.session import Session
from game.tables import open_table
from game.tables.base import END_DELAY, END_PER_CARD
from game.tables.cardlayer import CardSprite
from rules.core import Action
from rules.match import Match
from rules.trumps.core import NAMES
from rules.trumps.state import from_position
from tests.test_play_the_hint import start
from tests.test_ui_square import deck
from tests.test_ui_trumps import PositionMatch
from tools.driver import frames, key, make_app, tap


@pytest.fixture(autouse=True)
def _quick_autosave(monkeypatch):
    monkeypatch.setattr("game.paths.os.fsync", lambda fd: None)


def test_the_last_card_lies_still_in_view_for_the_beat_before_the_end_screen():
    # the computer plays its last card, the ace of hearts, and wins
    pile = ["6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "6D", "7D", "6H"]
    mine = [c for c in NAMES if c not in pile and c != "AH"]
    app, session, table = start("trumps", PositionMatch(from_position([mine, ["AH"]], pile, ("H", "D"), 1)))
    settled = 0
    for _ in range(900):
        frames(app)
        if isinstance(app.stack.top, EndScene):
            break
        if session.match.state.is_over:
            settled = 0 if table.cards.busy else settled + 1
    assert isinstance(app.stack.top, EndScene)
    assert table.cards.moved >= 1
    assert settled / 60 >= END_DELAY - 1 / 30, "the final card is seen lying on the pile"


def test_a_move_carrying_many_cards_holds_the_final_table_longer():
    app, session, table = start("trumps", PositionMatch(from_position(
        [[c for c in NAMES if c not in ("AH", "6H")], ["AH"]], ["6H"], ("H", "D"), 1)))
    layer = table.cards
    sprites = [CardSprite(f"k{i}", None, 100 + i, 100, 40) for i in range(12)]
    layer.place(sprites, {}, animate=False)
    layer.place([CardSprite(s.key, None, 500, 400, 40) for s in sprites], {}, animate=True)
    assert layer.moved == 12
    assert table.end_beat() == pytest.approx(END_DELAY + 12 * END_PER_CARD)


def square(confirm: bool = True):
    app = make_app(size=(1024, 600))
    app.settings.animation_speed = 4.0
    app.settings.confirm_knock = confirm
    session = Session("square", "hotseat", ["Ann", "Ben"], Match("square", {"deck": deck(), "first": 0}))
    table = open_table(app, session)
    app.stack.push(table)
    frames(app, 2)
    for _ in range(2):  # both skip the look; the covers are confirmed
        if app.stack.top.name == "cover":
            tap(app, (app.size[0] // 2, app.size[1] // 3))
        frames(app, 30)
        table.submit(Action.make("skip_look"))
        frames(app, 30)
    if app.stack.top.name == "cover":
        tap(app, (app.size[0] // 2, app.size[1] // 3))
        frames(app, 30)
    assert table.my_turn and any(a["kind"] == "knock" for a in table.obs["legal"])
    return app, session, table


def button(app, bid: str) -> pygame.Rect:
    return next(b.rect for b in app.stack.top.buttons.buttons if b.id == bid)


def test_knock_asks_first_and_cancel_keeps_the_turn():
    app, session, table = square()
    before = session.match.cursor
    key(app, pygame.K_k)
    assert app.stack.top.name == "choose" and "Knock now?" in app.stack.top.text
    tap(app, button(app, "cancel").center)
    assert session.match.cursor == before and app.stack.top is table
    tap(app, next(b.rect for b in table.buttons.buttons if b.id == "knock").center)
    tap(app, button(app, "pick:0").center)
    assert session.match.actions[-1] == Action.make("knock")
    assert app.settings.confirm_knock, "asked again next time"


def test_knock_and_dont_ask_again_turns_the_question_off():
    app, session, table = square()
    key(app, pygame.K_k)
    tap(app, button(app, "pick:1").center)
    assert session.match.actions[-1] == Action.make("knock") and not app.settings.confirm_knock
    app, session, table = square(confirm=False)
    key(app, pygame.K_k)
    assert session.match.actions[-1] == Action.make("knock"), "the setting off: Knock knocks at once"
