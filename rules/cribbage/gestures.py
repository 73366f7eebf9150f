"""Cribbage gestures (rules/gesture.py): what a drag or tap between two spots of the table means.

Spots: the face-down ``pack`` spread for a cut (its ``slot`` is the depth pointed at: a tap there cuts), the
seat's ``hand``, the dealer's ``crib`` and the shared ``play`` (the cards of the count). Go is automatic and
the show is counted by the table: neither is a gesture.
"""
from __future__ import annotations

from rules.cards import Card
from rules.core import Action, IllegalAction
from rules.cribbage.types import cribbage_obs
from rules.gesture import Spot
from rules.shapes import Observation


def intents(obs: Observation, source: Spot, target: Spot | None) -> list[Action]:
    if source.zone == "pack" and target is None:
        if source.slot is None:
            raise IllegalAction("choose_depth")
        return [Action.make("cut", depth=source.slot)]
    if source.zone != "hand" or source.owner != obs["seat"] or target is None:
        return []
    if target.zone == "crib":  # any number of cards: the door says why two are needed, or why not now
        return [Action.make("discard", cards=_in_order(source.cards))]
    if target.zone == "play":
        if not source.cards:
            raise IllegalAction("pick_a_card")
        return [Action.make("play", card=c) for c in source.cards]
    return []


def _in_order(cards: tuple[str, ...]) -> list[str]:
    """The cards in the order the rules write a discard (by rank)."""
    try:
        return sorted(cards, key=Card.parse)
    except ValueError:
        raise IllegalAction("malformed", field="cards") from None


def gesture_for(seen: Observation, action: Action) -> tuple[Spot, Spot | None] | None:
    obs = cribbage_obs(seen)
    me = obs["seat"]
    if action.kind == "cut":
        return Spot("pack", slot=action["depth"]), None
    if action.kind == "discard":
        return Spot("hand", me, tuple(action["cards"])), Spot("crib", obs["dealer"])
    if action.kind == "play":
        return Spot("hand", me, (action["card"],)), Spot("play")
    return None
