"""Cribbage stops at 121: a last count worth more than the points still needed shows as 121 on the board's plate,
the end screen, the log and the review table, though the rules keep every point pegged."""
from __future__ import annotations

import random

from game.session import Session
from tools.driver import frames, make_app
from tools.shots import open_settled


def _past_121():
    """A game against the computer that ends with the winner's count past 121."""
    for seed in range(1, 60):
        session = Session.new("cribbage", "computer", ["Ann", "Computer"], seed)
        rng = random.Random(seed)
        st = session.match.state
        while not st.is_over:
            st = session.match.play(rng.choice(st.legal_actions()))
        if max(st.scores) > 121:
            return session
    raise AssertionError("no seed ends past 121")


def test_a_count_past_121_shows_as_121_everywhere():
    session = _past_121()
    over = max(session.match.state.scores)
    app = make_app(size=(1280, 800))
    table = open_settled(app, session)
    words = [text for _, text, _, _ in table.layout_report()["texts"]]
    assert any("121" in w for w in words)
    assert not any(str(over) in w for w in words), [w for w in words if str(over) in w]
    end = app.push("end", table=table)
    frames(app, 2)
    words = [text for _, text, _, _ in end.layout_report()["texts"]]
    assert any(w.endswith(": 121") for w in words), words
    assert not any(str(over) in w for w in words), [w for w in words if str(over) in w]
    end.set_aside(True)  # the review: the final table with the hands face up
    app.invalidate()
    frames(app, 2)
    words = [text for scene in app.stack.visible() for _, text, _, _ in scene.layout_report()["texts"]]
    assert not any(str(over) in w for w in words)
    assert max(session.match.state.scores) == over  # the rules keep what was pegged


def test_the_pegs_at_the_start_stand_clear_of_the_score_chips():
    import pygame

    from game.tables.cribbage.board import PegBoard

    for w, h in ((760, 60), (1400, 110), (2900, 220)):
        board = PegBoard()
        board.layout(pygame.Rect(10, 10, w, h), 0)
        for seat in (0, 1):
            chip = board.chip_rect(seat, (round(h * 0.3), round(h * 0.3)))
            for peg in (0, 1):
                x, y = board.peg_xy(seat, peg, 0)
                r = board.peg_radius()
                assert not chip.colliderect(pygame.Rect(x - r, y - r, 2 * r, 2 * r)), (w, seat, peg)
