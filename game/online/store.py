"""Durable tables: an embedded SQLite store (WAL) of every table and every accepted action, and the
journal that sends no answer before the change it answers is committed.

A game is its seed plus its actions, so that is what is kept: one row per table (game, seed, the deal's
secret, names, SHA-256 hashes of the seat tokens, the result) and one row per action. On start the
server replays each open table through ``Match.play`` - the same door that accepted the moves.
Writes of one event-loop tick are committed together in a writer thread (group commit), and the
messages of that tick are sent only once the commit returned.
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from game.paths import user_data_dir

log = logging.getLogger("carduels.online")

SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, seed INTEGER NOT NULL, secret TEXT NOT NULL,
    name0 TEXT, token0 TEXT, name1 TEXT, token1 TEXT, ip TEXT, result TEXT,
    created REAL NOT NULL, finished REAL, closed INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (code, n)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS tables_finished ON tables (closed, finished);
"""


def default_path() -> Path:
    """``tables.sqlite3`` in the user data folder (``$CARD_DUELS_HOME/data`` when that is set)."""
    return user_data_dir() / "server" / "tables.sqlite3"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class StoreError(RuntimeError):
    pass


class Store:
    """The SQLite file; one connection per process (each worker opens its own; the file is shared)."""

    def __init__(self, path: Path | str, sync: str = "full") -> None:
        self.path = Path(path)
        self.sync = "full" if sync == "full" else "normal"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=10.0)
        self.lock = threading.Lock()
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'FULL' if sync == 'full' else 'NORMAL'}")
        self.db.execute("PRAGMA busy_timeout=10000")
        with self.lock:
            self.db.executescript(SCHEMA)  # idempotent; workers starting together wait on busy_timeout
            self.db.execute("BEGIN IMMEDIATE")
            try:
                row = self.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
                if row is None:
                    self.db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
                elif int(row[0]) > SCHEMA_VERSION:
                    raise StoreError(f"{self.path} was written by a newer server (schema {row[0]})")
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise

    def close(self) -> None:
        with self.lock:
            self.db.close()

    def commit(self, writes: list[tuple[str, tuple[Any, ...]]]) -> None:
        """Run the writes as one transaction (from the writer thread)."""
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                for sql, params in writes:
                    self.db.execute(sql, params)
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise

    def open_tables(self, owns: Callable[[str], bool] = lambda code: True) -> list[dict[str, Any]]:
        """Every table not closed (and owned by this worker), with its actions in order."""
        with self.lock:
            rows = self.db.execute("SELECT code, game, seed, secret, name0, token0, name1, token1, ip, result, "
                                   "created FROM tables WHERE closed = 0").fetchall()
            out = []
            for code, game, seed, secret, n0, t0, n1, t1, ip, result, created in rows:
                if not owns(code):
                    continue
                acts = [json.loads(a) for (a,) in self.db.execute(
                    "SELECT action FROM actions WHERE code = ? ORDER BY n", (code,))]
                out.append({"code": code, "game": game, "seed": seed, "secret": secret, "names": [n0, n1],
                            "tokens": [t0 or "", t1 or ""], "ip": ip or "?", "created": created,
                            "result": json.loads(result) if result else None, "actions": acts})
            return out

    def codes(self) -> set[str]:
        with self.lock:
            return {c for (c,) in self.db.execute("SELECT code FROM tables")}

    def prune(self, now: float, retention: float) -> int:
        """Forget finished tables older than the retention time; returns how many."""
        cutoff = now - retention
        with self.lock:
            old = [c for (c,) in self.db.execute(
                "SELECT code FROM tables WHERE finished IS NOT NULL AND finished < ?", (cutoff,))]
        if old:
            self.commit([w for c in old for w in (("DELETE FROM actions WHERE code = ?", (c,)),
                                                   ("DELETE FROM tables WHERE code = ?", (c,)))])
        return len(old)


