"""Own Trumps endgame solver figures for ``make bench`` (bench.json ``trumps_solver``): per number of cards in
both hands, how many bench positions the review's solve (``ENDGAME_BUDGET`` nodes) proves within 1 s of CPU time.

The bench positions are the first moment with at most ``n`` cards in both hands of seeded games between
the level-1 bot and a random player (every third move random), so they are positions real games reach.
Times are CPU seconds of this thread (``time.thread_time``: on a shared machine wall time mostly measures the
queue for a processor), beside the reference workload of tools/kombi_bench.py measured in the same run.
``python -m tools.solver_bench`` prints the lines.
"""
from __future__ import annotations

import random
import time
from typing import Any

from rules.match import Match
from rules.rng import derive
from rules.trumps.bot import make
from rules.trumps.solver import ENDGAME_BUDGET, ENDGAME_CARDS, cards_in_hands, key_of, solve_state

LIMIT_S = 1.0
GAMES = 40
FIRST_SEED = 0
TARGET_N = 12  # issue 30: every position with up to 12 cards in both hands proven within 1 s


def endgames(n: int, games: int = GAMES, first_seed: int = FIRST_SEED) -> list:
    out = []
    bot = make(1)
    for seed in range(first_seed, first_seed + games):
        m = Match("trumps", {"seed": seed})
        rng = random.Random(seed)
        while not m.state.is_over:
            st = m.state
            if st.phase in ("play", "second") and cards_in_hands(key_of(st.position_key)) <= n:
                out.append(st)
                break
            if rng.random() < 1 / 3:
                m.play(rng.choice(st.legal_actions()))
            else:
                m.play(bot.choose([st.observe(st.to_move)], derive(seed, "bench", m.cursor)))
    return out


def row(n: int, budget: int = ENDGAME_BUDGET) -> dict[str, Any]:
    """One size's figures: positions, proven within ``LIMIT_S``, the slowest proof and the slowest attempt."""
    proven, slowest, longest = 0, 0.0, 0.0
    states = endgames(n)
    for st in states:
        start = time.thread_time()
        solved = solve_state(st, budget)
        took = time.thread_time() - start
        longest = max(longest, took)
        if solved is not None and took <= LIMIT_S:
            proven += 1
            slowest = max(slowest, took)
    return {"cards": n, "positions": len(states), "proven": proven, "slowest_proof_s": round(slowest, 3),
            "slowest_attempt_s": round(longest, 3)}


def figures(sizes: range = range(2, TARGET_N + 1)) -> dict[str, Any]:
    """``trumps_solver``: the rows, the largest n with every bench position proven (``proven_n``), and the
    reference workload's rate before and after (the anchor)."""
    from tools.kombi_bench import reference_unit
    from tools.rules_bench import rate

    ref_rng = random.Random(2)
    before = rate(lambda: reference_unit(ref_rng), 1.0, time.process_time)
    rows = [row(n) for n in sizes]
    after = rate(lambda: reference_unit(ref_rng), 1.0, time.process_time)
    n = 1
    for r in rows:
        if r["proven"] < r["positions"]:
            break
        n = r["cards"]
    return {"trumps_solver": {"rows": rows, "proven_n": n, "target_n": TARGET_N, "budget_nodes": ENDGAME_BUDGET,
                              "bot_from_cards": ENDGAME_CARDS, "reference_units_per_s": round((before + after) / 2, 1),
                              "clock": "thread CPU time"}}


def lines(result: dict[str, Any]) -> list[str]:
    s = result["trumps_solver"]
    ok = "met" if s["proven_n"] >= s["target_n"] else "BELOW TARGET"
    sizes = ", ".join(f"{r['cards']}: {r['proven']}/{r['positions']}" for r in s["rows"] if r["cards"] % 2 == 0)
    return [f"Own Trumps solver proves every bench position up to {s['proven_n']} cards in both hands within "
            f"{LIMIT_S:.0f} s CPU (target {s['target_n']}: {ok}); proven by cards {sizes}; reference "
            f"{s['reference_units_per_s']:.0f} units/s"]


if __name__ == "__main__":
    print("\n".join(lines(figures())))
