"""Replay codes through the UI: the end screen's Copy button gives a code that opens the same game."""
from __future__ import annotations

import random

import pytest

import rules
from game.session import Session
from rules.replay import decode
from tools.driver import frames, make_app, tap


def _end_of(app, session):
    app.stack.push(app.open_table(session))
    for _ in range(4000):
        frames(app)
        if getattr(app.stack.top, "name", "") == "end":
            return app.stack.top
    raise AssertionError("no end screen")


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
def test_copy_on_the_end_screen_round_trips_the_game(game_id):
    app = make_app()
    # play the deal to its end outside the UI, then open the table at that end
    bot_game = Session.new(game_id, "demo", ["A", "B"], 8)
    rng = random.Random(8)
    while not bot_game.match.state.is_over and len(bot_game.match.actions) < 20000:
        bot_game.match.play(rng.choice(bot_game.match.state.legal_actions()))
    end = _end_of(app, bot_game)
    copy = next(b for b in end.buttons.buttons if b.id == "copy")
    tap(app, copy.rect.center)
    frames(app, 2)
    code = app.clipboard
    assert code == bot_game.replay_code()
    back = decode(code)
    assert back.actions == bot_game.match.played and back.state.scores == bot_game.match.state.scores
    # the code opens the same game at the table, to the same result line
    app2 = make_app()
    _end_of(app2, Session.from_replay(code, ["A", "B"]))
    assert app2.results == app.results


def test_the_pause_menu_copies_the_running_game():
    app = make_app()
    session = Session.new(sorted(rules.GAMES)[0], "computer", ["A", "B"], 3)
    table = app.open_table(session)
    app.stack.push(table)
    frames(app, 5)
    pause = app.push("pause", table=table)
    frames(app, 2)
    copy = next(b for b in pause.buttons.buttons if b.id == "copy")
    tap(app, copy.rect.center)
    frames(app, 2)
    assert decode(app.clipboard).actions == session.match.played
