"""Finished games in SQLite in the data folder (stdlib ``sqlite3``; the file itself: game/statsfile.py).

Every open, write and query runs on one worker thread, so a slow, locked or damaged file never holds up a frame:
scenes get a :class:`Pending` and poll it. The players' records come from the tally the file keeps (game/statssql.py),
or are folded from the rows when it cannot be trusted (``game/records.py``), and then game by game, so a screen gets
them ready-made. Each row is checked (``game/schema/stats_row.py``): a bad one is skipped and counted.

Two copies of the app share the file (WAL, a busy timeout): a game that cannot be written now (another copy holds the
lock, the disk is full, the file could not be opened) waits in a queue and is written as soon as it can be; nothing
turns the statistics off for a passing reason. Only a damaged file is set aside (under a unique name, named in a
notice now and at the next start, game/asides.py); a read-only file or one from a newer version of the app is read and
shown, and new games are not counted; a folder or pipe at the path is left alone and the statistics are off. Each
time the app says so once (:meth:`StatsStore.take_notice`) and plays on."""
from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from game.paths import user_data_dir
from game.schema.stats_row import COLUMNS
from game.statsdisk import StatsDisk

if TYPE_CHECKING:
    from concurrent.futures import Future

    from game.records import RecordBook
    from game.schema.stats_row import StatsRow
    from game.session import Session

# sqlite3, uuid, datetime and concurrent.futures are imported where they are used (on the worker thread, with
# the first query, at a game's end): the first menu frame needs none of them (sqlite3 loads a 1.5 MB library).
log = logging.getLogger("carduels.stats")


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


class StatsStore(StatsDisk):
    """The statistics as the frame loop sees them: every call queues work for the worker thread and returns at
    once (the work itself: game/statsdisk.py)."""

    def __init__(self, path: Path | None = None, enabled: bool = True, start: bool = True) -> None:
        super().__init__()
        self.path = path or stats_path()
        self._jobs: deque[tuple[Future, Callable[..., Any], tuple]] = deque()
        self._lock = threading.Lock()
        self._worker: threading.Thread | None = None  # runs while there is work, then ends
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
    def opening(self) -> bool:
        """The file could not be opened yet for a passing reason (another program's lock, a full disk): it is tried
        again, and a screen asks again for what it shows."""
        return self.enabled and self._started and self.problem is None and self._conn is None

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
        self._submit(self._keep, tuple(row))

    def _keep(self, row: tuple) -> None:
        self.waiting.append(row)
        if self._timer is None:  # else it waits for the try that is planned, behind the older games
            self._flush()

    def games(self, game: str | None = None) -> Pending[list[StatsRow]]:
        """Every kept game (of ``game``) whose values pass their rules, oldest first, as dicts."""
        where, args = ("WHERE game = ?", (game,)) if game else ("", ())

        def ask() -> list[StatsRow]:
            from game.schema.stats_row import RowChecker

            rows = self._run(f"SELECT {', '.join(COLUMNS)} FROM games {where} ORDER BY id", args)
            return [row for row in map(RowChecker(), rows) if row is not None]

        return self._ask(ask, [])

    def records(self, players: tuple[str, ...] = ()) -> Pending[RecordBook | None]:
        """The players' records (a ``game.records.RecordBook`` that no one changes any more; None when the
        statistics are off), made on the statistics thread: the frame loop only reads them. From a large file only
        what the screens show is read (``book.partial``): each game's most played players, the last used, and
        ``players``. Games another copy of the app added since are read in too."""
        def ask() -> RecordBook | None:
            book = self._book
            if self._conn is not None and (book is None or not book.has(players) or self._changed_elsewhere()):
                self._read_book(tuple(players))
            return self._book

        return self._ask(ask, None)

    def _changed_elsewhere(self) -> bool:
        """Another connection wrote to the file since the records were read (O(1): SQLite keeps the count)."""
        return self._version() != self._seen

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
            self._flush()  # a last try for the games that wait
            if self.waiting:
                log.warning("statistics: %d game(s) could not be written before the app closed", len(self.waiting))
            if self._conn is not None:
                self._conn.close()
                self._conn = None

        if not self.enabled or not self._started:  # never opened: nothing to close
            return
        self._closing = True
        if self._timer is not None:
            self._timer.cancel()
        done = self._submit(shut)
        if wait:
            try:
                done.result(timeout=10)
            except Exception as exc:  # closing must never keep the app from quitting
                log.warning("statistics not closed cleanly: %s", exc)
