"""An independent oracle for the Own Trumps solver: retrograde analysis of every position reachable from a small one.

No search, no table, no line: the values are a fixed point over the whole reachable graph (a side wins
where it has a move to a won position, or every move of the other side leads to one; what neither side
can force is a draw, as endless play is), so it cannot share a bug with a depth-first prover.
"""
from __future__ import annotations

from rules.trumps.keys import DRAW, Key, KeyRules


class TooBig(Exception):
    pass


def graph(rules: KeyRules, root: Key, cap: int = 20_000,
          twice: frozenset[Key] = frozenset()) -> dict[Key, list[tuple[int, Key | None, int | None]]]:
    """Every position reachable from ``root`` with its moves (move, next key or None, end value or None);
    entering a position of ``twice`` (met twice already) ends the game as a draw."""
    out: dict[Key, list[tuple[int, Key | None, int | None]]] = {}
    todo = [root]
    while todo:
        key = todo.pop()
        if key in out:
            continue
        if len(out) >= cap:
            raise TooBig
        edges: list[tuple[int, Key | None, int | None]] = []
        for move in rules.moves(key):
            nxt, end = rules.step(key, move)
            if end is not None or nxt in twice:
                edges.append((move, None, DRAW if end is None else end))
            else:
                edges.append((move, nxt, None))
                todo.append(nxt)
        out[key] = edges
    return out


def values(rules: KeyRules, root: Key, cap: int = 20_000, twice: frozenset[Key] = frozenset()) -> dict[Key, int]:
    """Seat 0's value (1, 0, -1) of every position reachable from ``root``."""
    g = graph(rules, root, cap, twice)
    val: dict[Key, int] = {}
    changed = True
    while changed:
        changed = False
        for key, edges in g.items():
            if key in val:
                continue
            sign = 1 if key[3] == 0 else -1
            known = [end if nxt is None else val.get(nxt) for _, nxt, end in edges]
            if any(v is not None and v * sign == 1 for v in known):
                val[key] = sign
            elif all(v is not None for v in known):
                val[key] = max(v * sign for v in known if v is not None) * sign
            else:
                continue
            changed = True
    return {key: val.get(key, DRAW) for key in g}


