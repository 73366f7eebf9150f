"""One owner per live table (game/online/owning.py): only the gateway holding a table writes its rows, a player who
reaches another gateway is relayed to it, a stale owner's write is refused by the fence, and a killed owner's
tables pass to a live gateway within 2 s with no acknowledged move lost - on SQLite and PostgreSQL."""
from __future__ import annotations

import asyncio
import os
import signal
import sys
import threading
import time
from collections import Counter

import pytest

from game.online import ops
from game.online.journal import Op
from game.online.server import GameServer, Limits
from game.online.stores import open_store
from tests.test_online_durable import ServerProcess, _resume, step
from tests.test_online_server import run
from tools.online_bench import SimPlayer, pick


def _new(db, code: str, owner: str) -> object:
    return ops.create(db, code, "kombi", 7, "s", "Ann", "tok", "1.2.3.4", owner, time.time())


def test_a_stale_owners_write_is_refused_by_the_fence(store_url):
    """Gateway A holds a table; while A beats, B cannot claim it. Once A's lease has lapsed B claims it (the epoch
    goes up): A's move, fenced with the epoch it held, changes nothing, and B's goes through."""
    store = open_store(store_url, "normal")
    try:
        now = time.time()
        store.run(lambda db: ops.beat(db, "A", now, "ws://a"))
        store.run(lambda db: _new(db, "ABCDEF", "A"))
        assert store.read(lambda db: ops.holder(db, "ABCDEF", now, 1.5)) == ("A", 1, "ws://a")
        assert store.run(lambda db: ops.claim(db, "ABCDEF", "B", now, 1.5)) == 0  # A is alive: refused
        later = now + 2.0  # A has not beaten for 2 s: its lease (1.5 s) lapsed
        assert store.read(lambda db: ops.holder(db, "ABCDEF", later, 1.5)) == ("", 1, "")
        assert store.run(lambda db: ops.claim(db, "ABCDEF", "B", later, 1.5)) == 2

        def move(fence: tuple[str, int], n: int):
            def fn(db):
                db.fence = fence
                return ops.act(db, "ABCDEF", n, {"t": "x"}, False, later)
            return bool(store.run(fn))

        assert move(("A", 1), 0) is False  # the stale owner: refused
        assert move(("B", 1), 0) is False  # the right gateway with the old epoch: refused too
        assert move(("B", 2), 0) is True
        rec = store.read(lambda db: ops.load(db, "ABCDEF"))
        assert (rec["owner"], rec["epoch"], rec["moves"], len(rec["actions"])) == ("B", 2, 1, 1)
        # every other write of the row carries the fence as well
        for write in (lambda db: ops.here(db, "ABCDEF", 0, "A"), lambda db: ops.closed(db, "ABCDEF", False, later)):
            def fenced(db, write=write):
                db.fence = ("A", 1)
                return write(db)
            assert not store.run(fenced)
        assert store.read(lambda db: ops.load(db, "ABCDEF")) is not None
    finally:
        store.close()


class _Counted:
    """Count the journal's ops per table code of one gateway (the writes it makes of each table's rows)."""

    def __init__(self, server: GameServer) -> None:
        self.codes: Counter[str] = Counter()
        inner = server.journal._one

        def one(db, op: Op):
            self.codes[op.code or ""] += 1
            return inner(db, op)

        server.journal._one = one  # type: ignore[method-assign]  # a probe wrapped around the real method


