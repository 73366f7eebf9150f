"""The PostgreSQL store: the same tables and SQL as SQLite, shared by gateways on any number of machines.

Three connections per gateway: the writer (one transaction per event-loop tick, from the journal's thread),
a reader (loading a table when a player joins or resumes) and a listener (``LISTEN card_duels``). The writer
works in pipeline mode: a group's guarded writes are single statements that do not wait for one another, and
each notes its change only if its guard matched; one ``pg_notify`` at the end announces the whole group, so the
other gateways hear of it only once it is committed. The group, its announcement and its commit go to the
server in one round trip. The client is psycopg 3, imported only by a server given a ``postgresql://`` URL.
"""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from game.online import players, ranks, seriestables
from game.online.store import CHANNEL, COLUMNS, INDEXES, SCHEMA_VERSION, V2_ADDED, Db, Store, StoreError

log = logging.getLogger("carduels.online")
T = TypeVar("T")  # what a transaction's function returns

SCHEMA = [
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    f"CREATE TABLE IF NOT EXISTS tables ({COLUMNS.format(real='DOUBLE PRECISION')})",
    "CREATE TABLE IF NOT EXISTS actions (code TEXT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL, "
    "PRIMARY KEY (code, n))",
    "CREATE TABLE IF NOT EXISTS gateways (id TEXT PRIMARY KEY, beat DOUBLE PRECISION NOT NULL, "
    "addr TEXT NOT NULL DEFAULT '')",
]
LATER = [  # once the columns of an older schema have been added
    *INDEXES,
    *players.schema("DOUBLE PRECISION"),  # the players who proved who they are
    *ranks.schema("DOUBLE PRECISION"),  # their ratings (game/online/ratings.py)
    *seriestables.schema("DOUBLE PRECISION"),  # best-of-3 series (game/online/series.py)
]
LOCK_KEY = 0x43445354  # the advisory lock that lets one gateway at a time create the schema
NOTES = "card_duels.notes"  # the announcements of the group being written: a setting local to its transaction
# (a temporary table cost a truncation at every commit). One pg_notify per ~6,000 bytes of lines (8,000 at most)
NOTED = f"coalesce(current_setting('{NOTES}', true), '')"
FLUSH_NOTES = (f"SELECT pg_notify('{CHANNEL}', string_agg(line, E'\\n' ORDER BY n)) FROM (SELECT line, n, "
               f"sum(octet_length(line) + 1) OVER (ORDER BY n) / 6000 AS chunk FROM unnest(string_to_array("
               f"rtrim({NOTED}, E'\\n'), E'\\n')) WITH ORDINALITY AS t(line, n)) s GROUP BY chunk")
NOTE = f"SELECT set_config('{NOTES}', {NOTED} || ? || E'\\n', true)"
LINE_MAX = 1000


class Pending:
    """The answer of a guarded write sent in the pipeline: read once the group has gone (or waited for now)."""

    __slots__ = ("db", "cur")

    def __init__(self, db: PgDb, cur: Any) -> None:
        self.db, self.cur = db, cur

    def __bool__(self) -> bool:
        if self.cur.rowcount < 0:  # not answered yet: someone needs it inside the transaction
            self.db.pipeline.sync()
        return bool(self.cur.rowcount == 1)


class PgDb(Db):
    """A transaction in pipeline mode: statements go out without waiting for each other, so a group of guarded
    writes, its announcement and its commit cost one round trip; a statement whose answer is read waits for it."""

    def __init__(self, conn: Any, pipeline: Any) -> None:
        super().__init__(conn, True)
        self.pipeline = pipeline
        self.noted = False

    def run(self, sql: str, params: tuple[Any, ...] = ()) -> int:
        cur = self.conn.execute(self._sql(sql), params)
        self.pipeline.sync()
        return int(cur.rowcount)

    def guarded(self, sql: str, params: tuple[Any, ...], then: tuple[str, tuple[Any, ...]] | None = None) -> Any:
        sql, params = self.fenced(sql, params)
        parts, last, args = [f"hit AS ({sql} RETURNING 1)"], "hit", [*params]
        if then is not None:
            parts.append(f"done AS (INSERT INTO {then[0]} SELECT {', '.join('?' * len(then[1]))} FROM hit "
                         "RETURNING 1)")
            last, args = "done", [*args, *then[1]]
        if self.note is not None:  # the op's announcement, made if and only if its guard matched
            tail = f"{NOTE} FROM {last}"
            args.append(self.note[:LINE_MAX])
            self.note, self.noted = None, True
        else:
            tail = f"SELECT 1 FROM {last}"
        return Pending(self, self.conn.execute(self._sql(f"WITH {', '.join(parts)} {tail}"), tuple(args)))

    def announce(self, line: str) -> None:
        self.conn.execute(NOTE.replace("?", "%s"), (line[:LINE_MAX],))
        self.noted = True


def is_url(where: str) -> bool:
    return where.startswith(("postgresql://", "postgres://"))


