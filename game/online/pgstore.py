"""The PostgreSQL store: the same tables and SQL as SQLite, shared by gateways on any number of machines.

Three connections per gateway: the writer (one transaction per event-loop tick, from the journal's thread),
a reader (loading a table when a player joins or resumes) and a listener (``LISTEN card_duels``). A change
is announced with ``pg_notify`` inside the transaction that makes it, so the other gateways hear of it only
once it is committed. The client is psycopg 3, imported only by a server given a ``postgresql://`` URL.
"""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from game.online import players
from game.online.store import CHANNEL, COLUMNS, INDEXES, SCHEMA_VERSION, Db, Store, StoreError

log = logging.getLogger("carduels.online")

SCHEMA = [
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    f"CREATE TABLE IF NOT EXISTS tables ({COLUMNS.format(real='DOUBLE PRECISION')})",
    "CREATE TABLE IF NOT EXISTS actions (code TEXT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL, "
    "PRIMARY KEY (code, n))",
    "CREATE TABLE IF NOT EXISTS gateways (id TEXT PRIMARY KEY, beat DOUBLE PRECISION NOT NULL)",
    *INDEXES,
    *players.schema("DOUBLE PRECISION"),  # the players who proved who they are
]
LOCK_KEY = 0x43445354  # the advisory lock that lets one gateway at a time create the schema


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
            self.db = self._connect()
            self.reader = self._connect()
        except psycopg.Error as exc:
            raise StoreError(f"cannot reach {self.where}: {str(exc).strip()[:200]}") from None
        self.lock, self.rlock = threading.Lock(), threading.Lock()
        self._prepare()

    def _connect(self) -> Any:
        conn = self._psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        if self.sync != "full":  # a killed gateway loses nothing; a crash of the database host may lose moments
            conn.execute("SET synchronous_commit = off")
        return conn

    def _prepare(self) -> None:
        def schema(db: Db) -> None:
            db.run("SELECT pg_advisory_xact_lock(?)", (LOCK_KEY,))
            for sql in SCHEMA:
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
                with self.db.transaction():
                    return fn(Db(self.db, True))
            except self._psycopg.OperationalError:
                if not (self.db.broken or self.db.closed):
                    raise
                self.db = self._connect()  # the database restarted: the transaction was rolled back, so again
                with self.db.transaction():
                    return fn(Db(self.db, True))

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
        db.run("SELECT pg_notify(?, ?)", (CHANNEL, f"{code} {origin} {payload}"[:7900]))

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
                        code, origin, payload = (note.payload.split(" ", 2) + ["", ""])[:3]
                        on_change(code, origin, payload)
            except self._psycopg.Error as exc:
                if stop.is_set():
                    return
                log.warning("lost the notifications of %s (%s); listening again", self.where, exc)
                time.sleep(0.2)
            finally:
                conn.close()

    def close(self) -> None:
        with self.lock, self.rlock:
            self.db.close()
            self.reader.close()