def test_two_seats_on_two_gateways_meet_at_the_owner_which_alone_writes_the_table(store_url):
    """Ann opens a table on gateway 0, Ben joins and plays through gateway 1: gateway 1 relays him to gateway 0,
    which writes every row of the table; gateway 1 writes none (before the lease, both wrote its rows)."""
    async def scenario():
        stores = [open_store(store_url, "normal") for _ in range(2)]
        servers = [await GameServer(Limits(rate=1e6, burst=1e6), store=s).start("127.0.0.1", 0) for s in stores]
        counted = [_Counted(s) for s in servers]
        urls = [f"ws://127.0.0.1:{s.port}" for s in servers]
        try:
            a, b = await SimPlayer.connect(urls[0]), await SimPlayer.connect(urls[1])
            await a.send("create", game="kombi", name="Ann")
            await a.expect("seated")
            await b.send("join", code=a.code, name="Ben")
            await asyncio.gather(a.expect("state"), b.expect("state"))
            await step(a, b, 3, 8, [])
            b2 = await _resume(urls[1], b)  # a new connection of Ben's, again through gateway 1
            await step(a, b2, 3, 4, [])
            for s in servers:
                await s.journal.drain()
            assert a.count == b2.count == 12
            assert counted[1].codes[a.code] == 0 and counted[0].codes[a.code] >= 12
            assert a.code in servers[0].tables and a.code not in servers[1].tables
            assert len([c for c in servers[1].conns if c.relay is not None]) == 1  # Ben's live connection
            assert servers[1].metrics.relays == 2 and servers[0].metrics.relays == 0  # his join and his resume
            assert f'card_duels_relays_total{{gateway="{servers[1].id}"}} 2' in servers[1].metrics.text(servers[1])
            rec = stores[0].read(lambda db: ops.load(db, a.code))
            assert (rec["owner"], rec["epoch"], rec["here"]) == (servers[0].id, 1, [servers[0].id] * 2)
            if stores[0].kind == "sqlite":  # nobody else keeps the table: its moves are not announced
                assert stores[0].read(lambda db: db.one("SELECT count(*) FROM changes WHERE code = ?",
                                                        (a.code,)))[0] == 0
            await a.close(), await b2.close()
        finally:
            for s in servers:
                await s.stop()
            for st in stores:
                st.close()

    run(scenario(), 90)


@pytest.mark.skipif(sys.platform == "win32", reason="kill -9 is POSIX")
def test_a_killed_owners_tables_pass_within_2_s_and_no_acknowledged_move_is_lost(store_url):
    """Six tables, each with Ann on gateway one and Ben on gateway two, play; gateway one (their owner) is killed
    (-9) in the middle. Within 2 s gateway two holds every table (measured from the kill); both players resume
    there and each table holds every move that was acknowledged."""
    one, two = ServerProcess(store_url, workers=1), ServerProcess(store_url, workers=1)
    store = open_store(store_url, "normal")
    try:
        async def scenario() -> float:
            pairs = []
            for _ in range(6):
                a, b = await SimPlayer.connect(one.url), await SimPlayer.connect(two.url)
                await a.send("create", game="kombi", name="Ann")
                await a.expect("seated")
                await b.send("join", code=a.code, name="Ben")
                await asyncio.gather(a.expect("state"), b.expect("state"))
                pairs.append((a, b))
            codes = [a.code for a, _b in pairs]
            owners = {store.read(lambda db, c=c: ops.load(db, c))["owner"] for c in codes}
            assert len(owners) == 1
            (first,) = owners
            acked = {c: 0 for c in codes}

            async def play(a: SimPlayer, b: SimPlayer) -> None:
                try:
                    while not a.over:
                        mover = a if a.my_turn else b
                        other = b if mover is a else a
                        await mover.act(pick(mover.obs["legal"], 11, mover.count))
                        acked[a.code] = mover.count  # the state that answers the move: acknowledged
                        while other.count < mover.count:
                            await other.expect("state", timeout=5)
                        await asyncio.sleep(0.1)
                except Exception:  # noqa: BLE001 - the connections drop at the kill, however they do
                    return

            players = [asyncio.create_task(play(a, b)) for a, b in pairs]
            await asyncio.sleep(1.5)
            assert all(n > 3 for n in acked.values()), acked
            playing = sum(not a.over for a, _b in pairs)
            one.kill9()
            killed = time.monotonic()
            while True:
                rows = store.read(lambda db: [ops.load(db, c)["owner"] for c in codes])
                if first not in rows:
                    moved = time.monotonic() - killed
                    break
                assert time.monotonic() - killed < 10, rows
                await asyncio.sleep(0.01)
            await asyncio.gather(*players)
            for (a, b) in pairs:
                a2, b2 = await _resume(two.url, a), await _resume(two.url, b)
                assert a2.count == b2.count >= acked[a.code], (a2.count, acked[a.code])
                if not a2.over:
                    mover = a2 if a2.my_turn else b2
                    await mover.act(pick(mover.obs["legal"], 11, mover.count))  # and play goes on
                await a2.close(), await b2.close()
            assert playing >= 4, playing  # (the kill came in the middle of the games)
            print(f"{sum(acked.values())} moves acknowledged before the kill, {playing} of 6 games running")
            return moved

        moved = asyncio.run(asyncio.wait_for(scenario(), 120))
        print(f"lease moved {moved:.3f} s after the kill")
        assert moved < 2.0, moved
    finally:
        one.stop()
        two.stop()
        store.close()


