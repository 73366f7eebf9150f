"""Rules-engine and bot figures for ``make bench``: random playouts, show scoring, OpenSpiel anchors, bot strength.

OpenSpiel runs in its own bench-only venv (``make bench-venv``) as a subprocess that prints JSON; it is
never imported here nor a runtime dependency. Timings use a clock; the bots themselves never do.
"""
from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import rules
from rules.cards import standard_deck

ROOT = Path(__file__).resolve().parent.parent
BENCH_PY = ROOT / ".venv-bench" / "bin" / "python"
GAMES = ("kombi", "square", "cribbage", "trumps")

_OPENSPIEL = r'''
import json, random, time, sys
import pyspiel
seconds = float(sys.argv[1])
game = pyspiel.load_game("cribbage")
rng = random.Random(0)
def playout():
    s = game.new_initial_state()
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))  # cribbage's chance outcomes are uniform
    return s
n, t0 = 0, time.perf_counter()
while time.perf_counter() - t0 < seconds:
    playout(); n += 1
games = n / (time.perf_counter() - t0)
# OpenSpiel exposes no hand scorer to Python: its C++ counts both hands and the crib inside the action that
# ends a hand's play. So Python reaches a show score only by driving a hand to its show: the anchor is
# 3 hand+starter counts per hand played (non-dealer, dealer, crib). The bare C++ count, a stored state just
# before a show cloned and stepped, minus the clone, is reported beside it as "score_only_pairs_per_s".
shows, t0 = 0, time.perf_counter()
while time.perf_counter() - t0 < seconds:
    s = game.new_initial_state()
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(rng.choice(s.legal_actions()))
            continue
        before = s.returns()
        s.apply_action(rng.choice(s.legal_actions()))
        shows += s.is_chance_node() and s.returns() != before and len(s.legal_actions()) == 52
hands_s = shows / (time.perf_counter() - t0)
stored = []
while len(stored) < 200:
    s = game.new_initial_state()
    while not s.is_terminal():
        a = rng.choice(s.legal_actions())
        t = s.clone()
        t.apply_action(a)
        if not s.is_chance_node() and t.is_chance_node() and s.returns() != t.returns() and len(stored) < 200:
            stored.append((s.clone(), a))
        s = t
def timed(fn):
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds / 2:
        for st, a in stored:
            fn(st, a)
        n += len(stored)
    return (time.perf_counter() - t0) / n
both = timed(lambda st, a: st.clone().apply_action(a))
bare = timed(lambda st, a: st.clone())
print(json.dumps({"games_per_s": games, "score_pairs_per_s": 3 * hands_s, "hands_per_s": hands_s,
                  "score_only_pairs_per_s": 3 / max(both - bare, 1e-9), "version": "open-spiel==1.6.1"}))
'''


def _rate(fn, seconds: float) -> float:
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        fn()
        n += 1
    return n / (time.perf_counter() - t0)


def playout(game_id: str, seed: int, rng: random.Random) -> rules.GameState:
    """One random game through the validated door: legal actions, a random pick, ``apply``."""
    s = rules.new_game(game_id, seed=seed)
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
    return s


def playouts(seconds: float = 2.0) -> dict[str, float]:
    out = {}
    for g in GAMES:
        rng, seeds = random.Random(1), iter(range(10**9))
        out[g] = _rate(lambda g=g, rng=rng, seeds=seeds: playout(g, next(seeds), rng), seconds)
    return out


def score_hand_rate(seconds: float = 2.0) -> float:
    """Itemised show counts per second (``score_hand(...)`` with its parts) over random four+starter pairs."""
    from rules.cribbage import score_hand

    rng, deck = random.Random(2), standard_deck()
    hands = []
    for _ in range(200_000):  # more distinct hands than any cache inside holds
        five = rng.sample(deck, 5)
        hands.append((five[:4], five[4], rng.random() < 0.5))
    i = [0]

    def one():
        h, s, crib = hands[i[0] % 200_000]
        i[0] += 1
        return score_hand(h, s, crib).parts

    return _rate(one, seconds)


def openspiel(seconds: float = 2.0) -> dict[str, Any]:
    """OpenSpiel's figures from its bench venv, or None with the reason."""
    if not BENCH_PY.exists():
        return {"error": "no .venv-bench (run `make bench-venv`)"}
    try:
        done = subprocess.run([str(BENCH_PY), "-c", _OPENSPIEL, str(seconds)], capture_output=True, text=True,
                              timeout=120, check=True)
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (subprocess.SubprocessError, ValueError, IndexError) as exc:
        return {"error": str(exc)}


# Deals per game, each played twice with the seats swapped (a few minutes in all: level 3 searches): one
# number for both duels, or a pair (against random play, against level 2) where one needs more games.
# Cribbage level 3 plays about 3 s a game against level 2 and 2 s against random on a loaded 2-core machine.
# Kombi level 3 plays about 6 s a game (about 40 moves at 0.15 s); it won every game against random play and
# 74% +- 9% of 80 games against level 2, so 16 deals resolve that edge (78% +- 13% of 32 games, about 4 minutes
# with the 5 deals against random play).
BOT_DEALS: dict[str, int | tuple[int, int]] = {"kombi": (5, 16), "square": (50, 250), "cribbage": 16,
                                               "trumps": (4, 20)}


def bots(deals: dict[str, int | tuple[int, int]] | None = None) -> dict[str, dict[str, Any]]:
    """The strongest level (3) against random play and against level 2 over paired deals: ``vs_random`` and
    ``vs_level2`` are win rates, ``*_detail`` adds the games, the 95% interval and the mean score margin."""
    from rules.bots import RandomBot, make_bot
    from tools.arena import duel

    out = {}
    for g, n in (deals or BOT_DEALS).items():
        n_random, n_level2 = n if isinstance(n, tuple) else (n, n)
        rnd = duel(g, make_bot(g, 3), RandomBot(), n_random, first_seed=50_000)
        two = duel(g, make_bot(g, 3), make_bot(g, 2), n_level2, first_seed=60_000)
        out[g] = {"vs_random": rnd.win_rate, "vs_level2": two.win_rate,
                  "vs_random_detail": rnd.as_dict(), "vs_level2_detail": two.as_dict()}
    return out


def figures() -> dict[str, Any]:
    from tools.kombi_bench import anchored_playouts
    from tools.trumps_bench import playout_anchor

    os_fig = openspiel()
    return {
        "playouts": playouts(),
        "kombi_playouts_anchor": anchored_playouts(),  # beside a fixed pure-Python workload, interleaved
        # Own Trumps' engine against the same random games on the bot's bare masks, interleaved in one run
        "trumps_playout_anchor": playout_anchor(),
        "openspiel_cribbage_games_per_s": os_fig.get("games_per_s"),
        "score_hand_pairs_per_s": score_hand_rate(),
        "openspiel_score_pairs_per_s": os_fig.get("score_pairs_per_s"),
        "openspiel": os_fig,
        "bots": bots(),
    }


if __name__ == "__main__":
    arg = sys.argv[1] if len(sys.argv) > 1 else "all"
    if arg == "playouts":
        from tools.trumps_bench import playout_anchor

        print(json.dumps({"playouts": playouts(), "score_hand": score_hand_rate(),
                          "trumps_playout_anchor": playout_anchor()}, indent=1))
    else:
        print(json.dumps(figures(), indent=1))
