"""Three Tricks' shapes at the boundary: its observation and its one action's JSON form (the recipe's types.py)."""
from __future__ import annotations

from typing import TypedDict

from rules.shapes import ActionKind, Observation


class PlayJSON(ActionKind):
    card: str  # the card played from one's hand


class TrickCard(TypedDict):
    seat: int
    card: str


class SampleObs(Observation):
    hand: list[str]  # one's own hand (the public view: empty)
    hand_counts: list[int]
    trick: list[TrickCard]  # the cards on the table, in the order they were played


OBSERVATION = SampleObs
ACTION = PlayJSON
