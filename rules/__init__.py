"""Card Duels rules: pure Python, no pygame. One package per game, one contract for all; the game registry."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules import cribbage, kombi, square, trumps
from rules.cards import Card
from rules.core import Action, Event, GameSpec, GameState, IllegalAction

# A new game is one more package beside these and one more entry here.
GAMES: dict[str, GameSpec] = {g.GAME.id: g.GAME for g in (cribbage, square, kombi, trumps)}


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
