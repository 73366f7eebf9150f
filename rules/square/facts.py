"""What Card Square's public log alone tells about the squares (for the level-3 search and its inference)."""
from __future__ import annotations

from collections.abc import Sequence

from rules.cards import Card
from rules.core import Event
from rules.square.sim import NO_OVER
from rules.square.state import card_value


def slot(pos: Sequence[int]) -> int:
    """Slot index 0..3 of a JSON position [row, column]."""
    return (pos[0] - 1) * 2 + (pos[1] - 1)


TOP = 10  # the highest card value: no bound


class Facts:
    """What the public log alone tells: the slots each seat has seen (8-bit masks, ``owner * 4 + index``);
    per slot the value of the card its current card replaced when its owner swapped a drawn card in
    (``over``) and an upper bound on its value read from its owner's choices (``bound``); each seat's
    current run of turns that took from the discard pile.

    The bounds assume an owner who plays like level 2: a drawn card swapped onto a slot it knew is lower
    than the card it replaced, one swapped onto a slot it did not know is at most 6 (about the average
    card); a drawn card it threw away, or a card it replaced by a swap or a take, is at least as high as
    every card it knew in its square then.
    """

    def __init__(self, log: Sequence[Event]) -> None:
        self.know, self.over, self.bound, self.streak = [0, 0], [NO_OVER] * 8, [TOP] * 8, [0, 0]
        for ev in log:
            if ev.get("seat") in (0, 1):
                self.read(ev)

    def read(self, ev: Event) -> None:
        kind, seat = ev["type"], ev["seat"]
        know = self.know
        mine, theirs = 4 * seat, 4 - 4 * seat
        if kind == "square.look":
            know[seat] |= (1 << (mine + 2)) | (1 << (mine + 3))
        elif kind == "square.peek":
            know[seat] |= 1 << (mine + slot(ev["pos"]))
        elif kind == "square.spy":
            know[seat] |= 1 << (theirs + slot(ev["pos"]))
        elif kind == "square.swap":
            k = mine + slot(ev["pos"])
            self.over[k] = card_value(Card.parse(ev["discarded"]))
            self._at_most(seat, self.over[k])  # it replaced its worst card
            self.bound[k] = self.over[k] - 1 if know[seat] >> k & 1 else 6
            know[seat] |= 1 << k
            know[1 - seat] &= ~(1 << k)
        elif kind == "square.discard":
            self._at_most(seat, card_value(Card.parse(ev["card"])))
        elif kind == "square.take":
            k = mine + slot(ev["pos"])
            self._at_most(seat, card_value(Card.parse(ev["discarded"])))
            know[0] |= 1 << k
            know[1] |= 1 << k
            self.over[k], self.bound[k] = NO_OVER, TOP
        elif kind in ("square.queen_look", "square.queen", "square.jack"):
            x, y = mine + slot(ev["own"]), theirs + slot(ev["opp"])
            if kind == "square.queen_look":
                know[seat] |= (1 << x) | (1 << y)
            elif kind == "square.jack" or ev.get("swapped"):
                for slots in (self.over, self.bound):
                    slots[x], slots[y] = slots[y], slots[x]
                for s in (0, 1):
                    if (know[s] >> x & 1) != (know[s] >> y & 1):
                        know[s] ^= (1 << x) | (1 << y)
        if kind in TURN_ENDS:
            self.streak[seat] = self.streak[seat] + 1 if kind == "square.take" else 0

    def _at_most(self, seat: int, value: int) -> None:
        """Every card ``seat`` knows in its square is at most ``value``."""
        for k in range(4 * seat, 4 * seat + 4):
            if self.know[seat] >> k & 1:
                self.bound[k] = min(self.bound[k], value)


TURN_ENDS = frozenset({"square.take", "square.swap", "square.discard", "square.peek", "square.spy", "square.jack",
                       "square.queen_look", "square.knock"})
