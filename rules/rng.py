"""Seeded random streams derived from a game's seed: no global random anywhere in rules/."""
from __future__ import annotations

import hashlib
import random


def derive(seed: int, *labels: object) -> random.Random:
    """An independent, reproducible stream for one random event of a game.

    The same seed and labels always give the same stream, whatever happened before, which keeps
    undo, redo, restart and replay exact.
    """
    key = ":".join([str(seed), *map(str, labels)]).encode()
    return random.Random(int.from_bytes(hashlib.sha256(key).digest()[:8], "big"))
