"""Two-player Cribbage (RULES.md §2): the registry entry and the public names of the game's package."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rules.core import Bench, Bot, GameSpec
from rules.cribbage.gestures import gesture_for, intents
from rules.cribbage.state import (
    GAME_POINTS,
    Breakdown,
    CribbageState,
    Part,
    ShowItem,
    action_from_json,
    new_game,
    peg_parts,
    peg_points,
    score_hand,
)

if TYPE_CHECKING:
    from rules.match import Match
    from rules.review import Moment


def _make_bot(level: int) -> Bot:
    if level >= 3:  # level 3 searches: rules/cribbage/search.py
        from rules.cribbage.search import make as search

        return search()
    from rules.cribbage.bot import make

    return make(level)


def _baseline() -> Bot:
    from rules.cribbage.bot import HighestImmediateBaseline

    return HighestImmediateBaseline()


def _review() -> Callable[[Match, int], list[Moment]]:
    from rules.cribbage.review import review

    return review


# The longest game. Every hand scores at least one point (the last card of the play), so someone reaches 121
# within 2 * 120 + 1 hands; a hand is at most 12 actions (the cut, two discards, the starter, eight plays). The
# cut for the first deal repeats on equal ranks: 16 rounds of two cuts allow for all but a 13**-16 chance.
MAX_ACTIONS = 2 * 16 + (2 * (GAME_POINTS - 1) + 1) * 12
# The strength bench (tools/strength_bench.py): deals per duel, each played twice; targets other than the bench's
# own (issue 30). The Expert against IS-MCTS: a deal's mean margin spread 7.9 points (the 200 deals), so 200 deals give
# points a game within about +-1.1 (issue 43 asks +-2, about 60 deals) and the 400 games the share of games needs.
BENCH = Bench(baseline=_baseline,
              duels={"3-2": 200, "2-1": 100, "1-random": 25, "3-greedy": 100, "2-greedy": 50, "1-greedy": 50,
                     "3-random": 25, "2-random": 25, "3-ismcts": 200, "2-ismcts": 100},
              targets={"3-2": 0.56, "3-ismcts": 0.6})

GAME = GameSpec(id="cribbage", new_game=new_game, action_from_json=action_from_json, max_actions=MAX_ACTIONS,
                public=("game", "seat", "to_move", "scores", "over", "winners", "phase", "hand_no", "dealer", "hands",
                        "hand_counts", "discarded", "crib_count", "starter", "count", "series", "played", "go",
                        "last_player", "pegs", "last_show", "cut", "last_cut", "cut_for_deal", "target"),
                private={"hand": [], "my_discards": [], "legal": []}, intents=intents, gesture_for=gesture_for,
                make_bot=_make_bot, review=_review, bench=BENCH, score_cap=GAME_POINTS,
                ranked_series=3)  # best of 3, as Cribbage Pro's ranked matches (docs/online.md, "Series")

__all__ = [
    "GAME", "GAME_POINTS", "Breakdown", "CribbageState", "Part", "ShowItem", "action_from_json",
    "new_game", "peg_parts", "peg_points", "score_hand",
]
