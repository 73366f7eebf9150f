"""Kombi-Duell bot figures for ``make bench``: the computer against random play."""
from __future__ import annotations

import time

from rules.bots import RandomBot, make_bot
from tools.arena import win_rate


def bench_report(games: int = 200) -> list[str]:
    t0 = time.perf_counter()
    rate = win_rate("kombi", make_bot("kombi", 2), RandomBot(), games)
    secs = time.perf_counter() - t0
    return [f"computer vs random over {games} seeded games: {rate:.1%} (target >= 90%), {secs:.1f} s"]
