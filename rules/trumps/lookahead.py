"""Own Trumps level 3: each of my whole-turn lines is followed by a few turns of play on both sides, then a
greedy play-out, under two models of the opponent.

Level 2 judges a line by the greedy play-out right after it, as if both sides then played greedily. Here my
own next turns are level 2's (the line with the best greedy play-out), and the opponent's turns are played
twice: once as level 2 would play them, once as the greedy baseline would (beat with the cheapest card, lead
and follow with the lowest). Judged by the level-2 opponent alone, level 3 beat level 2 but lost half its
games to the greedy baseline: the lines it chose were safe against a searching answer and lost to the
plain one it then met. So a line is ranked first by whether it wins against the greedy answer, then by its
value against the level-2 answer, then by its value against the greedy one (see docs/decisions.md).

The work is counted in play-out steps (``Search.work``, both sides' searches together) and bounded by
``budget``: lines are looked at deeper best level-2 value first, and lines the budget did not reach rank
below every line it did, in level 2's order. No clock: a seed gives one move.
"""
from __future__ import annotations

from typing import Protocol

Position = tuple[tuple[int, int], tuple[int, ...], int, int]  # rules.trumps.bot.Position: hands, pile, turn, phase
DEPTH = 3  # turns after my line: the opponent's answer, my next turn, theirs again
WON = 1_000  # rules.trumps.bot.WIN: a value at least this big is a win, at most minus this a loss
Rank = tuple[int, int, int]


class Side(Protocol):
    """What a line needs of one seat's ``rules.trumps.bot.Search`` (bot.py imports this module)."""

    work: int

    def playout(self, pos: Position) -> int: ...

    def lines(self, pos: Position, whole_turn: bool) -> list[tuple[tuple[int, ...], Position, int | None]]: ...

    def moves(self, pos: Position) -> list[int]: ...

    def step(self, pos: Position, move: int) -> tuple[Position, int | None]: ...


def _level2_turn(search: Side, pos: Position) -> tuple[Position, int | None]:
    """Level 2's whole turn for the side to move (``search.me``): the line with the best greedy play-out."""
    best: tuple[int, Position, int | None] | None = None
    for _, p, e in search.lines(pos, True):
        v = e if e is not None else search.playout(p)
        if best is None or v > best[0]:
            best = (v, p, e)
    assert best is not None
    return best[1], best[2]


def _greedy_turn(search: Side, pos: Position) -> tuple[Position, int | None]:
    """The greedy baseline's whole turn: ``Search.moves`` lists the greedy move first (a beat, then its
    second card; a pick-up; or a lead)."""
    nxt, end = search.step(pos, search.moves(pos)[0])
    if end is None and nxt[2] == pos[2]:
        nxt, end = search.step(nxt, search.moves(nxt)[0])
    return nxt, end


def outcome(value: int) -> int:
    """1 for a won value, -1 for a lost one, 0 for a draw or an unfinished (cycling) play-out."""
    return (value >= WON) - (value <= -WON)


def rank(against_greedy: int, against_level2: int) -> Rank:
    """How a looked-at line ranks: a win against the greedy answer first, then the level-2 answer decides."""
    return outcome(against_greedy), against_level2, against_greedy


class Lookahead:
    """Lines of ``me`` valued after ``depth`` turns of play, from ``me``'s point of view."""

    def __init__(self, sides: tuple[Side, Side], me: int, depth: int = DEPTH) -> None:
        """``sides``: a ``rules.trumps.bot.Search`` for seat 0 and one for seat 1."""
        self.sides = sides
        self.me = me
        self.depth = depth

    @property
    def work(self) -> int:
        return self.sides[0].work + self.sides[1].work

    def value(self, pos: Position, end: int | None, greedy_opponent: bool = False) -> int:
        """My value of ``pos`` (``end`` if the game just ended) after ``depth`` turns: mine level 2's, the
        opponent's level 2's or (``greedy_opponent``) the greedy baseline's."""
        for _ in range(self.depth):
            if end is not None:
                return end
            mover = pos[2]
            turn = _greedy_turn if greedy_opponent and mover != self.me else _level2_turn
            pos, end = turn(self.sides[mover], pos)
            if end is not None and mover != self.me:
                end = -end
        return end if end is not None else self.sides[self.me].playout(pos)

    def best_line(self, pos: Position, budget: int) -> tuple[int, ...]:
        """My best whole-turn line by :func:`rank`; ties keep the greedy-first order of ``Search.lines``."""
        mine = self.sides[self.me]
        lines = mine.lines(pos, True)
        if len(lines) == 1:
            return lines[0][0]
        scores = [e if e is not None else mine.playout(p) for _, p, e in lines]
        ranks: list[Rank] = [(-2, v, v) for v in scores]  # below any looked-at line, in level 2's order
        for i in sorted(range(len(lines)), key=lambda i: -scores[i]):  # the promising lines first
            if self.work >= budget:
                break
            _, p, e = lines[i]
            ranks[i] = rank(self.value(p, e, greedy_opponent=True), self.value(p, e))
        best = max(range(len(lines)), key=lambda i: (ranks[i], -i))
        return lines[best][0]
