"""Card Square (RULES.md §1): the registry entry and the public names of the game's package."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rules.core import Bench, Bot, GameSpec
from rules.square.actions import action_from_json
from rules.square.gestures import gesture_for, intents
from rules.square.state import DRAW_PILE, GAME_ID, TAKE_LIMIT, SquareState, card_value, new_game, square_sum

if TYPE_CHECKING:
    from rules.match import Match
    from rules.review import Moment

# The longest game: 4 actions of initial looks; at most DRAW_PILE turns that draw (3 actions at most: draw, power,
# confirm); at most TAKE_LIMIT turns that take (1 action) before each draw and before a knock; the knock itself.
MAX_ACTIONS = 4 + DRAW_PILE * 3 + (DRAW_PILE + 1) * TAKE_LIMIT + 1


def _make_bot(level: int) -> Bot:
    if level >= 3:  # the Expert: level 2's rules on its belief (rules/square/expert.py), knocks searched (search.py)
        from rules.square.expert import Expert

        return Expert()
    from rules.square.bot import make

    return make(level)


def _baseline() -> Bot:
    from rules.square.bot import HighestKnownBaseline

    return HighestKnownBaseline()


def _review() -> Callable[[Match, int], list[Moment]]:
    from rules.square.review import review

    return review

# The strength bench (tools/strength_bench.py): deals per duel, each played twice.
BENCH = Bench(baseline=_baseline,
              duels={"3-2": 500, "2-1": 250, "1-random": 100, "3-greedy": 500, "2-greedy": 200, "1-greedy": 200,
                     "3-random": 250, "2-random": 100, "seeing2-2": 500, "seeing3-2": 250})  # the ceiling: issue 43

GAME = GameSpec(id=GAME_ID, new_game=new_game, action_from_json=action_from_json, max_actions=MAX_ACTIONS,
                public=("game", "seat", "to_move", "scores", "over", "winners", "phase", "first", "current", "squares",
                        "inspecting", "reveal_kind", "drawn_by", "discard", "discard_top", "draw_count", "takes",
                        "knocked_by", "final_turn", "end_reason", "log"),
                private={"revealed": [], "drawn": None, "legal": []}, intents=intents, gesture_for=gesture_for,
                make_bot=_make_bot, review=_review, bench=BENCH, low_score_wins=True,
                ties_share_win=True)

__all__ = ["GAME", "SquareState", "action_from_json", "card_value", "new_game", "square_sum"]
