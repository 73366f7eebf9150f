"""Issue 42, item 2: only a damaged statistics file is ever set aside. A full disk and a lock are passing (the games
wait and are written later); a file from a newer version is read and shown, never renamed; a symlink is followed; a
folder or a pipe at the path is refused and left where it is; every file set aside is named at the next start."""
from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import subprocess
import time
from pathlib import Path

import pytest

from game.stats import StatsStore, stats_path
from game.statsfile import SCHEMA_VERSION, kind_of
from tools.driver import frames, make_app

ROW = ("kombi", "computer", "Ann", "Computer", 12, 7, "0", 30, "2026-01-01T10:00:00+00:00", 5, 2, "0")


def wait(pending, seconds: float = 30.0):
    end = time.monotonic() + seconds
    while not pending.ready and time.monotonic() < end:
        time.sleep(0.005)
    assert pending.ready
    return pending.value


def until(cond, seconds: float = 30.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.02)
    return cond()


def fresh_file(path: Path, rows: int = 1) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    store = StatsStore(path)
    for _ in range(rows):
        store.add_row(ROW)
    store.close()
    return path


def others(path: Path) -> list[str]:
    """Files beside the statistics file other than SQLite's own (-wal, -shm) and the app's notes."""
    return sorted(p.name for p in path.parent.iterdir() if p.name != path.name and not p.name.endswith(("-wal", "-shm"))
                  and p.suffix != ".json")


def on_worker(store: StatsStore, sql: str) -> list[tuple]:
    """Run ``sql`` on the store's own connection, on its thread."""
    def run() -> list[tuple]:
        assert store._conn is not None
        return store._conn.execute(sql).fetchall()

    return wait(store._ask(run, None))


def played(store: StatsStore) -> int:
    """The games kept (the records are read too: they must be there to be shown)."""
    assert wait(store.records()) is not None or store.problem
    return len(wait(store.games()))


def test_a_full_disk_at_the_end_of_a_game_keeps_the_file_and_writes_the_game_once_there_is_room():
    """Before: SQLITE_FULL was taken for damage: the healthy file was renamed and the history showed 0 games."""
    path = fresh_file(stats_path(), rows=3)
    store = StatsStore(path)
    assert played(store) == 3

    pages = on_worker(store, "PRAGMA page_count")[0][0]
    on_worker(store, f"PRAGMA max_page_count = {pages}")  # SQLite reports SQLITE_FULL past this size
    for i in range(300):  # the game at the end of which the disk fills
        store.add_row(ROW[:2] + (f"Player {i}",) + ROW[3:])
    said: list = []
    full = ("stats.full", {"why": "database or disk is full"})
    assert until(lambda: said.append(store.take_notice()) or full in said)
    wait(store._ask(lambda: None, None))  # the queue has worked through the 300 games
    assert store.waiting, "the games that did not fit wait"
    assert store.problem is None and not store.read_only
    assert others(path) == [], "nothing renamed"
    on_worker(store, "PRAGMA max_page_count = 1000000")  # room again
    assert until(lambda: not store.waiting, 60), "written on the next try"
    assert played(store) == 303
    store.close()


@contextlib.contextmanager
def small_disk(where: Path, size: str = "600k"):
    """A disk of its own (tmpfs) at ``where``: only root may mount one."""
    where.mkdir(parents=True)
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                                           capture_output=True).returncode:
        pytest.skip("a small disk needs root and mount")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def test_a_really_full_disk_keeps_the_file_and_every_game_is_written_once_there_is_room(tmp_path):
    with small_disk(tmp_path / "disk") as disk:
        path = fresh_file(disk / "stats.sqlite3", rows=3)
        store = StatsStore(path)
        assert played(store) == 3
        filler = disk / "filler"
        with contextlib.suppress(OSError), open(filler, "wb") as fh:
            while True:
                fh.write(b"x" * 4096)
                fh.flush()
        for i in range(50):  # the games that end while the disk is full
            store.add_row(ROW[:2] + (f"Player {i}",) + ROW[3:])
        wait(store._ask(lambda: None, None))
        assert store.waiting and store.problem is None
        assert store.take_notice()[0] == "stats.full"
        assert others(path) == [f.name for f in [filler]], "nothing renamed"
        filler.unlink()  # room again
        assert until(lambda: not store.waiting, 60)
        assert played(store) == 53
        store.close()


def test_the_kinds_of_trouble():
    assert kind_of(sqlite3.OperationalError("database or disk is full")) == "full"
    assert kind_of(sqlite3.OperationalError("database is locked")) == "locked"
    assert kind_of(sqlite3.OperationalError("attempt to write a readonly database")) == "read-only"
    assert kind_of(sqlite3.OperationalError("disk I/O error")) == "passing"
    assert kind_of(sqlite3.DatabaseError("file is not a database")) == "damaged"
    assert kind_of(sqlite3.DatabaseError("database disk image is malformed")) == "damaged"


def newer(path: Path, extra_column: bool = False, drop: str | None = None) -> None:
    conn = sqlite3.connect(path)
    if extra_column:
        conn.execute("ALTER TABLE games ADD COLUMN rating INTEGER")
    if drop:  # a newer schema without a column this version reads (and without this version's triggers)
        for trigger in ("games_tally", "games_changed", "games_deleted"):
            conn.execute(f"DROP TRIGGER {trigger}")
        conn.execute(f"ALTER TABLE games DROP COLUMN {drop}")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()


