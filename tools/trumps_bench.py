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
        for name, villain, target in (("random", RandomBot(), 0.95), ("greedy", GreedyBaseline(), 0.70)):
            w, d, lost = _match(make(level), villain, games, 0, times)
            rate = (w + d / 2) / games
            mark = "ok" if rate >= target else "BELOW TARGET"
            lines.append(f"level {level} vs {name}: {rate:.1%} over {games} seeded games "
                         f"({w} won, {d} drawn, {lost} lost; target >= {target:.0%}: {mark})")
        times.sort()
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        median = statistics.median(times)
        lines.append(f"level {level} think time over {len(times)} moves: median {median * 1e3:.1f} ms, "
                     f"p99 {p99 * 1e3:.0f} ms, max {times[-1] * 1e3:.0f} ms")
    return lines
