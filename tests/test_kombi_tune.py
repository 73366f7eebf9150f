"""The Kombi-Duell tuning duels' tally of how a game ended (tools/kombi_tune.py)."""
from __future__ import annotations

from rules.bots import make_bot
from tools.arena import greedy, play_out
from tools.kombi_tune import game


def test_the_tally_matches_the_game_played_through_the_arena() -> None:
    for seed in (11, 12):
        for seat in (0, 1):
            won, margin, how = game(make_bot("kombi", 1), greedy("kombi"), seed, seat)
            bots = (make_bot("kombi", 1), greedy("kombi"))
            out = play_out("kombi", bots if seat == 0 else bots[::-1], seed)
            assert margin == out.scores[seat] - out.scores[1 - seat]
            assert won == (1.0 if out.winners == (seat,) else 0.5 if len(out.winners) == 2 else 0.0)
            assert how in ("hero-out", "villain-out", "passes", "passes-jammed", "villain-out-jammed")
