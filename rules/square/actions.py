"""Card Square action shapes: positions, the JSON decoder and the words for a refused move."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core import Action, IllegalAction

if TYPE_CHECKING:
    from rules.square.state import SquareState

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

TURN_KINDS = frozenset({"draw", "take", "knock"})

POWER_NEEDS = {
    "peek": ((7, 8), "Only a drawn 7 or 8 lets you peek at one of your own cards."),
    "spy": ((9, 10), "Only a drawn 9 or 10 lets you spy on one of your opponent's cards."),
    "jack_swap": ((11,), "Only a drawn Jack lets you blind-swap two cards."),
    "queen_look": ((12,), "Only a drawn Queen lets you look at two cards and maybe swap them."),
}


def index_of(pos: Pos) -> int:
    """Slot index 0..3 of a (row, column) position."""
    return (pos[0] - 1) * 2 + (pos[1] - 1)


def pos_of(index: int) -> Pos:
    return POSITIONS[index]


def pos_json(index: int) -> list[int]:
    return list(POSITIONS[index])


def _pos_problem(name: str, value: Any) -> str | None:
    ok = (
        isinstance(value, (list, tuple)) and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )
    if not ok:
        return f"'{name}' must be a position [row, column], got {value!r}"
    if not all(1 <= v <= 2 for v in value):
        return f"there is no position ({value[0]},{value[1]}): rows and columns are 1 or 2"
    return None


def shape_problem(kind: str, args: Mapping[str, Any]) -> str | None:
    """What is wrong with the kind and arguments of an action, or None when the shape is right."""
    if kind not in SHAPES:
        return f"Card Square has no move called {kind!r}"
    want = SHAPES[kind]
    missing = [k for k in want if k not in args]
    if missing:
        return f"'{kind}' needs {', '.join(repr(k) for k in missing)}"
    extra = sorted(k for k in args if k not in want)
    if extra:
        return f"'{kind}' takes no {', '.join(repr(k) for k in extra)}"
    for name in want:
        problem = _pos_problem(name, args[name])
        if problem:
            return problem
    return None


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Decode one Card Square action strictly; malformed data raises IllegalAction naming the problem.

    >>> action_from_json({"kind": "swap", "pos": [2, 1]})
    Action(kind='swap', args=(('pos', (2, 1)),))
    """
    if not isinstance(data, Mapping):
        raise IllegalAction("an action must be a JSON object")
    kind = data.get("kind")
    if not isinstance(kind, str):
        raise IllegalAction("an action needs a 'kind'")
    args = {k: v for k, v in data.items() if k != "kind"}
    problem = shape_problem(kind, args)
    if problem:
        raise IllegalAction(problem)
    return Action.make(kind, **{k: (int(v[0]), int(v[1])) for k, v in args.items()})


def refusal(state: SquareState, action: Action) -> str:
    """Why ``action`` is not legal in ``state`` (called only for actions that are not legal)."""
    problem = shape_problem(action.kind, dict(action.args))
    if problem:
        return problem[0].upper() + problem[1:] + "."
    kind, phase = action.kind, state.phase
    if phase == "look":
        return "Before the first turn, look at your two bottom cards or skip the look."
    if phase == "reveal":
        return "Confirm the card you are looking at first."
    if phase == "queen":
        return "Decide first: swap the two cards you looked at, or keep them."
    if kind in ("look", "skip_look"):
        return "The initial look happens only once, before the first turn."
    if kind in ("done", "queen_swap", "queen_keep"):
        return "There is nothing to confirm."
    if phase == "turn":
        return _turn_refusal(state, kind)
    return _drawn_refusal(state, kind)


def _turn_refusal(state: SquareState, kind: str) -> str:
    if kind == "take" and state.discard:
        return "Ten turns in a row took from the discard pile: draw from the deck (or knock) first."
    if kind == "take":
        return "The discard pile is empty: there is nothing to take."
    if kind == "knock":
        return "Your opponent has already knocked: this is your final turn, you cannot knock."
    return "Draw a card first: you have no drawn card to place, discard or use."


def _drawn_refusal(state: SquareState, kind: str) -> str:
    if kind in TURN_KINDS:
        return "You have already drawn a card: swap it into your square, discard it or use its power."
    if kind in POWER_NEEDS:
        return POWER_NEEDS[kind][1]
    return "That move is not allowed now."
