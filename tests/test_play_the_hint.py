"""Issue 41, item 1: the hint's move is played by one more tap on what it lights or by Enter, the hint says so;
Enter takes the obvious step (cut the pack, the only legal move); Enter on an end screen deals anew only when a
button has the focus."""
from __future__ import annotations

import pygame
import pytest

from game.scenes.end import EndScene
from game.session import Session
from game.tables import open_table
from game.tables.cribbage.cut import CutStrip
from rules.core import Action
from rules.match import Match
from tests.test_ui_trumps import PositionMatch, position
from tests.uiplay import run_until
from tools.driver import frames, key, make_app, settle, tap, visible_point, wait_for_hint


@pytest.fixture(autouse=True)
def _quick_autosave(monkeypatch):
    monkeypatch.setattr("game.paths.os.fsync", lambda fd: None)


def start(game: str, match: Match, names=("Ann", "Computer")):
    app = make_app(size=(1024, 600))
    app.settings.animation_speed = 4.0
    session = Session(game, "computer", list(names), match, 1)
    table = open_table(app, session)
    app.stack.push(table)
    frames(app, 2)
    settle(app)
    return app, session, table


def ask_hint(app, table) -> Action:
    key(app, pygame.K_h)
    wait_for_hint(app, table)  # the worker answers in its own time; the frames go on meanwhile
    return table.hint


def test_enter_cuts_the_pack_in_the_middle_when_no_depth_is_marked():
    app, session, table = start("cribbage", Match("cribbage", {"seed": 3}))
    _, cut = table.strip_due()
    key(app, pygame.K_RETURN)
    assert session.match.actions == [Action.make("cut", depth=CutStrip.middle(cut))]


def to_discard(app, session, table) -> None:
    for _ in range(40):
        if table.obs.get("phase") == "discard" and table.my_turn and table.obs.get("cut") is None:
            return
        if table.my_turn and table.obs.get("cut") is not None:
            key(app, pygame.K_RETURN)
        settle(app)
        frames(app, 30)
    raise AssertionError("never reached the discard")


def test_enter_plays_the_cribbage_hint_and_the_hint_says_so():
    app, session, table = start("cribbage", Match("cribbage", {"seed": 5}))
    to_discard(app, session, table)
    hint = ask_hint(app, table)
    assert hint.kind == "discard"
    assert "press Enter to play it" in table.preview_text()
    before = session.match.cursor
    key(app, pygame.K_RETURN)
    assert session.match.actions[before] == hint


def test_a_tap_on_a_card_the_hint_lights_plays_the_whole_hint():
    app, session, table = start("cribbage", Match("cribbage", {"seed": 5}))
    to_discard(app, session, table)
    hint = ask_hint(app, table)
    before = session.match.cursor
    tap(app, visible_point(table, hint["cards"][1]))
    assert session.match.actions[before] == hint and table.selected == []


def test_own_trumps_hint_played_by_a_tap_and_its_words_name_the_shortcut():
    app, session, table = start("trumps", PositionMatch(position(["JC", "8C", "7D", "KS"], [], ["9C"])))
    hint = ask_hint(app, table)
    assert table.toast is not None and table.toast[0].endswith("Tap what glows or press Enter to play it.")
    tap(app, visible_point(table, hint["card"]))
    assert session.match.actions[-1] == hint


def test_enter_plays_the_only_legal_move():
    # Own Trumps: nothing in hand beats the ace of trumps, so picking up is the only move
    app, session, table = start("trumps", PositionMatch(position(["7C", "8C"], [], ["AH"])))
    assert [a["kind"] for a in table.obs["legal"]] == ["pick_up"]
    key(app, pygame.K_RETURN)
    assert session.match.actions[-1] == Action.make("pick_up")


def test_enter_on_the_end_screen_deals_anew_only_from_a_focused_button():
    app, session, table = start("trumps", PositionMatch(position(["7C"], [], ["6C"])))
    tap(app, visible_point(table, "7C"))
    tap(app, table.geo.pile_zone.center)
    run_until(app, lambda: isinstance(app.stack.top, EndScene), limit=2000)
    end = app.stack.top
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert app.stack.top is end, "Enter with no button focused starts nothing"
    key(app, pygame.K_TAB)
    assert end.buttons.buttons[end.buttons.focus].id == "again"
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert app.stack.top is not end and app.stack.top.match.cursor == 0


def test_a_hint_that_lights_no_card_names_only_enter():
    app, session, table = start("cribbage", Match("cribbage", {"seed": 3}))
    hint = ask_hint(app, table)
    assert hint.kind == "cut" and table.hint_keys() == set()
    assert table.preview_text().endswith("Press Enter to play it.") and "Tap what glows" not in table.preview_text()
    key(app, pygame.K_RETURN)
    assert session.match.actions == [hint]
