"""The statistics screen with 100,000 kept games (5,000 players), against the same screen with none, in one run:
from the tap that opens it to the first frame showing the table, once the statistics thread has read the file
(it does so right after start-up). Also the thread's own time to check and fold the rows."""
from __future__ import annotations

import os
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

import rules

ROWS = 100_000
PLAYERS = 5_000


def _fill(path: Path, rows: int) -> None:
    from game.schema.stats_row import COLUMNS
    from game.stats import StatsStore

    path.parent.mkdir(parents=True, exist_ok=True)
    StatsStore(path).close()
    rng = random.Random(7)
    names = [f"Player {i}" for i in range(PLAYERS)]
    games = list(rules.GAMES)
    data = [(rng.choice(games), "computer", rng.choice(names), "Computer", rng.randint(0, 121), rng.randint(0, 121),
             rng.choice(["0", "1", "0,1"]), 40, "2026-11-01T18:00:00+00:00", i, rng.choice([1, 2, 3]), "0")
            for i in range(rows)]
    conn = sqlite3.connect(path)
    with conn:
        conn.executemany(f"INSERT INTO games ({', '.join(COLUMNS[1:])}) VALUES ({', '.join('?' * 12)})", data)
    conn.close()


def _open_ms(rows: int, runs: int = 5) -> tuple[float, float]:
    """Median ms from opening the screen to its table drawn, and the seconds the thread took to fold the rows."""
    before = os.environ.get("CARD_DUELS_HOME")
    try:
        return _measure(rows, runs)
    finally:
        if before is None:
            os.environ.pop("CARD_DUELS_HOME", None)
        else:
            os.environ["CARD_DUELS_HOME"] = before


def _measure(rows: int, runs: int) -> tuple[float, float]:
    from tools.driver import frames, make_app

    with tempfile.TemporaryDirectory() as home:
        os.environ["CARD_DUELS_HOME"] = home
        _fill(Path(home) / "data" / "stats.sqlite3", rows)
        app = make_app()
        app.show("menu")
        frames(app, 3)
        t0 = time.perf_counter()
        ready = app.stats.records()
        while not ready.ready:
            time.sleep(0.001)
        fold = time.perf_counter() - t0
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            app.push("stats")
            frames(app, 1)
            while app.stack.top.table is None:
                frames(app, 1)
            app.draw()
            times.append((time.perf_counter() - start) * 1000)
            app.stack.pop()
            frames(app, 1)
        app.stats.close()
    return statistics.median(times), fold


def stats_screen() -> dict:
    big, fold = _open_ms(ROWS)
    anchor, _ = _open_ms(0)
    return {"stats_screen": {"rows": ROWS, "players": PLAYERS, "open_ms": round(big, 1),
                             "anchor_empty_open_ms": round(anchor, 1), "fold_s": round(fold, 2)}}


def lines(result: dict) -> list[str]:
    r = result["stats_screen"]
    verdict = "met" if r["open_ms"] < 100 else "BELOW TARGET"
    return [f"statistics screen with {r['rows']:,} games: open to table {r['open_ms']} ms (empty file "
            f"{r['anchor_empty_open_ms']} ms; target < 100 ms: {verdict}); the statistics thread folded them in "
            f"{r['fold_s']} s after start-up"]
