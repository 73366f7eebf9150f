"""Nothing is left behind: no worker outlives its app, SIGTERM saves the game and ends cleanly, and the
temporary files of writes a killed app never finished are removed at the next start."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.paths import atomic_write, remove_all_stale_temporaries, user_config_dir, user_data_dir
from tools.driver import frames, make_app

ROOT = Path(__file__).resolve().parent.parent
needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads process states from /proc")


def alive(pid: int) -> bool:
    """Running, not a zombie nobody has reaped yet (an orphan's new parent may be slow to reap it)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def wait_for(cond, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.05)
    return cond()


PARENT = """
import sys, time
sys.path.insert(0, {root!r})
from game.botworker import WorkerProcess
worker = WorkerProcess()
worker.submit(time.sleep, 120)  # a think far longer than the test
print(worker.pid, flush=True)
time.sleep(120)
"""


@needs_proc
def test_the_bot_worker_ends_when_its_app_is_killed():
    parent = subprocess.Popen([sys.executable, "-c", PARENT.format(root=str(ROOT))], stdout=subprocess.PIPE,
                              text=True)
    try:
        child = int(parent.stdout.readline())
        assert alive(child)
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=10)
        assert wait_for(lambda: not alive(child), 10), "the worker outlived its killed app"
    finally:
        parent.kill()


def _home_env(home: Path) -> dict[str, str]:
    return {**os.environ, "CARD_DUELS_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or sys.platform == "win32", reason="POSIX signals")
def test_sigterm_saves_the_game_in_play_and_ends_cleanly(tmp_path):
    """A game just dealt has no autosave yet; SIGTERM keeps it, and the app ends with status 0."""
    home = tmp_path / "home"
    app = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--headless", "--game", "kombi",
                            "--players", "Ann,Bob", "--seed", "3"], env=_home_env(home), cwd=ROOT,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        # the statistics file opens right after the first frame: the loop runs, with its handlers
        assert wait_for(lambda: (home / "data" / "stats.sqlite3").exists(), 60)
        save = home / "data" / "saves" / "autosave-kombi-hotseat.json"
        assert not save.exists()
        app.send_signal(signal.SIGTERM)
        out, err = app.communicate(timeout=30)
    finally:
        app.kill()
    assert app.returncode == 0, err
    assert save.exists(), err
    assert "the kombi game is saved (SIGTERM)" in err


def test_stale_temporary_files_are_removed_at_start():
    """What ``atomic_write`` leaves when the app is killed between writing and renaming."""
    saves, config = user_data_dir() / "saves", user_config_dir()
    stale = [saves / "autosave-kombi-hotseat.json.k3j4h5.tmp", config / "settings.toml.a1b2c3.tmp",
             user_data_dir() / "seat.json.x9y8z7.tmp"]
    long_ago = time.time() - 3600
    for path in stale:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("half a fi")
        os.utime(path, (long_ago, long_ago))
    in_flight = user_data_dir() / "online-seat.json.q1w2e3.tmp"  # another running copy is writing it now
    keep = [saves / "autosave-kombi-hotseat.json", config / "notes.tmp", in_flight]  # a save; not ours
    for path in keep:
        path.write_text("{}")
    app = make_app()
    app.show("menu")
    frames(app, 3)  # the clean-up runs after the first frame
    assert not any(p.exists() for p in stale)
    assert all(p.exists() for p in keep)
    atomic_write(config / "x.toml", "a = 1\n")
    assert remove_all_stale_temporaries() == 0 and (config / "x.toml").read_text() == "a = 1\n"
