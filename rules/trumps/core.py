"""Own Trumps building blocks: card indices, the "beats" relation, pick-up sizes; shared by rules and bot.

Cards are ints 0..35, rank-major (``4 * rank_step + suit``: 6♣ 6♦ 6♥ 6♠ 7♣ … A♠), and hands are
36-bit masks, so the lowest set bit of a mask is its lowest card: the bot's play-outs and the
repetition keys of the rules stay cheap.
"""
from __future__ import annotations

from collections.abc import Iterable

from rules.cards import Card

SUITS = "CDHS"
POWERS = (6, 7, 8, 9, 10, 11, 12, 13, 14)  # 14 is the ace: it ranks above the king here
ALL = (1 << 36) - 1
ACE = 8  # rank step of the ace (6 is step 0)

CARDS: tuple[Card, ...] = tuple(Card(1 if p == 14 else p, s) for p in POWERS for s in SUITS)
NAMES: tuple[str, ...] = tuple(str(c) for c in CARDS)
INDEX: dict[Card, int] = {c: i for i, c in enumerate(CARDS)}
SUIT_MASK: tuple[int, ...] = tuple(sum(1 << (4 * p + s) for p in range(9)) for s in range(4))


def index_of(card: Card | str) -> int:
    """The index of a card of the 36-card pack; other cards raise ValueError.

    >>> index_of("6C"), index_of("6D"), index_of("AS")
    (0, 1, 35)
    """
    c = Card.parse(card)
    try:
        return INDEX[c]
    except KeyError:
        raise ValueError(f"{c.pretty} is not in the 36-card pack (6 to ace)") from None


def suit_index(suit: str) -> int:
    return SUITS.index(suit)


def _beaters(trump: int, top: int) -> int:
    power, suit = divmod(top, 4)
    higher = sum(1 << (4 * p + suit) for p in range(power + 1, 9))
    return higher if suit == trump else higher | SUIT_MASK[trump]


BEATERS: tuple[tuple[int, ...], ...] = tuple(tuple(_beaters(t, x) for x in range(36)) for t in range(4))
"""``BEATERS[trump][top]``: the mask of cards that beat ``top`` for a player whose trump is ``trump``."""


def beats(trump: int, card: int, top: int) -> bool:
    return bool(BEATERS[trump][top] >> card & 1)


def pickup_size(trump: int, top: int, pile_len: int) -> tuple[int, str]:
    """How many cards a player with ``trump`` must take off the pile, and why (§3.5, §3.7 #10)."""
    if top == 4 * ACE + trump:
        return pile_len, "trump_ace"
    if top % 4 == trump:
        return min(5, pile_len), "trump"
    return min(3, pile_len), "plain"


_BYTE_BITS = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))


def bits(mask: int) -> list[int]:
    """Card indices in a mask, lowest first (a byte at a time: a 36-card mask is five table look-ups)."""
    out: list[int] = []
    base = 0
    while mask:
        byte = mask & 255
        if byte:
            out += [base + i for i in _BYTE_BITS[byte]] if base else _BYTE_BITS[byte]
        mask >>= 8
        base += 8
    return out


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def names(mask: int) -> list[str]:
    """Card strings of a mask, lowest rank first."""
    return [NAMES[i] for i in bits(mask)]


def names_by_suit(mask: int) -> list[str]:
    """Card strings of a mask grouped by suit (C D H S), each suit low to high: a hand as a player sorts it."""
    return [NAMES[i] for i in sorted(bits(mask), key=lambda i: (i % 4, i))]

