"""Card Square selections: what a tap, key or drop on the table means in each phase — a preview to
confirm, an action to hand to the rules, or nothing. Pure logic on the observation (no pygame)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.cards import Card
from rules.core import Action
from rules.square.actions import POSITIONS
from rules.square.state import POWER_KINDS

DRAW = Action.make("draw")
DISCARD = Action.make("discard")
KNOCK = Action.make("knock")
LOOK = Action.make("look")
SKIP_LOOK = Action.make("skip_look")
DONE = Action.make("done")
QUEEN_SWAP = Action.make("queen_swap")
QUEEN_KEEP = Action.make("queen_keep")

# A target on the table: "draw", "discard", "drawn", "power", ("own", i) or ("opp", i), i = slot 0..3
Target = Any
TWO_TARGETS = ("jack_swap", "queen_look")
OWN_TARGET_POWERS = ("peek", *TWO_TARGETS)


def power_of(card: str | None) -> str | None:
    """The power a drawn card offers: peek, spy, jack_swap, queen_look or None."""
    return POWER_KINDS.get(Card.parse(card).rank) if card else None


@dataclass(frozen=True)
class Pick:
    """The selection being previewed. ``mode`` is take / swap / discard / peek / spy / jack_swap /
    queen_look (None: nothing chosen yet); ``own`` and ``opp`` are the chosen slot indexes."""

    mode: str | None = None
    own: int | None = None
    opp: int | None = None

    def action(self) -> Action | None:
        """The action this preview would confirm, or None while a target is still missing."""
        m, own, opp = self.mode, self.own, self.opp
        if m == "discard":
            return DISCARD
        if m in ("take", "swap", "peek") and own is not None:
            return Action.make(m, pos=POSITIONS[own])
        if m == "spy" and opp is not None:
            return Action.make("spy", pos=POSITIONS[opp])
        if m in TWO_TARGETS and own is not None and opp is not None:
            return Action.make(m, own=POSITIONS[own], opp=POSITIONS[opp])
        return None

    def targets(self) -> set[Target]:
        out: set[Target] = set()
        if self.own is not None:
            out.add(("own", self.own))
        if self.opp is not None:
            out.add(("opp", self.opp))
        if self.mode == "discard":
            out.add("discard")
        if self.mode in ("peek", "spy", *TWO_TARGETS):
            out.add("power")
        return out


NOTHING = Pick()
Result = tuple[Pick, Action | None]


def choose(pick: Pick, obs: dict[str, Any], target: Target) -> Result:
    """A tap (or key) on ``target``: the new preview, and an action to submit now (a confirmation,
    or a move the rules will refuse with their reason)."""
    phase = obs["phase"]
    if phase == "look":
        return (NOTHING, LOOK) if target in (("own", 2), ("own", 3)) else (pick, None)
    if phase == "reveal":
        shown = {("own" if r["owner"] == obs["seat"] else "opp", POSITIONS.index(tuple(r["pos"])))
                 for r in obs["revealed"]}
        return (NOTHING, DONE) if target in shown else (pick, None)
    if phase == "turn":
        return _choose_in_turn(pick, obs, target)
    if phase == "drawn":
        return _choose_drawn(pick, obs, target)
    return pick, None


def _again(pick: Pick, new: Pick) -> Result:
    """Choosing the same complete preview twice confirms it."""
    if pick == new and new.action() is not None:
        return NOTHING, new.action()
    return new, None


def _choose_in_turn(pick: Pick, obs: dict[str, Any], target: Target) -> Result:
    if target == "draw":
        return NOTHING, DRAW
    if target == "discard":
        if obs["discard_top"] is None:
            return pick, Action.make("take", pos=POSITIONS[0])  # refused: nothing to take
        return (NOTHING if pick.mode == "take" else Pick("take")), None
    if isinstance(target, tuple) and target[0] == "own":
        if pick.mode == "take":
            return _again(pick, Pick("take", own=target[1]))
        return pick, Action.make("swap", pos=POSITIONS[target[1]])  # refused: draw first
    if isinstance(target, tuple):
        return pick, Action.make("spy", pos=POSITIONS[target[1]])  # refused: draw first
    return pick, None


def _choose_drawn(pick: Pick, obs: dict[str, Any], target: Target) -> Result:
    power = power_of(obs["drawn"])
    if target == "draw":
        return pick, DRAW  # refused: already drawn
    if target == "drawn":
        return NOTHING, None
    if target == "discard":
        return _again(pick, Pick("discard"))
    if target == "power":
        return (Pick(power), None) if power else (pick, None)
    if not isinstance(target, tuple):
        return pick, None
    side, i = target
    if side == "own":
        if pick.mode == "peek":
            return _again(pick, Pick("peek", own=i))
        if pick.mode in TWO_TARGETS:
            return _again(pick, Pick(pick.mode, own=i, opp=pick.opp))
        return _again(pick, Pick("swap", own=i))
    if pick.mode in TWO_TARGETS:
        return _again(pick, Pick(pick.mode, own=pick.own, opp=i))
    if power == "spy":
        return _again(pick, Pick("spy", opp=i))
    if power in TWO_TARGETS:
        return Pick(power, opp=i), None
    return pick, Action.make("spy", pos=POSITIONS[i])  # refused with the reason the card has no spy


def drop(pick: Pick, obs: dict[str, Any], source: str, target: Target) -> tuple[Pick, Action | str | None]:
    """A drag of ``source`` (draw / discard / drawn) released on ``target``: a drop is deliberate, so
    it acts at once — except the two-card powers, whose second card is still a preview."""
    if source == "draw":
        return pick, (DRAW if target == "mine" else None)
    own = target[1] if isinstance(target, tuple) and target[0] == "own" else None
    opp = target[1] if isinstance(target, tuple) and target[0] == "opp" else None
    if source == "discard":
        if own is not None:
            return NOTHING, Action.make("take", pos=POSITIONS[own])
        return pick, ("take_own" if opp is not None else None)
    power = power_of(obs.get("drawn"))
    if target == "discard":
        return NOTHING, DISCARD
    if target == "power":
        return (Pick(power), None) if power else (pick, None)
    if own is not None:
        if pick.mode == "peek":
            return NOTHING, Action.make("peek", pos=POSITIONS[own])
        if pick.mode in TWO_TARGETS:
            return Pick(pick.mode, own=own, opp=pick.opp), None
        return NOTHING, Action.make("swap", pos=POSITIONS[own])
    if opp is not None:
        if power in TWO_TARGETS:
            keep = pick.own if pick.mode == power else None
            return Pick(power, own=keep, opp=opp), None
        return NOTHING, Action.make("spy", pos=POSITIONS[opp])
    return pick, None
