"""The seeded cards of a cribbage game (the packs of the cuts and deals, the starter), drawn fast but exactly.

Every game is its seed plus its actions, so these must give the very cards ``rules.rng.derive(...).shuffle``
and ``.choice`` give (tests/test_cribbage_engine.py holds them to it). Seeding a ``random.Random`` and its
Python-level shuffle cost more than the rest of a random playout's hand, so this module seeds the C
generator directly and replays ``Random.shuffle``'s rejection sampling over one bulk draw of 32-bit words.
"""
from __future__ import annotations

import hashlib
import struct
from _random import Random as _MT

from rules.cards import Card, standard_deck
from rules.rng import derive

DECK: tuple[Card, ...] = tuple(standard_deck())
_PLACE = {c.code: i for i, c in enumerate(DECK)}  # by code: ``DECK.index`` would call Card.__eq__ per card
_WORDS = 96  # a shuffle of 52 needs about 70 words; running out falls back to the slow exact path
_UNPACK = struct.Struct(f"<{_WORDS}I").unpack
# Random.shuffle's steps: swap x[i] with x[j], j below n = i + 1 drawn as getrandbits(n.bit_length()), i.e.
# the top bits of one 32-bit word.
_STEPS = tuple((i, i + 1, 32 - (i + 1).bit_length()) for i in range(51, 0, -1))


def _stream(seed: int, *labels: object) -> _MT:
    """The generator ``derive(seed, *labels)`` returns, without ``random.Random``'s second seeding."""
    key = ":".join([str(seed), *map(str, labels)]).encode()
    return _MT(int.from_bytes(hashlib.sha256(key).digest()[:8], "big"))


def pack(seed: int, *labels: object) -> list[Card]:
    """The standard deck shuffled by ``derive(seed, *labels).shuffle``."""
    words = iter(_UNPACK(_stream(seed, *labels).getrandbits(32 * _WORDS).to_bytes(4 * _WORDS, "little")))
    x = list(DECK)
    for i, n, shift in _STEPS:
        for word in words:  # Random._randbelow: draw k bits until they fall below n
            j = word >> shift
            if j < n:
                break
        else:  # a very unlucky stream used up the words: shuffle the ordinary way
            x = list(DECK)
            derive(seed, *labels).shuffle(x)
            return x
        x[i], x[j] = x[j], x[i]
    return x


def choice_index(n: int, seed: int, *labels: object) -> int:
    """The index ``derive(seed, *labels).choice(seq)`` picks from a sequence of ``n`` items."""
    mt = _stream(seed, *labels)
    k = n.bit_length()
    r = mt.getrandbits(k)
    while r >= n:
        r = mt.getrandbits(k)
    return r


def starter(seed: int, hand_no: int, dealt: list[Card]) -> Card:
    """The starter: seeded per hand from the 40 undealt cards in pack order, never from the cut's depth."""
    taken = sorted([_PLACE[c.code] for c in dealt])
    j = choice_index(52 - len(taken), seed, "cut", hand_no, "starter")
    for t in taken:  # the j-th undealt card: step over every dealt card at or before it
        if t > j:
            break
        j += 1
    return DECK[j]
