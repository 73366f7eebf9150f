"""Odd statistics files: damaged rows are skipped and counted, a read-only file is shown and never set aside, a
damaged one is set aside only when it can be moved and the game that found it is still counted, and the records
are folded on the statistics thread, never on the frame loop."""
from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game.records
from game.schema.stats_row import COLUMNS
from game.stats import StatsStore, stats_path
from tests.uiplay import find_button
from tools.driver import frames, make_app, tap

ROW = ("kombi", "computer", "Ann", "Computer", 12, 7, "0", 30, "2026-01-01T10:00:00+00:00", 5, 2, "0")


def wait(pending, seconds: float = 30.0):
    end = time.monotonic() + seconds
    while not pending.ready and time.monotonic() < end:
        time.sleep(0.005)
    assert pending.ready
    return pending.value


def fresh_file(rows: list[tuple] = ()) -> Path:
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    store = StatsStore(path)
    for row in rows:
        store.add_row(row)
    store.close()
    return path


def put_raw(path: Path, values: tuple) -> int:
    """A row written by something else than the app (any types SQLite takes): 1 if the table took it."""
    conn = sqlite3.connect(path)
    try:
        with conn:
            conn.execute(f"INSERT INTO games ({', '.join(COLUMNS[1:])}) VALUES ({', '.join('?' * len(values))})",
                         values)
        return 1
    except sqlite3.IntegrityError:  # NOT NULL: SQLite itself refuses it
        return 0
    finally:
        conn.close()


def test_a_row_whose_score_is_text_is_skipped_counted_and_shown_as_such():
    path = fresh_file([ROW, ROW])
    put_raw(path, ROW[:4] + ("twelve",) + ROW[5:])
    app = make_app()
    app.show("menu")
    frames(app, 2)
    tap(app, find_button(app, "stats").center)
    frames(app, 2)
    scene = app.stack.top
    wait(scene.pending)
    frames(app, 2)
    ann = scene.table["kombi"]["Ann"]
    assert (ann.played, ann.best, scene.skipped) == (2, 12, 1)
    assert "1 damaged entry was left out." in scene.note()
    app.draw()


@contextlib.contextmanager
def read_only(path: Path):
    """A file the app cannot write: immutable for root (who may write any mode), else mode 0444."""
    if os.geteuid() == 0:
        if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode:
            pytest.skip("root without chattr cannot make a read-only file")
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(path)], check=True)
    else:
        path.chmod(0o444)
        try:
            yield
        finally:
            path.chmod(0o644)


def test_a_read_only_file_is_shown_reported_and_never_set_aside():
    path = fresh_file([ROW])
    with read_only(path):
        store = StatsStore(path)
        book = wait(store.records())
        assert book.games["kombi"]["Ann"].played == 1, "the games already stored still show"
        assert store.read_only and store.problem is None
        assert store.take_notice() == ("stats.readonly", {"name": path.name})
        store.add_row(ROW)
        assert wait(store.records()).games["kombi"]["Ann"].played == 1
        store.close()
    files = [p.name for p in path.parent.iterdir() if p.name.startswith("stats")]
    assert [n for n in files if not n.endswith(("-wal", "-shm"))] == [path.name]  # SQLite's own beside it


def test_a_damaged_file_that_cannot_be_moved_is_left_and_not_said_to_be_moved(caplog):
    path = fresh_file()
    path.write_bytes(b"not a database " * 100)
    with read_only(path):
        store = StatsStore(path)
        wait(store.records())
        store.close()
    assert "moved to" not in caplog.text and "could not be moved aside" in caplog.text
    assert store.problem and store.take_notice()[0] == "stats.failed"
    assert path.read_bytes().startswith(b"not a database")


def test_a_file_damaged_while_open_is_set_aside_and_the_game_that_found_it_is_counted():
    path = fresh_file([ROW])
    store = StatsStore(path)
    assert wait(store.records()).games["kombi"]["Ann"].played == 1
    path.write_bytes(b"garbage " * 2000)  # someone else broke the file under the open connection
    store.add_row(ROW[:2] + ("Mia",) + ROW[3:])
    book = wait(store.records())
    assert store.take_notice()[0] == "stats.damaged"
    assert list(book.games["kombi"]) == ["Mia"], "the new game is in the fresh file"
    assert len([p for p in path.parent.iterdir() if ".damaged-" in p.name]) == 1
    store.close()


def test_the_statistics_screen_never_folds_records_on_the_frame_loop(monkeypatch):
    """Whatever the number of rows, the frame loop reads a ready book: folding happens on the statistics thread."""
    fresh_file([ROW] * 50)
    folding_threads = set()
    real_add = game.records.RecordBook.add

    def add(self, row):
        folding_threads.add(threading.current_thread().name)
        return real_add(self, row)

    monkeypatch.setattr(game.records.RecordBook, "add", add)
    app = make_app()
    app.show("menu")
    frames(app, 3)
    tap(app, find_button(app, "stats").center)
    for _ in range(200):
        frames(app, 1)
        if app.stack.top.table is not None:
            break
        time.sleep(0.005)
    assert app.stack.top.table["kombi"]["Ann"].played == 50
    assert folding_threads <= {"stats"}, "never on the frame loop (the file's tally usually spares the fold)"


text_or_number = st.one_of(st.none(), st.integers(-2**63, 2**63 - 1), st.floats(allow_nan=False),
                           st.text(max_size=20), st.binary(max_size=8), st.sampled_from(["0", "1", "0,1", ""]))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(rows=st.lists(st.tuples(*[text_or_number] * (len(COLUMNS) - 1)), max_size=6))
def test_any_rows_are_either_counted_or_skipped(tmp_path_factory, rows):
    """A property per file kind: whatever the rows hold, the records are made and every row is accounted for."""
    path = tmp_path_factory.mktemp("stats") / "stats.sqlite3"
    StatsStore(path).close()
    stored = sum(put_raw(path, values) for values in [ROW, *rows])
    store = StatsStore(path)
    book = wait(store.records())
    counted = sum(rec.played for players in book.games.values() for rec in players.values())
    rows_ok = len(wait(store.games()))
    assert rows_ok + book.skipped == stored
    assert counted >= 1 and store.problem is None
    store.close()


def test_remembered_answers_keep_types_apart():
    """The checker remembers answers per column by type and value: 1 passing never lets True or 1.0 through."""
    from game.schema.stats_row import RowChecker

    check = RowChecker()
    good = (1, *ROW)
    assert check(good) is not None
    for bad_score in (True, 1.0, "1"):
        assert check((1, *ROW[:4], bad_score, *ROW[5:])) is None
    assert check(good) is not None


def test_a_row_with_text_that_is_not_utf8_is_skipped_not_the_file():
    path = fresh_file([ROW, ROW])
    conn = sqlite3.connect(path)
    conn.execute("UPDATE games SET played_at = CAST(x'32303236ff' AS TEXT) WHERE id = 1")
    conn.commit()
    conn.close()
    store = StatsStore(path)
    book = wait(store.records())
    assert (book.games["kombi"]["Ann"].played, book.skipped) == (1, 1)
    assert store.take_notice() is None and not [p for p in path.parent.iterdir() if ".damaged-" in p.name]
    store.close()
