"""Own Trumps, Svoi Kozyri (RULES.md §3): the registry entry and the public names of the game's package."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from rules.core import Bench, Bot, GameSpec
from rules.trumps.gestures import gesture_for, intents
from rules.trumps.state import (
    GAME_ID,
    MOVE_LIMIT,
    TrumpsState,
    action_from_json,
    from_position,
    new_game,
)

if TYPE_CHECKING:
    from rules.match import Match
    from rules.review import Moment

# The longest game: the two trump choices, then at most MOVE_LIMIT card moves (the last one ends it as a draw).
MAX_ACTIONS = 2 + MOVE_LIMIT


def _make_bot(level: int) -> Bot:
    from rules.trumps.bot import make

    return make(level)


def _baseline() -> Bot:
    from rules.trumps.bot import GreedyBaseline

    return GreedyBaseline()


def _review() -> Callable[[Match, int], list[Moment]]:
    from rules.trumps.review import review

    return review

# The strength bench (tools/strength_bench.py): deals per duel, each played twice; targets other than the bench's
# own (issue 30).
BENCH = Bench(baseline=_baseline,
              duels={"3-2": 100, "2-1": 100, "1-random": 25, "3-greedy": 100, "2-greedy": 50, "1-greedy": 50,
                     "3-random": 25, "2-random": 25}, targets={"3-2": 0.8}, playouts_then=20)

def _next_dealer(last: Mapping[str, object], winners: Sequence[int]) -> int:
    """RULES.md §3.2.2: the loser of a game deals the next; after a draw, the other player."""
    if len(winners) == 1:
        return 1 - winners[0]
    return 1 if last["dealer"] == 0 else 0


# RULES.md §3.2.3: against the computer the human (seat 0) chooses a trump suit first, whoever deals.
GAME = GameSpec(id=GAME_ID, new_game=new_game, action_from_json=action_from_json, max_actions=MAX_ACTIONS,
                public=("game", "seat", "to_move", "scores", "over", "winners", "phase", "dealer", "chooser", "first",
                        "trumps", "opponent_count", "hand_counts", "hands", "pile", "pile_size", "top", "pickup",
                        "repetition", "result", "voluntary_pickup"),
                private={"hand": [], "legal": [], "beaters": []}, intents=intents, gesture_for=gesture_for,
                make_bot=_make_bot, review=_review, vs_computer={"chooser": 0}, bench=BENCH,
                low_score_wins=True, next_dealer=_next_dealer)

__all__ = ["GAME", "TrumpsState", "action_from_json", "from_position", "new_game"]
