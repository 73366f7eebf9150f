"""Renaming a state's cards: another deal of the same game, the privacy tests' tool (``GameState.redealt``)."""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

from rules.cards import Card

T = TypeVar("T")


def renamed(value: Any, swap: Mapping[str, str]) -> Any:
    """``value`` with every card in it renamed by ``swap``: cards, card codes among plain strings (events name cards
    by code), and what holds them (tuples, named tuples, lists, sets, dict values, dataclasses). Anything else is
    kept as it is, so a game whose cards live in other shapes says how to rename them (``GameState.redealt``).

    >>> renamed((Card.parse("7H"), ["AS", "7H"], {"card": "KD"}), {"7H": "KD", "KD": "7H"})
    (Card(rank=13, suit='D'), ['AS', 'KD'], {'card': '7H'})
    """
    if isinstance(value, Card):
        code = str(value)
        return Card.parse(swap[code]) if code in swap else value
    if isinstance(value, str):
        return swap.get(value, value)
    if isinstance(value, tuple):
        items = [renamed(v, swap) for v in value]
        if type(value) is tuple:
            return tuple(items)
        make = getattr(type(value), "_make", None)  # a named tuple; another tuple type keeps its own shape
        return make(items) if make is not None else value
    if isinstance(value, list):
        return [renamed(v, swap) for v in value]
    if isinstance(value, (set, frozenset)):
        return type(value)(renamed(v, swap) for v in value)
    if isinstance(value, dict):
        return {k: renamed(v, swap) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return renamed_fields(value, swap)
    return value


def renamed_fields(state: T, swap: Mapping[str, str]) -> T:
    """A dataclass rebuilt from its fields, each renamed (its derived values are computed afresh)."""
    assert dataclasses.is_dataclass(state) and not isinstance(state, type), f"{type(state).__name__}: say how"
    changes = {f.name: renamed(getattr(state, f.name), swap) for f in dataclasses.fields(state) if f.init}
    return dataclasses.replace(state, **changes)
