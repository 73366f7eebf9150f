"""Card Square (RULES.md §1): the registry entry and the public names of the game's package."""
from __future__ import annotations

from rules.core import GameSpec
from rules.square.actions import action_from_json
from rules.square.state import GAME_ID, SquareState, card_value, new_game, square_sum


def _make_bot(level: int):
    if level >= 3:  # the searching level (rules/square/search.py builds on level 2's rules in bot.py)
        from rules.square.search import SearchBot

        return SearchBot()
    from rules.square.bot import make

    return make(level)


def _review():
    from rules.square.review import review

    return review


GAME = GameSpec(id=GAME_ID, new_game=new_game, action_from_json=action_from_json, deck_size=52,
                make_bot=_make_bot, review=_review)

__all__ = ["GAME", "SquareState", "action_from_json", "card_value", "new_game", "square_sum"]
