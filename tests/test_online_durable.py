"""Durable tables across kill -9, several workers behind one port, and the app's client reconnecting by itself."""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import rules
from game.online.client import OnlineClient
from game.online.fairness import FairnessCheck
from game.online.hosting import ServerThread
from game.online.server import Limits
from game.online.store import Store
from rules.match import Match
from tools.online_bench import SimPlayer, pick, play_out

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="kill -9 and fd passing are POSIX")


class ServerProcess:
    """``main.py serve`` in its own process group, so kill -9 takes the front and all its workers at once."""

    def __init__(self, store: Path, workers: int, port: int = 0) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "serve", "--port", str(port), "--store", str(store),
             "--workers", str(workers), "--rate", "100000", "--sync", "normal", "--log-level", "WARNING"],
            stdout=subprocess.PIPE, text=True, cwd=ROOT, start_new_session=True)
        line = self.proc.stdout.readline() if self.proc.stdout else ""
        assert line.startswith("SERVING "), line
        self.url = line.split()[1]
        self.port = int(self.url.rsplit(":", 1)[1])

    def kill9(self) -> None:
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)


async def step(a: SimPlayer, b: SimPlayer, seed: int, n: int, sent: list) -> None:
    for _ in range(n):
        mover = a if a.my_turn else b
        other = b if mover is a else a
        action = pick(mover.obs["legal"], seed, mover.count)
        sent.append(action)
        await mover.act(action)
        while other.count < mover.count:
            await other.expect("state")


def test_kill_9_in_the_middle_of_three_games_loses_nothing(tmp_path):
    store = tmp_path / "tables.sqlite3"
    games = ("kombi", "cribbage", "trumps")
    server = ServerProcess(store, workers=2)
    try:
        async def first_half():
            tables = []
            for i, game in enumerate(games):
                a = await SimPlayer.connect(server.url)
                await a.send("create", game=game, name="Ann")
                await a.expect("seated")
                b = await SimPlayer.connect(f"{server.url}/t/{a.code}")  # to the worker that holds the table
                await b.send("join", code=a.code, name="Ben")
                await asyncio.gather(a.expect("state"), b.expect("state"))
                sent: list = []
                await step(a, b, 100 + i, 7, sent)
                tables.append((game, a, b, sent, [dict(a.obs), dict(b.obs)], a.count))
            return tables

        tables = asyncio.run(first_half())
        server.kill9()
        server = ServerProcess(store, workers=2, port=server.port)  # the same command again

        async def second_half():
            for i, (game, a0, b0, sent, views, count) in enumerate(tables):
                again = []
                for old, view in zip((a0, b0), views, strict=True):
                    p = await SimPlayer.connect(f"{server.url}/t/{old.code}")
                    await p.send("resume", code=old.code, token=old.token)
                    assert (await p.expect("seated"))["seat"] == old.seat
                    snap = await p.expect("state", full=True)
                    assert snap["count"] == count and snap["obs"] == view  # the very same position
                    again.append(p)
                a, b = again
                sent += await play_out(a, b, 100 + i)
                assert a.over and b.over
                end = a.messages[-1]
                ref = Match(game, {"seed": end["seed"]}, [rules.action_from_json(game, x) for x in sent])
                assert end["obs"] == ref.state.observe(0) and end["actions"] == sent
                check = FairnessCheck(game, 0)
                for msg in a0.messages + a.messages:
                    check.note(msg)
                assert check.verdict == "ok"

        asyncio.run(second_half())
    finally:
        server.stop()
    assert all(rec["game"] in games for rec in Store(store).open_tables())


