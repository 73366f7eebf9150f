"""How a player's own hand is laid out: sorted as the player chose (by suit or by rank), then as they rearranged
it by dragging a card within it. A choice of the view, never a move: the rules never see it."""
from __future__ import annotations

from rules.cards import SUITS, Card

SORTS = ("suit", "rank")


def sorted_hand(cards: list[str], by: str, first: str | None = None, ace_high: bool = False) -> list[str]:
    """``cards`` by suit (``first`` suit first, then C D H S) or by rank, each low to high (the ace above the
    king when ``ace_high``)."""
    def key(card: Card) -> tuple[int, int]:
        rank = 14 if ace_high and card.rank == 1 else card.rank
        suit = -1 if card.suit == first else SUITS.index(card.suit)
        return (rank, suit) if by == "rank" else (suit, rank)

    parsed = [(Card.parse(c), c) for c in cards]
    parsed.sort(key=lambda p: key(p[0]))
    return [c for _, c in parsed]


class HandOrder:
    """The sort chosen in Settings, and the order the player dragged the cards into (new cards join at the end)."""

    def __init__(self, by: str, ace_high: bool = False) -> None:
        self.by = by if by in SORTS else SORTS[0]
        self.ace_high = ace_high  # a game whose aces rank above its kings
        self.moved: list[str] = []

    def arrange(self, cards: list[str], first: str | None = None) -> list[str]:
        """``cards`` as the player laid them out; sorted by suit, the ``first`` suit leads (e.g. one's trump)."""
        ordered = sorted_hand(cards, self.by, first, self.ace_high)
        if not self.moved:
            return ordered
        here = set(cards)
        kept = [c for c in self.moved if c in here]
        placed = set(kept)
        return kept + [c for c in ordered if c not in placed]

    def move(self, hand: list[str], held: list[str], index: int) -> None:
        """Put ``held`` (in their order) before the ``index``-th of the other cards of ``hand``."""
        rest = [c for c in hand if c not in held]
        index = max(0, min(index, len(rest)))
        self.moved = rest[:index] + [c for c in hand if c in held] + rest[index:]

    def sort(self, by: str) -> None:
        """A new sort from Settings: the dragged order gives way to it."""
        self.by = by if by in SORTS else SORTS[0]
        self.moved = []
