"""Own Trumps gestures (rules/gesture.py): what a drag or tap between two spots of the table means.

Spots: the trump picker's ``suit`` tiles (``slot`` 0-3: clubs, diamonds, hearts, spades), the seat's ``hand``
(the cards held) and the shared ``pile``. A suit is chosen by tapping its tile; a hand card goes onto the pile
(a lead, a beat or the second card: the phase decides); the pile tapped or dragged to the hand picks up.
"""
from __future__ import annotations

from rules.core import Action, IllegalAction
from rules.gesture import Spot
from rules.shapes import Observation
from rules.trumps.actions import CHOOSE, PICK_UP
from rules.trumps.core import SUITS


def intents(obs: Observation, source: Spot, target: Spot | None) -> list[Action]:
    me = obs["seat"]
    mine = target is not None and target.zone == "hand" and target.owner == me
    if source.zone == "suit":
        suit = source.slot
        return [CHOOSE[suit]] if target is None and suit is not None and 0 <= suit < len(SUITS) else []
    if source.zone == "pile":
        return [PICK_UP] if target is None or mine else []
    if source.zone != "hand" or source.owner != me or target is None or target.zone != "pile":
        return []
    if not source.cards:
        return []
    if len(source.cards) != 1:
        raise IllegalAction("one_at_a_time")
    return [Action.make("play", card=source.cards[0])]


def gesture_for(obs: Observation, action: Action) -> tuple[Spot, Spot | None] | None:
    me = obs["seat"]
    if action.kind == "choose_trump":
        return Spot("suit", None, (), SUITS.index(action["suit"])), None
    if action.kind == "play":
        return Spot("hand", me, (action["card"],)), Spot("pile")
    if action.kind == "pick_up":
        return Spot("pile"), Spot("hand", me)
    return None