# --- what the server writes ----------------------------------------------------------------------------------
def w_create(code: str, game: str, seed: int, secret: str, name: str, token: str, ip: str) -> list[tuple[str, tuple]]:
    return [("DELETE FROM actions WHERE code = ?", (code,)),  # a finished table kept under this code is gone
            ("INSERT OR REPLACE INTO tables (code, game, seed, secret, name0, token0, ip, created) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (code, game, seed, secret, name, token_hash(token), ip, time.time()))]


def w_seat(code: str, name: str, token: str) -> tuple[str, tuple]:
    return "UPDATE tables SET name1 = ?, token1 = ? WHERE code = ?", (name, token_hash(token), code)


def w_token_gone(code: str, seat: int) -> tuple[str, tuple]:
    return f"UPDATE tables SET token{1 if seat else 0} = '' WHERE code = ?", (code,)


def w_action(code: str, n: int, action: dict[str, Any]) -> tuple[str, tuple]:
    return "INSERT OR REPLACE INTO actions VALUES (?, ?, ?)", (code, n, json.dumps(action, separators=(",", ":")))


def w_result(code: str, result: dict[str, Any]) -> tuple[str, tuple]:
    return "UPDATE tables SET result = ? WHERE code = ?", (json.dumps(result), code)


def w_finished(code: str) -> tuple[str, tuple]:
    return "UPDATE tables SET finished = coalesce(finished, ?) WHERE code = ?", (time.time(), code)


def w_closed(code: str, keep: bool) -> list[tuple[str, tuple]]:
    """A table leaves memory: a finished game is kept for the retention time, anything else is deleted."""
    if keep:
        return [("UPDATE tables SET closed = 1, finished = coalesce(finished, ?) WHERE code = ?", (time.time(), code))]
    return [("DELETE FROM actions WHERE code = ?", (code,)), ("DELETE FROM tables WHERE code = ?", (code,))]


class Journal:
    """Holds back every message until the writes made before it are committed (in order, per tick).

    Without a store, messages go out at once, as before."""

    def __init__(self, store: Store | None, deliver: Callable[[Any, str], None],
                 failed: Callable[[Any], None]) -> None:
        self.store, self.deliver, self.failed = store, deliver, failed
        self.writes: list[tuple[str, tuple[Any, ...]]] = []
        self.msgs: list[tuple[Any, str]] = []
        self.busy = False
        self.scheduled = False
        self.commits = 0
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="store") if store is not None else None

    def write(self, *writes: tuple[str, tuple[Any, ...]]) -> None:
        if self.store is not None:
            self.writes.extend(writes)
            self._schedule()

    def send(self, conn: Any, text: str) -> None:
        if self.store is None:
            self.deliver(conn, text)
            return
        self.msgs.append((conn, text))
        self._schedule()

    def _schedule(self) -> None:
        if not self.scheduled and not self.busy:
            self.scheduled = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        self.scheduled = False
        if self.busy:
            return
        writes, msgs = self.writes, self.msgs
        self.writes, self.msgs = [], []
        if not writes:
            self._deliver(msgs)
            return
        assert self.store is not None and self._pool is not None
        loop = asyncio.get_running_loop()
        if self.store.sync != "full":  # no fsync: a commit takes microseconds, less than a hand-off to a thread
            fut: asyncio.Future = loop.create_future()
            try:
                self.store.commit(writes)
                fut.set_result(None)
            except Exception as exc:  # noqa: BLE001 - reported like a failed commit in the thread
                fut.set_exception(exc)
            self._committed(fut, msgs)
            return
        self.busy = True  # fsync: the writer thread waits for the disk while the loop serves other tables
        fut = loop.run_in_executor(self._pool, self.store.commit, writes)
        fut.add_done_callback(lambda f: self._committed(f, msgs))

    def _committed(self, fut: asyncio.Future, msgs: list[tuple[Any, str]]) -> None:
        self.busy = False
        self.commits += 1
        if fut.exception() is not None:
            log.error("the store could not commit; the affected players are disconnected: %r", fut.exception())
            for conn in {id(c): c for c, _ in msgs}.values():
                self.failed(conn)
        else:
            self._deliver(msgs)
        if self.writes or self.msgs:
            self._schedule()

    def _deliver(self, msgs: list[tuple[Any, str]]) -> None:
        for conn, text in msgs:
            self.deliver(conn, text)

    async def drain(self) -> None:
        """Wait until everything written so far is committed (stopping, tests)."""
        while self.busy or self.scheduled or self.writes or self.msgs:
            if not self.busy and not self.scheduled:
                self._schedule()
            await asyncio.sleep(0.005)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True)
