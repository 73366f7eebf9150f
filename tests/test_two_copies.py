"""Two copies of the app on one data folder (issue 42): real processes. Statistics written at the same moment keep
every game; a save played in one copy is never written over by the other, and continuing it there is refused with
a message; a second kiosk is refused."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.kiosk import AlreadyRunning, hold_the_kiosk
from game.saves import SaveInUse, SaveStore
from game.session import Session
from game.stats import StatsStore, stats_path

ROOT = Path(__file__).resolve().parent.parent
ROW = ("kombi", "computer", "Ann", "Computer", 12, 7, "0", 30, "2026-01-01T10:00:00+00:00", 5, 2, "0")
GAMES_EACH = 40


def child(code: str, **env: str) -> subprocess.Popen:
    """A Python process running ``code`` in this checkout with this test's data folder."""
    full = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                PYGAME_HIDE_SUPPORT_PROMPT="1", **env)
    return subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=full, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


RECORD_GAMES = f"""
import sys
from game.stats import StatsStore
row = {ROW!r}
store = StatsStore()
sys.stdin.readline()  # both copies start writing at the same moment
for i in range({GAMES_EACH}):
    store.add_row(row[:2] + ("P{{who}}",) + row[3:])
store.close()
print("closed", len(store.waiting), store.problem)
"""


def test_two_processes_recording_at_once_keep_every_game():
    """Before: the second writer hit "database is locked" and turned its statistics off (20 of 40 kept)."""
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    StatsStore(path).close()
    copies = [child(RECORD_GAMES.replace("{who}", str(who))) for who in (1, 2)]
    for c in copies:
        assert c.stdin is not None
        c.stdin.write("go\n")
        c.stdin.flush()
    outs = [c.communicate(timeout=120) for c in copies]
    for (out, err), c in zip(outs, copies, strict=True):
        assert c.returncode == 0, err
        assert out.strip() == "closed 0 None", (out, err)
    store = StatsStore(path)
    book = store.records()
    while not book.ready:
        time.sleep(0.01)
    assert {name: rec.played for name, rec in book.value.games["kombi"].items()} == {"P1": GAMES_EACH,
                                                                                    "P2": GAMES_EACH}
    store.close()


HOLD_A_SAVE = """
import json, random, sys
from game.saves import SaveStore
from game.session import Session
store = SaveStore()
session = Session.new("kombi", "hotseat", ["Ann", "Ben"], 11)
rng = random.Random(1)
for _ in range(4):
    session.match.play(rng.choice(session.match.state.legal_actions()))
store.save(session)
print(store.path_of(session), flush=True)
sys.stdin.readline()  # playing on until told to quit
"""


def moves_in(path: Path) -> int:
    return len(json.loads(path.read_text(encoding="utf-8"))["session"]["match"]["actions"])


def test_a_save_played_in_another_copy_is_never_written_over_and_not_continued_here():
    """Before: the same game and mode shared one file, and the last writer won without a word."""
    other = child(HOLD_A_SAVE)
    assert other.stdout is not None and other.stdin is not None
    theirs = Path(other.stdout.readline().strip())
    try:
        assert moves_in(theirs) == 4
        store = SaveStore()
        assert store.find("kombi", "hotseat") is None, "a new game here replaces nothing: the menu need not ask"
        mine = Session.new("kombi", "hotseat", ["Cem", "Dana"], 12)
        for _ in range(6):
            mine.match.play(mine.match.state.legal_actions()[0])
        store.save(mine)
        assert store.played_elsewhere(theirs) and store.find("kombi", "hotseat") == store.latest()[0]
        assert store.path_of(mine) != theirs and moves_in(theirs) == 4, "the other copy's game is untouched"
        assert moves_in(store.path_of(mine)) == 6
        assert sorted(s.path for s in store.latest()) == sorted([theirs, store.path_of(mine)]), "Continue lists both"
        assert {(s.game_id, s.mode) for s in store.latest()} == {("kombi", "hotseat")}
        with pytest.raises(SaveInUse):
            store.load(theirs)
        assert theirs.exists() and not (store.root / "damaged").exists(), "refused, not set aside"
        store.delete(mine)
        assert theirs.exists() and moves_in(theirs) == 4
    finally:
        other.communicate("quit\n", timeout=30)
    assert SaveStore().load(theirs).match.cursor == 4, "once that copy has ended, its game continues here"


def test_continuing_a_save_another_copy_plays_says_so_and_keeps_it():
    from game.resume import continue_game
    from tools.driver import frames, make_app

    other = child(HOLD_A_SAVE)
    assert other.stdout is not None
    theirs = Path(other.stdout.readline().strip())
    try:
        app = make_app()
        app.show("menu")
        frames(app, 2)
        info = app.saves.latest()[0]
        assert info.path == theirs
        why = continue_game(app, info)
        assert why == app.t("save.elsewhere") and "another copy" in why
        frames(app, 2)
        assert theirs.exists() and app.stack.top.name == "menu", "no table opened on it"
    finally:
        other.communicate("quit\n", timeout=30)


HOLD_THE_KIOSK = """
import sys
from game.kiosk import hold_the_kiosk
lock = hold_the_kiosk("busy")
print("holding", flush=True)
sys.stdin.readline()
"""


def test_a_second_kiosk_on_one_computer_is_refused_with_a_message(capsys):
    from game.launch import main
    from game.options import Options

    other = child(HOLD_THE_KIOSK)
    assert other.stdout is not None
    assert other.stdout.readline().strip() == "holding"
    try:
        with pytest.raises(AlreadyRunning, match="already running as a kiosk"):
            hold_the_kiosk("Card Duels is already running as a kiosk on this computer")
        assert main(Options(headless=True, kiosk=True, frames=1)) == 3
        assert "already running as a kiosk" in capsys.readouterr().err
    finally:
        other.communicate("quit\n", timeout=30)
    lock = hold_the_kiosk("refused")  # the first copy has ended: the kiosk starts
    assert lock.held
    lock.release()


def test_games_another_copy_recorded_show_in_this_copys_records():
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    mine = StatsStore(path)
    mine.add_row(ROW)
    first = mine.records()
    while not first.ready:
        time.sleep(0.01)
    assert first.value.games["kombi"]["Ann"].played == 1
    other = child(RECORD_GAMES.replace("{who}", "9"))
    out, err = other.communicate("go\n", timeout=120)
    assert other.returncode == 0, err
    again = mine.records()
    while not again.ready:
        time.sleep(0.01)
    assert again.value.games["kombi"]["P9"].played == GAMES_EACH and again.value.games["kombi"]["Ann"].played == 1
    mine.close()


def test_a_pipe_named_like_a_save_is_not_listed_and_never_read():
    """Reading a pipe blocks: the menu and the Continue list would hang."""
    store = SaveStore()
    pipe = store.path_for("kombi", "hotseat")
    pipe.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(pipe)
    assert store.latest() == [] and store.find("kombi", "hotseat") is None
    with pytest.raises(ValueError, match="not a file"):
        store.load(pipe)
    assert pipe.exists() and not (store.root / "damaged").exists()