def test_the_statistics_screen_says_a_newer_file_is_shown_only():
    path = fresh_file(stats_path(), rows=2)
    newer(path)
    app = make_app()
    app.show("menu")
    frames(app, 2)
    scene = app.push("stats")
    assert until(lambda: frames(app) or scene.table is not None)
    assert scene.table["kombi"]["Ann"].played == 2
    assert "newer version" in scene.note()
    app.draw()
    app.stats.close()


@pytest.mark.parametrize("extra_column", [False, True])
def test_a_file_from_a_newer_version_is_shown_read_only_and_never_renamed(extra_column):
    """Before: "made by a newer version" was taken for damage: a downgrade hid the whole history."""
    path = fresh_file(stats_path(), rows=2)
    newer(path, extra_column)
    before = path.read_bytes()
    store = StatsStore(path)
    assert played(store) == 2, "its games show"
    assert store.newer and store.read_only and store.problem is None
    assert store.take_notice() == ("stats.newer", {"name": path.name})
    store.add_row(ROW)
    assert played(store) == 2
    store.close()
    assert others(path) == [] and path.read_bytes() == before, "never renamed, never changed"


def test_a_newer_file_this_version_cannot_read_is_left_as_it_is():
    path = fresh_file(stats_path(), rows=1)
    newer(path, drop="seed")
    store = StatsStore(path)
    wait(store.records())
    assert store.problem and store.take_notice()[0] == "stats.newer"
    store.close()
    assert others(path) == [] and path.exists()


def test_a_symlink_is_followed_and_stays_a_symlink(tmp_path):
    """Before: a user's symlink (e.g. to a synced folder) was replaced when the file was set aside."""
    real = fresh_file(tmp_path / "synced" / "my-stats.sqlite3", rows=2)
    link = stats_path()
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(real)
    store = StatsStore(link)
    assert played(store) == 2
    store.add_row(ROW)
    assert played(store) == 3
    store.close()
    assert link.is_symlink() and link.resolve() == real
    conn = sqlite3.connect(real)
    assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 3, "written into the file it points to"
    conn.close()


def test_a_damaged_file_behind_a_symlink_is_set_aside_where_it_is_and_the_link_kept(tmp_path):
    real = tmp_path / "synced" / "my-stats.sqlite3"
    real.parent.mkdir(parents=True)
    real.write_bytes(b"not a database " * 100)
    link = stats_path()
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(real)
    store = StatsStore(link)
    store.add_row(ROW)
    assert played(store) == 1
    store.close()
    assert link.is_symlink() and real.exists()
    assert len([p for p in real.parent.iterdir() if ".damaged-" in p.name]) == 1


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_pipe_or_a_folder_at_the_path_is_refused_and_left_where_it_is(kind):
    """Before: both were renamed "damaged" (and a pipe could block the statistics thread)."""
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.mkdir()
        (path / "something").write_text("mine")
    store = StatsStore(path)
    assert wait(store.records(), 10) is None
    assert store.problem and store.take_notice() == ("stats.notafile", {"name": str(path)})
    store.add_row(ROW)
    store.close()
    mode = os.stat(path).st_mode
    assert stat.S_ISFIFO(mode) if kind == "fifo" else stat.S_ISDIR(mode) and (path / "something").exists()
    assert others(path) == []


def test_a_file_set_aside_is_named_at_the_next_start_with_how_to_bring_it_back():
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"this is not a database at all" * 100)
    app = make_app()
    app.show("menu")
    frames(app, 2)
    assert until(lambda: [p for p in path.parent.iterdir() if ".damaged-" in p.name])
    app.stats.close()
    aside = next(p for p in path.parent.iterdir() if ".damaged-" in p.name)
    again = make_app()
    assert again.notice and str(aside) in again.notice and "rename it to" in again.notice
    assert again.notice.endswith(f"rename it to {path.name}."), "in the same folder: its old name is enough"
    again.stats.close()
    assert make_app().notice is None, "named once"


def test_a_damaged_save_is_named_at_the_next_start_too(tmp_path):
    from game.saves import SaveStore

    store = SaveStore()
    path = store.path_for("kombi", "hotseat")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError):
        store.load(path)
    app = make_app()
    assert app.notice and "autosave-kombi-hotseat" in app.notice and str(path) in app.notice


def test_the_data_folder_read_only_is_passing_not_damage():
    """A folder the app cannot write into (e.g. mounted read-only) never leads to a rename: the games so far show,
    a new one waits and is written once the folder can be written again."""
    path = fresh_file(stats_path(), rows=1)
    if os.geteuid() == 0:
        if subprocess.run(["chattr", "+i", str(path.parent)], capture_output=True).returncode:
            pytest.skip("root without chattr cannot make a read-only folder")
        undo = ["chattr", "-i", str(path.parent)]
    else:
        path.parent.chmod(0o555)
        undo = ["chmod", "755", str(path.parent)]
    try:
        store = StatsStore(path)
        store.add_row(ROW)
        book = wait(store.records())
        assert book is not None and book.games["kombi"]["Ann"].played == 1, "the games so far still show"
        assert store.read_only and store.waiting and store.take_notice()[0] == "stats.later"
    finally:
        subprocess.run(undo, check=True)
    assert until(lambda: not store.waiting and not store.read_only, 60), "written once the folder is writable"
    assert played(store) == 2
    store.close()
    assert others(path) == [] and path.exists()
