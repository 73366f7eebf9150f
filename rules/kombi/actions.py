"""Kombi-Duell's actions as values: DRAW and PASS, the one table of EXCHANGE actions, and the PLAY of some
combinations. A state lists these very objects, so its door knows a listed action by identity."""
from __future__ import annotations

from collections.abc import Iterable

from rules.cards import Card
from rules.core import Action
from rules.kombi.combos import normalise_combos
from rules.kombi.plays import NAME_OF_BIT

DRAW = Action.make("draw")
PASS = Action.make("pass")


def play_action(combos: Iterable[Iterable[Card | str]]) -> Action:
    """The normalised PLAY action for these combinations (validity is checked by ``apply``)."""
    return Action.make("play", combos=[[str(c) for c in combo] for combo in normalise_combos(combos)])


EXCHANGES: list[tuple[Action, ...]] = []  # hand bit -> (area bit -> the action), built on first use
EXCHANGED: dict[int, tuple[Action, int, int]] = {}  # id of a table action -> (the action, hand bit, area bit)


def exchange_rows() -> list[tuple[Action, ...]]:
    if not EXCHANGES:
        for h in range(52):
            row = tuple(Action.make("exchange", hand=NAME_OF_BIT[h], area=NAME_OF_BIT[a]) for a in range(52))
            EXCHANGED.update((id(action), (action, h, a)) for a, action in enumerate(row))
            EXCHANGES.append(row)
    return EXCHANGES
