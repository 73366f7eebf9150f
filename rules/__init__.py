"""Card Duels rules: pure Python, no pygame. One package per game, one contract for all; the game registry."""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import TYPE_CHECKING

from rules.cards import Card

if TYPE_CHECKING:
    from rules.core import Action, Event, GameSpec, GameState, IllegalAction

_CORE = ("Action", "Event", "GameSpec", "GameState", "IllegalAction")


def __getattr__(name: str) -> object:
    """``rules.Action`` and the other contract types, loaded when first asked: start-up lists the games
    (``GAMES``) and draws cards, and needs none of them (building their dataclasses costs about 1.5 ms)."""
    if name in _CORE:
        return getattr(import_module("rules.core"), name)
    raise AttributeError(f"module 'rules' has no attribute {name!r}")


class _Registry(Mapping[str, "GameSpec"]):
    """Game id -> its ``GameSpec``, found as ``GAME`` in the game's package. A game's package (its state, its rules) is
    imported the first time its spec is asked for: listing the games (the command line, the menu) loads none of them,
    so start-up does not either."""

    def __init__(self, packages: Mapping[str, str]) -> None:
        self._packages = dict(packages)  # id -> the package that holds the game's GAME

    def __getitem__(self, game_id: str) -> GameSpec:
        package = self._packages[game_id]
        spec: GameSpec = import_module(package).GAME
        assert spec.id == game_id, f"{package} registers {spec.id!r}"
        return spec

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._packages

    def __iter__(self) -> Iterator[str]:
        return iter(self._packages)

    def __len__(self) -> int:
        return len(self._packages)

    def package(self, game_id: str) -> str:
        """Where a game's rules live (``rules.<id>`` for the games the program ships)."""
        return self._packages[game_id]

    def add(self, game_id: str, package: str) -> None:
        """Register one more game (a test's sample game; the program's games are listed below)."""
        self._packages[game_id] = package


# A new game is one more package beside these (rules/<id>/, its GAME in __init__) and one more name here.
GAMES = _Registry({g: f"rules.{g}" for g in ("cribbage", "square", "kombi", "trumps")})


def spec(game_id: str) -> GameSpec:
    try:
        return GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; known: {', '.join(sorted(GAMES))}") from None


def new_game(game_id: str, **setup: object) -> GameState:
    """Start a game: ``seed=N`` for a seeded deal, or ``deck=[...]`` (plus game options)."""
    return spec(game_id).new_game(**setup)


def action_from_json(game_id: str, data: Mapping[str, object]) -> Action:
    """Decode and shape-check an action; raises :class:`IllegalAction` for malformed input."""
    return spec(game_id).action_from_json(data)


__all__ = [
    "GAMES", "Action", "Card", "Event", "GameSpec", "GameState", "IllegalAction",
    "action_from_json", "new_game", "spec",
]
