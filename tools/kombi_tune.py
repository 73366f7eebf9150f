"""Kombi-Duell duels for tuning the levels on seeds away from the bench's (tools/strength_bench.py starts at 70,000),
over paired deals in at most two processes, with a tally of how the games ended: a player out of cards, or two
full passes, marked "jammed" when the hero was stuck at the hand limit (10 cards and no combination: it can no
longer draw, and against the greedy player that decides most games, docs/decisions.md). ``--out`` keeps the
per-deal rows, so that two variants run on the same seeds can be compared deal by deal.

``python -m tools.kombi_tune 3 greedy --deals 60 --first 5000``
"""
from __future__ import annotations

import argparse
import json
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from rules.bots import make_bot
from rules.kombi.state import HAND_LIMIT
from tools.arena import final_state, greedy, summarize
from tools.timing import Timed


def _bot(name: str) -> Any:
    return greedy("kombi") if name == "greedy" else make_bot("kombi", int(name))


def game(hero: Any, villain: Any, seed: int, hero_seat: int) -> tuple[float, int, str]:
    """One game: the hero's points (a win 1, a draw 0.5), its score margin and how the game ended."""
    bots = (hero, villain) if hero_seat == 0 else (villain, hero)
    state = final_state("kombi", bots, seed)[0]
    counts = state.observe(hero_seat)["hand_counts"]
    how = "hero-out" if counts[hero_seat] == 0 else "villain-out" if counts[1 - hero_seat] == 0 else "passes"
    if counts[hero_seat] == HAND_LIMIT:
        how += "-jammed"
    won = 1.0 if state.winners == (hero_seat,) else 0.5 if len(state.winners) == 2 else 0.0
    return won, state.scores[hero_seat] - state.scores[1 - hero_seat], how


def _chunk(task: tuple[str, str, int, int]) -> tuple[list[list[float]], list[tuple[float, str]], list[float]]:
    hero_name, villain_name, first, deals = task
    hero, villain = Timed(_bot(hero_name)), _bot(villain_name)
    pairs, ends = [], []
    for seed in range(first, first + deals):
        row = [0.0]
        for seat in (0, 1):
            won, margin, how = game(hero, villain, seed, seat)
            row[0] += won
            row.append(margin)
            ends.append((won, how))
        pairs.append(row)
    return pairs, ends, hero.times


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("hero")
    ap.add_argument("villain")
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--first", type=int, default=5000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", help="write the per-deal rows here (JSON), for paired comparisons of variants")
    a = ap.parse_args()
    size = -(-a.deals // (2 * a.jobs))
    tasks = [(a.hero, a.villain, a.first + i, min(size, a.deals - i)) for i in range(0, a.deals, size)]
    t0 = time.perf_counter()
    with Pool(a.jobs) as pool:
        got = pool.map(_chunk, tasks, chunksize=1)
    pairs = [p for g in got for p in g[0]]
    ends = [e for g in got for e in g[1]]
    times = sorted(t for g in got for t in g[2])
    d = summarize(pairs)
    if a.out:
        Path(a.out).write_text(json.dumps(pairs))
    tally: dict[str, list[float]] = {}
    for won, how in ends:
        tally.setdefault(how, []).append(won)
    print(f"{a.hero} vs {a.villain} seeds {a.first}+{a.deals}: {d.win_rate:.1%} +- {d.ci95:.1%} of {d.games}, "
          f"margin {d.margin:+.1f}; " + ", ".join(f"{k} {len(v)} (won {sum(v) / len(v):.0%})" for k, v in
                                                 sorted(tally.items())))
    if times:
        print(f"think p50 {1000 * times[len(times) // 2]:.0f} ms, p99 {1000 * times[int(0.99 * len(times))]:.0f} ms, "
              f"{time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
