"""Seeded random streams derived from a game's seed: no global random anywhere in rules/."""
from __future__ import annotations

import hashlib
import random


def seed_of(key: bytes) -> int:
    """The number a stream's generator is seeded with, from the stream's key: its seed and labels joined by ":"
    (``derive`` joins them; a hot caller may fill a bytes template of the same key instead)."""
    return int.from_bytes(hashlib.sha256(key).digest()[:8], "big")


def derive(seed: int, *labels: object) -> random.Random:
    """An independent, reproducible stream for one random event of a game.

    The same seed and labels always give the same stream, whatever happened before, which keeps
    undo, redo, restart and replay exact.
    """
    return random.Random(seed_of(":".join([str(seed), *map(str, labels)]).encode()))