def test_a_gateway_whose_commits_lag_keeps_beating_and_keeps_its_tables(tmp_path):
    """The lease is renewed from a thread and a connection of its own: while every commit of the journal takes 3 s
    (a store under load), the gateway's beat stays fresh and nobody may claim its table."""
    async def scenario():
        store = open_store(str(tmp_path / "t.sqlite3"), "normal")
        server = await GameServer(store=store).start("127.0.0.1", 0)
        try:
            a = await SimPlayer.connect(f"ws://127.0.0.1:{server.port}")
            await a.send("create", game="kombi", name="Ann")
            await a.expect("seated")
            await server.journal.drain()
            slow = store.run

            def lagging(fn):
                time.sleep(3.0)
                return slow(fn)

            store.run = lagging
            await asyncio.sleep(2.5)  # the journal is stuck in its first slow commit
            now = time.time()
            (beat,) = store.read(lambda db: db.one("SELECT beat FROM gateways WHERE id = ?", (server.id,)))
            assert now - beat < 0.75, now - beat
            assert store.read(lambda db: ops.holder(db, a.code, now, server.limits.lease))[0] == server.id
            store.run = slow
            await a.close()
        finally:
            await server.stop()
            store.close()

    run(scenario(), 60)


def test_a_stalled_owner_hands_its_players_to_the_gateway_that_claimed_its_table(tmp_path):
    """Gateway A stops beating (as a stalled process would) while Ann sits at its table: B claims the table, A hears
    of the claim, and closes Ann's connection with 1012; Ann resumes through A and is relayed to B, the new owner,
    which alone writes the table from then on."""
    async def scenario():
        where = str(tmp_path / "t.sqlite3")
        stores = [open_store(where, "normal") for _ in range(2)]
        a_gw, b_gw = [await GameServer(Limits(rate=1e6, burst=1e6), store=s).start("127.0.0.1", 0) for s in stores]
        try:
            ann = await SimPlayer.connect(f"ws://127.0.0.1:{a_gw.port}")
            await ann.send("create", game="kombi", name="Ann")
            await ann.expect("seated")
            ben = await SimPlayer.connect(f"ws://127.0.0.1:{a_gw.port}")
            await ben.send("join", code=ann.code, name="Ben")
            await asyncio.gather(ann.expect("state"), ben.expect("state"))
            a_gw._beat_stop.set()  # A stalls: no more beats ...
            await asyncio.to_thread(a_gw._beater.join)
            stores[0].apart(lambda db: db.run("UPDATE gateways SET beat = ? WHERE id = ?", (time.time() - 10, a_gw.id)))
            await asyncio.wait_for(ann._reader, 5)  # ... B claims its table, and A sends Ann away
            assert ann.closed[0] == 1012
            rec = stores[1].read(lambda db: ops.load(db, ann.code))
            assert (rec["owner"], rec["epoch"]) == (b_gw.id, 2) and b_gw.metrics.claims == 1
            a_gw._beat_stop.clear()  # (A runs on, beating again: B holds the table, A relays to it)
            a_gw._beater = threading.Thread(target=a_gw._beating, daemon=True)
            a_gw._beater.start()
            await asyncio.sleep(0.3)
            ann2 = await _resume(f"ws://127.0.0.1:{a_gw.port}", ann)
            assert [c for c in a_gw.conns if c.relay is not None] and ann.code in b_gw.tables
            ben2 = await _resume(f"ws://127.0.0.1:{b_gw.port}", ben)
            await step(ann2, ben2, 5, 4, [])
            await ann2.close(), await ben2.close()
        finally:
            for s in (a_gw, b_gw):
                await s.stop()
            for st in stores:
                st.close()

    run(scenario(), 60)


