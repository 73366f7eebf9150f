"""Playing cards as frozen values: parsing, printing and the standard packs."""
from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from operator import attrgetter

RANK_CHARS = "A23456789TJQK"  # index + 1 is the rank number: A=1 ... K=13
SUITS = "CDHS"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RED_SUITS = frozenset("DH")
_SUIT_NO = {"C": 0, "D": 1, "H": 2, "S": 3}


@dataclass(frozen=True, order=True)
class Card:
    """One card. ``rank`` is 1..13 (A=1, J=11, Q=12, K=13); ``suit`` is one of C D H S."""

    rank: int
    suit: str
    # Not a constructor argument and not compared or printed: a small int for engines' tables and masks, read
    # as a plain attribute where ``hash()`` would call back into Python (set in __post_init__).
    code: int = field(init=False, repr=False, compare=False)

    def __hash__(self) -> int:  # cheaper than hashing a (rank, suit) tuple, and the same in every process
        return self.code

    def __post_init__(self) -> None:
        # Type checks first: a wrong type must be a ValueError too, never a TypeError from a comparison.
        rank_ok = isinstance(self.rank, int) and not isinstance(self.rank, bool) and 1 <= self.rank <= 13
        if not rank_ok or not isinstance(self.suit, str) or len(self.suit) != 1 or self.suit not in SUITS:
            raise ValueError(f"not a card: rank={self.rank!r} suit={self.suit!r}")
        object.__setattr__(self, "code", self.rank * 4 + _SUIT_NO[self.suit])

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Parse ``"7H"``, ``"TD"`` or ``"10D"`` (case-insensitive).

        >>> Card.parse("10d"), Card.parse("AS").pretty
        (Card(rank=10, suit='D'), 'A♠')
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ValueError(f"not a card: {text!r}")
        t = text.strip().upper()
        if t.startswith("10"):
            t = "T" + t[2:]
        if len(t) != 2 or t[0] not in RANK_CHARS or t[1] not in SUITS:
            raise ValueError(f"not a card: {text!r}")
        return _ONE[RANK_CHARS.index(t[0]) + 1, t[1]]

    def __str__(self) -> str:
        return RANK_CHARS[self.rank - 1] + self.suit

    @property
    def rank_label(self) -> str:
        """Rank as a player reads it: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
        return "10" if self.rank == 10 else RANK_CHARS[self.rank - 1]

    @property
    def pretty(self) -> str:
        return self.rank_label + SUIT_SYMBOLS[self.suit]

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS


CODE = attrgetter("code")  # a card's code, as a sort key or through map: no Python-level call per card


def parse_cards(items: Iterable[str | Card]) -> tuple[Card, ...]:
    return tuple(Card.parse(x) for x in items)


def card_strs(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def pretty_cards(cards: Iterable[Card | str]) -> str:
    return " ".join(Card.parse(c).pretty for c in cards)


# One object per card for the whole program: a server holds thousands of games, and games that share their
# cards share their memory (a Card is immutable, so sharing is safe; a Card built directly is equal to it).
_ONE: dict[tuple[int, str], Card] = {(r, s): Card(r, s) for s in SUITS for r in range(1, 14)}


def standard_deck() -> list[Card]:
    """The 52-card pack in a fixed order (suit-major)."""
    return [_ONE[r, s] for s in SUITS for r in range(1, 14)]


def short_deck() -> list[Card]:
    """The 36-card Russian pack: 6 to A in every suit."""
    return [_ONE[r, s] for s in SUITS for r in (1, 6, 7, 8, 9, 10, 11, 12, 13)]


def shuffled(cards: Iterable[Card], rng: random.Random) -> list[Card]:
    out = list(cards)
    rng.shuffle(out)
    return out


def deck_from(items: Iterable[str | Card], expected: Iterable[Card]) -> list[Card]:
    """Parse an explicit deck; it must be exactly the ``expected`` cards, each once."""
    if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
        raise ValueError("the deck must be a list of cards")
    deck = [Card.parse(x) for x in items]
    want = sorted(expected)
    if len(set(deck)) != len(deck):
        raise ValueError("the deck repeats a card")
    if sorted(deck) != want:
        missing = sorted(set(want) - set(deck))
        extra = sorted(set(deck) - set(want))
        detail = ", ".join([*(f"missing {c}" for c in missing[:3]),
                            *(f"not in the pack: {c}" for c in extra[:3])])
        raise ValueError(f"the deck must hold exactly the {len(want)} cards of the pack ({detail})")
    return deck
