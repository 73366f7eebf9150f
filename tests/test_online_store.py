"""The store: schema, default place, restore through the rules, and no answer before its commit."""
from __future__ import annotations

import asyncio
import sqlite3
import threading

import pytest

from game.online import store as st
from game.online.store import Journal, Store, StoreError, default_path
from game.online.table import Table


def test_the_default_store_lives_in_the_user_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CARD_DUELS_HOME", str(tmp_path))
    assert default_path() == tmp_path / "data" / "server" / "tables.sqlite3"


def test_the_schema_is_versioned_and_a_newer_one_is_refused(tmp_path):
    path = tmp_path / "t.sqlite3"
    s = Store(path)
    assert s.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert s.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()[0] == str(st.SCHEMA_VERSION)
    s.close()
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value='99' WHERE key='schema'")
    db.commit()
    db.close()
    with pytest.raises(StoreError):
        Store(path)


def test_a_table_comes_back_at_the_same_position_and_only_its_token_opens_it(tmp_path):
    s = Store(tmp_path / "t.sqlite3", "normal")
    t = Table("K7Q2MF", "kombi", 42, "Ann", 0.0, ip="127.0.0.1")
    s.commit(st.w_create(t.code, t.game_id, t.seed, t.secret, "Ann", t.seats[0].token, t.ip))
    seat = t.join("Ben", 0.0)
    s.commit([st.w_seat(t.code, "Ben", t.seats[seat].token)])
    for n in range(5):
        action = t.match.state.legal_actions()[0]
        t.match.play(action)
        s.commit([st.w_action(t.code, n, action.to_json())])
    (rec,) = s.open_tables()
    back = Table.restore(rec, 100.0, rec["created"])
    assert back.count == 5 and back.match.state.observe(0) == t.match.state.observe(0)
    assert back.commit == t.commit and back.names == ["Ann", "Ben"]
    assert back.seat_of(t.seats[1].token) == 1 and back.seat_of("z" * 32) is None
    assert t.seats[0].token not in (tmp_path / "t.sqlite3").read_bytes().decode("latin-1")  # hashes only


def test_no_message_leaves_before_its_commit(tmp_path):
    release = threading.Event()

    class SlowStore(Store):
        def commit(self, writes):
            release.wait(5)
            super().commit(writes)

    sent: list[str] = []

    async def scenario():
        journal = Journal(SlowStore(tmp_path / "t.sqlite3", "full"), lambda conn, text: sent.append(text),
                          lambda conn: None)
        journal.write(*st.w_create("AAAAAA", "kombi", 1, "s", "Ann", "t" * 32, "ip"))
        journal.send(None, "seated")
        await asyncio.sleep(0.05)
        assert sent == []  # the commit has not returned: nothing is sent
        journal.send(None, "later")  # a message after it waits too, in order
        release.set()
        await journal.drain()
        assert sent == ["seated", "later"]
        journal.close()

    asyncio.run(scenario())


def test_a_failed_commit_sends_nothing_and_drops_the_connection(tmp_path):
    class Broken(Store):
        def commit(self, writes):
            raise sqlite3.OperationalError("disk I/O error")

    sent, dropped = [], []

    async def scenario():
        journal = Journal(Broken(tmp_path / "t.sqlite3"), lambda c, t: sent.append(t), dropped.append)
        journal.write(st.w_action("AAAAAA", 0, {"kind": "draw"}))
        journal.send("conn", "state")
        await journal.drain()
        journal.close()

    asyncio.run(scenario())
    assert sent == [] and dropped == ["conn"]
