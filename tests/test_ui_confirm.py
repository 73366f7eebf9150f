"""Confirmations by synthetic taps (each refused, then accepted), and feedback: hints go when the position
changes; the cribbage cut gives one instruction line."""
from __future__ import annotations

import pygame

from game.session import Session
from game.tables import open_table
from rules.core import Action
from tests.uiplay import find_button
from tools.driver import frames, make_app, settle, tap, wait_for_hint


def table_for(mode="hotseat", game="kombi", seed=5):
    app = make_app()
    app.show("menu")
    frames(app, 2)
    table = open_table(app, Session.new(game, mode, ["Ann", "Ben"], seed))
    app.stack.push(table)
    frames(app, 2)
    pass_cover(app, table)
    return app, table


def pass_cover(app, table):
    for _ in range(5):
        if app.stack.top is table:
            return
        tap(app, (app.size[0] // 2, app.size[1] // 3))
        settle(app)
    assert app.stack.top is table


def answer(app, bid):
    assert app.stack.top.name == "confirm"
    tap(app, find_button(app, bid).center)
    frames(app, 2)


def test_restart_asks_first():
    app, table = table_for("computer")
    assert table.submit(Action.make("draw"))
    settle(app)
    done = table.match.cursor
    for reply, cursor in (("no", done), ("yes", 0)):
        tap(app, find_button(app, "menu").center)
        frames(app, 2)
        tap(app, find_button(app, "restart").center)
        frames(app, 2)
        answer(app, reply)
        assert table.match.cursor == cursor
        if reply == "no":
            assert app.stack.top.name == "pause"
            tap(app, find_button(app, "resume").center)
            frames(app, 2)
    assert app.stack.top is table


def test_hotseat_back_asks_before_taking_back_the_other_players_move():
    app, table = table_for("hotseat")
    assert table.submit(Action.make("draw"))
    settle(app)
    assert table.submit(Action.make("pass"))  # Ann's turn is over: Ben's now
    settle(app)
    pass_cover(app, table)
    assert table.revealed_for == 1
    before = table.match.cursor
    tap(app, find_button(app, "undo").center)
    assert "Ann" in app.stack.top.text
    answer(app, "no")
    assert table.match.cursor == before
    tap(app, find_button(app, "undo").center)
    answer(app, "yes")
    assert table.match.cursor < before


def test_a_pass_that_ends_kombi_warns_first():
    app, table = table_for("hotseat")
    assert table.submit(Action.make("pass"))
    settle(app)
    pass_cover(app, table)
    tap(app, find_button(app, "pass").center)
    assert "0" in app.stack.top.text
    answer(app, "no")
    assert not table.match.state.is_over
    tap(app, find_button(app, "pass").center)
    answer(app, "yes")
    assert table.match.state.is_over


def test_a_hint_goes_when_the_position_changes():
    app, table = table_for("computer")
    tap(app, find_button(app, "hint").center)
    wait_for_hint(app, table)
    assert table.hint is not None and table.toast is not None
    assert table.submit(Action.make("draw"))
    assert table.hint is None and table.toast is None
    settle(app)
    for _ in range(600):
        if table.my_turn:
            break
        frames(app)
    tap(app, find_button(app, "hint").center)
    wait_for_hint(app, table)
    words = table.toast[0]
    tap(app, find_button(app, "undo").center)
    assert table.hint is None
    assert table.toast is None or table.toast[0] != words


def test_the_cribbage_cut_shows_one_instruction_line():
    app, table = table_for("computer", game="cribbage", seed=3)
    for _ in range(600):
        if table.my_turn and table.strip_due() is not None:
            break
        frames(app)
    assert table.strip_due() is not None
    said = []
    real = table.t

    class Spy:
        def __call__(self, key, **kw):
            said.append(key)
            return real(key, **kw)

        def __getattr__(self, name):
            return getattr(real, name)

    table.t = Spy()
    table.draw(pygame.Surface(app.size))
    instructions = [k for k in said if k.startswith(("cribbage.do.", "cribbage.why.")) or k == "cribbage.cut_prompt"]
    assert len(set(instructions)) == 1, instructions  # the cut's words with its reason stand in for the turn line
