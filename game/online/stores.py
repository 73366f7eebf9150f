"""Which store a ``serve --store`` value names: a PostgreSQL URL, a SQLite file, or memory only."""
from __future__ import annotations

from game.online.pgstore import PostgresStore, is_url
from game.online.store import SQLiteStore, Store


def open_store(where: str | None, sync: str = "full") -> Store:
    """``postgresql://…`` (or ``postgres://…``), a file path, or None/``:memory:`` for memory only."""
    if where and is_url(where):
        return PostgresStore(where, sync)
    return SQLiteStore(where or ":memory:", sync)
