"""Card Square action shapes: positions and the strict JSON decoder."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from rules.core import Action, IllegalAction

Pos = tuple[int, int]

POSITIONS: tuple[Pos, ...] = ((1, 1), (1, 2), (2, 1), (2, 2))
"""Square slots in index order 0..3, as (row, column) seen by the square's owner."""

BOTTOM: tuple[int, int] = (2, 3)
"""Indexes of (2,1) and (2,2): the row nearest the owner, shown once in the initial look (§1.6 #11)."""

# kind -> the argument names it must carry (and no others)
SHAPES: dict[str, tuple[str, ...]] = {
    "look": (),
    "skip_look": (),
    "done": (),
    "draw": (),
    "take": ("pos",),
    "knock": (),
    "swap": ("pos",),
    "discard": (),
    "peek": ("pos",),
    "spy": ("pos",),
    "jack_swap": ("own", "opp"),
    "queen_look": ("own", "opp"),
    "queen_swap": (),
    "queen_keep": (),
}


def index_of(pos: Sequence[int]) -> int:
    """Slot index 0..3 of a (row, column) position."""
    return (pos[0] - 1) * 2 + (pos[1] - 1)


def pos_json(index: int) -> list[int]:
    return list(POSITIONS[index])


def _pos_problem(name: str, value: object) -> IllegalAction | None:
    if not (
        isinstance(value, (list, tuple)) and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return IllegalAction("malformed", field=name)
    if not all(1 <= v <= 2 for v in value):
        return IllegalAction("no_position", row=value[0], col=value[1])
    return None


def shape_problem(kind: str, args: Mapping[str, object]) -> IllegalAction | None:
    """What is wrong with the kind and arguments of an action (a refusal), or None when the shape is right."""
    if kind not in SHAPES:
        return IllegalAction("unknown_kind", kind=str(kind)[:40])
    want = SHAPES[kind]
    odd = [k for k in want if k not in args] + sorted(k for k in args if k not in want)
    if odd:
        return IllegalAction("malformed", field=str(odd[0])[:40])
    for name in want:
        problem = _pos_problem(name, args[name])
        if problem:
            return problem
    return None


def action_from_json(data: Mapping[str, object]) -> Action:
    """Decode one Card Square action strictly; malformed data raises IllegalAction naming the problem.

    >>> action_from_json({"kind": "swap", "pos": [2, 1]})
    Action(kind='swap', args=(('pos', (2, 1)),))
    """
    if not isinstance(data, Mapping):
        raise IllegalAction("malformed", field="action")
    kind = data.get("kind")
    if not isinstance(kind, str):
        raise IllegalAction("malformed", field="kind")
    args = {k: v for k, v in data.items() if k != "kind"}
    problem = shape_problem(kind, args)
    if problem:
        raise problem
    pos = cast(dict[str, Sequence[int]], args)  # shape_problem found each a pair of whole numbers
    return Action.make(kind, **{k: (int(v[0]), int(v[1])) for k, v in pos.items()})
