"""Card Square's shapes at the boundary: its observation and its actions' JSON forms, as TypedDicts that mypy checks
where the table, the bots and the review read them (rules/square/view.py builds the observation)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict, cast

from rules.core import Event
from rules.shapes import ActionKind, Observation, check_game


class Place(TypedDict):
    """A position in a seat's square: whose square (``owner``) and where (``pos``: [row, column])."""

    owner: int
    pos: list[int]


class Revealed(Place):
    card: str  # what lies there, shown to the looking seat only


class Slot(TypedDict):
    pos: list[int]
    card: str | None  # face down (None) until the end


class SquareActionJSON(ActionKind, total=False):
    """A Card Square action's JSON form (``Action.to_json``; rules/square/actions.py reads it back strictly)."""

    pos: list[int]  # [row, column] in one's own square (take, swap) or the other's (peek, spy)
    own: list[int]  # a Jack's or a Queen's position in one's own square
    opp: list[int]  # and in the other's


class SquareObs(Observation):
    phase: str
    first: int
    current: int
    squares: list[list[Slot]]  # each seat's four slots
    revealed: list[Revealed]  # what the seat is looking at now (the public view: nothing)
    inspecting: list[Place]  # which positions are being looked at (public; what lies there is not)
    reveal_kind: str | None
    drawn: str | None  # the card the seat drew and holds (the public view: None)
    drawn_by: int | None
    discard: list[str]
    discard_top: str | None
    draw_count: int
    takes: int
    knocked_by: int | None
    final_turn: bool
    end_reason: str | None
    log: list[Event]  # every public event so far


def square_seen(seen: Sequence[Observation]) -> Sequence[SquareObs]:
    """What a seat has seen, as Card Square's observations (a ValueError if the latest is another game's)."""
    check_game(seen, "square", "Card Square")
    return cast(Sequence[SquareObs], seen)


def square_obs(obs: Observation) -> SquareObs:
    """One observation as Card Square's (a ValueError if it is another game's)."""
    return square_seen([obs])[0]


def square_legal(obs: SquareObs) -> list[SquareActionJSON]:
    """The legal actions an observation lists, as Card Square's (its own ``legal_actions``, written by ``observe``)."""
    return cast(list[SquareActionJSON], obs["legal"])


OBSERVATION = SquareObs  # the shapes the registry-driven test (tests/test_boundary_types.py) holds observe() to
ACTION = SquareActionJSON
