"""Cribbage's shapes at the boundary: its observation and its actions' JSON forms, as TypedDicts that mypy checks
where the table, the bots and the review read them (rules/cribbage/state.py builds the observation)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict, cast

from rules.shapes import ActionKind, Observation, check_game


class PartJSON(TypedDict):
    """One scoring combination of a count (``Part.to_json``): "fifteen", "pair", "run", ..."""

    kind: str
    cards: list[str]
    points: int


class BreakdownJSON(TypedDict):
    """A counted hand or crib (``Breakdown.to_json``), part by part."""

    cards: list[str]
    starter: str
    crib: bool
    parts: list[PartJSON]
    total: int
    summary: str


class ShowJSON(BreakdownJSON):
    """One count of the latest show (``ShowItem.to_json``): whose, hand or crib, and whether it was scored."""

    seat: int
    kind: str  # "hand" or "crib"
    counted: bool


class SeriesCard(TypedDict):
    seat: int
    card: str


class Pegs(TypedDict):
    back: int  # the score before the latest scoring
    front: int  # the score


class CutJSON(TypedDict):
    """The cut the seat to move makes: what for ("deal", "cut", "starter") and the depths it may cut at."""

    purpose: str
    min: int
    max: int
    of: int


class LastCut(TypedDict):
    seat: int
    depth: int
    purpose: str


class CutForDeal(TypedDict):
    round: int
    cards: list[str | None]  # each seat's cut card, once cut
    tie: bool


class CribbageActionJSON(ActionKind, total=False):
    """A Cribbage action's JSON form (``Action.to_json``; rules/cribbage/decode.py reads it back strictly)."""

    cards: list[str]  # a discard's two cards
    card: str  # a card played
    depth: int  # a cut's depth


class CribbageObs(Observation):
    phase: str
    hand_no: int
    dealer: int | None  # None until the cut for deal settles it
    hand: list[str]  # the seat's own cards (the public view: none)
    hands: list[list[str]] | None  # both unplayed hands, face up once the game is over
    my_discards: list[str]  # the seat's own crib cards (the public view: none)
    hand_counts: list[int]
    discarded: list[bool]
    crib_count: int
    starter: str | None
    count: int
    series: list[SeriesCard]  # the cards of the current series, in order
    played: list[list[str]]  # each seat's cards of earlier series this hand
    go: list[bool]
    last_player: int | None
    pegs: list[Pegs]
    last_show: list[ShowJSON]
    cut: CutJSON | None
    last_cut: LastCut | None
    cut_for_deal: CutForDeal | None
    target: int


def cribbage_seen(seen: Sequence[Observation]) -> Sequence[CribbageObs]:
    """What a seat has seen, as Cribbage's observations (a ValueError if the latest is another game's)."""
    check_game(seen, "cribbage", "Cribbage")
    return cast(Sequence[CribbageObs], seen)


def cribbage_obs(obs: Observation) -> CribbageObs:
    """One observation as Cribbage's (a ValueError if it is another game's)."""
    return cribbage_seen([obs])[0]


def cribbage_legal(obs: CribbageObs) -> list[CribbageActionJSON]:
    """The legal actions an observation lists, as Cribbage's (its own ``legal_actions``, written by ``observe``)."""
    return cast(list[CribbageActionJSON], obs["legal"])


OBSERVATION = CribbageObs  # the shapes the registry-driven test (tests/test_boundary_types.py) holds observe() to
ACTION = CribbageActionJSON
