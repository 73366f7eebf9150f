"""Own Trumps endgame solver figures: the most cards in both hands for which it proves every bench position in ~1 s.

The bench positions are the first moment with at most ``n`` cards in both hands of seeded games between
the level-1 bot and a random player (every third move random), so they are positions real games reach.
``python -m tools.solver_bench`` prints the table per ``n``.
"""
from __future__ import annotations

import random
import time

from rules.match import Match
from rules.rng import derive
from rules.trumps.bot import make
from rules.trumps.solver import ENDGAME_BUDGET, cards_in_hands, key_of, solve_state

LIMIT_S = 1.0
GAMES = 40


def endgames(n: int, games: int = GAMES) -> list:
    out = []
    bot = make(1)
    for seed in range(games):
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


def table(sizes: range = range(2, 13)) -> list[tuple[int, int, int, float]]:
    """Per n: (n, positions, proven within LIMIT_S, slowest proven time)."""
    rows = []
    for n in sizes:
        proven, slowest = 0, 0.0
        states = endgames(n)
        for st in states:
            start = time.perf_counter()
            solved = solve_state(st, ENDGAME_BUDGET)
            took = time.perf_counter() - start
            if solved is not None and took <= LIMIT_S:
                proven += 1
                slowest = max(slowest, took)
        rows.append((n, len(states), proven, slowest))
    return rows


def figures() -> dict[str, float]:
    """``trumps_solver_n``: the largest n with every bench position proven within ~1 s; its slowest time;
    and the share proven within 1 s at the strongest bot's reach (``ENDGAME_CARDS``)."""
    from rules.trumps.solver import ENDGAME_CARDS

    rows = table(range(2, ENDGAME_CARDS + 1))
    n, seconds = 1, 0.0
    for size, count, proven, slowest in rows:
        if proven < count:
            break
        n, seconds = size, slowest
    at_reach = rows[-1]
    return {"trumps_solver_n": n, "seconds_at_n": round(seconds, 3),
            "trumps_solver_proven_at_reach": round(at_reach[2] / max(1, at_reach[1]), 2)}


if __name__ == "__main__":
    for row in table():
        n, count, proven, slowest = row
        print(f"n={n:2d} positions={count:2d} proven_within_1s={proven:2d} slowest={slowest:.3f}s")
