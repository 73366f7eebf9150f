"""Group commits: a message waits only for the writes it follows from; on PostgreSQL a group is one round trip
and two gateways writing the same tables in any order never deadlock."""
from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import queue
import random
import socket
import threading
import time
from functools import partial

import pytest

from game.online import ops
from game.online.journal import Journal, Op
from game.online.store import SQLiteStore
from game.online.stores import open_store


def test_a_message_that_needs_no_write_is_not_held_behind_another_tables_commit(tmp_path):
    release = threading.Event()

    class SlowStore(SQLiteStore):
        def run(self, fn):
            release.wait(5)  # the disk is slow: table A's commit is in flight
            return super().run(fn)

    sent: list[str] = []

    async def scenario():
        journal = Journal(SlowStore(tmp_path / "t.sqlite3", "full"), "g1", lambda conn, text: sent.append(text),
                          lambda conn: None)
        journal.write(Op("AAAAAA", lambda db: True))
        journal.send("ann", "A moved", "AAAAAA")
        await asyncio.sleep(0.05)
        journal.send("ben", "B's state", "BBBBBB")  # another table, nothing of it uncommitted
        journal.send("cat", "pong")
        journal.send("ann", "pong to ann")  # after a held message to the same connection: keeps its order
        assert sent == ["B's state", "pong"]
        release.set()
        await journal.drain()
        assert sent == ["B's state", "pong", "A moved", "pong to ann"]
        journal.close()

    asyncio.run(scenario())


def _tables(store, n: int) -> list[str]:
    codes = [f"T{i:05d}" for i in range(n)]
    for code in codes:
        store.run(lambda db, c=code: ops.create(db, c, "kombi", 1, "s", "Ann", "t" * 32, "ip", "g1", time.time()))
    return codes


