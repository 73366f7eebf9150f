"""Kombi-Duell combinations (RULES.md §4.5): triples, quads, ring sequences, points, ways to play them."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from rules.cards import SUITS, Card

TRIPLE_POINTS = 10
QUAD_POINTS = 15
SEQUENCE_POINTS_PER_CARD = 2

Combo = tuple[Card, ...]


def ring_index(card: Card) -> int:
    """Position on the ring 2-3-…-K-A-2: 2 is 0, K is 11, A is 12."""
    return (card.rank - 2) % 13


def card_key(card: Card) -> tuple[int, int]:
    """The canonical card order of this game: ring position (2 low, A high), then suit C D H S."""
    return ring_index(card), SUITS.index(card.suit)


def _parse(cards: Iterable[Card | str]) -> Combo:
    return tuple(Card.parse(c) for c in cards)


def _sequence_start(cards: Combo) -> int | None:
    """Where the unbroken stretch begins in ring-sorted order, or None if ``cards`` is no sequence.

    The ring has exactly one break outside a valid stretch, so counting the steps that are not +1
    (including the step from the last card back to the first) decides validity (RULES.md §4.5).
    """
    n = len(cards)
    if n < 3 or len({c.suit for c in cards}) != 1:
        return None
    idx = sorted(ring_index(c) for c in cards)
    if len(set(idx)) != n:
        return None
    if n == 13:
        return 0
    breaks = [i for i in range(n) if (idx[(i + 1) % n] - idx[i]) % 13 != 1]
    return (breaks[0] + 1) % n if len(breaks) == 1 else None


def combo_kind(cards: Iterable[Card | str]) -> str | None:
    """``"triple"``, ``"quad"``, ``"sequence"`` or None for anything else.

    >>> combo_kind(["QS", "KS", "AS", "2S", "3S"]), combo_kind(["QS", "KS", "2S"]), combo_kind(["7C", "7H"])
    ('sequence', None, None)
    """
    cs = _parse(cards)
    if len(set(cs)) != len(cs) or not cs:
        return None
    if len({c.rank for c in cs}) == 1:
        return {3: "triple", 4: "quad"}.get(len(cs))
    return "sequence" if _sequence_start(cs) is not None else None


def combo_points(cards: Iterable[Card | str]) -> int:
    """Points of one combination; 0 when the cards are not a valid combination."""
    cs = _parse(cards)
    kind = combo_kind(cs)
    if kind == "triple":
        return TRIPLE_POINTS
    if kind == "quad":
        return QUAD_POINTS
    if kind == "sequence":
        return SEQUENCE_POINTS_PER_CARD * len(cs)
    return 0


def normalise_combo(cards: Iterable[Card | str]) -> Combo:
    """One fixed order per card set: a valid sequence in ring order from its low end (K A 2),
    anything else by :func:`card_key`; so equal selections always compare equal."""
    cs = tuple(sorted(_parse(cards), key=card_key))
    start = _sequence_start(cs)
    if start is None:
        return cs
    return cs[start:] + cs[:start]


def combo_sort_key(combo: Combo) -> tuple[tuple[int, int], ...]:
    return tuple(card_key(c) for c in combo)


def normalise_combos(combos: Iterable[Iterable[Card | str]]) -> tuple[Combo, ...]:
    return tuple(sorted((normalise_combo(c) for c in combos), key=combo_sort_key))


def _bits(indices: Iterable[int]) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def combo_masks(hand: Sequence[Card]) -> list[int]:
    """Every valid combination within ``hand`` (distinct cards) as a bit mask over hand positions."""
    by_rank: dict[int, list[int]] = {}
    by_suit: dict[str, dict[int, int]] = {}
    for i, c in enumerate(hand):
        by_rank.setdefault(c.rank, []).append(i)
        by_suit.setdefault(c.suit, {})[ring_index(c)] = i
    found: list[int] = []
    for positions in by_rank.values():
        if len(positions) >= 3:
            found.extend(_bits(trio) for trio in combinations(positions, 3))
        if len(positions) == 4:
            found.append(_bits(positions))
    for ring in by_suit.values():
        n = len(ring)
        for start in ring:
            mask, length = 0, 0
            while length < n and (start + length) % 13 in ring:
                mask |= 1 << ring[(start + length) % 13]
                length += 1
                if length >= 3:
                    found.append(mask)
    # A full 13-card suit repeats the same ring from every start; keep each set once, in a fixed order.
    return sorted(set(found))


def mask_cards(hand: Sequence[Card], mask: int) -> Combo:
    return tuple(c for i, c in enumerate(hand) if mask >> i & 1)


def play_sets(hand: Sequence[Card]) -> list[tuple[int, ...]]:
    """Every non-empty set of disjoint valid combinations in ``hand``, as tuples of bit masks."""
    return disjoint_sets(combo_masks(hand))


def disjoint_sets(masks: Sequence[int]) -> list[tuple[int, ...]]:
    """Every non-empty choice of pairwise disjoint masks, in index order."""
    out: list[tuple[int, ...]] = []
    chosen: list[int] = []

    def extend(start: int, used: int) -> None:
        for j in range(start, len(masks)):
            if masks[j] & used == 0:
                chosen.append(masks[j])
                out.append(tuple(chosen))
                extend(j + 1, used | masks[j])
                chosen.pop()

    extend(0, 0)
    return out


def best_split(cards: Iterable[Card | str]) -> list[Combo] | None:
    """The highest-scoring way to play exactly ``cards`` as disjoint valid combinations, or None.

    >>> [len(c) for c in best_split(["7C", "7H", "7S", "9D", "TD", "JD"])]
    [3, 3]
    >>> best_split(["5H", "6H", "8H"]) is None
    True
    """
    cs = _parse(cards)
    if not cs or len(set(cs)) != len(cs):
        return None
    masks = combo_masks(cs)
    points = {m: combo_points(mask_cards(cs, m)) for m in masks}
    memo: dict[int, tuple[int, tuple[int, ...]] | None] = {0: (0, ())}

    def cover(rest: int) -> tuple[int, tuple[int, ...]] | None:
        if rest in memo:
            return memo[rest]
        low = rest & -rest
        best: tuple[int, tuple[int, ...]] | None = None
        for m in masks:
            if m & low and m & rest == m:
                sub = cover(rest ^ m)
                if sub is not None and (best is None or sub[0] + points[m] > best[0]):
                    best = (sub[0] + points[m], (m, *sub[1]))
        memo[rest] = best
        return best

    found = cover((1 << len(cs)) - 1)
    if found is None:
        return None
    return list(normalise_combos(mask_cards(cs, m) for m in found[1]))
