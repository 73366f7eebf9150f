"""Bot-versus-bot games through observations only: for benchmarks, stress tests and demos."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import rules
from rules.bots import Bot
from rules.core import GameState
from rules.rng import derive


def greedy(game_id: str) -> Bot:
    """The game's greedy baseline (``GameSpec.bench.baseline``: the issue's "greedy player from the rules", e.g. the
    move that scores most now); KeyError for a game that has none."""
    make = rules.GAMES[game_id].bench.baseline
    if make is None:
        raise KeyError(f"{game_id} has no greedy baseline")
    return make()


@dataclass(frozen=True)
class Outcome:
    seed: int
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    actions: int


def play_out(game_id: str, bots: tuple[Bot, Bot], seed: int, max_actions: int = 20000,
             start: Callable[[int], GameState] | None = None) -> Outcome:
    """Play one seeded game; each bot is shown only its own seat's observations."""
    state, count = final_state(game_id, bots, seed, max_actions, start)
    return Outcome(seed, tuple(state.winners), tuple(state.scores), count)


def final_state(game_id: str, bots: tuple[Bot, Bot], seed: int, max_actions: int = 20000,
                start: Callable[[int], GameState] | None = None) -> tuple[GameState, int]:
    """The state one seeded game ends in, and how many actions it took (see :func:`play_out`)."""
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
    return state, count


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


@dataclass(frozen=True)
class Duel:
    """Hero against villain over paired deals: each seed is played twice, the seats swapped, so the luck of
    the cards cancels and a small edge shows in fewer games."""

    games: int
    win_rate: float  # a draw or shared win counts half
    ci95: float  # half-width of the 95% interval of win_rate (normal approximation over the pairs)
    margin: float  # mean of hero's score minus villain's score per game (where low scores win, below 0 is good)

    def as_dict(self) -> dict:
        return {"games": self.games, "win_rate": round(self.win_rate, 4), "ci95": round(self.ci95, 4),
                "margin": round(self.margin, 3)}


def duel_pairs(game_id: str, hero: Bot, villain: Bot, deals: int, first_seed: int = 0,
               stuck: list[float] | None = None) -> list[list[float]]:
    """Each seed from ``first_seed`` played twice (hero in seat 0, then in seat 1): per deal the hero's points
    (a win 1, a draw or shared win 0.5) and its two score margins, ``[points, margin, margin]``. ``stuck`` gets
    the hero's points of every game it ended stuck in (the game's ``bench.stuck``)."""
    out = []
    is_stuck = rules.GAMES[game_id].bench.stuck
    for seed in range(first_seed, first_seed + deals):
        row = [0.0]
        for hero_seat in (0, 1):
            bots = (hero, villain) if hero_seat == 0 else (villain, hero)
            state = final_state(game_id, bots, seed)[0]
            won = (1.0 if len(state.winners) == 1 else 0.5) if hero_seat in state.winners else 0.0
            row[0] += won
            row.append(state.scores[hero_seat] - state.scores[1 - hero_seat])
            if stuck is not None and is_stuck is not None and is_stuck(state, hero_seat):
                stuck.append(won)
        out.append(row)
    return out


def summarize(pairs: list[list[float]]) -> Duel:
    """The duel of a list of ``duel_pairs`` rows (runs split over processes pool by concatenation)."""
    n = len(pairs)
    share = [p[0] / 2 for p in pairs]
    mean = sum(share) / n
    var = sum((p - mean) ** 2 for p in share) / max(1, n - 1)
    margins = [m for p in pairs for m in p[1:]]
    return Duel(2 * n, mean, 1.96 * (var / n) ** 0.5, sum(margins) / len(margins))


def duel(game_id: str, hero: Bot, villain: Bot, deals: int, first_seed: int = 0) -> Duel:
    """Play ``deals`` seeds twice each (hero in seat 0, then in seat 1)."""
    return summarize(duel_pairs(game_id, hero, villain, deals, first_seed))
