"""The hotseat cover recaps the other player's public moves since this player's last turn, nothing private."""
from __future__ import annotations

import random

import pytest

import rules
from game.session import Session
from rules.cards import Card
from tools.driver import frames, make_app


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
def test_the_recap_holds_only_public_moves(game_id):
    app = make_app()
    session = Session.new(game_id, "hotseat", ["Anna", "Ben"], 6)
    rng = random.Random(6)
    m = session.match
    checked = 0
    while not m.state.is_over and len(m.actions) < 80:
        m.play(rng.choice(m.state.legal_actions()))
        seat = m.state.to_move
        if seat is None or m.actor(len(m.actions) - 1) == seat:
            continue
        table = app.open_table(session)
        app.stack.push(table)
        frames(app, 2)
        cover = app.scene("cover", table=table, seat=seat)
        lines = cover.recap(limit=100)
        acted = [i for i in range(len(m.actions)) if m.actor(i) == seat]
        if acted:
            expected = [e for i, e in m.log() if i > acted[-1]]
            assert lines == table.log_lines(expected)
            assert lines or not expected
            # no sentence names a card its seat could see neither before nor after that move
            for i, e in m.log():
                if i <= acted[-1]:
                    continue
                text = " ".join(table.log_lines([e]))
                for card in m.state_at(i).hidden_from(seat) & m.state_at(i + 1).hidden_from(seat):
                    assert Card.parse(card).pretty not in text, (card, text)
        checked += 1
        app.stack.pop()
    assert checked
