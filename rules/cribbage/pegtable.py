"""What a kept four pegs, on average, more than the opponent: by its ranks and by who deals (the data:
``pegtable_data``, made by ``tools/cribbage_pegtable.py`` from level 2's pegging on both sides over sampled deals).

The expert's discard weighs it beside the hand and the crib: low cards and pairs help the non-dealer, who leads,
to avoid giving fifteens and to take Go's; five and ten-cards cost it points. Stored as hundredths of a point
(16-bit, ``zlib`` + Base85), one pair (dealer, non-dealer) per multiset of four ranks in
``combinations_with_replacement`` order.
"""
from __future__ import annotations

import base64
import zlib
from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement


def decode(text: str) -> dict[tuple[int, ...], tuple[float, float]]:
    raw = zlib.decompress(base64.b85decode(text))
    values = [int.from_bytes(raw[i:i + 2], "little", signed=True) / 100 for i in range(0, len(raw), 2)]
    keeps = combinations_with_replacement(range(1, 14), 4)
    return {k: (values[2 * i], values[2 * i + 1]) for i, k in enumerate(keeps)}


@cache
def _table() -> dict[tuple[int, ...], tuple[float, float]]:
    from rules.cribbage.pegtable_data import DATA

    return decode("".join(DATA))


def pegging(ranks: Sequence[int], dealer: bool) -> float:
    """The kept four's expected pegging points minus the opponent's, as dealer or not (ranks 1..13, any order)."""
    return _table()[tuple(sorted(ranks))][0 if dealer else 1]