def test_a_store_of_the_second_schema_gains_the_lease(store_url):
    """A store written before leases (schema 2: no owner, epoch or relay address) is brought up to date when a
    gateway opens it, and its tables, held by nobody, are claimed like a dead gateway's."""
    store = open_store(store_url, "normal")
    store.run(lambda db: _new(db, "OLDTAB", "gone"))
    for sql in ("DROP INDEX tables_owner", "ALTER TABLE tables DROP COLUMN owner",
                "ALTER TABLE tables DROP COLUMN epoch", "ALTER TABLE gateways DROP COLUMN addr",
                "UPDATE meta SET value = '2' WHERE key = 'schema'"):
        store.run(lambda db, sql=sql: db.run(sql))
    store.close()
    store = open_store(store_url, "normal")
    try:
        rec = store.read(lambda db: ops.load(db, "OLDTAB"))
        assert (rec["owner"], rec["epoch"]) == ("", 0)
        assert store.run(lambda db: ops.orphans(db, "G", time.time(), 1.25)) == [("OLDTAB", 1)]
        store.run(lambda db: ops.beat(db, "G", time.time(), "ws://g"))
        assert store.read(lambda db: ops.holder(db, "OLDTAB", time.time(), 1.25)) == ("G", 1, "ws://g")
        assert store.read(lambda db: db.one("SELECT value FROM meta WHERE key = 'schema'"))[0] == "3"
    finally:
        store.close()


def test_the_relay_address_admits_only_gateways_that_show_the_stores_key(tmp_path):
    """The internal address trusts what a relay says (the player's address and proven identity), so it opens only
    for a caller that shows the key kept in the store."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import InvalidStatus

    async def scenario():
        store = open_store(str(tmp_path / "t.sqlite3"), "normal")
        server = await GameServer(store=store).start("127.0.0.1", 0)
        try:
            assert server.addr.startswith("ws://127.0.0.1:") and len(server.key) > 20
            for headers in ({}, {"X-Card-Duels-Key": "guess"}):
                with pytest.raises(InvalidStatus) as refused:
                    await connect(server.addr, additional_headers=headers, open_timeout=5)
                assert refused.value.response.status_code == 403
            async with connect(server.addr, additional_headers={"X-Card-Duels-Key": server.key}) as ws:
                await ws.send('{"v":1,"type":"ping","id":1}')
                assert '"pong"' in await ws.recv()
        finally:
            await server.stop()
            store.close()

    run(scenario(), 30)


@pytest.mark.skipif(sys.platform != "linux", reason="kill -9, SO_REUSEPORT and /proc")
def test_kill_9_of_one_gateway_of_serve_workers_2_loses_no_acknowledged_move(tmp_path):
    """``serve --workers 2`` on one port: eight tables in play, their players spread by the kernel; one gateway is
    killed (-9) and started again by the parent. Every player resumes through the same port, wherever it lands,
    and every table holds every move that was acknowledged."""
    from pathlib import Path

    server = ServerProcess(tmp_path / "t.sqlite3", workers=2)
    try:
        async def scenario() -> None:
            pairs = []
            for _ in range(8):
                a, b = await SimPlayer.connect(server.url), await SimPlayer.connect(server.url)
                await a.send("create", game="kombi", name="Ann")
                await a.expect("seated")
                await b.send("join", code=a.code, name="Ben")
                await asyncio.gather(a.expect("state"), b.expect("state"))
                pairs.append((a, b))
            acked = {a.code: 0 for a, _b in pairs}

            async def play(a: SimPlayer, b: SimPlayer) -> None:
                try:
                    while not a.over:
                        mover = a if a.my_turn else b
                        other = b if mover is a else a
                        await mover.act(pick(mover.obs["legal"], 13, mover.count))
                        acked[a.code] = mover.count
                        while other.count < mover.count:
                            await other.expect("state", timeout=5)
                        await asyncio.sleep(0.1)
                except Exception:  # noqa: BLE001 - the connections through the killed gateway drop
                    return

            players = [asyncio.create_task(play(a, b)) for a, b in pairs]
            await asyncio.sleep(1.5)
            kids = Path(f"/proc/{server.proc.pid}/task/{server.proc.pid}/children").read_text().split()
            os.kill(int(kids[0]), signal.SIGKILL)
            await asyncio.sleep(0.5)
            for p in players:
                p.cancel()
            await asyncio.gather(*players, return_exceptions=True)
            for a, b in pairs:
                for p in (a, b):
                    await p.close()
                a2, b2 = await _resume(server.url, a), await _resume(server.url, b)
                assert a2.count == b2.count >= acked[a.code] > 3, (a2.count, acked[a.code])
                if not a2.over:
                    mover = a2 if a2.my_turn else b2
                    await mover.act(pick(mover.obs["legal"], 13, mover.count))
                await a2.close(), await b2.close()

        asyncio.run(asyncio.wait_for(scenario(), 120))
    finally:
        server.stop()
