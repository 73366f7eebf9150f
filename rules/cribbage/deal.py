"""The seeded cards of a cribbage game (the packs of the cuts and deals, the starter), drawn fast but exactly.

Every game is its seed plus its actions, so these must give the very cards ``rules.rng.derive(...).shuffle``
and ``.choice`` give (tests/test_cribbage_engine.py holds them to it). Seeding a ``random.Random`` and its
Python-level shuffle cost more than the rest of a random playout's hand, so this module seeds the C
generator directly and replays ``Random.shuffle``'s rejection sampling over one bulk draw of 32-bit words.
"""
from __future__ import annotations

import hashlib
import sys
from _random import Random as _MT
from array import array
from operator import attrgetter

from rules.cards import Card, standard_deck
from rules.rng import derive

DECK: tuple[Card, ...] = tuple(standard_deck())
_CODE = attrgetter("code")
_PLACE = [0] * 56  # each card's place in the pack, by code: ``DECK.index`` would call Card.__eq__ per card
for _i, _c in enumerate(DECK):
    _PLACE[_c.code] = _i
_WORDS = 96  # a shuffle of 52 needs about 70 words; running out falls back to the slow exact path
_LITTLE = array("I").itemsize == 4 and sys.byteorder == "little"  # else the words are unpacked one by one
# Random.shuffle's steps: swap x[i] with x[j], j below n = i + 1 drawn as getrandbits(n.bit_length()), i.e.
# the top ``32 - shift`` bits of one 32-bit word; those fall below n exactly when the word is below n << shift.
_STEPS = tuple((i, (i + 1) << (32 - (i + 1).bit_length()), 32 - (i + 1).bit_length()) for i in range(51, 0, -1))


def _stream(seed: int, *labels: object, key: str = "") -> _MT:
    """The generator ``derive(seed, *labels)`` returns, without ``random.Random``'s second seeding. The hot
    callers pass ``key``, the labels already joined (an f-string costs a third of the general join)."""
    key = key or ":".join([str(seed), *map(str, labels)])
    return _MT(int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big"))


def deal_pack(seed: int, hand_no: int) -> list[Card]:
    """The pack of hand ``hand_no``: ``pack(seed, "deal", hand_no)``."""
    return pack(seed, "deal", hand_no, key=f"{seed!s}:deal:{hand_no!s}")


def pack(seed: int, *labels: object, key: str = "") -> list[Card]:
    """The standard deck shuffled by ``derive(seed, *labels).shuffle``."""
    bits = _stream(seed, *labels, key=key).getrandbits(32 * _WORDS)
    if _LITTLE:
        words = iter(array("I", bits.to_bytes(4 * _WORDS, "little")))
    else:
        words = iter([bits >> (32 * k) & 0xFFFFFFFF for k in range(_WORDS)])
    x = list(DECK)
    for i, limit, shift in _STEPS:
        for word in words:  # Random._randbelow: draw k bits until they fall below n
            if word < limit:
                break
        else:  # a very unlucky stream used up the words: shuffle the ordinary way
            x = list(DECK)
            derive(seed, *labels).shuffle(x)
            return x
        j = word >> shift
        x[i], x[j] = x[j], x[i]
    return x


def choice_index(n: int, seed: int, *labels: object, key: str = "") -> int:
    """The index ``derive(seed, *labels).choice(seq)`` picks from a sequence of ``n`` items."""
    mt = _stream(seed, *labels, key=key)
    k = n.bit_length()
    r = mt.getrandbits(k)
    while r >= n:
        r = mt.getrandbits(k)
    return r


def starter(seed: int, hand_no: int, dealt: list[Card]) -> Card:
    """The starter: seeded per hand from the 40 undealt cards in pack order, never from the cut's depth."""
    taken = sorted(map(_PLACE.__getitem__, map(_CODE, dealt)))
    j = choice_index(52 - len(taken), seed, "cut", hand_no, "starter", key=f"{seed!s}:cut:{hand_no!s}:starter")
    for t in taken:  # the j-th undealt card: step over every dealt card at or before it
        if t > j:
            break
        j += 1
    return DECK[j]
