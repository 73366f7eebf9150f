"""Own Trumps' shapes at the boundary: its observation and its actions' JSON forms, as TypedDicts that mypy checks
where the table, the bots and the solver read them (rules/trumps/state.py builds the observation)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict, cast

from rules.shapes import ActionKind, Observation, check_game


class Pickup(TypedDict):
    """How many cards a pick-up takes now, and why that many (worded by the table: trumps.why.<reason>)."""

    count: int
    reason: str


class TrumpsActionJSON(ActionKind, total=False):
    """An Own Trumps action's JSON form (``Action.to_json``; rules/trumps/actions.py reads it back strictly):
    choose_trump (a ``suit``), play (a ``card``) or pick_up."""

    suit: str
    card: str


class TrumpsObs(Observation):
    phase: str  # "choose_trump", "play", "second", ...
    dealer: int
    chooser: int | None  # who chooses a trump suit now
    first: int
    trumps: list[str | None]  # each seat's trump suit, once chosen
    hand: list[str]  # the seat's own cards, by suit (the public view: none)
    opponent_count: int
    hand_counts: list[int]
    hands: list[list[str]] | None  # both hands face up once the game is over
    pile: list[str]
    pile_size: int
    top: str | None
    beaters: list[str]  # the seat's cards that beat the top (the public view: none)
    pickup: Pickup | None
    repetition: int  # how often the position has been met (a third time ends the game)
    result: str | None
    voluntary_pickup: bool


def chosen_trumps(obs: TrumpsObs) -> tuple[str, str]:
    """Both seats' trump suits, which every phase after the choice has (a ValueError before it)."""
    first, second = obs["trumps"]
    if first is None or second is None:
        raise ValueError("the trump suits are not chosen yet")
    return first, second


def offered_pickup(obs: TrumpsObs) -> Pickup:
    """The pick-up the observation offers (a ValueError where it offers none: no card lies on the pile)."""
    pickup = obs["pickup"]
    if pickup is None:
        raise ValueError("no pick-up is offered")
    return pickup


def pile_top(obs: TrumpsObs) -> str:
    """The pile's top card (a ValueError on an empty pile)."""
    top = obs["top"]
    if top is None:
        raise ValueError("the pile is empty")
    return top


def trumps_seen(seen: Sequence[Observation]) -> Sequence[TrumpsObs]:
    """What a seat has seen, as Own Trumps' observations (a ValueError if the latest is another game's)."""
    check_game(seen, "trumps", "Own Trumps")
    return cast(Sequence[TrumpsObs], seen)


def trumps_obs(obs: Observation) -> TrumpsObs:
    """One observation as Own Trumps' (a ValueError if it is another game's)."""
    return trumps_seen([obs])[0]


def trumps_legal(obs: TrumpsObs) -> list[TrumpsActionJSON]:
    """The legal actions an observation lists, as Own Trumps' (its own ``legal_actions``, written by ``observe``)."""
    return cast(list[TrumpsActionJSON], obs["legal"])


OBSERVATION = TrumpsObs  # the shapes the registry-driven test (tests/test_boundary_types.py) holds observe() to
ACTION = TrumpsActionJSON
