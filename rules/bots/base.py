"""The bot contract and the random baseline every real bot is measured against."""
from __future__ import annotations

import random
from collections.abc import Sequence

from rules.core import Action, Bot
from rules.shapes import Observation

__all__ = ["Bot", "RandomBot"]


class RandomBot:
    """Uniformly random legal play."""

    def choose(self, seen: Sequence[Observation], rng: random.Random) -> Action:
        legal = seen[-1]["legal"]
        if not legal:
            raise ValueError("asked to move without legal actions")
        return Action.from_dict(rng.choice(legal))
