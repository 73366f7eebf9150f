"""Own Trumps, Svoi Kozyri (RULES.md §3): the registry entry and the public names of the game's package."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import Bot, GameSpec
from rules.trumps.gestures import gesture_for, intents
from rules.trumps.state import (
    GAME_ID,
    MOVE_LIMIT,
    TrumpsState,
    action_from_json,
    from_position,
    new_game,
)

# The longest game: the two trump choices, then at most MOVE_LIMIT card moves (the last one ends it as a draw).
MAX_ACTIONS = 2 + MOVE_LIMIT


def _make_bot(level: int) -> Bot:
    from rules.trumps.bot import make

    return make(level)


def _review() -> Callable[..., Any]:
    from rules.trumps.review import review

    return review


# RULES.md §3.2.3: against the computer the human (seat 0) chooses a trump suit first, whoever deals.
GAME = GameSpec(id=GAME_ID, new_game=new_game, action_from_json=action_from_json, max_actions=MAX_ACTIONS,
                public=("game", "seat", "to_move", "scores", "over", "winners", "phase", "dealer", "chooser", "first",
                        "trumps", "opponent_count", "hand_counts", "hands", "pile", "pile_size", "top", "pickup",
                        "repetition", "result", "voluntary_pickup"),
                private={"hand": [], "legal": [], "beaters": []}, intents=intents, gesture_for=gesture_for,
                make_bot=_make_bot, review=_review, vs_computer={"chooser": 0})

__all__ = ["GAME", "TrumpsState", "action_from_json", "from_position", "new_game"]
