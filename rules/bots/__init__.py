"""Computer players. A bot sees only its seat's observations, never a state."""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from rules.core import Action


class Bot(Protocol):
    def choose(self, seen: Sequence[dict[str, Any]], rng: random.Random) -> Action: ...


class RandomBot:
    """Uniformly random legal play: the baseline every real bot is measured against."""

    def choose(self, seen: Sequence[dict[str, Any]], rng: random.Random) -> Action:
        legal = seen[-1]["legal"]
        if not legal:
            raise ValueError("asked to move without legal actions")
        return Action.from_dict(rng.choice(legal))


def _registry() -> dict[str, Callable[[int], Bot]]:
    from rules.bots import cribbage, kombi, square, trumps

    return {
        "cribbage": cribbage.make,
        "square": square.make,
        "kombi": kombi.make,
        "trumps": trumps.make,
    }


def make_bot(game_id: str, level: int = 2) -> Bot:
    """The computer opponent for a game; ``level`` 0 is random play, higher is stronger."""
    if level <= 0:
        return RandomBot()
    try:
        factory = _registry()[game_id]
    except KeyError:
        raise ValueError(f"no computer player for {game_id!r}") from None
    return factory(level)
