"""The rest of a hand's play solved when both hands are known (one sampled world of level 3's search).

The play is a small game once the cards are known: at most eight cards, four each. ``Tree.values`` gives, for
each card the mover may lay, its pegging points minus the opponent's from there on (or, given ``end``, what the
line is worth to the game). The mover then plays its best with every card in view; the opponent either does the
same or, given the ranks it has not seen, plays as level 2 would with only what it has seen (level 2's
``play_value``). The show does not depend on the play, so this is all the hand's play can change (the 121 line
aside). Ranks only: suits never score in the play.
"""
from __future__ import annotations

from collections.abc import Callable

from rules.cribbage.policy import play_value
from rules.cribbage.score import peg_total

Ranks = tuple[int, ...]  # card ranks, or counts per rank (unseen)

_VAL = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def _fits(hand: tuple[int, ...], count: int) -> bool:
    return bool(hand) and _VAL[hand[0]] + count <= 31  # hands are sorted: the lowest card decides


class Tree:
    """One world's play from the root mover's side. ``unseen``: for each rank, how many of the cards the opponent
    has not seen at the root (my unplayed cards among them); given, the opponent plays as level 2, else its best.
    ``end`` (optional) turns the pegging margin into what the line is worth: called with my and the opponent's
    points pegged from the root on, when the play is over or one side's points reach ``goal`` (then the line
    stops there)."""

    def __init__(self, unseen: tuple[int, ...] | None = None, end: Callable[[int, int], float] | None = None,
                 goal: tuple[int, int] = (99, 99)) -> None:
        self.model, self.unseen = unseen is not None, unseen or ()
        self.memo: dict[tuple[object, ...], float] = {}
        self.end = end or (lambda mine, theirs: float(mine - theirs))
        self.goal = goal  # points I (they) still need to win the game

    def values(self, mine: tuple[int, ...], theirs: tuple[int, ...], series: tuple[int, ...],
               count: int) -> list[float]:
        """For each card of ``mine`` (sorted ranks) that fits, in order: what the rest of the play is worth."""
        unseen = self.unseen
        out = []
        for i, r in enumerate(mine):
            if count + _VAL[r] > 31:
                break
            u = unseen
            if self.model:
                u = (*unseen[:r], unseen[r] - 1, *unseen[r + 1:])
            out.append(self._line(True, mine[:i] + mine[i + 1:], theirs, (*series, r), count + _VAL[r], u, False,
                                  0, 0))
        return out

    def _node(self, me: bool, mine: Ranks, theirs: Ranks, series: Ranks, count: int, unseen: Ranks,
              out: bool, pm: int, po: int) -> float:
        """The line's worth from here, ``pm`` and ``po`` points pegged so far; the side to move (``me``) has a
        card that fits; ``out``: the other side has said Go in this series (it matters to level 2's reading)."""
        key = (me, mine, theirs, series, count, unseen, out, pm, po)
        got = self.memo.get(key)
        if got is not None:
            return got
        if me:
            best = -99.0
            last = 0
            for i, r in enumerate(mine):
                if r == last:
                    continue
                last = r
                if count + _VAL[r] > 31:
                    break
                u = unseen
                if self.model:
                    u = (*unseen[:r], unseen[r] - 1, *unseen[r + 1:])
                v = self._line(True, mine[:i] + mine[i + 1:], theirs, (*series, r), count + _VAL[r], u, out, pm, po)
                if v > best:
                    best = v
        elif self.model:
            i = self._level2(theirs, series, count, unseen, len(mine), out or not mine)
            r = theirs[i]
            best = self._line(False, mine, theirs[:i] + theirs[i + 1:], (*series, r), count + _VAL[r], unseen, out,
                              pm, po)
        else:
            best = 99.0
            last = 0
            for i, r in enumerate(theirs):
                if r == last:
                    continue
                last = r
                if count + _VAL[r] > 31:
                    break
                v = self._line(False, mine, theirs[:i] + theirs[i + 1:], (*series, r), count + _VAL[r], unseen,
                               out, pm, po)
                if v < best:
                    best = v
        self.memo[key] = best
        return best

    @staticmethod
    def _level2(hand: Ranks, series: Ranks, count: int, unseen: Ranks, held: int, out: bool) -> int:
        fits = [i for i, r in enumerate(hand) if count + _VAL[r] <= 31]
        if len(fits) == 1:
            return fits[0]
        pool = [(r, k) for r, k in enumerate(unseen) if k > 0]
        size = sum(k for _, k in pool)
        best, best_value = 0, -99.0
        for i in fits:
            v = play_value(hand[i], hand[:i] + hand[i + 1:], series, count, pool, size, held, out)
            if v > best_value:
                best, best_value = i, v
        return best

    def _line(self, me: bool, mine: Ranks, theirs: Ranks, series: Ranks, count: int, unseen: Ranks,
              out: bool, pm: int, po: int) -> float:
        """The line's worth once ``me`` (or the opponent) has laid the last rank of ``series``."""
        mover, other = (mine, theirs) if me else (theirs, mine)
        points = peg_total(series)
        if count != 31 and not _fits(other, count) and not _fits(mover, count):
            points += 1  # a go, or the last card
        if me:
            pm += points
            if pm >= self.goal[0]:
                return self.end(pm, po)
        else:
            po += points
            if po >= self.goal[1]:
                return self.end(pm, po)
        if count != 31:
            if _fits(other, count):  # the other answers; whoever had said Go in this series stays out
                return self._node(not me, mine, theirs, series, count, unseen, out, pm, po)
            if _fits(mover, count):  # the other cannot: the mover plays on, the other is out
                return self._node(me, mine, theirs, series, count, unseen, True, pm, po)
        if other:  # a new series: the other leads if it still holds cards
            return self._node(not me, mine, theirs, (), 0, unseen, False, pm, po)
        if mover:
            return self._node(me, mine, theirs, (), 0, unseen, False, pm, po)
        return self.end(pm, po)
