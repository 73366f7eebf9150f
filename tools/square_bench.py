"""Card Square bot figures for ``make bench``: win rates against the baselines and think time."""
from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from rules.bots.base import RandomBot
from rules.core import Action
from rules.square.bot import HighestKnownBaseline, make
from tools.arena import play_out


class _Timed:
    """Wraps a bot to measure its think time per move (the benchmark only; bots never read a clock)."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.times = bot, []

    def choose(self, seen: Sequence[dict[str, Any]], rng: random.Random) -> Action:
        t0 = time.perf_counter()
        a = self.bot.choose(seen, rng)
        self.times.append(time.perf_counter() - t0)
        return a


class _OpeningKnockWatch:
    """Wraps the random baseline to note games it ends on its very first turn by knocking."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.knocked_first = bot, False

    def choose(self, seen: Sequence[dict[str, Any]], rng: random.Random) -> Action:
        a = self.bot.choose(seen, rng)
        obs = seen[-1]
        untouched = not any(e["type"] in ("square.draw", "square.take", "square.knock") for e in obs["log"])
        self.knocked_first |= a.kind == "knock" and obs["phase"] == "turn" and untouched
        return a


def _versus(hero: Any, villain: Any, games: int) -> tuple[float, list[tuple[bool, float]]]:
    """Like arena.win_rate (seeds 0.., seats alternating), also returning per game
    (the villain knocked at the opening, the hero's points)."""
    watch, per_game = _OpeningKnockWatch(villain), []
    for seed in range(games):
        watch.knocked_first = False
        seat = seed % 2
        out = play_out("square", (hero, watch) if seat == 0 else (watch, hero), seed)
        points = (1.0 if len(out.winners) == 1 else 0.5) if seat in out.winners else 0.0
        per_game.append((watch.knocked_first, points))
    return sum(p for _, p in per_game) / games, per_game


def bench_report(games: int = 200) -> list[str]:
    """Win rates of the level-2 bot against random play and the highest-known baseline, think time."""
    hero = _Timed(make(2))
    lines = []
    for name, villain, target in (("RandomBot", RandomBot(), 0.90),
                                  ("HighestKnownBaseline", HighestKnownBaseline(), 0.60)):
        rate, per_game = _versus(hero, villain, games)
        lines.append(f"level 2 vs {name}: {rate:.1%} over {games} seeded games "
                     f"(target {target:.0%}) {'OK' if rate >= target else 'BELOW TARGET'}")
        opening = [p for knocked, p in per_game if knocked]
        if name == "RandomBot" and opening:
            rest = [p for knocked, p in per_game if not knocked]
            lines.append(f"  {len(opening)} games ended by a knock as the opponent's first move "
                         f"(the bot gets one turn): won {sum(opening) / len(opening):.1%} of those, "
                         f"{sum(rest) / max(1, len(rest)):.1%} of the other {len(rest)}")
    ms = sorted(t * 1000 for t in hero.times)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    lines.append(f"think time per move median {statistics.median(ms):.2f} ms, p99 {p99:.2f} ms "
                 f"over {len(ms)} moves")
    return lines
