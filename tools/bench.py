"""``make bench``: frame time, start-up time and the computer players' strength, measured here.

Prints the text report and writes ``bench.json``: each entry of ``JSON_SECTIONS`` is a function returning a
dict of top-level keys (``idle_cpu``, ``frames``, ``startup``…); adding a section is one line there.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path


def _percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def frame_times(frames_n: int = 600) -> list[str]:
    """The busy Kombi table at 1920x1080 with cards gliding, against plain cached blits."""
    import pygame

    from game.tables import open_table
    from tools.driver import make_app, settle
    from tools.shot_kit import midgame

    app = make_app(size=(1920, 1080))
    table = open_table(app, midgame("kombi", 14))
    app.stack.push(table)
    settle(app)
    times = []
    for i in range(frames_n):
        if i % 20 == 0:  # keep cards moving: re-sort the hand, which glides every hand card
            table.hand_order.sort("rank" if table.hand_order.by == "suit" else "suit")
            table.refresh(animate=True)
        t0 = time.perf_counter()
        app.step(1 / 60)
        times.append((time.perf_counter() - t0) * 1000)
    n_cards = len(table.cards.targets)
    art = app.cards.get(table.cw)
    face = art.face("7H")
    blits = []
    for _ in range(frames_n):
        t0 = time.perf_counter()
        app.screen.fill((0, 80, 40))
        for k in range(n_cards):
            app.screen.blit(face, (k * 30 % 1700, k * 7 % 800))
        pygame.display.flip()
        blits.append((time.perf_counter() - t0) * 1000)
    pygame.quit()
    return [
        f"frame time, busy Kombi table 1920x1080 while animating ({n_cards} cards): "
        f"median {statistics.median(times):.2f} ms, p99 {_percentile(times, 0.99):.2f} ms",
        f"  for comparison, fill + {n_cards} cached blits + flip: median {statistics.median(blits):.2f} ms, "
        f"p99 {_percentile(blits, 0.99):.2f} ms",
    ]


def startup_times() -> dict:
    """``{"startup": {app_s, bare_s, exe_s, hello_exe_s, ...}}``: see tools/startup_bench.py."""
    from tools.startup_bench import startup

    return startup()


def idle_section() -> dict:
    from tools.idle_bench import idle_cpu

    return idle_cpu()


def frames_section() -> dict:
    from tools.frame_bench import frames

    return frames()


def bot_frames_section() -> dict:
    """Frames while the computer thinks in its worker process, and (for comparison) on a thread."""
    from tools.bot_bench import section

    return section()


# Each returns a dict of bench.json's top-level keys; a new section (playouts, bots, server…) is one line here.
def rules_section() -> dict:
    """Playouts, the show scorer, OpenSpiel's anchors (from .venv-bench)."""
    from tools.rules_bench import figures

    return figures()


def bots_section() -> dict:
    """The computer players' strength and think times (tools/strength_bench.py, IS-MCTS from .venv-bench)."""
    from tools.strength_bench import measure

    return {"bots": measure()}


def solver_section() -> dict:
    """How many cards in both hands Own Trumps' solver proves within 1 s (tools/solver_bench.py)."""
    from tools.solver_bench import figures

    return figures()


def server_section() -> dict:
    """Paced latency with 1 and 2 gateways on SQLite and PostgreSQL, start-up, idle memory (tools/server_load.py)."""
    from tools.server_load import compare

    return {"server": compare()}


def stats_section() -> dict:
    from tools.stats_bench import stats_screen

    return stats_screen()


JSON_SECTIONS = [idle_section, frames_section, bot_frames_section, startup_times, rules_section, bots_section,
                 solver_section, server_section, stats_section]


def collect(sections=None) -> dict:
    """Every section's dict merged into one (a key measured twice is an error, not a silent overwrite)."""
    out: dict = {}
    for section in sections or JSON_SECTIONS:
        part = section()
        clash = out.keys() & part.keys()
        if clash:
            raise ValueError(f"{section.__name__} measures {sorted(clash)} again")
        out.update(part)
    return out


