"""Own Trumps positions as small keys (hands as bit masks, the pile as bytes) and the rules on them, for the solvers.

All 36 cards are dealt, so a key is the whole position: perfect information. Moves are card indices or
``PICK``; ``step`` applies one without validation (the moves come from ``moves``).
"""
from __future__ import annotations

from rules.trumps.core import BEATERS, SUIT_MASK, pickup_size

PICK = -1  # the pick-up move
PLAY, SECOND = 0, 1
PHASES = {"play": PLAY, "second": SECOND}
WIN, DRAW, LOSS = 1, 0, -1  # seat 0's view
Key = tuple[int, int, bytes, int, int]  # hands, pile (bytes: its hash is cached), turn, phase


class KeyRules:
    """The rules on keys for one pair of trump suits, with or without the voluntary pick-up option."""

    def __init__(self, trumps: tuple[int, int], voluntary: bool = False) -> None:
        self.beat = (BEATERS[trumps[0]], BEATERS[trumps[1]])
        self.tmask = (SUIT_MASK[trumps[0]], SUIT_MASK[trumps[1]])
        self.trumps = trumps
        self.voluntary = voluntary

    def moves(self, key: Key) -> list[int]:
        """Legal moves, likely good ones first.

        A beat: the lowest non-trumps, then trumps (pick-up last, with the option). A lead or a
        second card: first the cards the opponent cannot beat (they must pick up), lowest first.
        """
        h0, h1, pile, turn, phase = key
        hand = h0 if turn == 0 else h1
        if phase == PLAY and pile:
            hand &= self.beat[turn][pile[-1]]
            if not hand:
                return [PICK]
            groups: tuple[int, ...] = (hand & ~self.tmask[turn], hand & self.tmask[turn])
        else:
            opp, beat = (h1, self.beat[1]) if turn == 0 else (h0, self.beat[0])
            safe = 0
            m = hand
            while m:
                low = m & -m
                if not opp & beat[low.bit_length() - 1]:
                    safe |= low
                m ^= low
            rest = hand & ~safe
            groups = (safe & ~self.tmask[turn], safe & self.tmask[turn], rest & ~self.tmask[turn],
                      rest & self.tmask[turn])
        out = []
        for m in groups:
            while m:
                low = m & -m
                out.append(low.bit_length() - 1)
                m ^= low
        if self.voluntary and phase == PLAY and pile:
            out.append(PICK)
        return out

    def step(self, key: Key, move: int) -> tuple[Key, int | None]:
        """The next key, and the end value (seat 0's view) if this move ends the game."""
        h0, h1, pile, turn, phase = key
        hands = [h0, h1]
        if move == PICK:
            n, _ = pickup_size(self.trumps[turn], pile[-1], len(pile))
            for c in pile[-n:]:
                hands[turn] |= 1 << c
            return (hands[0], hands[1], pile[:-n], 1 - turn, PLAY), None  # pile[-n:] is bytes: ints
        hands[turn] &= ~(1 << move)
        if not hands[turn]:
            opp = hands[1 - turn]
            if opp.bit_count() == 1 and opp & self.beat[1 - turn][move]:
                return key, DRAW
            return key, WIN if turn == 0 else LOSS
        if phase == SECOND or not pile:
            return (hands[0], hands[1], pile + bytes((move,)), 1 - turn, PLAY), None
        return (hands[0], hands[1], pile + bytes((move,)), turn, SECOND), None


def cards_in_hands(key: Key) -> int:
    return key[0].bit_count() + key[1].bit_count()


__all__ = ["DRAW", "LOSS", "PICK", "PHASES", "PLAY", "SECOND", "WIN", "Key", "KeyRules", "cards_in_hands"]
