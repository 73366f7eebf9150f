"""Cribbage: why an action is refused, as a key and its parameters (only asked for actions not legal now)."""
from __future__ import annotations

from typing import Protocol

from rules.cards import Card
from rules.core import Action, IllegalAction
from rules.cribbage.decode import KINDS, action_from_json
from rules.cribbage.flow import MIN_PACKET
from rules.cribbage.score import value


class CribbageState(Protocol):
    """What the reasons read of the state (rules/cribbage/state.py's CribbageState, which imports this module)."""

    @property
    def phase(self) -> str: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def count(self) -> int: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]: ...
    def cut_range(self) -> tuple[int, int, int] | None: ...


_EXPECTED = {"cut_for_deal": "cut", "cut": "cut", "starter": "cut", "discard": "discard", "play": "play"}


def refusal(state: CribbageState, action: Action) -> IllegalAction:
    """The reason ``state`` (a CribbageState) refuses ``action``."""
    if action.kind == "go":
        return go_refusal(state)
    if action.kind in KINDS and action.kind != _EXPECTED.get(state.phase):
        return time_to(state.phase)
    try:
        action = action_from_json(action.to_json())
    except IllegalAction as exc:
        return exc
    if action.kind == "cut":
        due = state.cut_range()
        if due is None:
            return IllegalAction("not_now")
        lo, hi, n = due
        return IllegalAction("cut_range", min=lo, max=hi, of=n, keep=MIN_PACKET)
    if state.to_move is None:
        return IllegalAction("not_now")
    hand = state.hands[state.to_move]
    cards = [Card.parse(c) for c in action["cards"]] if action.kind == "discard" else [Card.parse(action["card"])]
    for card in cards:
        if card not in hand:
            return IllegalAction("not_in_hand", card=str(card))
    if action.kind == "play":
        return IllegalAction("past_31", card=str(cards[0]), count=state.count + value(cards[0]))
    return IllegalAction("not_now")


def time_to(phase: str) -> IllegalAction:
    """What the phase asks for instead."""
    if phase == "discard":
        return IllegalAction("time_to_discard")
    if phase == "play":
        return IllegalAction("time_to_play")
    if phase == "starter":
        return IllegalAction("time_to_cut_starter")
    if phase == "cut":
        return IllegalAction("time_to_cut")
    return IllegalAction("time_to_cut_for_deal")


def go_refusal(state: CribbageState) -> IllegalAction:
    """Go is never a move: it happens by itself when no card fits."""
    if state.phase == "play" and state.to_move is not None:
        fits = [str(c) for c in sorted(state.hands[state.to_move]) if state.count + value(c) <= 31]
        return IllegalAction("go_while_a_card_fits", count=state.count, cards=fits)
    return IllegalAction("no_go_move")
