"""Finished games in SQLite in the data folder (stdlib ``sqlite3``, schema versions in ``user_version``).

Every open, write and query runs on one worker thread, so a slow, locked or damaged file never holds up
a frame: scenes get a :class:`Pending` and poll it. The players' records are folded on that thread too, once when
the file opens and then game by game (``game/records.py``), so a screen gets them ready-made. Each row is checked
(``game/schema/stats_row.py``): a bad one is skipped and counted. A damaged file is set aside under a unique name
(only when that rename succeeds) and a fresh one records the game that found the damage; a read-only file is read
and shown, and new games are not counted; a locked one turns the statistics off for this run. Each time the app
says so once (:meth:`StatsStore.take_notice`) and plays on."""
from __future__ import annotations

import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from game.paths import user_data_dir
from game.schema.stats_row import COLUMNS

if TYPE_CHECKING:
    import sqlite3
    from concurrent.futures import Future

    from game.records import RecordBook
    from game.schema.stats_row import StatsRow
    from game.session import Session

# sqlite3, uuid, datetime and concurrent.futures are imported where they are used (on the worker thread, with
# the first query, at a game's end): the first menu frame needs none of them (sqlite3 loads a 1.5 MB library).
log = logging.getLogger("carduels.stats")
LOCK_WAIT = 0.25  # seconds sqlite waits for a lock (on the worker thread, never on a frame)

