"""Idle CPU: the real app (its own loop, a real X window under Xvfb when there is one) left alone on
the menu, on a hotseat cover and at a table waiting for input; CPU time of the process over a few seconds."""
from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCREENS = {
    "menu": [],
    "cover": ["--game", "kombi", "--mode", "hotseat", "--players", "Ann,Ben", "--seed", "5"],
    "table": ["--game", "kombi", "--mode", "computer", "--players", "Ann,Computer", "--seed", "5"],
}
BARE = ("import pygame; pygame.init(); pygame.display.set_mode((1280, 800))\n"
        "while pygame.event.wait().type != pygame.QUIT: pass\n")


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (all its threads), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _start_xvfb() -> tuple[subprocess.Popen | None, str | None]:
    """A private X server if Xvfb is installed: (process, DISPLAY), else (None, None)."""
    if shutil.which("Xvfb") is None:
        return None, None
    for n in range(70, 99):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            break
    proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        if Path(f"/tmp/.X11-unix/X{n}").exists():
            return proc, f":{n}"
        time.sleep(0.05)
    proc.kill()
    return None, None


def _measure(cmd: list[str], env: dict[str, str], seconds: float, warmup: float) -> float:
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(warmup)  # the deal, the computer's first move and start-up are not idle
        if proc.poll() is not None:
            raise RuntimeError(f"{cmd} exited with {proc.returncode}")
        c0, t0 = _cpu_seconds(proc.pid), time.perf_counter()
        time.sleep(seconds)
        c1, t1 = _cpu_seconds(proc.pid), time.perf_counter()
        return (c1 - c0) / (t1 - t0)
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()


def idle_cpu(seconds: float = 5.0, warmup: float = 4.0, repeats: int = 3) -> dict:
    """``{"idle_cpu": {menu, cover, table}}`` as fractions of one core (the median of ``repeats`` runs), with a
    bare window as the anchor."""
    xvfb, display = _start_xvfb()
    try:
        with tempfile.TemporaryDirectory() as home:
            env = dict(os.environ, CARD_DUELS_HOME=home, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
            if display:
                env.update(DISPLAY=display, SDL_VIDEODRIVER="x11")
            else:
                env["SDL_VIDEODRIVER"] = "dummy"
            runs: dict[str, list[float]] = {name: [] for name in (*SCREENS, "bare")}
            for _ in range(repeats):  # interleaved rounds, the median of each: one busy moment of the machine
                for name, args in SCREENS.items():  # (a first start, another process) no longer decides a figure
                    runs[name].append(_measure([sys.executable, str(ROOT / "main.py"), *args], env, seconds, warmup))
                runs["bare"].append(_measure([sys.executable, "-c", BARE], env, seconds, 1.0))
            out = {name: round(statistics.median(runs[name]), 4) for name in SCREENS}
            bare = statistics.median(runs["bare"])
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(5)
    return {"idle_cpu": out, "idle_cpu_bare": round(bare, 4), "idle_display": "xvfb" if display else "dummy",
            "idle_seconds": seconds, "idle_runs": {k: [round(v, 4) for v in vs] for k, vs in runs.items()}}


def lines(result: dict) -> list[str]:
    c = result["idle_cpu"]
    return [f"idle CPU ({result['idle_display']} window, median of {len(result['idle_runs']['bare'])} runs of "
            f"{result['idle_seconds']:.0f} s each): "
            f"menu {c['menu']:.1%}, cover {c['cover']:.1%}, table {c['table']:.1%} of one core; "
            f"a bare window {result['idle_cpu_bare']:.1%}"]


if __name__ == "__main__":
    r = idle_cpu()
    print("\n".join(lines(r)))
