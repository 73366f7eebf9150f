"""Two-player Cribbage (RULES.md §2): the registry entry and the public names of the game's package."""
from __future__ import annotations

from rules.core import GameSpec
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


def _make_bot(level: int):
    if level >= 3:  # level 3 searches: rules/cribbage/search.py
        from rules.cribbage.search import make as search

        return search()
    from rules.cribbage.bot import make

    return make(level)


def _review():
    from rules.cribbage.review import review

    return review


GAME = GameSpec(id="cribbage", new_game=new_game, action_from_json=action_from_json, deck_size=52,
                make_bot=_make_bot, review=_review)

__all__ = [
    "GAME", "GAME_POINTS", "Breakdown", "CribbageState", "Part", "ShowItem", "action_from_json",
    "new_game", "peg_parts", "peg_points", "score_hand",
]
