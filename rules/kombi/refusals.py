"""Kombi-Duell: why an action is refused, in words a player understands (only asked for illegal actions)."""
from __future__ import annotations

from typing import Any

from rules.cards import Card, pretty_cards
from rules.core import Action
from rules.kombi.combos import Combo, combo_kind

HAND_LIMIT = 10
KINDS = ("draw", "exchange", "play", "pass")


def combos_of(action: Action) -> tuple[Combo, ...]:
    raw = action["combos"]
    if not isinstance(raw, tuple) or not all(isinstance(c, tuple) for c in raw):
        raise ValueError("combos must be a list of lists")
    return tuple(tuple(Card.parse(s) for s in combo) for combo in raw)


def refusal(state: Any, action: Action) -> str:
    """The reason ``state`` (a KombiState) refuses ``action``."""
    if action.kind not in KINDS:
        return f"Unknown action {action.kind!r}."
    if action.kind in ("draw", "pass") and action.args:
        return f"A {action.kind} takes no cards."
    if action.kind == "draw":
        return _draw_refusal(state)
    if action.kind == "exchange":
        return _exchange_refusal(state, action)
    if action.kind == "play":
        return _play_refusal(state, action)
    return "That move is not allowed now."


def _draw_refusal(state: Any) -> str:
    if "draw" in state.done:
        return "You already drew this turn."
    if not state.pile:
        return "The draw pile is empty."
    if len(state.hands[state.current]) >= HAND_LIMIT:
        return f"Your hand is full: at most {HAND_LIMIT} cards."
    return "You cannot draw now."


def _exchange_refusal(state: Any, action: Action) -> str:
    if "exchange" in state.done:
        return "You already exchanged a card this turn."
    if not state._exchange_open():
        return "Exchanges are closed: ten turns in a row had no draw and no play. Draw or play first."
    try:
        gave, took = Card.parse(action["hand"]), Card.parse(action["area"])
    except (KeyError, ValueError):
        return "An exchange needs one hand card and one exchange-area card."
    if gave not in state.hands[state.current]:
        return f"{gave.pretty} is not in your hand."
    if took not in state.area:
        return f"{took.pretty} is not in the exchange area."
    return "Write the exchange with plain card names, e.g. 4C and QD."


def _play_refusal(state: Any, action: Action) -> str:
    if "play" in state.done:
        return "You already played combinations this turn."
    try:
        combos = combos_of(action)
    except (KeyError, ValueError, TypeError):
        return "A play needs a list of combinations, each a list of cards."
    if not combos:
        return "Choose at least one combination."
    seen: set[Card] = set()
    for card in (c for combo in combos for c in combo):
        if card in seen:
            return f"{card.pretty} is used twice."
        seen.add(card)
    hand = state.hands[state.current]
    for card in (c for combo in combos for c in combo):
        if card not in hand:
            return f"{card.pretty} is not in your hand."
    for combo in combos:
        if combo_kind(combo) is None:
            return f"{pretty_cards(combo)} is not a valid combination."
    return "Write the play in normal order: build it with play_action()."
