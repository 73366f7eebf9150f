"""Card Square observations: what one seat may know of a state, as JSON, and nothing more."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.square.actions import pos_json

if TYPE_CHECKING:
    from rules.square.fields import SquareFields
    from rules.square.types import Revealed, Slot, SquareObs


def public_copy(value: Any) -> Any:
    """A deep copy of an event (dicts and lists of plain values), so no caller can edit history."""
    if isinstance(value, dict):
        return {k: public_copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [public_copy(v) for v in value]
    return value


def _squares(state: SquareFields) -> list[list[Slot]]:
    # identities only at the end, when all eight cards are turned up (§1.3)
    over = state.phase == "over"
    return [
        [{"pos": pos_json(i), "card": str(c) if over else None} for i, c in enumerate(square)]
        for square in state.squares
    ]


def _revealed(state: SquareFields, seat: int) -> list[Revealed]:
    if state.phase == "over" or state.current != seat:
        return []
    return [{"owner": o, "pos": pos_json(i), "card": str(state.squares[o][i])} for o, i in state.reveal]


def observation(state: SquareFields, seat: int) -> SquareObs:
    """The view of ``seat``: public table facts plus that seat's own private reveal and drawn card."""
    if seat not in (0, 1):
        raise ValueError(f"no seat {seat!r} in a two-player game")
    acting = state.phase != "over" and state.current == seat
    return {
        "game": state.game_id,
        "seat": seat,
        "to_move": state.to_move,
        "legal": [a.to_json() for a in state.legal_actions()] if acting else [],
        "scores": list(state.scores),
        "over": state.phase == "over",
        "winners": list(state.winners),
        "phase": state.phase,
        "first": state.first,
        "current": state.current,
        "squares": _squares(state),
        "revealed": _revealed(state, seat),
        # which positions are being looked at is public; what lies there is not
        "inspecting": [{"owner": o, "pos": pos_json(i)} for o, i in state.reveal],
        "reveal_kind": state.reveal_kind,
        "drawn": str(state.drawn) if acting and state.drawn is not None else None,
        "drawn_by": state.current if state.drawn is not None else None,
        "discard": [str(c) for c in state.discard],
        "discard_top": str(state.discard[-1]) if state.discard else None,
        "draw_count": len(state.draw),
        "takes": state.takes,
        "knocked_by": state.knocked_by,
        "final_turn": state.knocked_by is not None and state.phase != "over",
        "end_reason": state.end_reason,
        "log": [public_copy(e) for e in state.log],
    }
