"""Durable tables: the store interface, its embedded SQLite backend, and how a ``--store`` value is opened.

A game is its seed plus its actions, so that is what is kept: one row per table (game, seed, the deal's
secret, names, SHA-256 hashes of the seat tokens, the move number, who holds each seat, the result) and
one row per action. Two backends speak the same SQL (``game/online/ops.py``): SQLite, the embedded
default (one file, no server to install, shared by the gateways of one machine), and PostgreSQL
(``game/online/pgstore.py``) for gateways on several machines. Each store tells the gateways which tables
changed: PostgreSQL by ``LISTEN``/``NOTIFY``, SQLite through a ``changes`` table that the other processes
poll cheaply (``PRAGMA data_version`` says when anything was committed).
"""
from __future__ import annotations

import hashlib
import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from game.online import players, ranks, seriestables
from game.paths import user_data_dir

log = logging.getLogger("carduels.online")
T = TypeVar("T")  # what a transaction's function returns

SCHEMA_VERSION = 3
CHANNEL = "card_duels"
GATEWAY_SILENT = 10.0  # a gateway whose last beat is older is not counted as running (see Limits.gateway_timeout)
COLUMNS = ("code TEXT PRIMARY KEY, game TEXT NOT NULL, seed BIGINT NOT NULL, secret TEXT NOT NULL, "
           "name0 TEXT, token0 TEXT, name1 TEXT, token1 TEXT, ip TEXT, result TEXT, "
           "created {real} NOT NULL, finished {real}, closed INTEGER NOT NULL DEFAULT 0, "
           "moves INTEGER NOT NULL DEFAULT 0, quick INTEGER NOT NULL DEFAULT 0, "
           "here0 TEXT NOT NULL DEFAULT '', here1 TEXT NOT NULL DEFAULT '', away0 {real}, away1 {real}, "
           "again0 TEXT NOT NULL DEFAULT '', again1 TEXT NOT NULL DEFAULT '', next TEXT, "
           "owner TEXT NOT NULL DEFAULT '', epoch INTEGER NOT NULL DEFAULT 0")
INDEXES = ("CREATE INDEX IF NOT EXISTS tables_finished ON tables (closed, finished)",
           "CREATE INDEX IF NOT EXISTS tables_waiting ON tables (ip, name1, closed)",
           "CREATE INDEX IF NOT EXISTS tables_quick ON tables (quick, game, name1)",
           # the reaper asks every second for seats away too long and tables too old: no scan of every table
           "CREATE INDEX IF NOT EXISTS tables_away0 ON tables (away0)",
           "CREATE INDEX IF NOT EXISTS tables_away1 ON tables (away1)",
           "CREATE INDEX IF NOT EXISTS tables_created ON tables (created)",
           "CREATE INDEX IF NOT EXISTS tables_owner ON tables (owner)")  # a dead gateway's tables, claimed
SQLITE_SCHEMA = [
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    f"CREATE TABLE IF NOT EXISTS tables ({COLUMNS.format(real='REAL')})",
    "CREATE TABLE IF NOT EXISTS actions (code TEXT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL, "
    "PRIMARY KEY (code, n)) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS gateways (id TEXT PRIMARY KEY, beat REAL NOT NULL, addr TEXT NOT NULL DEFAULT '')",
    "CREATE TABLE IF NOT EXISTS changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, code TEXT NOT NULL, "
    "origin TEXT NOT NULL, payload TEXT NOT NULL, at REAL NOT NULL)",
    *INDEXES,
    *players.schema("REAL"),  # the players who proved who they are
    *ranks.schema("REAL"),  # their ratings (game/online/ratings.py)
    *seriestables.schema("REAL"),  # best-of-3 series (game/online/series.py)
]
V1_ADDED = ("moves INTEGER NOT NULL DEFAULT 0", "quick INTEGER NOT NULL DEFAULT 0",
            "here0 TEXT NOT NULL DEFAULT ''", "here1 TEXT NOT NULL DEFAULT ''", "away0 REAL", "away1 REAL",
            "again0 TEXT NOT NULL DEFAULT ''", "again1 TEXT NOT NULL DEFAULT ''", "next TEXT")
V2_ADDED = {"tables": ("owner TEXT NOT NULL DEFAULT ''", "epoch INTEGER NOT NULL DEFAULT 0"),
            "gateways": ("addr TEXT NOT NULL DEFAULT ''",)}  # one owner per table (game/online/owning.py)


def default_path() -> Path:
    """``tables.sqlite3`` in the user data folder (``$CARD_DUELS_HOME/data`` when that is set)."""
    return user_data_dir() / "server" / "tables.sqlite3"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class StoreError(RuntimeError):
    pass


