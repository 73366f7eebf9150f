"""The chance to win Cribbage from any pair of scores, by who deals (the data: ``wintable_data``, made by
``tools/cribbage_table.py`` from level 2's own hands).

Level 3 weighs its lines near 121 by it: a hand's end is worth the chance to win the game from the scores it
leaves, not its points. ``chance(a, b, dealer)``: the chance of the player with ``a`` points to win against
``b``, at the start of a hand that player deals (``dealer=True``) or not. The table holds one number for each
pair of scores below 121, as the dealer, stored as 16-bit steps along each row (``zlib`` + Base85); the
non-dealer's chance is one minus the dealer's with the scores swapped.
"""
from __future__ import annotations

import base64
import zlib
from functools import cache

GOAL = 121


def decode(text: str) -> tuple[tuple[float, ...], ...]:
    """The table from its stored text (``tools.cribbage_table.encode`` writes it)."""
    raw = zlib.decompress(base64.b85decode(text))
    rows, at = [], 0
    for _ in range(GOAL):
        row, q = [], 0
        for _ in range(GOAL):
            q = (q + int.from_bytes(raw[at:at + 2], "little")) & 0xFFFF
            at += 2
            row.append(q / 65535)
        rows.append(tuple(row))
    return tuple(rows)


@cache
def _table() -> tuple[tuple[float, ...], ...]:
    from rules.cribbage.wintable_data import DATA

    return decode("".join(DATA))


def chance(a: int, b: int, dealer: bool) -> float:
    """The chance to win of the player with ``a`` points against ``b``, at the start of a hand it deals or not
    (121 or more: the game is won)."""
    if a >= GOAL:
        return 1.0
    if b >= GOAL:
        return 0.0
    table = _table()
    return table[a][b] if dealer else 1.0 - table[b][a]
