"""Card Square: why an action is refused, as a key and its parameters (only asked for illegal actions)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import Action, IllegalAction
from rules.square.actions import shape_problem

if TYPE_CHECKING:
    from rules.square.fields import SquareFields

TURN_KINDS = frozenset({"draw", "take", "knock"})


def refusal(state: SquareFields, action: Action, take_limit: int) -> IllegalAction:
    """Why ``action`` is not legal in ``state`` (called only for actions that are not legal)."""
    problem = shape_problem(action.kind, dict(action.args))
    if problem:
        return problem
    kind, phase = action.kind, state.phase
    if phase == "look":
        return IllegalAction("look_first")
    if phase == "reveal":
        return IllegalAction("confirm_first")
    if phase == "queen":
        return IllegalAction("decide_first")
    if kind in ("look", "skip_look"):
        return IllegalAction("look_once")
    if kind in ("done", "queen_swap", "queen_keep"):
        return IllegalAction("nothing_to_confirm")
    if phase == "turn":
        return _turn_refusal(state, kind, take_limit)
    return _drawn_refusal(kind)


def _turn_refusal(state: SquareFields, kind: str, take_limit: int) -> IllegalAction:
    if kind == "take" and state.discard:
        return IllegalAction("takes_closed", turns=take_limit)
    if kind == "take":
        return IllegalAction("discard_empty")
    if kind == "knock":
        return IllegalAction("knocked_already")
    return IllegalAction("draw_first")


def _drawn_refusal(kind: str) -> IllegalAction:
    if kind in TURN_KINDS:
        return IllegalAction("drawn_already")
    if kind == "peek":
        return IllegalAction("not_a_peek_card")
    if kind == "spy":
        return IllegalAction("not_a_spy_card")
    if kind == "jack_swap":
        return IllegalAction("not_a_jack")
    if kind == "queen_look":
        return IllegalAction("not_a_queen")
    return IllegalAction("not_now")