def _identity(path: Path) -> tuple[int, int] | None:
    """Which file ``path`` names now (device, inode); None when there is none."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


class Db:
    """What an operation sees inside one transaction: statements with ``?`` placeholders on either backend."""

    def __init__(self, conn: Any, pyformat: bool) -> None:
        self.conn, self.pyformat = conn, pyformat
        self.note: str | None = None  # the journal's announcement of the op now running (see ``guarded``)
        # the op's table as its owner holds it (gateway, epoch): every write of the table's row carries it, so a
        # gateway whose lease another has taken writes nothing (game/online/owning.py)
        self.fence: tuple[str, int] | None = None

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.pyformat else sql

    def run(self, sql: str, params: tuple[object, ...] = ()) -> int:
        """Execute; the number of rows it changed (a guarded write that matched nothing returns 0)."""
        cur = self.conn.execute(self._sql(sql), params)
        return cur.rowcount

    def fenced(self, sql: str, params: tuple[object, ...]) -> tuple[str, tuple[object, ...]]:
        """``sql`` (a write of one table row, ending in its WHERE) with the op's fence added to its guard."""
        if self.fence is None:
            return sql, params
        return f"{sql} AND owner = ? AND epoch = ?", (*params, *self.fence)

    def guarded(self, sql: str, params: tuple[object, ...],
                then: tuple[str, tuple[object, ...]] | None = None) -> object:
        """A write that may lose its race: ``sql`` changes one row or none; ``then`` (``"table (columns)"`` and
        its values) is inserted only if it did. Truthy when the guard matched. PostgreSQL makes this one
        statement that also carries the op's announcement, and answers once the group is sent (``PgDb``).
        The op's fence (``fenced``) is part of the guard."""
        sql, params = self.fenced(sql, params)
        if self.run(sql, params) != 1:
            return False
        if then is not None:
            self.run(f"INSERT INTO {then[0]} VALUES ({', '.join('?' * len(then[1]))})", then[1])
        return True

    def rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return list(self.conn.execute(self._sql(sql), params).fetchall())

    def one(self, sql: str, params: tuple[Any, ...] = ()) -> tuple[Any, ...] | None:
        return self.conn.execute(self._sql(sql), params).fetchone()


