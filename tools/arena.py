"""Bot-versus-bot games through observations only: for benchmarks, stress tests and demos."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import rules
from rules.bots import Bot
from rules.core import GameState
from rules.rng import derive


@dataclass(frozen=True)
class Outcome:
    seed: int
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    actions: int


def play_out(game_id: str, bots: tuple[Bot, Bot], seed: int, max_actions: int = 20000,
             start: Callable[[int], GameState] | None = None) -> Outcome:
    """Play one seeded game; each bot is shown only its own seat's observations."""
    state = start(seed) if start else rules.new_game(game_id, seed=seed)
    seen: tuple[list[dict], list[dict]] = ([], [])
    rngs = (derive(seed, "bot", 0), derive(seed, "bot", 1))
    count = 0
    while not state.is_over:
        if count >= max_actions:
            raise RuntimeError(f"{game_id} seed {seed}: no end after {max_actions} actions")
        seat = state.to_move
        assert seat is not None
        seen[seat].append(state.observe(seat))
        state = state.apply(bots[seat].choose(seen[seat], rngs[seat]))
        count += 1
    return Outcome(seed, tuple(state.winners), tuple(state.scores), count)


def win_rate(game_id: str, hero: Bot, villain: Bot, games: int, first_seed: int = 0) -> float:
    """Share of games the hero wins (a draw or shared win counts half), seats alternating."""
    points = 0.0
    for i in range(games):
        seed = first_seed + i
        hero_seat = i % 2
        bots = (hero, villain) if hero_seat == 0 else (villain, hero)
        out = play_out(game_id, bots, seed)
        if hero_seat in out.winners:
            points += 1.0 if len(out.winners) == 1 else 0.5
    return points / games
