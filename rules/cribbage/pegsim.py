"""A hand's play on ranks alone with level 2's pegging for both sides: what the discard table's pegging column
and the expert's discard search ask of many sampled deals (suits never score in the play).

``play(first, second, seen_first, seen_second)`` plays two sorted four-rank hands from an empty table, ``first``
leading (the non-dealer), and returns the points each pegged (fifteens, pairs, runs, 31s, Go's and the last
card). Each side chooses as level 2 does (``policy.play_value``) from what it has seen: its own cards and those
``seen_*`` ranks (its discards, the starter), and the cards laid so far.
"""
from __future__ import annotations

from rules.cribbage.policy import play_value
from rules.cribbage.score import peg_total

_VAL = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
_CHOICE: dict[tuple[object, ...], int] = {}  # (hand, series, unseen, held, out) -> index of the card laid (bounded)


def _fits(hand: tuple[int, ...], count: int) -> bool:
    return bool(hand) and _VAL[hand[0]] + count <= 31


def _choose(hand: tuple[int, ...], series: tuple[int, ...], count: int, unseen: tuple[int, ...], held: int,
            out: bool) -> int:
    key = (hand, series, unseen, held, out)
    got = _CHOICE.get(key)
    if got is None:
        pool = [(r, k) for r, k in enumerate(unseen) if k > 0]
        size = sum(k for _, k in pool)
        best_value, got, last = -99.0, 0, 0
        for i, r in enumerate(hand):
            if _VAL[r] + count > 31:
                break
            if r == last:
                continue
            last = r
            v = play_value(r, hand[:i] + hand[i + 1:], series, count, pool, size, held, out)
            if v > best_value:
                got, best_value = i, v
        if len(_CHOICE) > 300_000:
            _CHOICE.clear()
        _CHOICE[key] = got
    return got


def unseen_of(hand: tuple[int, ...], seen: tuple[int, ...]) -> tuple[int, ...]:
    """For each rank (index 1..13), how many cards of it a side with ``hand`` and ``seen`` has not seen."""
    u = [0] + [4] * 13
    for r in (*hand, *seen):
        u[r] -= 1
    return tuple(u)


def play(first: tuple[int, ...], second: tuple[int, ...], seen_first: tuple[int, ...] = (),
         seen_second: tuple[int, ...] = ()) -> tuple[int, int]:
    """The points ``first`` (it leads) and ``second`` peg playing sorted ``first`` and ``second`` to the end."""
    hands = [first, second]
    unseen = [list(unseen_of(first, seen_first)), list(unseen_of(second, seen_second))]
    points = [0, 0]
    series: tuple[int, ...] = ()
    count, turn, out = 0, 0, [False, False]
    while True:
        me, other = turn, 1 - turn
        hand = hands[me]
        i = _choose(hand, series, count, tuple(unseen[me]), len(hands[other]), out[other] or not hands[other])
        r = hand[i]
        hands[me] = hand[:i] + hand[i + 1:]
        unseen[other][r] -= 1
        series, count = (*series, r), count + _VAL[r]
        gained = peg_total(series)
        theirs, mine = hands[other], hands[me]
        if count != 31 and not _fits(theirs, count) and not _fits(mine, count):
            gained += 1  # a Go, or the last card
        points[me] += gained
        if count != 31:
            if _fits(theirs, count):
                turn = other
                continue
            if _fits(mine, count):
                out[other] = True
                continue
        series, count, out = (), 0, [False, False]
        if theirs:
            turn = other
        elif not mine:
            return points[0], points[1]
