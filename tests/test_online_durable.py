"""Durable tables across kill -9, gateways sharing one store (SQLite and PostgreSQL), and the app's client
reconnecting by itself."""
from __future__ import annotations

import asyncio
import contextlib
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
from game.online.store import SQLiteStore
from rules.match import Match
from tools.online_bench import SimPlayer, pick, play_out

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="kill -9 and SO_REUSEPORT are POSIX")


class ServerProcess:
    """``main.py serve`` in its own process group, so kill -9 takes the parent and all its gateways at once."""

    def __init__(self, store: Path | str, workers: int, port: int = 0) -> None:
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


def test_kill_9_in_the_middle_of_every_game_loses_nothing(store_url):
    store = store_url
    games = tuple(rules.GAMES)
    server = ServerProcess(store, workers=2)
    try:
        async def first_half():
            tables = []
            for i, game in enumerate(games):
                a = await SimPlayer.connect(server.url)
                await a.send("create", game=game, name="Ann")
                await a.expect("seated")
                b = await SimPlayer.connect(server.url)
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
                    p = await SimPlayer.connect(server.url)
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
        for c in (a, b):  # (what each got before the kill is behind it now)
            c.wait_for(lambda m: m.get("status") == "reconnecting")
        server = ServerProcess(store, workers=1, port=server.port)
        again = a.wait_for(lambda m: m["type"] == "state" and m["full"], timeout=15)
        assert again["count"] == state["count"] and again["obs"] == state["obs"]
        b_again = b.wait_for(lambda m: m["type"] == "state" and m["full"], timeout=15)
        mover, snap = (a, again) if again["obs"]["to_move"] == 0 else (b, b_again)
        assert mover.send("act", at=snap["count"], action=snap["obs"]["legal"][0])  # and the game goes on
        after = mover.wait_for(lambda m: m["type"] == "error" or m["type"] == "state" and m["count"] > snap["count"])
        assert after["type"] == "state" and after["count"] == snap["count"] + 1, after
    finally:
        for c in (a, b):
            if c is not None:
                c.close(wait=2)
        server.stop()


def test_finished_tables_are_pruned_after_the_retention_time(tmp_path):
    path = tmp_path / "t.sqlite3"
    store = SQLiteStore(path, "normal")
    thread = ServerThread(limits=Limits(rate=1e6, burst=1e6, retention=0.0, idle_drop=0.0), store=store).start()
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
        thread.call(lambda: thread.server.reap(time.time() + 1.0))  # the table leaves memory and the store
        time.sleep(0.2)
        assert code not in thread.server.tables
        assert store.read(lambda db: db.one("SELECT count(*) FROM tables WHERE code = ?", (code,))) == (0,)
    finally:
        thread.stop()
        store.close()


def _sockets_closed(pid: int) -> bool:
    """The process holds no file any more. (Its main thread shows as a zombie while another of its threads
    — the store's writer in the middle of a write — still holds the files, the listening socket too.)"""
    try:
        return not os.listdir(f"/proc/{pid}/fd")
    except OSError:  # reaped, or a zombie whose files are gone
        return True


def _listeners(port: int) -> int:
    """How many sockets listen on ``port`` (the kernel's own table)."""
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                local, state = line.split()[1], line.split()[3]
                count += state == "0A" and int(local.rsplit(":", 1)[1], 16) == port
    return count


async def _pair_across(url_a: str, url_b: str, game: str) -> tuple[SimPlayer, SimPlayer]:
    a = await SimPlayer.connect(url_a)
    await a.send("create", game=game, name="Ann")
    await a.expect("seated")
    b = await SimPlayer.connect(url_b)
    await b.send("join", code=a.code, name="Ben")
    await asyncio.gather(a.expect("state"), b.expect("state"))
    return a, b


async def _resume(url: str, old: SimPlayer) -> SimPlayer:
    p = await SimPlayer.connect(url)
    await p.send("resume", code=old.code, token=old.token)
    assert (await p.expect("seated"))["seat"] == old.seat
    await p.expect("state", full=True)
    return p


def test_two_gateways_share_a_store_and_a_killed_one_loses_nothing(store_url):
    """The acceptance case: a table opened on one gateway is joined and played through the other; both
    players then sit on the first, which is killed (-9) mid-game; they resume on the second and the game ends
    exactly as an uninterrupted replay of its seed and moves."""
    one, two = ServerProcess(store_url, workers=1), ServerProcess(store_url, workers=1)
    try:
        async def scenario():
            a, b = await _pair_across(one.url, two.url, "kombi")
            sent: list = []
            await step(a, b, 7, 6, sent)  # each move crosses from one gateway to the other
            a2, b2 = await _resume(one.url, a), await _resume(one.url, b)  # both on gateway one now
            await step(a2, b2, 7, 5, sent)
            views = [dict(a2.obs), dict(b2.obs)]
            one.kill9()
            a3, b3 = await _resume(two.url, a2), await _resume(two.url, b2)
            assert a3.count == len(sent), (a3.count, len(sent), a2.count)
            assert [a3.obs, b3.obs] == views
            sent += await play_out(a3, b3, 7)
            assert a3.over and b3.over
            end = a3.messages[-1]
            ref = Match("kombi", {"seed": end["seed"]}, [rules.action_from_json("kombi", x) for x in sent])
            assert end["actions"] == sent and end["obs"] == ref.state.observe(0)
            assert b3.messages[-1]["obs"] == ref.state.observe(1)
            check = FairnessCheck("kombi", 0)
            for msg in a.messages + a2.messages + a3.messages:
                check.note(msg)
            assert check.verdict == "ok"

        asyncio.run(asyncio.wait_for(scenario(), 120))
    finally:
        one.stop()
        two.stop()


def test_a_killed_gateway_delays_nobody_else(tmp_path):
    """Two gateways on one port (SO_REUSEPORT): one is killed; new players still get in and play at once."""
    server = ServerProcess(tmp_path / "t.sqlite3", workers=2)
    children = Path(f"/proc/{server.proc.pid}/task/{server.proc.pid}/children")
    try:
        kids = [int(p) for p in children.read_text().split()]
        assert len(kids) == 2
        # The parent waits while the survivor alone serves (on a slow machine it could otherwise start the
        # replacement in the middle, and the newcomers would no longer all land on the survivor).
        os.kill(server.proc.pid, signal.SIGSTOP)
        os.kill(kids[0], signal.SIGKILL)
        deadline = time.monotonic() + 30
        while not _sockets_closed(kids[0]) or _listeners(server.port) != 1:  # only the survivor listens
            assert time.monotonic() < deadline, "the killed gateway's socket stayed open"
            time.sleep(0.01)

        async def newcomers():
            for i in range(8):  # all land on the survivor, at once
                a, b = await _pair_across(server.url, server.url, "square")
                await step(a, b, i, 3, [])
                await a.close()
                await b.close()

        asyncio.run(asyncio.wait_for(newcomers(), 60))
        os.kill(server.proc.pid, signal.SIGCONT)
        deadline = time.monotonic() + 30
        while len([p for p in children.read_text().split() if int(p) != kids[0]]) < 2:  # the parent starts it again
            assert time.monotonic() < deadline, "the killed gateway was not started again"
            time.sleep(0.05)
    finally:
        os.kill(server.proc.pid, signal.SIGCONT)
        server.stop()
