"""The store: schema, default place, both backends behind one interface, restore through the rules, guarded
writes, and no answer before its commit."""
from __future__ import annotations

import asyncio
import sqlite3
import threading
import time

import pytest

from game.online import ops
from game.online import store as st
from game.online.journal import Journal, Op
from game.online.store import SQLiteStore, StoreError, default_path
from game.online.stores import open_store
from game.online.table import Table


def test_the_default_store_lives_in_the_user_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CARD_DUELS_HOME", str(tmp_path))
    assert default_path() == tmp_path / "data" / "server" / "tables.sqlite3"


def test_the_schema_is_versioned_and_a_newer_one_is_refused(tmp_path):
    path = tmp_path / "t.sqlite3"
    s = SQLiteStore(path)
    assert s.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert s.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()[0] == str(st.SCHEMA_VERSION)
    s.close()
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value='99' WHERE key='schema'")
    db.commit()
    db.close()
    with pytest.raises(StoreError):
        SQLiteStore(path)


def test_a_store_of_the_first_schema_gains_the_new_columns(tmp_path):
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.executescript("""CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO meta VALUES ('schema', '1');
        CREATE TABLE tables (code TEXT PRIMARY KEY, game TEXT NOT NULL, seed INTEGER NOT NULL, secret TEXT NOT NULL,
            name0 TEXT, token0 TEXT, name1 TEXT, token1 TEXT, ip TEXT, result TEXT,
            created REAL NOT NULL, finished REAL, closed INTEGER NOT NULL DEFAULT 0);
        INSERT INTO tables (code, game, seed, secret, name0, token0, created) VALUES ('AAAAAA', 'kombi', 3, 's',
            'Ann', 'h', 1.0);""")
    db.commit()
    db.close()
    s = SQLiteStore(path)
    rec = s.read(lambda d: ops.load(d, "AAAAAA"))
    assert rec["moves"] == 0 and rec["here"] == ["", ""] and rec["names"] == ["Ann", None]
    s.close()


def test_a_table_comes_back_at_the_same_position_and_only_its_token_opens_it(store_url):
    s = open_store(store_url, "normal")
    t = Table("K7Q2MF", "kombi", 42, "Ann", time.time(), ip="127.0.0.1")
    assert s.run(lambda db: ops.create(db, t.code, t.game_id, t.seed, t.secret, "Ann", t.seats[0].token, t.ip,
                                       "g1", t.created))
    seat = t.join("Ben")
    assert s.run(lambda db: ops.seat(db, t.code, "Ben", t.seats[seat].token, "g1"))
    assert not s.run(lambda db: ops.seat(db, t.code, "Cy", "c" * 32, "g2")), "a taken seat stays taken"
    for n in range(5):
        action = t.match.state.legal_actions()[0]
        t.match.play(action)
        assert s.run(lambda db, n=n, a=action: ops.act(db, t.code, n, a.to_json(), False, time.time()))
    assert not s.run(lambda db: ops.act(db, t.code, 4, {"kind": "pass"}, False, time.time())), "a lost race"
    rec = s.read(lambda db: ops.load(db, t.code))
    back = Table.restore(rec, "g2")
    assert back.count == rec["moves"] == 5 and back.match.state.observe(0) == t.match.state.observe(0)
    assert back.commit == t.commit and back.names == ["Ann", "Ben"] and back.connected == [True, True]
    assert back.seat_of(t.seats[1].token) == 1 and back.seat_of("z" * 32) is None
    assert s.run(lambda db: ops.result(db, t.code, {"reason": "resign", "seat": 0, "winners": [1]}, time.time()))
    assert not s.run(lambda db: ops.act(db, t.code, 5, {"kind": "pass"}, False, time.time())), "after the result"
    s.close()
    if not store_url.startswith("postgresql"):
        assert t.seats[0].token not in open(store_url, "rb").read().decode("latin-1")  # hashes only


def test_a_change_is_heard_by_the_other_gateways_only_after_its_commit(store_url):
    a, b = open_store(store_url, "normal"), open_store(store_url, "normal")
    heard: list[tuple[str, str, str]] = []
    stop = threading.Event()
    listener = threading.Thread(target=b.listen, args=(lambda *x: heard.append(x), stop), daemon=True)
    listener.start()
    time.sleep(0.5)  # listening
    try:
        def change(db):
            a.notify(db, "K7Q2MF", "g1", "0 {}")
            time.sleep(0.2)
            assert not [h for h in heard if h[0] == "K7Q2MF"], "nothing is heard before the commit"
            return True

        a.run(change)
        deadline = time.monotonic() + 5
        while ("K7Q2MF", "g1", "0 {}") not in heard and time.monotonic() < deadline:
            time.sleep(0.01)
        assert ("K7Q2MF", "g1", "0 {}") in heard
    finally:
        stop.set()
        listener.join(5)
        a.close()
        b.close()


