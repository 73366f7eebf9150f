"""Kombi-Duell: why an action is refused, as a key and its parameters (only asked for illegal actions)."""
from __future__ import annotations

from typing import Protocol

from rules.cards import Card
from rules.core import Action, IllegalAction
from rules.kombi.combos import Combo, combo_kind

HAND_LIMIT = 10
KINDS = ("draw", "exchange", "play", "pass")


class KombiState(Protocol):
    """What the reasons read of the state (rules/kombi/state.py's KombiState, which imports this module)."""

    @property
    def done(self) -> tuple[str, ...]: ...
    @property
    def pile(self) -> tuple[Card, ...]: ...
    @property
    def area(self) -> tuple[Card, ...]: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]: ...
    @property
    def current(self) -> int: ...
    @property
    def quiet(self) -> int: ...
    def _exchange_open(self) -> bool: ...


def combos_of(action: Action) -> tuple[Combo, ...]:
    raw = action["combos"]
    if not isinstance(raw, tuple) or not all(isinstance(c, tuple) for c in raw):
        raise ValueError("combos must be a list of lists")
    return tuple(tuple(Card.parse(s) for s in combo) for combo in raw)


def refusal(state: KombiState, action: Action) -> IllegalAction:
    """The reason ``state`` (a KombiState) refuses ``action``."""
    if action.kind not in KINDS:
        return IllegalAction("unknown_kind", kind=action.kind)
    if action.kind in ("draw", "pass") and action.args:
        return IllegalAction("malformed", field=action.args[0][0])
    if action.kind == "draw":
        return _draw_refusal(state)
    if action.kind == "exchange":
        return _exchange_refusal(state, action)
    if action.kind == "play":
        return _play_refusal(state, action)
    return IllegalAction("not_now")


def _draw_refusal(state: KombiState) -> IllegalAction:
    if "draw" in state.done:
        return IllegalAction("drew_already")
    if not state.pile:
        return IllegalAction("pile_empty")
    if len(state.hands[state.current]) >= HAND_LIMIT:
        return IllegalAction("hand_full", limit=HAND_LIMIT)
    return IllegalAction("not_now")


def _exchange_refusal(state: KombiState, action: Action) -> IllegalAction:
    if "exchange" in state.done:
        return IllegalAction("exchanged_already")
    if not state._exchange_open():
        return IllegalAction("exchange_closed", turns=state.quiet)
    try:
        gave, took = Card.parse(action["hand"]), Card.parse(action["area"])
    except (KeyError, ValueError):
        return IllegalAction("malformed", field="exchange")
    if gave not in state.hands[state.current]:
        return IllegalAction("not_in_hand", card=str(gave))
    if took not in state.area:
        return IllegalAction("not_in_area", card=str(took))
    return IllegalAction("malformed", field="exchange")


def _play_refusal(state: KombiState, action: Action) -> IllegalAction:
    if "play" in state.done:
        return IllegalAction("played_already")
    try:
        combos = combos_of(action)
    except (KeyError, ValueError, TypeError):
        return IllegalAction("malformed", field="combos")
    if not combos:
        return IllegalAction("no_combination")
    seen: set[Card] = set()
    for card in (c for combo in combos for c in combo):
        if card in seen:
            return IllegalAction("used_twice", card=str(card))
        seen.add(card)
    hand = state.hands[state.current]
    for card in (c for combo in combos for c in combo):
        if card not in hand:
            return IllegalAction("not_in_hand", card=str(card))
    for combo in combos:
        if combo_kind(combo) is None:
            return IllegalAction("not_a_combination", cards=[str(c) for c in combo])
    return IllegalAction("malformed", field="combos")
