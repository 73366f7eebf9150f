"""Load bench for the game server, and the scripted player it (and the online tests) drive tables with.

``bench_report()`` starts ``main.py serve`` as its own process on loopback, opens many tables with two
simulated players each from this process, and reports what it measured: concurrent tables, actions per
second, the p50/p99 round trip of an action (sent -> the mover's new state received) and the server's
memory per table. Run it with ``python -m tools.online_bench``.
"""
from __future__ import annotations

import asyncio
import gc
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.online import protocol
from rules import GAMES

GAME_IDS = tuple(GAMES)
ROOT = Path(__file__).resolve().parents[1]  # the repository (tools/ is one level down)


def pick(legal: list[dict[str, Any]], seed: int, count: int) -> dict[str, Any]:
    """A reproducible choice among the legal actions (same seed and position, same choice)."""
    return legal[random.Random(seed * 1_000_003 + count).randrange(len(legal))]


class SimPlayer:
    """A scripted player on a raw websocket: reads every message into a queue and keeps the latest view."""

    def __init__(self, ws: Any, keep: bool = True) -> None:
        self.ws = ws
        self.keep = keep  # the tests read every message afterwards; the bench must not hoard them
        self.messages: list[dict[str, Any]] = []
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.seat: int | None = None
        self.code = self.token = ""
        self.obs: dict[str, Any] = {}
        self.count = 0
        self.result: dict[str, Any] | None = None
        self.seed: int | None = None
        self.closed: tuple[int, str] | None = None
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def connect(cls, url: str, keep: bool = True) -> SimPlayer:
        ws = await connect(url, proxy=None, compression=None, max_size=protocol.MAX_SERVER_BYTES,
                           open_timeout=20, ping_interval=10, ping_timeout=10, close_timeout=1)  # as the app
        return cls(ws, keep)

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                msg = json.loads(raw)
                if self.keep:
                    self.messages.append(msg)
                self._note(msg)
                self.queue.put_nowait(msg)
        except ConnectionClosed:
            pass
        finally:
            self.closed = (self.ws.close_code or 1006, self.ws.close_reason or "")
            self.queue.put_nowait(None)

    def _note(self, msg: dict[str, Any]) -> None:
        if msg.get("type") == "seated":
            self.seat, self.code, self.token = msg["seat"], msg["code"], msg["token"]
        elif msg.get("type") == "state":
            self.obs, self.count = msg["obs"], msg["count"]
            self.result, self.seed = msg.get("result"), msg.get("seed")

    async def send(self, kind: str | None = None, raw: str | bytes | None = None, **fields: Any) -> None:
        await self.ws.send(raw if raw is not None else protocol.encode(protocol.message(kind or "", **fields)))

    async def expect(self, kind: str, timeout: float = 10.0, **match: Any) -> dict[str, Any]:
        """The next message of this type (others are skipped; they stay in ``messages``)."""
        async with asyncio.timeout(timeout):
            while True:
                msg = await self.queue.get()
                if msg is None:
                    raise ConnectionError(f"connection closed while waiting for {kind!r}: {self.closed}")
                if msg.get("type") == kind and all(msg.get(k) == v for k, v in match.items()):
                    return msg

    @property
    def over(self) -> bool:
        return self.result is not None or bool(self.obs.get("over"))

    @property
    def my_turn(self) -> bool:
        return not self.over and self.obs.get("to_move") == self.seat and bool(self.obs.get("legal"))

    async def act(self, action: dict[str, Any]) -> dict[str, Any]:
        """Send an action for the current position and wait for the state that follows it."""
        at = self.count
        await self.send("act", at=at, action=action)
        async with asyncio.timeout(10):
            while True:
                msg = await self.queue.get()
                if msg is None:
                    raise ConnectionError(f"closed: {self.closed}")
                if msg["type"] == "error":
                    raise AssertionError(f"refused: {msg}")
                if msg["type"] == "state" and msg["count"] > at:
                    return msg

    async def close(self) -> None:
        await self.ws.close()
        await asyncio.gather(self._reader, return_exceptions=True)

    def abort(self) -> None:
        """Drop the connection like a killed process: no closing handshake."""
        self.ws.transport.abort()


async def seat_pair(url: str, game: str, names: tuple[str, str] = ("Ann", "Ben"),
                    keep: bool = True) -> tuple[SimPlayer, SimPlayer]:
    a, b = await SimPlayer.connect(url, keep), await SimPlayer.connect(url, keep)
    await a.send("create", game=game, name=names[0])
    await a.expect("seated")
    await b.send("join", code=a.code, name=names[1])
    await asyncio.gather(a.expect("state"), b.expect("state"))
    return a, b


async def play_out(a: SimPlayer, b: SimPlayer, seed: int, max_actions: int = 100_000) -> list[dict[str, Any]]:
    """Play to the end, each side choosing only from its own observation; returns the actions sent."""
    sent: list[dict[str, Any]] = []
    while not a.over and len(sent) < max_actions:
        mover = a if a.my_turn else b
        other = b if mover is a else a
        assert mover.my_turn, "nobody may move but the game is not over"
        action = pick(mover.obs["legal"], seed, mover.count)
        sent.append(action)
        await mover.act(action)
        while other.count < mover.count:
            await other.expect("state")
    return sent


