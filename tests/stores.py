"""The stores the online tests run against: a SQLite file always, PostgreSQL when a server is at hand.

PostgreSQL is found through libpq's environment (``PGHOST``, ``PGPORT``, ``PGUSER``, ``PGPASSWORD``), as
``pg_virtualenv`` sets it (``.ci/run`` runs the tests under it); each test gets a database of its own.
Without one those tests are skipped and say why.
"""
from __future__ import annotations

import os
import secrets

import pytest

NO_PG = "no PostgreSQL server: run the tests under pg_virtualenv (as .ci/run does) or set PGHOST/PGPORT/PGUSER"


def postgres_database():
    """Yield the URL of a fresh database (dropped afterwards), or skip."""
    if not (os.environ.get("PGHOST") or os.environ.get("PGPORT")):
        pytest.skip(NO_PG)
    psycopg = pytest.importorskip("psycopg")
    name = "card_duels_" + secrets.token_hex(5)
    try:
        with psycopg.connect("postgresql://", autocommit=True, connect_timeout=5) as admin:
            admin.execute(f"CREATE DATABASE {name}")
    except psycopg.Error as exc:
        pytest.skip(f"{NO_PG} ({exc})")
    try:
        yield f"postgresql:///{name}"
    finally:
        with psycopg.connect("postgresql://", autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def pg_url():
    yield from postgres_database()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """Each store in turn: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        yield str(tmp_path / "tables.sqlite3")
    else:
        yield from postgres_database()
