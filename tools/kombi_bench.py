"""Kombi-Duell figures for ``make bench``: the computer against random play, and random playouts per second
beside a fixed pure-Python reference workload measured in the same run (so a loaded machine shows in both)."""
from __future__ import annotations

import random
import statistics
import time

from rules.bots import RandomBot, make_bot
from tools.arena import win_rate


def bench_report(games: int = 200) -> list[str]:
    t0 = time.perf_counter()
    rate = win_rate("kombi", make_bot("kombi", 2), RandomBot(), games)
    secs = time.perf_counter() - t0
    return [f"computer vs random over {games} seeded games: {rate:.1%} (target >= 90%), {secs:.1f} s"]


def reference_unit(rng: random.Random) -> int:
    """A fixed piece of pure-Python work of the kind a rules engine does (a shuffle, small tuples, a dict):
    its rate is the interpreter's speed on this machine at this moment, the anchor of the playout rate."""
    deck = list(range(52))
    rng.shuffle(deck)
    counts: dict[int, int] = {}
    hand: tuple[int, ...] = ()
    for card in deck:
        hand = hand[-9:] + (card,)
        counts[card % 13] = counts.get(card % 13, 0) + 1
    return len(hand) + len(counts)


def anchored_playouts(seconds: float = 1.0, rounds: int = 3) -> dict[str, float]:
    """Random Kombi-Duell playouts (``tools.timing.playout``) and the reference workload, interleaved in
    ``rounds`` turns of ``seconds`` of CPU time each; the medians and their ratio (games per 1000 units)."""
    from tools.timing import playout, rate

    games, units = [], []
    rng, seeds, ref_rng = random.Random(1), iter(range(10**9)), random.Random(2)
    for _ in range(rounds):
        games.append(rate(lambda: playout("kombi", next(seeds), rng), seconds, time.process_time))
        units.append(rate(lambda: reference_unit(ref_rng), seconds, time.process_time))
    g, u = statistics.median(games), statistics.median(units)
    return {"games_per_s": round(g, 1), "reference_units_per_s": round(u, 1),
            "games_per_1000_units": round(1000 * g / u, 3), "clock": "process CPU time"}
