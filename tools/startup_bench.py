"""Start-up: whole processes to their first frame, each against its anchor in the same run.

- From source: ``main.py --headless --frames 1`` (the first menu frame) against a bare pygame window's first
  frame (``app_s`` / ``bare_s``).
- Frozen: the one-dir executable of ``make exe`` against a PyInstaller hello-world, the bare window's script
  frozen one-dir with the same PyInstaller (``exe_s`` / ``hello_exe_s``). The hello-world is built here, into
  build/bench-hello, and kept until its script or PyInstaller changes; the app's executable is built (as
  ``make exe`` does) when it is missing or older than the sources.

The figures are the processes' CPU time (user + system, from ``RUSAGE_CHILDREN``): on a shared machine wall time
mostly measures the other processes; medians of wall time are reported beside. Runs alternate with their anchor,
and the first pair only warms the caches (bytecode, disk)."""
from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BARE_FIRST_FRAME = ("import pygame; pygame.init(); s = pygame.display.set_mode((1280, 800)); "
                    "s.fill((0, 80, 40)); pygame.display.flip(); pygame.quit()")
SUFFIX = ".exe" if sys.platform == "win32" else ""
ONEDIR = ROOT / "dist" / "card-duels-dir" / f"card-duels{SUFFIX}"
HELLO_DIR = ROOT / "build" / "bench-hello"
HELLO = HELLO_DIR / "dist" / "bench-hello" / f"bench-hello{SUFFIX}"
SOURCES = ("main.py", "build.spec", "game", "rules", "sprites", "sounds")


def _child_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _env(tmp: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONPYCACHEPREFIX=str(Path(tmp, "pyc")), CARD_DUELS_HOME=str(Path(tmp, "home")))
    return env


def _race(commands: dict[str, list[str]], runs: int) -> dict[str, tuple[float, float]]:
    """Each command ``runs`` times, alternating, after one warm-up round: (median CPU s, median wall s)."""
    cpu: dict[str, list[float]] = {k: [] for k in commands}
    wall: dict[str, list[float]] = {k: [] for k in commands}
    with tempfile.TemporaryDirectory() as tmp:  # compiled bytecode is cached, as after an install
        env = _env(tmp)
        for i in range(runs + 1):
            for name, cmd in commands.items():
                c0, t0 = _child_cpu(), time.perf_counter()
                subprocess.run(cmd, check=True, env=env, capture_output=True)
                if i:
                    cpu[name].append(_child_cpu() - c0)
                    wall[name].append(time.perf_counter() - t0)
    med = statistics.median
    return {k: (round(med(cpu[k]), 4), round(med(wall[k]), 4)) for k in commands}


def _pyinstaller() -> Path:
    return Path(sys.executable).with_name("pyinstaller" + SUFFIX)


def _stale(exe: Path) -> bool:
    if not exe.exists():
        return True
    built = exe.stat().st_mtime
    for name in SOURCES:
        path = ROOT / name
        files = [path] if path.is_file() else [p for p in path.rglob("*") if p.suffix in (".py", ".wav", ".mo")]
        if any(p.stat().st_mtime > built for p in files):
            return True
    return False


def build_app() -> str | None:
    """``make exe``'s one-dir executable, built again when missing or older than the sources; None when built
    (or current), else why it is missing."""
    if not _stale(ONEDIR):
        return None
    if not _pyinstaller().exists():
        return f"{ONEDIR} is missing and there is no PyInstaller at {_pyinstaller()} (run `make exe`)"
    subprocess.run([str(_pyinstaller()), "--noconfirm", "--log-level", "WARN", "--workpath",
                    str(ROOT / "build" / "pyinstaller"), str(ROOT / "build.spec")], cwd=ROOT, check=True,
                   env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"), capture_output=True)
    return None if ONEDIR.exists() else f"`make exe` did not make {ONEDIR}"


def build_hello() -> str | None:
    """The hello-world frozen one-dir as the app is (same PyInstaller, stripped, no UPX); None when ready."""
    import PyInstaller

    script = HELLO_DIR / "bench_hello.py"
    source = "# the bench's anchor: a bare pygame window's first frame, frozen\n" + BARE_FIRST_FRAME + "\n"
    stamp = f"{source}PyInstaller {PyInstaller.__version__}, Python {sys.version}\n"
    stamp_file = HELLO_DIR / "stamp.txt"
    if HELLO.exists() and stamp_file.exists() and stamp_file.read_text() == stamp:
        return None
    HELLO_DIR.mkdir(parents=True, exist_ok=True)
    script.write_text(source)
    strip = ["--strip"] if sys.platform != "win32" else []
    subprocess.run([str(_pyinstaller()), "--noconfirm", "--log-level", "WARN", "--onedir", "--noupx", *strip,
                    "--name", "bench-hello", "--distpath", str(HELLO_DIR / "dist"),
                    "--workpath", str(HELLO_DIR / "work"), "--specpath", str(HELLO_DIR), str(script)],
                   cwd=HELLO_DIR, check=True, capture_output=True, env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"))
    stamp_file.write_text(stamp)
    return None if HELLO.exists() else f"PyInstaller did not make {HELLO}"


# 15 starts of each (about 8 s in all): with 9, one `make bench` in six gave the source start-up 1.96x where its
# other runs and races on their own gave 1.28-1.48x; a median of more starts is moved less by a busy moment.
def startup(runs: int = 15) -> dict:
    """``{"startup": {app_s, bare_s, exe_s, hello_exe_s, ...}}``."""
    out: dict = {}
    source = _race({"app": [sys.executable, str(ROOT / "main.py"), "--headless", "--frames", "1"],
                    "bare": [sys.executable, "-c", BARE_FIRST_FRAME]}, runs)
    out.update(app_s=source["app"][0], bare_s=source["bare"][0], app_wall_s=source["app"][1],
               bare_wall_s=source["bare"][1])
    why = build_app() or build_hello()
    if why is None:
        frozen = _race({"exe": [str(ONEDIR), "--headless", "--frames", "1"], "hello": [str(HELLO)]}, runs)
        out.update(exe_s=frozen["exe"][0], hello_exe_s=frozen["hello"][0], exe_wall_s=frozen["exe"][1],
                   hello_exe_wall_s=frozen["hello"][1])
    else:
        out.update(exe_s=None, hello_exe_s=None, exe_missing=why)
    out["clock"] = "process CPU time (user + system)"
    return {"startup": out}


def lines(result: dict) -> list[str]:
    s = result["startup"]
    out = [f"first menu frame (whole process, from source): {s['app_s'] * 1000:.0f} ms of CPU; a bare window's first "
           f"frame {s['bare_s'] * 1000:.0f} ms ({s['app_s'] / s['bare_s']:.2f}x)"]
    if s.get("exe_s") is not None:
        out.append(f"first menu frame, one-dir executable: {s['exe_s'] * 1000:.0f} ms of CPU; a PyInstaller "
                   f"hello-world {s['hello_exe_s'] * 1000:.0f} ms ({s['exe_s'] / s['hello_exe_s']:.2f}x)")
    else:
        out.append(f"one-dir executable not measured: {s['exe_missing']}")
    return out


if __name__ == "__main__":
    print("\n".join(lines(startup())))
