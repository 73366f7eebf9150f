"""Own Trumps bot figures for ``make bench``: strength of levels 2 and 3 and their think time."""
from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from rules.bots.base import RandomBot
from rules.core import Action
from rules.trumps.bot import GreedyBaseline, make
from tools.arena import play_out


def _match(hero: Any, villain: Any, games: int, first_seed: int, times: list[float]) -> tuple[int, int, int]:
    """(wins, draws, losses) of ``hero``, seats alternating; its think time per asked move goes to ``times``."""
    class Timed:
        def choose(self, seen: Sequence[dict[str, Any]], rng: random.Random) -> Action:
            start = time.perf_counter()
            action = hero.choose(seen, rng)
            times.append(time.perf_counter() - start)
            return action

    wins = draws = 0
    for i in range(games):
        seat = i % 2
        out = play_out("trumps", (Timed(), villain) if seat == 0 else (villain, Timed()), first_seed + i)
        wins += out.winners == (seat,)
        draws += len(out.winners) == 2
    return wins, draws, games - wins - draws


def bench_report(games: int = 200) -> list[str]:
    """Measured strength and think time of levels 2 and 3 (the benchmark may use a clock; bots don't)."""
    lines = []
    for level in (2, 3):
        times: list[float] = []
        n = games if level == 2 else max(4, games // 20)  # level 3 thinks up to a second a move
        for name, villain, target in (("random", RandomBot(), 0.95), ("greedy", GreedyBaseline(), 0.70)):
            w, d, lost = _match(make(level), villain, n, 0, times)
            rate = (w + d / 2) / n
            mark = "ok" if rate >= target else "BELOW TARGET"
            lines.append(f"level {level} vs {name}: {rate:.1%} over {n} seeded games "
                         f"({w} won, {d} drawn, {lost} lost; target >= {target:.0%}: {mark})")
        times.sort()
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        median = statistics.median(times)
        lines.append(f"level {level} think time over {len(times)} moves: median {median * 1e3:.1f} ms, "
                     f"p99 {p99 * 1e3:.0f} ms, max {times[-1] * 1e3:.0f} ms")
    return lines


def _mask_playout(seed: int, rng: random.Random) -> int:
    """The random game of ``tools.timing.playout`` on the bot's bare masks (``rules.trumps.bot.Search``):
    no validation, no history, no events. Returns the number of moves."""
    from rules.trumps.bot import Search
    from rules.trumps.state import new_game

    state = new_game(seed=seed)
    while state.phase == "choose_trump":
        state = state.apply(rng.choice(state.legal_actions()))
    trumps = (state.trump(0), state.trump(1))
    search = Search(trumps, 0, state.voluntary_pickup)
    pos, end, moves = (state.hands, state.pile, state.turn, 0), None, 0
    while end is None and moves < 20_000:
        pos, end = search.step(pos, rng.choice(search.moves(pos)))
        moves += 1
    return moves


def _games(play: Any, r: int, seconds: float) -> float:
    """Random games a second, seeds counting up from 0 and dice seeded by ``r``."""
    from tools.timing import rate

    rng, seeds = random.Random(r), iter(range(10**9))
    return rate(lambda: play(next(seeds), rng), seconds)


def playout_anchor(seconds: float = 2.0, rounds: int = 4) -> dict[str, float]:
    """Random Own Trumps games per second through the engine (the validated door, as ``playouts`` in
    tools/rules_bench.py) and, interleaved in the same run, the same random games on the bot's bare masks:
    the anchor shows what the rules themselves cost, so the ratio means something on a loaded machine."""
    from tools.timing import playout

    engine = masks = 0.0
    for r in range(rounds):
        engine += _games(lambda seed, rng: playout("trumps", seed, rng), r, seconds / rounds)
        masks += _games(_mask_playout, r, seconds / rounds)  # the same games: same seeds, same dice
    return {"games_per_s": engine / rounds, "masks_games_per_s": masks / rounds,
            "engine_over_masks": engine / masks if masks else 0.0}