# Schema migrations: entry i takes a file from version i to version i + 1.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    ("""CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL, mode TEXT NOT NULL,
            name0 TEXT NOT NULL, name1 TEXT NOT NULL,
            score0 INTEGER NOT NULL, score1 INTEGER NOT NULL,
            winners TEXT NOT NULL,          -- seats that won, e.g. "0" or "0,1"; "" when nobody did
            actions INTEGER NOT NULL,       -- the length of the game in actions
            played_at TEXT NOT NULL,        -- ISO 8601, UTC
            seed INTEGER,
            bot_level INTEGER               -- NULL unless against the computer
        )""",),
    ("ALTER TABLE games ADD COLUMN humans TEXT NOT NULL DEFAULT '0,1'",  # seats played by people
     "CREATE INDEX games_by_game ON games (game, id)"),
)
SCHEMA_VERSION = len(MIGRATIONS)


def stats_path() -> Path:
    return user_data_dir() / "stats.sqlite3"


T = TypeVar("T")


class Pending(Generic[T]):
    """The answer of a query, once the worker has it: ``ready``, then ``value`` (None when it failed)."""

    def __init__(self, future: Future[T]) -> None:
        self._future = future

    @property
    def ready(self) -> bool:
        return self._future.done()

    @property
    def value(self) -> T | None:
        if not self._future.done() or self._future.cancelled() or self._future.exception() is not None:
            return None
        return self._future.result()


def migrate(conn: sqlite3.Connection) -> int:
    """Bring the file to :data:`SCHEMA_VERSION`; returns the version found. A newer file is refused."""
    import sqlite3

    found = conn.execute("PRAGMA user_version").fetchone()[0]
    if found > SCHEMA_VERSION:
        raise sqlite3.DatabaseError(f"made by a newer version (schema {found}, this one knows {SCHEMA_VERSION})")
    for version in range(found, SCHEMA_VERSION):
        with conn:
            for statement in MIGRATIONS[version]:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {version + 1}")
    return found


def _is_locked(exc: sqlite3.Error) -> bool:
    import sqlite3

    text = str(exc).lower()
    return isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


def _text(data: bytes) -> str | bytes:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data


def _is_read_only(exc: sqlite3.Error) -> bool:
    return getattr(exc, "sqlite_errorname", "").startswith("SQLITE_READONLY") or "readonly" in str(exc).lower()


class StatsStore:
    def __init__(self, path: Path | None = None, enabled: bool = True, start: bool = True) -> None:
        self.path = path or stats_path()
        self._jobs: deque[tuple[Future, Callable[..., Any], tuple]] = deque()
        self._lock = threading.Lock()
        self._worker: threading.Thread | None = None  # runs while there is work, then ends
        self._conn: sqlite3.Connection | None = None
        self._notice: tuple[str, dict[str, str]] | None = None
        self.problem: str | None = None  # why the statistics are off, for the statistics screen
        self.read_only = False  # the file can be read but not written: the games so far show, new ones are not kept
        self._book: RecordBook | None = None  # the records of the rows read so far (worker thread only)
        self.enabled = enabled
        self._started = False
        if start:
            self.start()

    def start(self) -> None:
        """Open the file on the worker thread (once; ``start=False`` leaves it for later, e.g. after the first
        frame: any query starts it first)."""
        if self.enabled and not self._started:
            self._started = True
            self._submit(self._open)

    @property
    def busy(self) -> bool:
        """Work is queued or running: a resting app looks again soon for its answers."""
        return self._worker is not None

    def _submit(self, fn: Callable[..., T], *args: object) -> Future[T]:
        """Queue ``fn``; one short-lived thread at a time works through the queue in order."""
        if fn != self._open:
            self.start()  # a query before the app started the store (after its first frame) opens it first
        from concurrent.futures import Future  # with the first query, not at start-up

        future: Future[T] = Future()
        with self._lock:
            self._jobs.append((future, fn, args))
            if self._worker is None:
                self._worker = threading.Thread(target=self._drain, name="stats", daemon=True)
                self._worker.start()
        return future

    def _drain(self) -> None:
        while True:
            with self._lock:
                if not self._jobs:
                    self._worker = None
                    return
                future, fn, args = self._jobs.popleft()
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(fn(*args))
                except BaseException as exc:  # handed to whoever polls the answer
                    future.set_exception(exc)

    # --- the worker thread ---------------------------------------------------------------------------------
    def _open(self) -> None:
        import sqlite3

        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.read_only = self.path.exists() and not os.access(self.path, os.W_OK)
            self._conn = self._connect()
        except sqlite3.Error as exc:
            if _is_locked(exc):
                self._off("stats.locked", {}, str(exc))
                return
            self._set_aside(exc)
        except OSError as exc:
            self._off("stats.failed", {"why": str(exc)}, str(exc))
            return
        if self._conn is not None and self.read_only:
            self._say_read_only()
        self._read_book()

    def _connect(self) -> sqlite3.Connection:
        import sqlite3

        # Used by one thread at a time (the queue's), not always the same one. A file that cannot be written is
        # opened for reading only: its games still show.
        where = f"{self.path.resolve().as_uri()}?mode=ro" if self.read_only else str(self.path)
        conn = sqlite3.connect(where, timeout=LOCK_WAIT, check_same_thread=False, uri=self.read_only)
        conn.text_factory = _text  # a damaged text stays bytes: its row is skipped, not the whole file
        try:
            if not self.read_only:
                migrate(conn)
            conn.execute(f"SELECT {', '.join(COLUMNS)} FROM games LIMIT 1").fetchall()
        except BaseException:
            conn.close()
            raise
        return conn

    def _read_book(self) -> None:
        """Fold every row into a fresh record book, counting the ones that break their rules."""
        from game.records import RecordBook
        from game.schema.stats_row import RowChecker

        book, check_row = RecordBook(), RowChecker()
        for values in self._run(f"SELECT {', '.join(COLUMNS)} FROM games ORDER BY id"):
            row = check_row(values)
            if row is None:
                book.skipped += 1
            else:
                book.add(row)
        if book.skipped:
            log.warning("statistics: %d damaged row(s) skipped", book.skipped)
        self._book = book

    def _set_aside(self, exc: Exception) -> None:
        """Move the damaged file out of the way (unique name) and start a fresh one; if it cannot be moved, it is
        left as it is and the statistics are off."""
        import sqlite3
        import uuid

        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.stem}.damaged-{stamp}-{uuid.uuid4().hex[:6]}{self.path.suffix}")
        try:
            self.path.rename(aside)
        except OSError as again:
            log.warning("statistics file damaged (%s) and could not be moved aside (%s)", exc, again)
            self._off("stats.failed", {"why": f"{exc}; {again}"}, f"damaged ({exc}), not moved aside ({again})")
            return
        log.warning("statistics file damaged (%s): moved to %s", exc, aside)
        try:
            self.read_only = False
            self._conn = self._connect()
        except (OSError, sqlite3.Error) as fresh:
            self._off("stats.failed", {"why": str(fresh)}, str(fresh))
            return
        self._book = None
        self._read_book()
        self._notice = ("stats.damaged", {"name": aside.name})

    def _say_read_only(self) -> None:
        self.read_only = True
        log.warning("statistics file is read-only (%s): shown, new games not kept", self.path)
        self._notice = self._notice or ("stats.readonly", {"name": self.path.name})

    def _off(self, key: str, params: dict[str, str], why: str) -> None:
        log.warning("statistics off: %s", why)
        self._conn = None
        self.problem = why
        self._notice = (key, params)

    def _run(self, sql: str, args: tuple = (), write: bool = False) -> list[tuple]:
        """The statement's rows; a write to a damaged file is made again on the fresh one that replaces it."""
        import sqlite3

        for _attempt in range(2):
            if self._conn is None or (write and self.read_only):
                return []
            try:
                with self._conn:
                    cur = self._conn.execute(sql, args)
                    return cur.fetchall() if not write else [(cur.lastrowid,)]
            except sqlite3.Error as exc:
                if _is_locked(exc):
                    log.warning("statistics file locked: %s", exc)
                    self._notice = self._notice or ("stats.locked", {})
                    return []
                if _is_read_only(exc):
                    self._say_read_only()
                    return []
                self._conn.close()
                self._conn = None
                self._set_aside(exc)
        return []

    def _insert(self, row: tuple) -> None:
        from game.schema.stats_row import check_row

        sql = f"INSERT INTO games ({', '.join(COLUMNS[1:])}) VALUES ({', '.join('?' * len(row))})"
        done = self._run(sql, row, write=True)
        checked = check_row((done[0][0], *row)) if done else None
        if checked is not None and self._book is not None:
            self._book = self._book.plus(checked)

    # --- asked from the frame loop (never waits) -----------------------------------------------------
    def record(self, session: Session) -> None:
        """Keep a finished game (the computer's own demo games are not kept)."""
        if session.mode == "demo" or not self.enabled:
            return
        from datetime import UTC, datetime

        st = session.match.state
        row = (session.game_id, session.mode, session.names[0], session.names[1], int(st.scores[0]),
               int(st.scores[1]), ",".join(str(w) for w in st.winners), session.match.cursor,
               datetime.now(UTC).isoformat(timespec="seconds"), session.seed,
               session.bot_level if session.mode == "computer" else None,
               ",".join(str(i) for i in session.humans))
        self.add_row(row)

    def add_row(self, row: tuple) -> None:
        """Keep one game given as the values of ``COLUMNS[1:]`` (e.g. games imported or made up for a picture)."""
        if len(row) != len(COLUMNS) - 1:
            raise ValueError(f"a game row has {len(COLUMNS) - 1} values, not {len(row)}")
        self._submit(self._insert, tuple(row))

    def games(self, game: str | None = None) -> Pending[list[StatsRow]]:
        """Every kept game (of ``game``) whose values pass their rules, oldest first, as dicts."""
        where, args = ("WHERE game = ?", (game,)) if game else ("", ())

        def ask() -> list[StatsRow]:
            from game.schema.stats_row import RowChecker

            rows = self._run(f"SELECT {', '.join(COLUMNS)} FROM games {where} ORDER BY id", args)
            return [row for row in map(RowChecker(), rows) if row is not None]

        return self._ask(ask, [])

    def records(self) -> Pending[RecordBook | None]:
        """The players' records (a ``game.records.RecordBook`` that no one changes any more; None when the
        statistics are off), folded on the statistics thread: the frame loop only reads them."""
        def ask() -> RecordBook | None:
            if self._book is None and self._conn is not None:
                self._read_book()
            return self._book

        return self._ask(ask, None)

    def _ask(self, fn: Callable[[], T], off: T) -> Pending[T]:
        if self.enabled:
            return Pending(self._submit(fn))
        from concurrent.futures import Future

        done: Future[T] = Future()
        done.set_result(off)
        return Pending(done)

    def take_notice(self) -> tuple[str, dict[str, str]] | None:
        """What happened to the file (a string key and its parameters), once."""
        notice, self._notice = self._notice, None
        return notice

    def close(self, wait: bool = True) -> None:
        def shut() -> None:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

        if not self.enabled or not self._started:  # never opened: nothing to close
            return
        done = self._submit(shut)
        if wait:
            try:
                done.result(timeout=5)
            except Exception as exc:  # closing must never keep the app from quitting
                log.warning("statistics not closed cleanly: %s", exc)
