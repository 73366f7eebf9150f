"""Kombi-Duell (RULES.md §4): the registry entry and the public names of the game's package."""
from __future__ import annotations

from rules.core import GameSpec
from rules.kombi.state import (
    KombiState,
    action_from_json,
    best_split,
    combo_kind,
    combo_points,
    new_game,
    play_action,
)


def _make_bot(level: int):
    if level >= 3:  # level 3 searches: rules/kombi/search.py
        from rules.kombi.search import make as make_search

        return make_search()
    from rules.kombi.bot import make

    return make(level)


def _review():
    from rules.kombi.review import review

    return review


GAME = GameSpec(id="kombi", new_game=new_game, action_from_json=action_from_json, make_bot=_make_bot, review=_review)

__all__ = [
    "GAME", "KombiState", "action_from_json", "best_split", "combo_kind", "combo_points", "new_game",
    "play_action",
]
