"""The statistics file itself (game/stats.py's worker thread only): where it really is, its schema and migrations,
opening it for two copies of the app at once (WAL, a busy timeout), what an error means (damaged, or only for now:
locked, disk full, read-only) and setting a damaged file aside.

Only a file SQLite calls damaged (not a database, corrupt, or a database without the games table) is ever renamed.
A full disk, a lock held by another copy, a read-only file or one made by a newer version of the app are kept as they
are; a symlink is followed (the file it points to is the one read, written and, if damaged, set aside); a folder or a
pipe at the path is refused and left where it is."""
from __future__ import annotations

import os
import stat
import time
from pathlib import Path
from typing import TYPE_CHECKING

from game.schema.stats_row import COLUMNS
from game.statssql import DRAWS_MIGRATION, TALLY_MIGRATION

if TYPE_CHECKING:
    import sqlite3

LOCK_WAIT = 3.0  # seconds SQLite waits for another copy's write (on the worker thread, never on a frame)

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
    TALLY_MIGRATION,  # the records kept by the file itself, row by row (game/statssql.py)
    DRAWS_MIGRATION,  # a drawn game is no win: the tally counts draws, and is written again from the rows
)
SCHEMA_VERSION = len(MIGRATIONS)

# What an SQLite error means for the file. Only DAMAGED renames it; the others pass or are the file's nature.
LOCKED, FULL, READ_ONLY, PASSING, DAMAGED = "locked", "full", "read-only", "passing", "damaged"


class NotAFile(OSError):
    """A folder, a pipe or a device where the statistics file belongs: never opened (a pipe would block), never
    moved."""


class Newer(Exception):
    """The file was made by a newer version of the app (its ``user_version`` is higher than this one knows)."""


def kind_of(exc: BaseException) -> str:
    """What an error from SQLite says about the file: LOCKED, FULL, READ_ONLY, PASSING or DAMAGED."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    text = str(exc).lower()
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text or "busy" in text:
        return LOCKED
    if name.startswith("SQLITE_FULL") or "disk is full" in text:
        return FULL
    if name.startswith("SQLITE_READONLY") or "readonly" in text or "read-only" in text:
        return READ_ONLY
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or any(
            words in text for words in ("not a database", "malformed", "no such table", "no such column")):
        return DAMAGED
    return PASSING  # e.g. an I/O error or a constraint: the file may be fine, it is never renamed for it


def real_path(path: Path) -> Path:
    """The file ``path`` stands for (a symlink followed); NotAFile when something else than a file is there."""
    real = path.resolve()
    try:
        mode = os.stat(real).st_mode
    except FileNotFoundError:
        return real
    if not stat.S_ISREG(mode):
        what = "a folder" if stat.S_ISDIR(mode) else "a pipe" if stat.S_ISFIFO(mode) else "not a file"
        raise NotAFile(f"{path} is {what}")
    return real


def migrate(conn: sqlite3.Connection) -> int:
    """Bring the file to :data:`SCHEMA_VERSION` in one transaction (two copies starting at once do it once);
    returns the version found. A newer file raises :class:`Newer`."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        found = conn.execute("PRAGMA user_version").fetchone()[0]
        if found > SCHEMA_VERSION:
            raise Newer(f"made by a newer version (schema {found}, this one knows {SCHEMA_VERSION})")
        for version in range(found, SCHEMA_VERSION):
            for statement in MIGRATIONS[version]:
                conn.execute(statement)
        if found < SCHEMA_VERSION:
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return found


def user_version(path: Path) -> int:
    """The schema version the file says it has (0 for a new or empty file), read without changing it."""
    import sqlite3

    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=LOCK_WAIT)
    try:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])
    finally:
        conn.close()


def connect(path: Path, read_only: bool) -> sqlite3.Connection:
    """A connection for the worker thread, migrated and checked (its games can be read), in WAL mode when it can be
    written: another copy reads while this one writes, and a writer waits ``LOCK_WAIT`` for the other's."""
    import sqlite3

    where = f"{path.as_uri()}?mode=ro" if read_only else str(path)
    try:
        conn = sqlite3.connect(where, timeout=LOCK_WAIT, check_same_thread=False, uri=read_only,
                               isolation_level=None)  # transactions are begun and ended by hand
        if read_only:
            conn.execute("PRAGMA user_version").fetchone()  # a WAL file in a read-only folder fails here
    except sqlite3.OperationalError:
        if not read_only:
            raise
        # No side files can be made beside it: read it as it is on disk (nothing else writes where we cannot)
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro&immutable=1", check_same_thread=False, uri=True,
                               isolation_level=None)
    conn.text_factory = _text  # a damaged text stays bytes: its row is skipped, not the whole file
    try:
        if not read_only:
            conn.execute("PRAGMA journal_mode = WAL").fetchall()
            migrate(conn)
        conn.execute(f"SELECT {', '.join(COLUMNS)} FROM games LIMIT 1").fetchall()
    except BaseException:
        conn.close()
        raise
    return conn


def _text(data: bytes) -> str | bytes:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data


def aside_name(path: Path) -> Path:
    """A name no other file has, beside ``path``, for a damaged file."""
    import uuid

    stamp = time.strftime("%Y%m%d-%H%M%S")
    return path.with_name(f"{path.stem}.damaged-{stamp}-{uuid.uuid4().hex[:6]}{path.suffix}")
