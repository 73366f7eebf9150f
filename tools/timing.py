"""Timing for the benches: calls of a function per second of a clock, one random play-out through the door
(shared by tools/rules_bench.py and the games' own benches, which rules_bench reads in turn) and a bot timed by
decision."""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import rules
from rules.core import Action


def rate(fn: Callable[[], object], seconds: float, clock: Callable[[], float] = time.perf_counter) -> float:
    """Calls of ``fn`` per second of ``clock`` over about ``seconds``."""
    n, spent = calls(fn, seconds, clock=clock)
    return n / spent


def playout(game_id: str, seed: int, rng: random.Random) -> rules.GameState:
    """One random game through the validated door: legal actions, a random pick, ``apply``."""
    s = rules.new_game(game_id, seed=seed)
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
    return s


def calls(fn: Callable[[], object], seconds: float, per_call: int = 1,
          clock: Callable[[], float] = time.perf_counter) -> tuple[float, float]:
    """(calls made, time spent) calling ``fn`` for about ``seconds`` of ``clock``; each call counts ``per_call``."""
    n, t0 = 0, clock()
    while clock() - t0 < seconds:
        fn()
        n += per_call
    return n, clock() - t0


class Timed:
    """A bot whose decisions (with a choice to make) are timed in CPU seconds of this thread."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.times = bot, []

    def choose(self, seen: Sequence[dict[str, Any]], rng: random.Random) -> Action:
        t = time.thread_time()
        action = self.bot.choose(seen, rng)
        if len(seen[-1]["legal"]) > 1:
            self.times.append(time.thread_time() - t)
        return action
