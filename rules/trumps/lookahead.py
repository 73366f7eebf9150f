"""Own Trumps level 3: each of my whole-turn lines is followed by a few turns of level-2 play on both sides
(every line of the side to move judged by a greedy play-out, the best one played), then a greedy play-out.

Level 2 judges a line by the greedy play-out right after it, as if the opponent then played greedily; here
the opponent answers the way a searching player does, and so do I on my next turn. The work is counted in
play-out steps (``Search.work``, both sides' searches together) and bounded by ``budget``: when the budget
runs out, the lines not yet looked at deeper keep their level-2 value. No clock: a seed gives one move.
"""
from __future__ import annotations

from typing import Any

Position = Any  # rules.trumps.bot.Position: (hands, pile, turn, phase); bot.py imports this module
DEPTH = 3  # turns of level-2 play after my line: the opponent's answer, mine, theirs again


def _turn(search: Any, pos: Position) -> tuple[Position, int | None]:
    """Level 2's whole turn for the side to move (``search.me``): the line with the best greedy play-out."""
    best: tuple[int, Position, int | None] | None = None
    for _, p, e in search.lines(pos, True):
        v = e if e is not None else search.playout(p)
        if best is None or v > best[0]:
            best = (v, p, e)
    assert best is not None
    return best[1], best[2]


class Lookahead:
    """Lines of ``me`` valued after ``depth`` turns of level-2 play, from ``me``'s point of view."""

    def __init__(self, sides: tuple[Any, Any], me: int, depth: int = DEPTH) -> None:
        """``sides``: a ``rules.trumps.bot.Search`` for seat 0 and one for seat 1."""
        self.sides = sides
        self.me = me
        self.depth = depth

    @property
    def work(self) -> int:
        return self.sides[0].work + self.sides[1].work

    def value(self, pos: Position, end: int | None) -> int:
        """My value of ``pos`` (``end`` if the game just ended) after ``depth`` level-2 turns."""
        for _ in range(self.depth):
            if end is not None:
                return end
            mover = pos[2]
            pos, end = _turn(self.sides[mover], pos)
            if end is not None and mover != self.me:
                end = -end
        return end if end is not None else self.sides[self.me].playout(pos)

    def best_line(self, pos: Position, budget: int) -> tuple[int, ...]:
        """My best whole-turn line; ties keep the greedy-first order of ``Search.lines``."""
        mine = self.sides[self.me]
        lines = mine.lines(pos, True)
        if len(lines) == 1:
            return lines[0][0]
        scores = [e if e is not None else mine.playout(p) for _, p, e in lines]
        order = sorted(range(len(lines)), key=lambda i: -scores[i])  # the promising lines first
        for i in order:
            if self.work >= budget:
                break
            _, p, e = lines[i]
            scores[i] = self.value(p, e)
        best = max(range(len(lines)), key=lambda i: (scores[i], -i))
        return lines[best][0]
