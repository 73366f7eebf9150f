"""Card Duels rules: pure Python, no pygame. One package per game, one contract for all; the game registry."""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any

from rules.cards import Card

if TYPE_CHECKING:
    from rules.core import Action, Event, GameSpec, GameState, IllegalAction

_CORE = ("Action", "Event", "GameSpec", "GameState", "IllegalAction")


def __getattr__(name: str) -> Any:
    """``rules.Action`` and the other contract types, loaded when first asked: start-up lists the games
    (``GAMES``) and draws cards, and needs none of them (building their dataclasses costs about 1.5 ms)."""
    if name in _CORE:
        return getattr(import_module("rules.core"), name)
    raise AttributeError(f"module 'rules' has no attribute {name!r}")


class _Registry(Mapping[str, "GameSpec"]):
    """Game id -> its ``GameSpec``. A game's package (its state, its rules) is imported the first time its spec is
    asked for: listing the games (the command line, the menu) loads none of them, so start-up does not either."""

    def __init__(self, ids: tuple[str, ...]) -> None:
        self._ids = ids

    def __getitem__(self, game_id: str) -> GameSpec:
        if game_id not in self._ids:
            raise KeyError(game_id)
        spec = import_module(f"rules.{game_id}").GAME
        assert spec.id == game_id, f"rules.{game_id} registers {spec.id!r}"
        return spec

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._ids

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids)

    def __len__(self) -> int:
        return len(self._ids)


# A new game is one more package beside these (rules/<id>/, its GAME in __init__) and one more name here.
GAMES: Mapping[str, GameSpec] = _Registry(("cribbage", "square", "kombi", "trumps"))


def spec(game_id: str) -> GameSpec:
    try:
        return GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; known: {', '.join(sorted(GAMES))}") from None


def new_game(game_id: str, **setup: Any) -> GameState:
    """Start a game: ``seed=N`` for a seeded deal, or ``deck=[...]`` (plus game options)."""
    return spec(game_id).new_game(**setup)


def action_from_json(game_id: str, data: Mapping[str, Any]) -> Action:
    """Decode and shape-check an action; raises :class:`IllegalAction` for malformed input."""
    return spec(game_id).action_from_json(data)


__all__ = [
    "GAMES", "Action", "Card", "Event", "GameSpec", "GameState", "IllegalAction",
    "action_from_json", "new_game", "spec",
]
