"""Card Square gestures (rules/gesture.py): what a drag or tap between two spots of the table means.

Spots: the shared ``draw`` pile and ``discard`` pile, the seat's ``drawn`` card, the ``power`` zone beside it (the
drawn card played for its power), and each seat's ``square`` (``slot`` 0..3 for one of its cards, None for the
whole square). Skipping the look, knocking and the Queen's swap or keep are buttons.

A gesture that still leaves positions open means every action it could become (the draw pile's top taken, a
power chosen, a Jack aimed at an opponent card): the table lets the player point at the missing card(s) and
keeps the move a preview until it is confirmed (RULES.md §1.4).
"""
from __future__ import annotations

from rules.core import Action, IllegalAction
from rules.gesture import Spot
from rules.shapes import Observation
from rules.square.actions import BOTTOM, POSITIONS, index_of
from rules.square.state import power_of
from rules.square.types import SquareObs, square_obs

DRAW, DISCARD, LOOK, DONE = (Action.make(k) for k in ("draw", "discard", "look", "done"))
TWO_CARD_POWERS = ("jack_swap", "queen_look")


def intents(seen: Observation, source: Spot, target: Spot | None) -> list[Action]:
    obs = square_obs(seen)
    if obs["over"]:
        raise IllegalAction("game_over")
    me = obs["seat"]
    if source.zone == "draw":
        mine = target is None or (target.zone == "square" and target.owner == me)
        return [DRAW] if mine else []
    if source.zone == "discard":
        return _from_discard(me, target)
    if source.zone == "drawn":
        return _from_drawn(obs, target)
    if source.zone == "square" and target is None:
        return _tap_square(obs, source)
    if source.zone == "square" and target is not None and target.zone == "square":
        return _two_cards(obs, source, target)
    return []


def _from_discard(me: int, target: Spot | None) -> list[Action]:
    takes = [Action.make("take", pos=p) for p in POSITIONS]
    if target is None:
        return takes
    if target.zone == "square" and target.owner != me:
        raise IllegalAction("take_own")
    if target.zone == "square":
        return takes if target.slot is None else [takes[target.slot]]
    if target.zone == "draw":
        raise IllegalAction("no_putting_back")
    return []


def _from_drawn(obs: SquareObs, target: Spot | None) -> list[Action]:
    """The drawn card brought to ``target``: swapped in (or, a 7/8, perhaps peeked with), discarded, played for
    its power, or aimed at an opponent card (a 9/10 spies there; a Jack or Queen pairs it with an own card)."""
    power = power_of(obs["drawn"])
    if target is None:
        return []
    if target.zone == "discard":
        return [DISCARD]
    if target.zone == "draw":
        raise IllegalAction("no_putting_back")
    if target.zone == "power":
        if power is None:
            raise IllegalAction("no_power")
        if power in TWO_CARD_POWERS:
            return [Action.make(power, own=o, opp=q) for o in POSITIONS for q in POSITIONS]
        return [Action.make(power, pos=p) for p in POSITIONS]
    if target.zone != "square":
        return []
    if target.owner == obs["seat"]:
        if target.slot is None:
            return [Action.make("swap", pos=p) for p in POSITIONS]
        pos = POSITIONS[target.slot]
        return [Action.make("swap", pos=pos)] + ([Action.make("peek", pos=pos)] if power == "peek" else [])
    if target.slot is None:
        return []
    pos = POSITIONS[target.slot]
    if power in TWO_CARD_POWERS:
        return [Action.make(power, own=o, opp=pos) for o in POSITIONS]
    return [Action.make("spy", pos=pos)]


def _tap_square(obs: SquareObs, spot: Spot) -> list[Action]:
    """A card of a square tapped: the initial look (a bottom card), the end of a look (a card being looked at),
    or, with a drawn card, that card brought there."""
    phase, me = obs["phase"], obs["seat"]
    if phase == "drawn":
        return _from_drawn(obs, spot)
    if phase == "look":
        if spot.owner == me and spot.slot in BOTTOM:
            return [LOOK]
        raise IllegalAction("look_first")
    if phase == "reveal":
        if any(r["owner"] == spot.owner and index_of(r["pos"]) == spot.slot for r in obs["revealed"]):
            return [DONE]
        raise IllegalAction("confirm_first")
    if phase == "queen":
        raise IllegalAction("decide_first")
    raise IllegalAction("draw_first")


def _two_cards(obs: SquareObs, a: Spot, b: Spot) -> list[Action]:
    """One own and one opponent card paired: the drawn Jack's blind swap or the drawn Queen's look."""
    me = obs["seat"]
    if a.slot is None or b.slot is None:
        return []
    if a.owner == b.owner:
        raise IllegalAction("one_of_each")
    own, opp = (a.slot, b.slot) if a.owner == me else (b.slot, a.slot)
    power = power_of(obs["drawn"])
    kind = power if power in TWO_CARD_POWERS else "jack_swap"
    return [Action.make(kind, own=POSITIONS[own], opp=POSITIONS[opp])]


def gesture_for(seen: Observation, action: Action) -> tuple[Spot, Spot | None] | None:
    obs = square_obs(seen)
    me, kind = obs["seat"], action.kind
    drawn = Spot("drawn", me, (obs["drawn"],) if obs["drawn"] else ())
    if kind == "draw":
        return Spot("draw"), Spot("square", me)
    if kind == "take":
        return discard_spot(obs), Spot("square", me, slot=index_of(action["pos"]))
    if kind in ("swap", "peek"):
        return drawn, Spot("square", me, slot=index_of(action["pos"]))
    if kind == "spy":
        return drawn, Spot("square", 1 - me, slot=index_of(action["pos"]))
    if kind == "discard":
        return drawn, discard_spot(obs)
    if kind in TWO_CARD_POWERS:
        return (Spot("square", me, slot=index_of(action["own"])),
                Spot("square", 1 - me, slot=index_of(action["opp"])))
    if kind == "look":
        return Spot("square", me, slot=BOTTOM[0]), None
    if kind == "done" and obs["revealed"]:
        first = obs["revealed"][0]
        return Spot("square", first["owner"], slot=index_of(first["pos"])), None
    return None  # skip_look, knock, queen_swap, queen_keep: buttons


def discard_spot(obs: SquareObs) -> Spot:
    """The discard pile, holding its top card (if any)."""
    top = obs["discard_top"]
    return Spot("discard", None, (top,) if top else ())