def _journal(store, sent, dropped):
    return Journal(store, "g1", lambda conn, text: sent.append(text), dropped.append)


def test_no_message_leaves_before_its_commit(tmp_path):
    release = threading.Event()

    class SlowStore(SQLiteStore):
        def run(self, fn):
            release.wait(5)
            return super().run(fn)

    sent: list[str] = []

    async def scenario():
        journal = _journal(SlowStore(tmp_path / "t.sqlite3", "full"), sent, [])
        journal.write(Op("AAAAAA", lambda db: ops.create(db, "AAAAAA", "kombi", 1, "s", "Ann", "t" * 32, "ip", "g1",
                                                         time.time())))
        journal.send(None, "seated", "AAAAAA")
        await asyncio.sleep(0.05)
        assert sent == []  # the commit has not returned: nothing is sent
        journal.send(None, "later")  # a message after it waits too, in order
        release.set()
        await journal.drain()
        assert sent == ["seated", "later"]
        journal.close()

    asyncio.run(scenario())


def test_a_lost_guard_drops_only_the_messages_about_its_table(tmp_path):
    sent: list[str] = []
    lost: list[bool] = []

    async def scenario():
        journal = _journal(SQLiteStore(tmp_path / "t.sqlite3", "normal"), sent, [])
        journal.write(Op("AAAAAA", lambda db: False, lost.append))
        journal.write(Op("BBBBBB", lambda db: True))
        journal.send(None, "about A", "AAAAAA")
        journal.send(None, "about B", "BBBBBB")
        journal.send(None, "pong")
        await journal.drain()
        journal.close()

    asyncio.run(scenario())
    assert sent == ["about B", "pong"] and lost == [False]


def test_a_failed_commit_sends_nothing_and_drops_the_connection(tmp_path):
    class Broken(SQLiteStore):
        def run(self, fn):
            raise sqlite3.OperationalError("disk I/O error")

    sent, dropped = [], []

    async def scenario():
        journal = _journal(Broken(tmp_path / "t.sqlite3"), sent, dropped)
        journal.write(Op("AAAAAA", lambda db: True))
        journal.send("conn", "state", "AAAAAA")
        await journal.drain()
        journal.close()

    asyncio.run(scenario())
    assert sent == [] and dropped == ["conn"]


def test_a_postgresql_store_reconnects_when_its_connections_are_cut(pg_url):
    import psycopg

    s = open_store(pg_url, "normal")
    try:
        with psycopg.connect(pg_url, autocommit=True) as admin:  # e.g. the database restarted
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                          "WHERE datname = current_database() AND pid <> pg_backend_pid()")
        time.sleep(0.2)
        assert s.run(lambda db: ops.create(db, "AAAAAA", "kombi", 1, "s", "Ann", "t" * 32, "ip", "g1", time.time()))
        assert s.read(lambda db: ops.load(db, "AAAAAA"))["names"] == ["Ann", None]
    finally:
        s.close()


def test_a_lone_sqlite_gateway_polls_seldom_and_fast_once_another_beats(tmp_path):
    polls: list[float] = []

    class Counted(SQLiteStore):
        def _connect(self):
            db = super()._connect()
            return _Spy(db, polls)

    a, b = Counted(tmp_path / "t.sqlite3", "normal"), SQLiteStore(tmp_path / "t.sqlite3", "normal")
    heard: list[tuple[str, str, str]] = []
    stop = threading.Event()
    try:
        a.run(lambda db: ops.beat(db, "me", time.time()))
        listener = threading.Thread(target=a.listen, args=(lambda *x: heard.append(x), stop), daemon=True)
        listener.start()
        time.sleep(1.0)
        assert len(polls) <= 15, f"{len(polls)} polls in a second with no other gateway"
        b.run(lambda db: ops.beat(db, "other", time.time()))  # a second gateway starts
        time.sleep(0.7)
        n = len(polls)
        time.sleep(0.5)
        assert len(polls) - n >= 25, f"{len(polls) - n} polls in half a second beside another gateway"
        b.run(lambda db: b.notify(db, "K7Q2MF", "other", "0 {}") or True)
        t0 = time.monotonic()
        while not heard and time.monotonic() - t0 < 5:
            time.sleep(0.001)
        assert heard == [("K7Q2MF", "other", "0 {}")]
    finally:
        stop.set()
        a.close()
        b.close()


class _Spy:
    """A SQLite connection that notes each ``PRAGMA data_version`` (a poll for other gateways' commits)."""

    def __init__(self, db, polls):
        self.db, self.polls = db, polls

    def execute(self, sql, *args):
        if sql.startswith("PRAGMA data_version"):
            self.polls.append(time.monotonic())
        return self.db.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self.db, name)