def summary(result: dict) -> list[str]:
    from tools import bot_bench, frame_bench, idle_bench

    lines = []
    if "idle_cpu" in result:
        lines += idle_bench.lines(result)
    if "frames" in result:
        lines += frame_bench.lines(result)
    if "bot_frames" in result:
        lines += bot_bench.lines(result)
    if "startup" in result:
        from tools import startup_bench

        lines += startup_bench.lines(result)
    if "trumps_solver" in result:
        from tools import solver_bench

        lines += solver_bench.lines(result)
    if "stats_screen" in result:
        from tools import stats_bench

        lines += stats_bench.lines(result)
    if "openspiel" in result:
        from tools import rules_bench

        lines += rules_bench.lines(result)
    if "bots" in result:
        from tools import strength_bench

        lines += strength_bench.lines(result["bots"])
    return lines


def startup(runs: int = 5) -> list[str]:
    """Wall time of a whole process that shows the first menu frame and exits."""
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    walls = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, str(root / "main.py"), "--headless", "--frames", "1"], check=True,
                       env=env, capture_output=True)
        walls.append((time.perf_counter() - t0) * 1000)
    return [f"start-up to the first menu frame (whole process, from source): median {statistics.median(walls):.0f} ms"]


def executables(runs: int = 5) -> list[str]:
    """Start -> first menu frame -> exit, from source (compiled bytecode cached, as after an install)
    and from the one-dir and one-file executables of ``make exe``; and their sizes."""
    import tempfile

    root = Path(__file__).resolve().parent.parent
    suffix = ".exe" if sys.platform == "win32" else ""
    onefile, onedir = root / "dist" / f"card-duels{suffix}", root / "dist" / "card-duels-dir" / f"card-duels{suffix}"
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPYCACHEPREFIX=str(Path(tmp, "pyc")),
                   CARD_DUELS_HOME=str(Path(tmp, "home")))
        lines = []
        for label, cmd in (("source", [sys.executable, str(root / "main.py")]), ("one-dir", [str(onedir)]),
                           ("one-file", [str(onefile)])):
            if not Path(cmd[-1]).exists():
                lines.append(f"time to the first menu frame, {label}: {cmd[-1]} is missing (run `make exe`)")
                continue
            walls = []
            for _ in range(runs + 1):  # the first run warms caches (bytecode, disk) and is not counted
                t0 = time.perf_counter()
                subprocess.run(cmd + ["--headless", "--frames", "1"], check=True, env=env, capture_output=True)
                walls.append((time.perf_counter() - t0) * 1000)
            lines.append(f"time to the first menu frame, {label} (whole process, start to exit): "
                         f"median {statistics.median(walls[1:]):.0f} ms, best {min(walls[1:]):.0f} ms")
    if onefile.exists():
        lines.append(f"executable sizes: one-file {onefile.stat().st_size / 2**20:.1f} MB")
    if onedir.exists():
        total = sum(p.stat().st_size for p in onedir.parent.rglob("*") if p.is_file() and not p.is_symlink())
        lines.append(f"executable sizes: one-dir folder {total / 2**20:.1f} MB")
    return lines


def bots(games: int = 200) -> list[str]:
    """Each game's bench entry (named in its table registry entry) reports its computer player."""
    from game.tables import ENTRIES
    from tools.registry import resolve

    lines = []
    for gid, e in ENTRIES.items():
        if e.bench:
            lines += [f"{gid}: {line}" for line in resolve(e.bench)(games)]
    return lines


def online(report: dict) -> list[str]:
    from tools.server_load import lines

    return [f"online: {line}" for line in lines(report)]


def main() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    result = collect()
    path = Path(__file__).resolve().parent.parent / "bench.json"
    path.write_text(json.dumps(result, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    for line in summary(result) + [f"wrote {path}"]:
        print(line, flush=True)
    for line in online(result["server"]):
        print(line, flush=True)
    from tools.strength_bench import SCALE

    games = max(4, round(200 * SCALE))  # BENCH_SCALE shortens these duels too
    for section in (frame_times, startup, executables, lambda: bots(games)):
        for line in section():
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