class SlowLink:
    """A TCP relay to the PostgreSQL server that holds every chunk ``delay`` seconds in each direction: a
    round trip then costs at least 2 x ``delay``, so the time of a commit counts its round trips."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.target = (os.environ.get("PGHOST") or "localhost", int(os.environ.get("PGPORT") or 5432))
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.sock.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            for sock in (client, upstream):  # as libpq and the server do: no Nagle delay on top of ours
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            for a, b in ((client, upstream), (upstream, client)):
                line: queue.Queue = queue.Queue()
                threading.Thread(target=self._read, args=(a, line), daemon=True).start()
                threading.Thread(target=self._write, args=(line, b), daemon=True).start()

    def _read(self, src: socket.socket, line: queue.Queue) -> None:
        with contextlib.suppress(OSError):
            while data := src.recv(1 << 16):
                line.put((time.monotonic() + self.delay, data))  # each chunk late by delay, not after the others
        line.put((0.0, b""))

    def _write(self, line: queue.Queue, dst: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while True:
                due, data = line.get()
                if not data:
                    dst.shutdown(socket.SHUT_WR)
                    return
                time.sleep(max(0.0, due - time.monotonic()))
                dst.sendall(data)


def test_a_group_commit_is_one_round_trip_on_postgresql(pg_url):
    if not (os.environ.get("PGHOST", "localhost").startswith(("localhost", "127."))):
        pytest.skip("the relay reaches PostgreSQL over TCP on loopback only")
    link = SlowLink(0.02)
    store = open_store(pg_url.replace("postgresql:///", f"postgresql://127.0.0.1:{link.port}/"), "full")
    try:
        codes = _tables(store, 20)
        journal = Journal(store, "g1", lambda conn, text: None, lambda conn: None)
        group = [Op(c, partial(ops.act, code=c, n=0, action={"kind": "draw"}, over=False, now=1.0), payload="0 {}")
                 for c in codes]
        group += [Op(codes[0], partial(ops.act, code=codes[0], n=7, action={}, over=False, now=1.0))]  # loses
        t0 = time.perf_counter()
        results = journal._commit(group)
        took = time.perf_counter() - t0
        assert results[:-1] == [True] * 20 + [False]
        # 21 guarded writes, the announcement and the commit: one round trip (40 ms here); one statement at a
        # time they were 60 and more
        assert took < 0.04 * 3, f"{took:.3f} s: {took / 0.04:.1f} round trips"
        assert store.read(lambda db: db.one("SELECT count(*) FROM actions"))[0] == 20
        journal.close()
    finally:
        store.close()
        link.sock.close()


def test_two_gateways_writing_the_same_tables_in_any_order_never_deadlock(pg_url, caplog):
    """A reconnect storm: both gateways take and leave the seats of the same tables, each in the order its
    players happened to arrive (the order that deadlocked: each locked rows in arrival order)."""
    import psycopg

    stores = [open_store(pg_url, "normal") for _ in range(2)]
    codes = _tables(stores[0], 60)
    barrier = threading.Barrier(2)
    failures: list[BaseException] = []

    def gateway(i: int) -> None:
        journal = Journal(stores[i], f"g{i}", lambda conn, text: None, lambda conn: None)
        rng = random.Random(i)
        try:
            for rnd in range(15):
                order = codes[:]
                rng.shuffle(order)
                group = [Op(c, partial(ops.here if rnd % 2 else ops.away, code=c, seat_=i, gateway=f"g{i}",
                                       **({} if rnd % 2 else {"now": 1.0}))) for c in order]
                barrier.wait(10)
                journal._commit(group)
        except BaseException as exc:  # noqa: BLE001 - reported below
            failures.append(exc)
            barrier.abort()
        finally:
            journal.close()

    def deadlocks() -> int:
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute("SELECT pg_stat_force_next_flush()")
            return conn.execute("SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()"
                                ).fetchone()[0]

    try:
        before = deadlocks()
        with caplog.at_level(logging.WARNING, logger="carduels.online"):
            threads = [threading.Thread(target=gateway, args=(i,)) for i in range(2)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(120)
        assert not failures, failures
        failed = [r.getMessage() for r in caplog.records if "group commit failed" in r.getMessage()]
        assert failed == []
        time.sleep(0.6)  # the statistics of the last backends reach the view
        assert deadlocks() - before == 0
    finally:
        for s in stores:
            s.close()



def test_a_reconnect_storm_on_two_postgresql_gateways_has_no_deadlock(pg_url, caplog):
    """40 tables, one seat of each on either gateway; three times every connection drops at once and its
    player resumes on a gateway picked at random: both gateways write the same rows, each in the order its own
    players happened to come (one gateway's order the reverse of the other's)."""
    import psycopg

    from game.online.server import GameServer, Limits
    from tools.online_bench import SimPlayer

    def deadlocks() -> int:
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute("SELECT pg_stat_force_next_flush()")
            return conn.execute("SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()"
                                ).fetchone()[0]

    async def scenario() -> int:
        stores = [open_store(pg_url, "normal") for _ in range(2)]
        servers = [await GameServer(Limits(rate=1e6, burst=1e6), store=s).start("127.0.0.1", 0) for s in stores]
        urls = [f"ws://127.0.0.1:{s.port}" for s in servers]
        players: list[SimPlayer] = []
        for _ in range(40):
            a, b = await SimPlayer.connect(urls[0], keep=False), await SimPlayer.connect(urls[1], keep=False)
            await a.send("create", game="kombi", name="Ann")
            await a.expect("seated")
            await b.send("join", code=a.code, name="Ben")
            await asyncio.gather(a.expect("state"), b.expect("state"))
            players += [a, b]
        rng = random.Random(5)
        before = await asyncio.to_thread(deadlocks)
        where = {id(p): i % 2 for i, p in enumerate(players)}
        for _ in range(3):
            rng.shuffle(players)
            order = [p for p in players if where[id(p)] == 0] + [p for p in reversed(players) if where[id(p)] == 1]
            for p in order:
                p.abort()
            goes = {id(p): rng.randrange(2) for p in players}

            async def resume(old: SimPlayer, url: str) -> SimPlayer:
                p = await SimPlayer.connect(url, keep=False)
                await p.send("resume", code=old.code, token=old.token)
                assert (await p.expect("seated", timeout=30))["seat"] == old.seat
                return p

            order = [p for p in players if goes[id(p)] == 0] + [p for p in reversed(players) if goes[id(p)] == 1]
            resumed = await asyncio.gather(*(resume(p, urls[goes[id(p)]]) for p in order))
            where = {id(p): goes[id(old)] for p, old in zip(resumed, order, strict=True)}
            players = list(resumed)
        for s in servers:
            await s.journal.drain()
        await asyncio.sleep(0.6)  # the statistics of the last backends reach the view
        found = await asyncio.to_thread(deadlocks) - before
        for p in players:
            await p.close()
        for s in servers:
            await s.stop()
        for st in stores:
            st.close()
        return found

    with caplog.at_level(logging.WARNING, logger="carduels.online"):
        found = asyncio.run(asyncio.wait_for(scenario(), 180))
    failed = [r.getMessage() for r in caplog.records if "group commit failed" in r.getMessage()]
    assert failed == [] and found == 0, (found, failed[:2])


def test_a_burst_of_changes_from_other_gateways_wakes_the_loop_once_and_keeps_its_order(tmp_path):
    from game.online.server import GameServer

    class Captured(SQLiteStore):
        def listen(self, on_change, stop):
            self.on_change = on_change
            stop.wait()

    async def scenario():
        store = Captured(tmp_path / "t.sqlite3", "normal")
        server = GameServer(store=store)
        changed: list[str] = []
        wakes: list[int] = []
        server._changed = lambda code, origin, payload: changed.append(code)
        real = server._take_heard
        server._take_heard = lambda: (wakes.append(1), real())
        await server.start("127.0.0.1", 0)
        while not hasattr(store, "on_change"):
            await asyncio.sleep(0.01)

        def burst() -> None:  # the listener thread hears one group's 50 changes while the loop is busy
            for i in range(50):
                store.on_change(f"T{i:05d}", "other", "")

        listener = threading.Thread(target=burst)
        listener.start()
        listener.join()  # (the loop is blocked meanwhile, as a busy one would be)
        await asyncio.sleep(0.05)
        assert changed == [f"T{i:05d}" for i in range(50)] and len(wakes) == 1, len(wakes)
        await server.stop()
        store.close()

    asyncio.run(scenario())
