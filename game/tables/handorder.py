"""How a player's own hand is laid out: sorted as the player chose (by suit or by rank), then as they rearranged
it by dragging a card within it. A choice of the view, never a move: the rules never see it."""
from __future__ import annotations

from rules.cards import Card

SORTS = ("suit", "rank")


def sorted_hand(cards: list[str], by: str) -> list[str]:
    parsed = [(Card.parse(c), c) for c in cards]
    if by == "rank":
        parsed.sort(key=lambda p: (p[0].rank, p[0].suit))
    else:
        parsed.sort(key=lambda p: (p[0].suit, p[0].rank))
    return [c for _, c in parsed]


class HandOrder:
    """The sort chosen in Settings, and the order the player dragged the cards into (new cards join at the end)."""

    def __init__(self, by: str) -> None:
        self.by = by if by in SORTS else SORTS[0]
        self.moved: list[str] = []

    def arrange(self, cards: list[str]) -> list[str]:
        ordered = sorted_hand(cards, self.by)
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
