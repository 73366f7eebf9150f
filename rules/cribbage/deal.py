"""The seeded cards of a cribbage game (the packs of the cuts and deals, the starter), drawn fast but exactly.

Every game is its seed plus its actions, so these must give the very cards ``rules.rng.derive(...).shuffle``
and ``.choice`` give (tests/test_cribbage_engine.py holds them to it). Seeding a ``random.Random`` and its
Python-level shuffle cost more than the rest of a random playout's hand, so this module seeds the C
generator directly and replays ``Random.shuffle``'s rejection sampling over one bulk draw of 32-bit words.
"""
from __future__ import annotations

import random
from _random import Random as _MT

from rules.cards import CODE, Card, standard_deck
from rules.rng import seed_of

DECK: tuple[Card, ...] = tuple(standard_deck())
_PLACE = [0] * 56  # each card's place in the pack, by code: ``DECK.index`` would call Card.__eq__ per card
for _i, _c in enumerate(DECK):
    _PLACE[_c.code] = _i
_WORDS = 96  # a shuffle of 52 needs about 70 words; running out falls back to the slow exact path
# Random.shuffle swaps x[i] with x[j], j below n = i + 1 drawn as getrandbits(k), k = n.bit_length() <= 6: the
# top k bits of one 32-bit word, redrawn while not below n. Those bits are the word's top byte shifted right
# by 8 - k, so one ``bytes.translate`` per k turns the words' top bytes into every candidate j at once: the
# loop then reads small ints (never allocated) where 32-bit words and their shifts were allocated ints.
_GROUPS = tuple((bytes(b >> (8 - k) for b in range(256)),
                 tuple(i for i in range(51, 0, -1) if (i + 1).bit_length() == k)) for k in range(6, 1, -1))


# The keys ``derive`` hashes (the seed and labels joined by ":"), one template per seeded event of a hand: filling
# a bytes template takes a third of the instructions of joining the labels' strings (1.6% of a random game).
CUT_FOR_DEAL, DEAL, STARTER = b"%d:cut:deal:%d", b"%d:deal:%d", b"%d:cut:%d:starter"


def pack(key: bytes) -> list[Card]:
    """The standard deck shuffled by ``derive(seed, *labels).shuffle``, ``key`` being one of the templates above
    filled with the seed and the event's number."""
    tops = _MT(seed_of(key)).getrandbits(32 * _WORDS).to_bytes(4 * _WORDS, "little")[3::4]
    x = list(DECK)
    w = 0
    try:
        for table, steps in _GROUPS:
            got = tops.translate(table)
            for i in steps:
                j = got[w]
                w += 1
                while j > i:  # Random._randbelow: draw again until below n
                    j = got[w]
                    w += 1
                x[i], x[j] = x[j], x[i]
    except IndexError:  # a very unlucky stream used up the words: shuffle the ordinary way
        x = list(DECK)
        random.Random(seed_of(key)).shuffle(x)
    return x


def choice_index(n: int, key: bytes) -> int:
    """The index ``derive(seed, *labels).choice(seq)`` picks from a sequence of ``n`` items (``key`` as for
    ``pack``)."""
    mt = _MT(seed_of(key))
    k = n.bit_length()
    r = mt.getrandbits(k)
    while r >= n:
        r = mt.getrandbits(k)
    return r


def starter(seed: int, hand_no: int, dealt: list[Card]) -> Card:
    """The starter: seeded per hand from the 40 undealt cards in pack order, never from the cut's depth."""
    taken = sorted(map(_PLACE.__getitem__, map(CODE, dealt)))
    j = choice_index(52 - len(taken), STARTER % (seed, hand_no))
    for t in taken:  # the j-th undealt card: step over every dealt card at or before it
        if t > j:
            break
        j += 1
    return DECK[j]
