"""Kombi-Duell: every PLAY of a hand, listed from the hand's 52-bit card mask with per-suit and per-rank tables.

A card is one bit ``13 * suit + ring position`` (2 is 0, A is 12), so a suit's 13 bits are its ring and the
same rank in the four suits is four bits 13 apart. Sequences come from a table per suit pattern, triples and
quads from the ranks held in at least three suits; each combination's points, order and card names are worked
out once. The listing is the one :mod:`rules.kombi.combos` defines (every non-empty set of disjoint valid
combinations, most points first, then by the cards); ``tests/test_kombi_props.py`` checks it against brute force.
The game state keeps its cards as these bit numbers, so the tables here are its card tables too.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from typing import TYPE_CHECKING, NamedTuple

from rules.cards import SUITS, Card, standard_deck
from rules.core import Action
from rules.kombi.combos import (
    Combo,
    combo_kind,
    combo_points,
    combo_sort_key,
    disjoint_sets,
    normalise_combo,
    ring_index,
)

if TYPE_CHECKING:
    from rules.kombi.types import PlayedJSON

RING = 0x1FFF  # one suit's 13 bits


def _bit(card: Card) -> int:
    return 13 * SUITS.index(card.suit) + ring_index(card)


CARD_OF_BIT: tuple[Card, ...] = tuple(sorted(standard_deck(), key=_bit))
NAME_OF_BIT: tuple[str, ...] = tuple(str(c) for c in CARD_OF_BIT)
BIT_OF_CODE: tuple[int, ...] = tuple(next((_bit(c) for c in CARD_OF_BIT if c.code == k), -1) for k in range(56))
BIT_OF_NAME = {name: b for b, name in enumerate(NAME_OF_BIT)}


def hand_mask(hand: Iterable[Card]) -> int:
    m = 0
    for c in hand:
        m |= 1 << BIT_OF_CODE[c.code]
    return m


class Played(NamedTuple):
    """One scored combination on a discard pile, valued once when it was played."""

    cards: Combo
    kind: str
    points: int

    def to_json(self) -> PlayedJSON:
        return {"cards": [str(c) for c in self.cards], "kind": self.kind, "points": self.points}


class PlayInfo(NamedTuple):
    """What one PLAY does, worked out when the play is listed: the state applies it without parsing."""

    used: int  # the mask of the cards it takes from the hand
    played: tuple[Played, ...]  # in the action's order
    points: int


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
    a, b, c, d = mask & RING, mask >> 13 & RING, mask >> 26 & RING, mask >> 39
    for shift, ring in ((0, a), (13, b), (26, c), (39, d)):
        if ring.bit_count() >= 3:
            found += [r << shift for r in _runs(ring)]
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
def _combo(mask: int) -> tuple[int, tuple[tuple[int, int], ...], tuple[str, ...], Played]:
    """Points, sort key, card names (in the normalised order) and the discard entry of one combination."""
    combo = normalise_combo(CARD_OF_BIT[i] for i in range(52) if mask >> i & 1)
    points = combo_points(combo)
    return points, combo_sort_key(combo), tuple(str(c) for c in combo), Played(combo, combo_kind(combo) or "", points)


@lru_cache(maxsize=4096)  # many hands share their combinations: the rest of the hand does not matter
def _plays_of_combos(masks: tuple[int, ...]) -> tuple[tuple[Action, ...], tuple[PlayInfo, ...]]:
    ranked = []
    for chosen in disjoint_sets(masks):
        infos = sorted(((_combo(m), m) for m in chosen), key=lambda info: info[0][1])
        used = sum(m for _, m in infos)
        ranked.append((-sum(i[0][0] for i in infos), [i[0][1] for i in infos], infos, used))
    ranked.sort(key=lambda play: play[:2])
    actions = tuple(Action.make("play", combos=[list(i[0][2]) for i in r[2]]) for r in ranked)
    return actions, tuple(PlayInfo(r[3], tuple(i[0][3] for i in r[2]), -r[0]) for r in ranked)


_NONE: tuple[tuple[Action, ...], tuple[PlayInfo, ...]] = ((), ())


LOW = sum(1 << (13 * s) for s in range(4))  # each suit's lowest ring position
NOT_TOP = ((1 << 52) - 1) ^ (LOW << 12)


def play_table(mask: int) -> tuple[tuple[Action, ...], tuple[PlayInfo, ...]]:
    """Every PLAY of the cards in ``mask`` (most points first, then by their cards) and what each does."""
    # Most hands hold no combination: a few whole-hand bit operations say so before any table is asked.
    # Each suit's ring turned by one and by two places: a card with both neighbours up the ring starts a run.
    r1 = (mask >> 1 & NOT_TOP) | (mask & LOW) << 12
    r2 = (r1 >> 1 & NOT_TOP) | (r1 & LOW) << 12
    a, b, c, d = mask & RING, mask >> 13 & RING, mask >> 26 & RING, mask >> 39
    if mask & r1 & r2 or a & b & (c | d) or c & d & (a | b):
        return _play_table(mask)
    return _NONE


@lru_cache(maxsize=16384)  # a hand keeps its plays for many states: the opponent's turns do not change it
def _play_table(mask: int) -> tuple[tuple[Action, ...], tuple[PlayInfo, ...]]:
    return _plays_of_combos(tuple(combo_masks(mask)))


def plays(hand: Iterable[Card]) -> tuple[Action, ...]:
    """Every PLAY of ``hand`` (its order does not matter)."""
    return play_table(hand_mask(hand))[0]