def test_the_apps_client_reconnects_by_itself_across_a_restart(tmp_path):
    store = tmp_path / "tables.sqlite3"
    server = ServerProcess(store, workers=1)
    a = b = None
    try:
        a = OnlineClient(server.url).start()
        a.wait_for(lambda m: m.get("status") == "connected")
        a.send("create", game="kombi", name="Ann")
        code = a.wait_for(lambda m: m["type"] == "seated")["code"]
        b = OnlineClient(server.url).start()
        b.wait_for(lambda m: m.get("status") == "connected")
        b.send("join", code=code, name="Ben")
        state = a.wait_for(lambda m: m["type"] == "state")
        server.kill9()
        a.wait_for(lambda m: m.get("status") == "reconnecting")
        server = ServerProcess(store, workers=1, port=server.port)
        again = a.wait_for(lambda m: m["type"] == "state" and m["full"], timeout=15)
        assert again["count"] == state["count"] and again["obs"] == state["obs"]
        b_again = b.wait_for(lambda m: m["type"] == "state" and m["full"], timeout=15)
        mover, snap = (a, again) if again["obs"]["to_move"] == 0 else (b, b_again)
        mover.send("act", at=snap["count"], action=snap["obs"]["legal"][0])  # and the game goes on
        after = mover.wait_for(lambda m: m["type"] == "state" and m["count"] > snap["count"])
        assert after["count"] == snap["count"] + 1
    finally:
        for c in (a, b):
            if c is not None:
                c.close(wait=2)
        server.stop()


def test_a_join_through_another_worker_is_sent_on_by_the_client(tmp_path):
    server = ServerProcess(tmp_path / "t.sqlite3", workers=2)
    clients = []
    try:
        for _ in range(6):  # connections to "/" go to the workers in turn: some joins land elsewhere
            a = OnlineClient(server.url).start()
            a.wait_for(lambda m: m.get("status") == "connected")
            a.send("create", game="square", name="Ann")
            code = a.wait_for(lambda m: m["type"] == "seated")["code"]
            b = OnlineClient(server.url).start()
            b.wait_for(lambda m: m.get("status") == "connected")
            b.send("join", code=code, name="Ben")
            assert b.wait_for(lambda m: m["type"] in ("seated", "error"))["type"] == "seated"
            clients += [a, b]
    finally:
        for c in clients:
            c.close(wait=1)
        server.stop()


def test_finished_tables_are_pruned_after_the_retention_time(tmp_path):
    path = tmp_path / "t.sqlite3"
    store = Store(path, "normal")
    thread = ServerThread(limits=Limits(rate=1e6, burst=1e6, retention=0.0), store=store).start()
    try:
        async def game():
            a = await SimPlayer.connect(thread.url)
            await a.send("create", game="kombi", name="Ann")
            await a.expect("seated")
            b = await SimPlayer.connect(thread.url)
            await b.send("join", code=a.code, name="Ben")
            await asyncio.gather(a.expect("state"), b.expect("state"))
            await a.send("resign")
            await a.expect("state")
            for p in (a, b):
                await p.send("leave")
                await p.expect("left")
            return a.code

        code = asyncio.run(game())
        thread.call(lambda: thread.server.reap(time.monotonic() + 1e6))  # the table leaves memory ...
        time.sleep(0.2)
        assert code not in thread.server.tables
        assert store.prune(time.time() + 1, 0.0) >= 0 and code not in store.codes()  # ... and then the store
    finally:
        thread.stop()
        store.close()


def test_a_connection_is_routed_by_the_code_in_its_path():
    from game.online import protocol
    from game.online.workers import route

    for code in ("K7Q2MF", "A2B3C4", "Z9Y8X7"):
        owner = protocol.code_owner(code, 3)
        head = f"GET /t/{code.lower()[:3]}-{code[3:]} HTTP/1.1\r\nHost: x\r\n\r\n".encode()
        assert route(head, 3, 0) == owner == route(head, 3, 1)  # always the table's worker
    assert [route(b"GET / HTTP/1.1\r\n\r\n", 3, t) for t in range(4)] == [0, 1, 2, 0]  # new tables in turn
    assert route(b"\xff\xfe garbage", 2, 1) == 1 and route(b"GET /t/0OIL00 HTTP/1.1\r\n\r\n", 2, 0) == 0
    assert Limits(waiting_per_ip=100).shared_by(2).waiting_per_ip == 50
