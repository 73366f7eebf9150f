"""From a gesture to the one legal action it means (as python-chess's ``find_move``), in every game the same way.

A table knows only where a finger went down and came up: on which *spot* of the table (a zone such as the hand,
the draw pile or the opponent's square, the cards held or pointed at, the slot). Each game says what a gesture
between two spots can mean (``GameSpec.intents``, from the seat's observation alone, so an online client answers
as a local table does) and, the other way round, which gesture makes an action (``GameSpec.gesture_for``: used by
coach marks, the lighting of drop targets and the tests that play every game through its table).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.core import Action, IllegalAction
from rules.shapes import Spot as Spot  # a spot is a boundary shape; the gestures' modules name it from here

if TYPE_CHECKING:
    from rules.core import GameSpec
    from rules.shapes import Observation


@dataclass(frozen=True)
class Choice:
    """A gesture that means more than one legal action: the player picks one of ``options``."""

    options: tuple[Action, ...]


def legal_set(spec: GameSpec, obs: Observation) -> frozenset[Action]:
    """The legal actions an observation lists (empty unless its seat is to move)."""
    return frozenset(spec.action_from_json(a) for a in obs["legal"])


def find_action(spec: GameSpec, obs: Observation, source: Spot, target: Spot | None = None,
                legal: frozenset[Action] | None = None) -> Action | Choice:
    """The legal action a gesture from ``source`` to ``target`` (None: a tap on ``source``) means, or a Choice
    when it means several. When it means actions of which none is legal now, the first of them is returned for
    the one door to refuse with the rules' own reason. A gesture that means nothing raises IllegalAction."""
    meant = spec.intents(obs, source, target)
    if not meant:
        raise IllegalAction("nothing_there", zone=(target or source).zone)
    allowed = legal_set(spec, obs) if legal is None else legal
    ok = tuple(a for a in meant if a in allowed)
    if len(ok) == 1:
        return ok[0]
    if ok:
        return Choice(ok)
    return meant[0]


def legal_meanings(spec: GameSpec, obs: Observation, source: Spot, target: Spot | None,
                   legal: frozenset[Action]) -> tuple[Action, ...]:
    """The legal actions a gesture means (none for a gesture the game refuses): where a drop may light up."""
    try:
        meant = spec.intents(obs, source, target)
    except IllegalAction:
        return ()
    return tuple(a for a in meant if a in legal)