class PostgresStore(Store):
    kind = "postgresql"

    def __init__(self, url: str, sync: str = "full") -> None:
        import psycopg  # noqa: PLC0415 - only this backend needs the client library

        self._psycopg = psycopg
        self.url = url
        self.sync = "full" if sync == "full" else "normal"
        info = psycopg.conninfo.conninfo_to_dict(url)
        host = f"{info.get('host', '')}{':' if info.get('port') else ''}{info.get('port', '')}"
        self.where = f"postgresql://{host}/{info.get('dbname', '')}"  # never the password
        try:
            self.db = self._writer()
            self.reader = self._connect()
            self._apart = self._connect()  # the heartbeat's (``apart``)
        except psycopg.Error as exc:
            raise StoreError(f"cannot reach {self.where}: {str(exc).strip()[:200]}") from None
        self.lock, self.rlock = threading.Lock(), threading.Lock()
        self.alock = threading.Lock()
        self._prepare()

    def _connect(self) -> Any:
        conn = self._psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        if self.sync != "full":  # a killed gateway loses nothing; a crash of the database host may lose moments
            conn.execute("SET synchronous_commit = off")
        return conn

    def _writer(self) -> Any:
        return self._connect()

    def _prepare(self) -> None:
        def schema(db: Db) -> None:
            db.run("SELECT pg_advisory_xact_lock(?)", (LOCK_KEY,))
            for sql in SCHEMA:
                db.run(sql)
            for table, cols in V2_ADDED.items():  # only what is missing: an ALTER locks the whole table, even one
                have = {c for (c,) in db.rows(  # that changes nothing, and a gateway starting beside running ones
                    "SELECT column_name FROM information_schema.columns WHERE table_name = ? "  # deadlocked them
                    "AND table_schema = current_schema()", (table,))}
                for col in cols:
                    if col.split()[0] not in have:
                        db.run(f"ALTER TABLE {table} ADD COLUMN {col}")
            for sql in LATER:
                db.run(sql)
            row = db.one("SELECT value FROM meta WHERE key = 'schema'")
            if row is not None and int(row[0]) > SCHEMA_VERSION:
                raise StoreError(f"{self.where} was written by a newer server (schema {row[0]})")
            db.run("INSERT INTO meta VALUES ('schema', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                   (str(SCHEMA_VERSION),))

        self.run(schema)

    def run(self, fn: Callable[[Db], Any]) -> Any:
        with self.lock:
            try:
                return self._group(fn)
            except self._psycopg.OperationalError:
                if not (self.db.broken or self.db.closed):
                    raise
                self.db = self._writer()  # the database restarted: the transaction was rolled back, so again
                return self._group(fn)

    def _group(self, fn: Callable[[Db], Any]) -> Any:
        """``fn`` in one transaction whose BEGIN, statements, announcement and COMMIT are sent together: one
        round trip unless ``fn`` reads an answer on the way (psycopg's ``transaction()`` would sync twice more)."""
        conn = self.db
        try:
            with conn.pipeline() as pipeline:
                conn.execute("BEGIN")
                try:
                    db = PgDb(conn, pipeline)
                    out = fn(db)
                    if db.noted:
                        conn.execute(FLUSH_NOTES)
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
        except BaseException:
            idle = self._psycopg.pq.TransactionStatus.IDLE
            if not (conn.broken or conn.closed) and conn.info.transaction_status != idle:
                conn.execute("ROLLBACK")  # a statement failed: the server skipped the rest, COMMIT included
            raise
        return _settled(out)

    def read(self, fn: Callable[[Db], Any]) -> Any:
        with self.rlock:
            try:
                return fn(Db(self.reader, True))
            except self._psycopg.OperationalError:
                if not (self.reader.broken or self.reader.closed):
                    raise
                self.reader = self._connect()  # a dropped connection: once more on a new one
                return fn(Db(self.reader, True))

    def notify(self, db: Db, code: str, origin: str, payload: str = "") -> None:
        assert isinstance(db, PgDb)  # inside run
        db.announce(f"{code} {origin} {payload}")

    def listen(self, on_change: Callable[[str, str, str], None], stop: threading.Event) -> None:
        while not stop.is_set():
            try:
                conn = self._connect()
            except self._psycopg.Error as exc:
                log.warning("cannot listen on %s: %s", self.where, exc)
                stop.wait(1.0)
                continue
            try:
                conn.execute(f"LISTEN {CHANNEL}")
                on_change("*", "", "")  # whatever happened before LISTEN is not in any cache now
                while not stop.is_set():
                    for note in conn.notifies(timeout=0.5):
                        for line in note.payload.split("\n"):  # a group's changes, one a line
                            code, origin, payload = (line.split(" ", 2) + ["", ""])[:3]
                            on_change(code, origin, payload)
            except self._psycopg.Error as exc:
                if stop.is_set():
                    return
                log.warning("lost the notifications of %s (%s); listening again", self.where, exc)
                time.sleep(0.2)
            finally:
                conn.close()

    def apart(self, fn: Callable[[Db], T]) -> T:
        with self.alock:
            if self._apart.broken or self._apart.closed:
                self._apart = self._connect()
            with self._apart.transaction():
                return fn(Db(self._apart, True))

    def close(self) -> None:
        with self.lock, self.rlock:
            self.db.close()
            self.reader.close()
        with self.alock:
            self._apart.close()


def _settled(out: Any) -> Any:
    """What an op returned, with the answers of its guarded writes read (the pipeline has been synced)."""
    if isinstance(out, Pending):
        return bool(out)
    if isinstance(out, list):
        return [bool(x) if isinstance(x, Pending) else x for x in out]
    return out
