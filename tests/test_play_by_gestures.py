"""Every registered game can be played at its table by hand: each legal action, picked at random, is made by
the gesture its rules name for it (or its button, or picking it from a choice), with the mouse or a finger."""
from __future__ import annotations

import random

import pytest

import rules
from game.session import Session
from tools.driver import make_app, perform, settle

GAME_IDS = sorted(rules.GAMES)


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_moves_made_by_hand_against_the_computer(game_id: str, touch: bool) -> None:
    app = make_app()
    session = Session.new(game_id, "computer", ["Ann", "Computer"], 31, bot_level=1)
    table = app.open_table(session)
    app.stack.reset(table)
    rng, made = random.Random(31), 0
    for _ in range(400):
        settle(app)
        state = session.match.state
        if state.is_over or made >= 16:
            break
        if not table.my_turn:
            continue
        action = rng.choice(state.legal_actions())
        before = len(session.match.played)
        perform(app, table, action, touch=touch)
        assert session.match.played[before:before + 1] == [action], f"{action} was not made by hand"
        made += 1
    assert made >= 8 or session.match.state.is_over
