"""The statistics file as the worker thread of game/stats.py sees it: opening it (or waiting to), reading the
players' records, writing the games that wait, and what each trouble means (game/statsfile.py says which kind it is).

A game that cannot be written now (another copy holds the lock, the disk is full, the file could not be opened)
stays in ``waiting`` and is tried again a little later, oldest first; nothing turns the statistics off for a passing
reason, and only a damaged file is set aside (named in a notice now and at the next start, game/asides.py)."""
from __future__ import annotations

import contextlib
import logging
import threading
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.schema.stats_row import COLUMNS

if TYPE_CHECKING:
    import sqlite3
    from concurrent.futures import Future

    from game.records import Measures, RecordBook

log = logging.getLogger("carduels.stats")
RETRY_AFTER = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0)  # seconds between tries of the games that wait, then every 30 s


def measures() -> Measures:
    """How each game's results are counted (its rules say): the lowest score is the best, the highest counted, and
    whether a tie is a win shared or a draw."""
    import rules
    from game.records import Measure

    return {g: Measure(spec.low_score_wins, spec.score_cap, spec.ties_share_win) for g, spec in rules.GAMES.items()}


class StatsDisk:
    """The worker thread's side of :class:`game.stats.StatsStore` (its only caller)."""

    path: Path

    def __init__(self) -> None:
        self._conn: sqlite3.Connection | None = None
        self._notice: tuple[str, dict[str, str]] | None = None
        self.problem: str | None = None  # why the statistics are off, for the statistics screen
        self.read_only = False  # the file can be read but not written: the games so far show, new ones are not kept
        self.newer = False  # made by a newer version of the app: shown read-only
        self._for_now = False  # read-only only for a passing trouble (e.g. a read-only folder): tried again
        self._seen: int | None = None  # PRAGMA data_version when the records were last read
        self.waiting: deque[tuple] = deque()  # games not written yet (locked, disk full): tried again
        self._tries = 0
        self._timer: threading.Timer | None = None
        self._book: RecordBook | None = None  # the records of the rows read so far (worker thread only)
        self._measures: Measures | None = None
        self._closing = False

    def _submit(self, fn: Callable[..., Any], *args: Any) -> Future:
        raise NotImplementedError  # the store queues the work

    def _open(self) -> None:
        import sqlite3

        from game.statsfile import SCHEMA_VERSION, Newer, connect, kind_of, real_path, user_version

        if self._conn is not None or self.problem is not None:
            return
        try:
            real = real_path(self.path)
        except (OSError, RuntimeError) as exc:  # a folder or a pipe (or a symlink loop): left where it is, off
            self._off("stats.notafile", {"name": str(self.path)}, str(exc))
            return
        try:
            real.parent.mkdir(parents=True, exist_ok=True)
            self.newer = real.exists() and real.stat().st_size > 0 and user_version(real) > SCHEMA_VERSION
            self.read_only = self.newer or (real.exists() and not os_writable(real))
            self._conn = connect(real, self.read_only)
        except Newer:  # another copy of a newer version changed it meanwhile: read it as such
            self.newer = self.read_only = True
            return self._open()
        except sqlite3.Error as exc:
            kind = kind_of(exc)
            if self.newer:  # never renamed: what this version cannot read of it, it does not show
                self._off("stats.newer", {"name": self.path.name}, f"made by a newer version ({exc})")
                return
            if kind == "damaged":
                self._set_aside(real, exc)
            elif kind in ("passing", "read-only", "full") and self._read_only_instead(real):
                self._wait_for(kind, exc)  # e.g. a read-only folder: the games so far show, new ones wait
            else:
                self._wait_for(kind, exc)
                return
        except OSError as exc:
            self._wait_for("passing", exc)
            return
        if self._conn is None:
            return
        if self.newer:
            log.warning("statistics file made by a newer version (%s): shown, new games not kept", self.path)
            self._notice = self._notice or ("stats.newer", {"name": self.path.name})
        elif self.read_only:
            self._say_read_only()
        self._tries = 0
        self._read_book()
        self._flush()

    def _read_book(self, players: tuple[str, ...] = ()) -> None:
        """The records: from the file's tally when it holds them exactly (what the screens show, and ``players``),
        else folded from every row (then the tally is written again from that fold, when the file can be
        written)."""
        from game.names_check import check_name
        from game.records import RecordBook
        from game.schema.stats_row import RowChecker
        from game.statssql import read_tally, rebuild

        if self._measures is None:
            self._measures = measures()
        conn = self._conn
        if conn is None:
            return
        self._seen = self._version()  # before reading: a change made meanwhile is read next time
        book = None if self.newer else self._query(
            lambda: read_tally(conn, self._measures or {}, _name_ok(check_name), players=players))
        if book is not None:
            self._book = book
            return
        book, check_row = RecordBook(self._measures), RowChecker()
        for values in self._run(f"SELECT {', '.join(COLUMNS)} FROM games ORDER BY id"):
            book.rows += 1
            book.last_id = values[0] if isinstance(values[0], int) else book.last_id
            row = check_row(values)
            if row is None:
                book.skipped += 1
            else:
                book.add(row)
        if book.skipped:
            log.warning("statistics: %d damaged row(s) skipped", book.skipped)
        self._book = book
        if not self.read_only and self._conn is not None:
            self._query(lambda: rebuild(conn, book, self._measures or {}))

    def _read_only_instead(self, real: Path) -> bool:
        """Open an existing file that cannot be opened for writing (a read-only folder, where SQLite cannot make its
        side files) for reading only; False when that fails too."""
        import sqlite3

        from game.statsfile import connect

        if self.read_only or not real.is_file():
            return False
        try:
            self._conn = connect(real, True)
        except sqlite3.Error as exc:
            log.warning("statistics file not readable either (%s)", exc)
            return False
        self.read_only = self._for_now = True  # tried for writing again later (``_again``)
        return True

    def _version(self) -> int | None:
        """SQLite's count of the changes other connections (other copies, other programs) made to the file."""
        found = self._run("PRAGMA data_version")
        return found[0][0] if found else None

    def _query(self, fn: Callable[[], Any]) -> Any:
        """``fn()``, or None when SQLite refuses it for a passing reason (the caller falls back)."""
        import sqlite3

        try:
            return fn()
        except sqlite3.Error as exc:
            log.warning("statistics tally not used: %s", exc)
            return None

    def _set_aside(self, real: Path, exc: Exception) -> None:
        """Move the damaged file out of the way (unique name) and start a fresh one; if it cannot be moved, it is
        left as it is and the statistics are off."""
        import sqlite3

        from game.asides import remember
        from game.statsfile import aside_name, connect

        aside = aside_name(real)
        try:
            real.rename(aside)
        except OSError as again:
            log.warning("statistics file damaged (%s) and could not be moved aside (%s)", exc, again)
            self._off("stats.failed", {"why": f"{exc}; {again}"}, f"damaged ({exc}), not moved aside ({again})")
            return
        log.warning("statistics file damaged (%s): moved to %s", exc, aside)
        remember(aside, real, str(exc))
        try:
            self.read_only = False
            self._conn = connect(real, False)
        except (OSError, sqlite3.Error) as fresh:
            self._off("stats.failed", {"why": str(fresh)}, str(fresh))
            return
        self._book = None
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

    def _wait_for(self, kind: str, exc: BaseException) -> None:
        """A passing trouble (another copy's lock, a full disk, a file that could not be opened now): say so once,
        keep the games waiting, and try again a little later. The file is never touched."""
        key = {"locked": "stats.locked", "full": "stats.full"}.get(kind, "stats.later")
        self._notice = self._notice or (key, {"why": str(exc)})
        if self._closing or self._timer is not None:  # a try is planned already
            return
        if not self._tries:
            log.warning("statistics file %s (%s): the games wait and are written later", kind, exc)
        delay = RETRY_AFTER[min(self._tries, len(RETRY_AFTER) - 1)]
        self._tries += 1
        self._timer = threading.Timer(delay, self._again)
        self._timer.daemon = True
        self._timer.start()

    def _again(self) -> None:
        self._timer = None
        if not self._closing:
            self._submit(self._open if self._conn is None else self._reopen if self._for_now else self._flush)

    def _reopen(self) -> None:
        """Give up the read-only connection made for a passing trouble, and open the file for writing again."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        self.read_only = self._for_now = False
        self._open()

    def _run(self, sql: str, args: tuple = ()) -> list[tuple]:
        """The statement's rows (a read); [] when the file cannot be read now. A damaged file is set aside."""
        import sqlite3

        from game.statsfile import kind_of

        if self._conn is None:
            return []
        try:
            return self._conn.execute(sql, args).fetchall()
        except sqlite3.Error as exc:
            kind = kind_of(exc)
            if kind == "damaged":
                self._damaged(exc)
            elif kind == "read-only":
                self._say_read_only()
            else:
                log.warning("statistics not read now (%s)", exc)
            return []

    def _damaged(self, exc: Exception) -> None:
        from game.statsfile import real_path

        if self._conn is not None:
            self._conn.close()
            self._conn = None
        try:
            real = real_path(self.path)
        except OSError as gone:
            self._off("stats.failed", {"why": str(gone)}, str(gone))
            return
        self._set_aside(real, exc)
        if self._conn is not None:
            self._read_book()

    def _flush(self) -> None:
        """Write the games that wait, oldest first, in one transaction (a full disk frees little room: one commit
        needs far less of it than one per game); if they cannot be written now, they wait for a later try."""
        import sqlite3

        from game.statsfile import kind_of

        sql = f"INSERT INTO games ({', '.join(COLUMNS[1:])}) VALUES ({', '.join('?' * (len(COLUMNS) - 1))})"
        while self.waiting:
            if self._conn is None:
                if self.problem is None:
                    self._open()
                return
            if self.read_only:
                if not self._for_now:
                    self.waiting.clear()  # shown, not counted: the notice said so
                return
            rows = list(self.waiting)
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                ids = [self._conn.execute(sql, row).lastrowid for row in rows]
                self._conn.execute("COMMIT")
            except sqlite3.Error as exc:
                if self._conn is not None and self._conn.in_transaction:
                    with contextlib.suppress(sqlite3.Error):  # the games stay waiting whatever the rollback says
                        self._conn.execute("ROLLBACK")
                kind = kind_of(exc)
                if kind == "damaged":
                    self._damaged(exc)  # the game that found the damage goes into the fresh file
                    continue
                if kind == "read-only":
                    self._say_read_only()
                    continue
                if kind == "full":
                    self._checkpoint()  # the WAL itself may hold the room the games need
                self._wait_for(kind, exc)
                return
            for _ in rows:
                self.waiting.popleft()
            if self._tries:
                self._checkpoint()  # after a trouble: give the room the WAL took back to the disk
            self._tries = 0
            self._written(list(zip(ids, rows, strict=True)))

    def _checkpoint(self) -> None:
        import sqlite3

        if self._conn is not None:
            with contextlib.suppress(sqlite3.Error):
                self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def _written(self, rows: list[tuple[int | None, tuple]]) -> None:
        """The records learn the games just written (a partial book is read again, when asked)."""
        from game.schema.stats_row import check_row

        for new_id, row in rows:
            checked = check_row((new_id, *row))
            if checked is not None and self._book is not None:
                self._book = None if self._book.partial else self._book.plus(checked)


def os_writable(path: Path) -> bool:
    import os

    return os.access(path, os.W_OK)


def _name_ok(check: Callable[[Any], str]) -> Callable[[Any], bool]:
    def ok(name: Any) -> bool:
        try:
            return check(name) == name
        except ValueError:
            return False

    return ok
