"""Kombi-Duell gestures (rules/gesture.py): what a drag or tap between two spots of the table means.

Spots: the seat's ``hand`` (the cards held), the shared ``draw`` pile, a card of the ``exchange`` area, and each
seat's ``pile`` of played combinations. Pass is a button, not a gesture.
"""
from __future__ import annotations

from rules.core import Action, IllegalAction
from rules.gesture import Spot
from rules.kombi.combos import best_split
from rules.kombi.state import DRAW, play_action
from rules.kombi.types import kombi_obs
from rules.shapes import Observation


def intents(seen: Observation, source: Spot, target: Spot | None) -> list[Action]:
    obs = kombi_obs(seen)
    me = obs["seat"]
    if source.zone == "draw":
        if target is None or (target.zone == "hand" and target.owner == me):
            return [DRAW]
        return []
    if source.zone == "exchange" and target is not None and target.zone == "hand" and target.owner == me:
        # an exchange card brought to the hand: onto one card, that one; else any card of the hand
        gave = target.cards or tuple(obs["hand"])
        return [Action.make("exchange", hand=c, area=a) for a in source.cards for c in gave]
    if source.zone != "hand" or source.owner != me or target is None:
        return []
    if target.zone == "exchange":
        if not source.cards:
            raise IllegalAction("pick_a_card")
        if len(source.cards) != 1:
            raise IllegalAction("one_at_a_time")
        return [Action.make("exchange", hand=source.cards[0], area=a) for a in target.cards]
    if not source.cards:
        return []
    if target.zone == "pile" and target.owner == me:
        split = best_split(source.cards)
        return [play_action(split) if split else play_action([source.cards])]
    if target.zone == "draw":
        raise IllegalAction("no_putting_back")
    return []


def gesture_for(obs: Observation, action: Action) -> tuple[Spot, Spot | None] | None:
    me = obs["seat"]
    if action.kind == "draw":
        return Spot("draw"), Spot("hand", me)
    if action.kind == "exchange":
        return Spot("hand", me, (action["hand"],)), Spot("exchange", None, (action["area"],))
    if action.kind == "play":
        return Spot("hand", me, tuple(sorted(c for combo in action["combos"] for c in combo))), Spot("pile", me)
    return None  # pass: the Pass / End turn button
