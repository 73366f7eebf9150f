"""Kombi-Duell (RULES.md §4): the registry entry and the public names of the game's package."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rules.core import Bench, Bot, GameSpec, GameState
from rules.kombi.gestures import gesture_for, intents
from rules.kombi.state import (
    AREA_SIZE,
    DEAL_SIZE,
    HAND_LIMIT,
    QUIET_LIMIT,
    KombiState,
    action_from_json,
    best_split,
    combo_kind,
    combo_points,
    new_game,
    play_action,
)

if TYPE_CHECKING:
    from rules.match import Match
    from rules.review import Moment


def _make_bot(level: int) -> Bot:
    if level >= 3:  # level 3 searches: rules/kombi/search.py
        from rules.kombi.search import make as make_search

        return make_search()
    from rules.kombi.bot import make

    return make(level)


def _baseline() -> Bot:
    from rules.kombi.greedy import GreedyBaseline

    return GreedyBaseline()


def _review() -> Callable[[Match, int], list[Moment]]:
    from rules.kombi.review import review

    return review


# The longest game: at most 35 draws and 16 plays (a play takes 3+ of the 49 cards that ever reach a hand), so at most
# 51 turns that draw or play; before each, and at the end, at most QUIET_LIMIT + 1 quiet turns (then EXCHANGE is
# closed, and two full passes in a row end the game); at most 2 actions a turn.
_DRAWS = 52 - 2 * DEAL_SIZE - AREA_SIZE
_PROGRESS_TURNS = _DRAWS + (2 * DEAL_SIZE + _DRAWS) // 3
MAX_ACTIONS = 2 * (_PROGRESS_TURNS + (_PROGRESS_TURNS + 1) * (QUIET_LIMIT + 1))
def _jammed(state: GameState, seat: int) -> bool:
    """The seat ended holding HAND_LIMIT cards: it could no longer draw, only exchange, and its score had frozen
    (docs/decisions.md, "Kombi against the greedy player is decided by the hand limit")."""
    return isinstance(state, KombiState) and len(state.hands[seat]) >= HAND_LIMIT


# The strength bench (tools/strength_bench.py): deals per duel, each played twice; the Expert's two duels play
# 200 deals (400 games, issue 43).
BENCH = Bench(baseline=_baseline,
              duels={"3-2": 200, "2-1": 100, "1-random": 25, "3-greedy": 200, "2-greedy": 100, "1-greedy": 100,
                     "3-random": 10, "2-random": 25}, playouts_then=42, stuck=_jammed)

GAME = GameSpec(id="kombi", new_game=new_game, action_from_json=action_from_json, max_actions=MAX_ACTIONS,
                public=("game", "seat", "to_move", "scores", "over", "winners", "hand_counts", "hands", "exchange",
                        "draw_count", "discards", "done", "last_full_pass", "quiet", "first"),
                private={"hand": [], "legal": []}, intents=intents, gesture_for=gesture_for, make_bot=_make_bot,
                review=_review, bench=BENCH)

__all__ = [
    "GAME", "KombiState", "action_from_json", "best_split", "combo_kind", "combo_points", "new_game",
    "play_action",
]
