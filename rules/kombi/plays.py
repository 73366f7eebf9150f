"""Kombi-Duell: every PLAY of a hand, listed from the hand's 52-bit card mask with per-suit and per-rank tables.

A card is one bit ``13 * suit + ring position`` (2 is 0, A is 12), so a suit's 13 bits are its ring and the
same rank in the four suits is four bits 13 apart. Sequences come from a table per suit pattern, triples and
quads from the ranks held in at least three suits; each combination's points, order and card names are worked
out once. The listing is the one :mod:`rules.kombi.combos` defines (every non-empty set of disjoint valid
combinations, most points first, then by the cards); ``tests/test_kombi_props.py`` checks it against brute force.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache

from rules.cards import SUITS, Card, standard_deck
from rules.core import Action
from rules.kombi.combos import combo_points, combo_sort_key, disjoint_sets, normalise_combo, ring_index

RING = 0x1FFF  # one suit's 13 bits


@cache
def _bit_of_code() -> tuple[int, ...]:
    """Card.code -> the card's bit here."""
    out = [-1] * 56
    for c in standard_deck():
        out[c.code] = 13 * SUITS.index(c.suit) + ring_index(c)
    return tuple(out)


@cache
def _card_of_bit() -> tuple[Card, ...]:
    out: list[Card] = [standard_deck()[0]] * 52
    for c in standard_deck():
        out[13 * SUITS.index(c.suit) + ring_index(c)] = c
    return tuple(out)


def hand_mask(hand: Iterable[Card]) -> int:
    table = _bit_of_code()
    m = 0
    for c in hand:
        m |= 1 << table[c.code]
    return m


@cache  # at most 8192 patterns of one suit
def _runs(ring: int) -> tuple[int, ...]:
    """Every unbroken stretch of 3+ held ring positions (wrapping K-A-2), as 13-bit masks."""
    held = [p for p in range(13) if ring >> p & 1]
    found = set()
    for start in held:
        mask, length = 0, 0
        while length < len(held) and ring >> ((start + length) % 13) & 1:
            mask |= 1 << ((start + length) % 13)
            length += 1
            if length >= 3:
                found.add(mask)
    return tuple(sorted(found))


_SAME_RANK = {0b0111: (0b0111,), 0b1011: (0b1011,), 0b1101: (0b1101,), 0b1110: (0b1110,),
              0b1111: (0b0111, 0b1011, 0b1101, 0b1110, 0b1111)}  # suits held -> triples, and the quad


def combo_masks(mask: int) -> list[int]:
    """Every valid combination within the cards of ``mask``, as 52-bit masks."""
    found: list[int] = []
    rings = [(mask >> (13 * s)) & RING for s in range(4)]
    for s, ring in enumerate(rings):
        if ring.bit_count() >= 3:
            found += [r << (13 * s) for r in _runs(ring)]
    a, b, c, d = rings
    three = (a & b & (c | d)) | (c & d & (a | b))  # ranks held in at least three suits
    while three:
        low = three & -three
        p = low.bit_length() - 1
        suits = (a >> p & 1) | (b >> p & 1) << 1 | (c >> p & 1) << 2 | (d >> p & 1) << 3
        for s_mask in _SAME_RANK[suits]:
            found.append(sum(1 << (13 * s + p) for s in range(4) if s_mask >> s & 1))
        three ^= low
    return found


@cache  # a few hundred distinct combinations exist
def _combo(mask: int) -> tuple[int, tuple[tuple[int, int], ...], tuple[str, ...]]:
    """Points, sort key and card names (in the normalised order) of one combination."""
    cards = _card_of_bit()
    combo = normalise_combo(cards[i] for i in range(52) if mask >> i & 1)
    return combo_points(combo), combo_sort_key(combo), tuple(str(c) for c in combo)


@lru_cache(maxsize=16384)  # a hand keeps its plays for many states: the opponent's turns do not change it
def plays_of_mask(mask: int) -> tuple[Action, ...]:
    """Every PLAY of the cards in ``mask``, most points first, then by their cards."""
    masks = combo_masks(mask)
    if not masks:
        return ()
    ranked = []
    for chosen in disjoint_sets(masks):
        infos = sorted((_combo(m) for m in chosen), key=lambda info: info[1])
        ranked.append((-sum(i[0] for i in infos), [i[1] for i in infos], [list(i[2]) for i in infos]))
    ranked.sort(key=lambda play: play[:2])
    return tuple(Action.make("play", combos=r[2]) for r in ranked)


def plays(hand: Iterable[Card]) -> tuple[Action, ...]:
    """Every PLAY of ``hand`` (its order does not matter)."""
    return plays_of_mask(hand_mask(hand))
