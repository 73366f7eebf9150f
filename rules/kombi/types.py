"""Kombi-Duell's shapes at the boundary: its observation and its actions' JSON forms, as TypedDicts that mypy checks
where the table, the bots and the review read them (rules/kombi/state.py builds the observation)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict, cast

from rules.shapes import ActionKind, Observation, check_game


class PlayedJSON(TypedDict):
    """One scored combination on a discard pile (``Played.to_json``)."""

    cards: list[str]
    kind: str  # the combination's kind: "set" or "run"
    points: int


class KombiActionJSON(ActionKind, total=False):
    """A Kombi-Duell action's JSON form (``Action.to_json``; rules/kombi/decode.py reads it back strictly): draw,
    pass, exchange (one's ``hand`` card for the ``area`` card) or play (the ``combos``)."""

    hand: str
    area: str
    combos: list[list[str]]


class KombiObs(Observation):
    hand: list[str]  # the seat's own cards (the public view: none)
    hand_counts: list[int]
    hands: list[list[str]] | None  # both hands face up once the game is over
    exchange: list[str]  # the open exchange area
    draw_count: int
    discards: list[list[PlayedJSON]]  # each seat's scored combinations, oldest first
    done: list[str]  # the kinds of action taken this turn ("draw", "exchange", "play")
    last_full_pass: bool
    quiet: int  # turns in a row without a draw or a play
    first: int


def kombi_seen(seen: Sequence[Observation]) -> Sequence[KombiObs]:
    """What a seat has seen, as Kombi-Duell's observations (a ValueError if the latest is another game's)."""
    check_game(seen, "kombi", "Kombi-Duell")
    return cast(Sequence[KombiObs], seen)


def kombi_legal(obs: KombiObs) -> list[KombiActionJSON]:
    """The legal actions an observation lists, as Kombi-Duell's (its own ``legal_actions``, written by ``observe``)."""
    return cast(list[KombiActionJSON], obs["legal"])


def kombi_obs(obs: Observation) -> KombiObs:
    """One observation as Kombi-Duell's (a ValueError if it is another game's)."""
    return kombi_seen([obs])[0]


OBSERVATION = KombiObs  # the shapes the registry-driven test (tests/test_boundary_types.py) holds observe() to
ACTION = KombiActionJSON
