"""Own Trumps events, built only when asked: a state keeps a recipe (a builder and its arguments per event).

Most states of a search or a play-out are never shown, so ``apply`` stores a few ints instead of dicts;
``TrumpsState.events`` turns the recipe into the public dicts (fresh ones each time).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core import Event
from rules.trumps.core import NAMES, SUITS

Recipe = tuple[tuple[Any, ...], ...]  # ((builder, *args), ...)


def lead(seat: int, card: int) -> Event:
    return {"type": "trumps.lead", "seat": seat, "card": NAMES[card]}


def second(seat: int, card: int) -> Event:
    return {"type": "trumps.second", "seat": seat, "card": NAMES[card]}


def beat(seat: int, card: int, beaten: int) -> Event:
    return {"type": "trumps.beat", "seat": seat, "card": NAMES[card], "beaten": NAMES[beaten]}


def pick_up(seat: int, count: int, reason: str, taken: Sequence[int], top: int | None) -> Event:
    """``taken``: the cards lifted, the top first."""
    return {"type": "trumps.pick_up", "seat": seat, "count": count, "reason": reason,
            "cards": [NAMES[c] for c in taken], "top": None if top is None else NAMES[top]}


def end(reason: str, seat: int | None, winners: Sequence[int], hand_counts: Sequence[int]) -> Event:
    return {"type": "trumps.end", "reason": reason, "seat": seat, "winners": list(winners),
            "hand_counts": list(hand_counts)}


def choose_trump(seat: int, suit: int) -> Event:
    return {"type": "trumps.choose_trump", "seat": seat, "suit": SUITS[suit]}


def deal(dealer: int, trumps: Sequence[int]) -> Event:
    return {"type": "trumps.deal", "dealer": dealer, "first": 1 - dealer, "trumps": [SUITS[t] for t in trumps],
            "hand_counts": [18, 18]}


def six_transfer(moves: Sequence[tuple[int, int]], hand_counts: Sequence[int]) -> Event:
    """``moves``: (card, to seat) per six handed over."""
    return {"type": "trumps.six_transfer", "moves": [{"card": NAMES[c], "from": 1 - to, "to": to} for c, to in moves],
            "hand_counts": list(hand_counts)}


def build(recipe: Recipe) -> tuple[Event, ...]:
    return tuple(step[0](*step[1:]) for step in recipe)