class Store:
    """The interface both backends offer; the server reaches a store only through these methods."""

    kind = "?"
    where = "?"
    sync = "full"  # "full": the answer waits for the disk; "normal": commits are cheap (no fsync)
    shared = True  # other processes may change the same tables (so this one listens for their changes)

    def run(self, fn: Callable[[Db], T]) -> T:
        """``fn`` inside one transaction on the writer connection (from the journal's writer thread)."""
        raise NotImplementedError

    def read(self, fn: Callable[[Db], T]) -> T:
        """``fn`` on a reading connection (loads; from the reader thread)."""
        raise NotImplementedError

    def notify(self, db: Db, code: str, origin: str, payload: str = "") -> None:
        """Inside ``run``: tell every gateway (at commit) that table ``code`` changed."""
        raise NotImplementedError

    def listen(self, on_change: Callable[[str, str, str], None], stop: threading.Event) -> None:
        """Call ``on_change(code, origin, payload)`` for every change committed by anyone, until ``stop``
        (blocks: run it in a thread). ``code == "*"``: changes may have been missed, trust no cache."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def apart(self, fn: Callable[[Db], T]) -> T:
        """``fn`` in a transaction of its own on a connection of its own (the heartbeat's thread): it never
        waits for the journal's queue, only for the row locks and the disk."""
        return self.run(fn)

    def tidy(self, db: Db, now: float) -> None:
        """Inside ``run``: forget what only the change notes of the last minute needed."""

    def ping(self) -> bool:
        """Is the store reachable (``/readyz``)?"""
        try:
            self.read(lambda db: db.one("SELECT 1"))
            return True
        except Exception:  # noqa: BLE001 - any failure means not ready
            return False


class SQLiteStore(Store):
    """One file in WAL mode; ``:memory:`` for a server whose tables die with it (the app's own server)."""

    kind = "sqlite"

    def __init__(self, path: Path | str, sync: str = "full") -> None:
        self.memory = str(path) == ":memory:"
        self.path = Path(path)
        self.where = str(path)
        self.sync = "full" if sync == "full" and not self.memory else "normal"
        self.shared = not self.memory
        if not self.memory:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = self._connect()
        self.lock = threading.RLock()
        with self.lock:
            self._prepare()
        self.reader = self.db if self.memory else self._connect()
        self.rlock = self.lock if self.memory else threading.Lock()
        self.identity = None if self.memory else _identity(self.path)
        self._apart: sqlite3.Connection | None = None  # the heartbeat's (``apart``)
        self.alock = threading.Lock()

    def _check(self) -> None:
        """Refuse to go on when the file was deleted or replaced under us: the open connections would still
        commit into the old file (gone at the next start), acknowledging moves nobody can get back."""
        if self.identity is not None and _identity(self.path) != self.identity:
            raise StoreError(f"{self.where} was deleted or replaced while the server ran; restart the server")

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.where, isolation_level=None, check_same_thread=False, timeout=10.0)
        if not self.memory:
            db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={'FULL' if self.sync == 'full' else 'NORMAL'}")
        db.execute("PRAGMA busy_timeout=10000")
        return db

    def _prepare(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")  # gateways starting together take turns
        try:
            for sql in SQLITE_SCHEMA[:2]:
                self.db.execute(sql)
            row = self.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
            if row is not None and int(row[0]) > SCHEMA_VERSION:
                raise StoreError(f"{self.where} was written by a newer server (schema {row[0]})")
            if row is not None and int(row[0]) < 2:  # the first schema: the columns of shared gateways
                self._add("tables", V1_ADDED)
            if row is not None and int(row[0]) < 3:  # the second: no owners yet
                for table, cols in V2_ADDED.items():
                    self._add(table, cols)
            for sql in SQLITE_SCHEMA[2:]:
                self.db.execute(sql)
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    def _add(self, table: str, cols: tuple[str, ...]) -> None:
        have = {r[1] for r in self.db.execute(f"PRAGMA table_info({table})")}
        for col in cols:
            if have and col.split()[0] not in have:  # (a table not there yet is made with them)
                self.db.execute(f"ALTER TABLE {table} ADD COLUMN {col}")

    def run(self, fn: Callable[[Db], T]) -> T:
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                out = fn(Db(self.db, False))
                self._check()  # the last moment before the commit: nothing is acknowledged into a lost file
                self.db.execute("COMMIT")
                return out
            except BaseException:
                self.db.execute("ROLLBACK")
                raise

    def read(self, fn: Callable[[Db], T]) -> T:
        with self.rlock:
            self._check()
            return fn(Db(self.reader, False))

    def notify(self, db: Db, code: str, origin: str, payload: str = "") -> None:
        if self.shared:
            db.run("INSERT INTO changes (code, origin, payload, at) VALUES (?, ?, ?, ?)",
                   (code, origin, payload, time.time()))

    def listen(self, on_change: Callable[[str, str, str], None], stop: threading.Event,
               every: float = 0.004, alone_every: float = 0.1) -> None:
        """Poll for the other gateways' commits every ``every`` seconds while another gateway beats, and every
        ``alone_every`` while this one is alone: a lone gateway hears only itself, and the poll was the
        largest fixed cost of an idle one. A gateway that starts beats at once and is seen within half a second."""
        if not self.shared:
            stop.wait()
            return
        db = self._connect()
        try:
            last = db.execute("SELECT coalesce(max(seq), 0) FROM changes").fetchone()[0]
            seen = None
            wait, counted = every, float("-inf")
            while not stop.wait(wait):
                if time.monotonic() - counted >= 0.5:
                    counted = time.monotonic()
                    (beating,) = db.execute("SELECT count(*) FROM gateways WHERE beat > ?",
                                            (time.time() - GATEWAY_SILENT,)).fetchone()
                    wait = every if beating > 1 else alone_every
                version = db.execute("PRAGMA data_version").fetchone()[0]  # moves when another connection commits
                if version == seen:
                    continue
                seen = version
                rows = db.execute("SELECT seq, code, origin, payload FROM changes WHERE seq > ? ORDER BY seq",
                                  (last,)).fetchall()
                for seq, code, origin, payload in rows:
                    last = seq
                    on_change(code, origin, payload)
        finally:
            db.close()

    def tidy(self, db: Db, now: float) -> None:
        db.run("DELETE FROM changes WHERE at < ?", (now - 60.0,))

    def apart(self, fn: Callable[[Db], T]) -> T:
        if self.memory:
            return self.run(fn)
        with self.alock:
            if self._apart is None:
                self._apart = self._connect()
            self._apart.execute("BEGIN IMMEDIATE")
            try:
                out = fn(Db(self._apart, False))
                self._check()
                self._apart.execute("COMMIT")
                return out
            except BaseException:
                self._apart.execute("ROLLBACK")
                raise

    def close(self) -> None:
        with self.lock:
            if self.reader is not self.db:
                self.reader.close()
            self.db.close()
        with self.alock:
            if self._apart is not None:
                self._apart.close()