# --- the bench ---------------------------------------------------------------------------------------------------
def _cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process so far (Linux /proc; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _rss_kb(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


class _Stats:
    def __init__(self) -> None:
        self.rtts: list[float] = []
        self.actions = 0
        self.games = 0
        self.refused = 0


async def _next_game(a: SimPlayer, b: SimPlayer, game: str) -> None:
    """Both leave the finished table; the host opens a new one and the guest joins it."""
    for p in (a, b):
        await p.send("leave")
        await p.expect("left")
    a.result = b.result = None
    await a.send("create", game=game, name="Ann")
    await a.expect("seated")
    await b.send("join", code=a.code, name="Ben")
    await asyncio.gather(a.expect("state", full=True), b.expect("state", full=True))


async def _drive(a: SimPlayer, b: SimPlayer, game: str, think: tuple[float, float], stats: _Stats, deadline: float,
                 rng: random.Random) -> None:
    """Keep one table busy until the deadline: think, act, time the answer; a finished game starts anew."""
    while time.monotonic() < deadline:
        if a.over:
            stats.games += 1
            await _next_game(a, b, game)
            continue
        mover = a if a.my_turn else b
        await asyncio.sleep(rng.uniform(*think))
        t0 = time.perf_counter()
        try:
            await mover.act(pick(mover.obs["legal"], rng.randrange(1 << 30), mover.count))
        except AssertionError:  # e.g. the rate limit: counted, never hidden
            stats.refused += 1
            await asyncio.sleep(0.5)
            continue
        stats.rtts.append((time.perf_counter() - t0) * 1000)
        stats.actions += 1
        other = b if mover is a else a
        while other.count < mover.count:
            await other.expect("state")


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


async def _measure(url: str, pid: int, tables: int, seconds: tuple[float, float]) -> list[str]:
    idle = _rss_kb(pid)
    sem = asyncio.Semaphore(50)  # open the connections in waves, not thousands of handshakes at once

    async def seated(game: str) -> tuple[SimPlayer, SimPlayer]:
        async with sem:
            return await seat_pair(url, game, keep=False)

    t0 = time.monotonic()
    games = [GAME_IDS[i % len(GAME_IDS)] for i in range(tables)]  # every game, a share of the tables each
    pairs = await asyncio.gather(*(seated(game) for game in games))
    setup = time.monotonic() - t0
    # These players stand for thousands of separate programs. One process that holds them all must not time its own
    # garbage collections over all their connections as network round trips, so its collector rests while it measures.
    gc.collect()
    gc.disable()
    full = _rss_kb(pid)
    lines = [f"  {tables} tables seated ({2 * tables} connections; {', '.join(GAME_IDS)} in turn) in {setup:.1f} s"]
    if idle is not None and full is not None:
        lines.append(f"  server memory: {idle / 1024:.1f} MB empty, {full / 1024:.1f} MB with {tables} fresh tables "
                     f"= {(full - idle) / tables:.0f} KB per table (the table and its two connections)")
    rng = random.Random(7)
    phases = (("paced like people (think 0.5-1.5 s)", (0.5, 1.5), seconds[0]),
              ("pushed (think 0.02-0.1 s)", (0.02, 0.1), seconds[1]))
    for label, think, secs in phases:
        stats = _Stats()
        deadline = time.monotonic() + secs
        t0, cpu0, mine0 = time.monotonic(), _cpu_seconds(pid), time.process_time()
        await asyncio.gather(*(_drive(a, b, game, think, stats, deadline, random.Random(rng.random()))
                               for (a, b), game in zip(pairs, games, strict=True)))
        wall, cpu1, mine = time.monotonic() - t0, _cpu_seconds(pid), time.process_time() - mine0
        n = max(stats.actions, 1)
        lines.append(f"  {label}: {tables} concurrent tables, {stats.actions} actions in {wall:.1f} s = "
                     f"{stats.actions / wall:.0f} actions/s, {stats.games} games finished, {stats.refused} refused")
        lines.append(f"    action round trip: p50 {_pct(stats.rtts, 0.5):.1f} ms, p99 {_pct(stats.rtts, 0.99):.1f} ms, "
                     f"max {max(stats.rtts, default=float('nan')):.1f} ms (target: p99 < 50 ms at 1,000 tables)")
        if cpu0 is not None and cpu1 is not None:
            per = (cpu1 - cpu0) / n * 1000
            lines.append(f"    CPU: server {cpu1 - cpu0:.1f} s ({(cpu1 - cpu0) / wall:.0%} of a core) = {per:.2f} ms "
                         f"per action, so one core would carry about {1000 / max(per, 1e-9):.0f} actions/s; "
                         f"the simulated clients {mine:.1f} s ({mine / wall:.0%} of a core)")
    gc.enable()
    after = _rss_kb(pid)
    if idle is not None and after is not None:
        lines.append(f"  server memory after play: {after / 1024:.1f} MB = {(after - idle) / tables:.0f} KB per table "
                     f"(a table keeps its moves)")
    await asyncio.gather(*(p.close() for pair in pairs for p in pair), return_exceptions=True)
    return lines


def bench_report(tables: int = 1000, seconds: tuple[float, float] = (15.0, 8.0)) -> list[str]:
    """Start a server process on loopback, load it with ``tables`` simulated tables, report the numbers."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "serve", "--host", "127.0.0.1", "--port", "0",
                             "--workers", "1", "--memory", "--log-level", "WARNING"],
                            stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        if not line.startswith("SERVING "):
            return [f"online bench: the server did not start ({line.strip()!r})"]
        url = line.split()[1]
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        head = [f"online server bench (loopback, one server process, {os.cpu_count()} cores shared with the "
                f"simulated clients; load average {load:.1f} before it started, so other programs were busy too "
                f"if that is above 0.5):"]
        return head + asyncio.run(_measure(url, proc.pid, tables, seconds))
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == "__main__":
    for out in bench_report(int(sys.argv[1]) if len(sys.argv) > 1 else 1000):
        print(out)
