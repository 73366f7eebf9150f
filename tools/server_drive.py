"""The load generator of ``tools/server_load.py``, in a process of its own: N tables, two scripted players
each (a quarter per game), random legal moves paced like people (0.5-1.5 s per move and table).

``python -m tools.server_drive URL TABLES SECONDS`` prints one JSON line: actions, actions/s, the p50/p99/max
round trip of a move (sent -> the mover's new state), moves refused, and this process's own CPU. The players
keep raw frames and parse a state only when they must move, to leave the server the CPU.
"""
from __future__ import annotations

import asyncio
import gc
import json
import random
import sys
import time
from typing import Any

from websockets.asyncio.client import connect

import rules

PER_ADDRESS = 100  # connections per loopback source address (the server caps each address)


class Player:
    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.raw: list[str] = []
        self.obs: dict[str, Any] = {}
        self.count = 0
        self.seat = 0
        self.code = ""
        self.wake = asyncio.Event()
        self.task = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, url: str, n: int) -> Player:
        ws = await connect(url, proxy=None, compression=None, max_size=2**24, open_timeout=60, ping_interval=10,
                           ping_timeout=30, close_timeout=1, local_addr=(f"127.0.0.{2 + n // PER_ADDRESS}", 0))
        return cls(ws)

    async def _read(self) -> None:
        try:
            async for text in self.ws:
                self.raw.append(text)
                self.wake.set()
        except Exception:  # noqa: BLE001 - a closed connection ends the reader
            pass
        self.wake.set()

    async def next_msg(self, timeout: float = 30.0) -> dict[str, Any]:
        async with asyncio.timeout(timeout):
            while not self.raw:
                self.wake.clear()
                await self.wake.wait()
                if self.task.done() and not self.raw:
                    raise ConnectionError("closed")
        return json.loads(self.raw.pop(0))

    def catch_up(self) -> None:
        """Read only the newest state among the frames that arrived."""
        for i in range(len(self.raw) - 1, -1, -1):
            if '"type":"state"' in self.raw[i]:
                msg = json.loads(self.raw[i])
                self.obs, self.count = msg["obs"], msg["count"]
                break
        self.raw.clear()

    async def send(self, kind: str, **fields: Any) -> None:
        await self.ws.send(json.dumps({"v": 1, "type": kind, **fields}, separators=(",", ":")))


async def table(url: str, game: str, n: int) -> tuple[Player, Player]:
    a = await Player.open(url, 2 * n)
    await a.send("create", game=game, name="Ann")
    a.code = (await a.next_msg())["code"]
    b = await Player.open(url, 2 * n + 1)
    b.seat = 1
    await b.send("join", code=a.code, name="Ben")
    await b.next_msg()
    for p in (a, b):
        while True:
            msg = await p.next_msg()
            if msg["type"] == "state":
                p.obs, p.count = msg["obs"], msg["count"]
                break
    return a, b


class Stats:
    def __init__(self) -> None:
        self.rtts: list[float] = []
        self.refused = 0
        self.games = 0


async def drive(a: Player, b: Player, game: str, url: str, deadline: float, stats: Stats, rng: random.Random,
                n: int) -> None:
    while time.monotonic() < deadline:
        for p in (a, b):
            p.catch_up()
        if a.obs.get("over") or b.obs.get("over") or not (a.obs.get("legal") or b.obs.get("legal")):
            stats.games += 1
            for p in (a, b):
                await p.ws.close()
            a, b = await table(url, game, n)
            continue
        mover = a if a.obs.get("to_move") == a.seat and a.obs.get("legal") else b
        await asyncio.sleep(rng.uniform(0.5, 1.5))
        legal, at = mover.obs["legal"], mover.count
        t0 = time.perf_counter()
        await mover.send("act", at=at, action=legal[rng.randrange(len(legal))])
        while True:
            msg = await mover.next_msg()
            if msg["type"] == "error":
                stats.refused += 1
                break
            if msg["type"] == "state" and msg["count"] > at:
                mover.obs, mover.count = msg["obs"], msg["count"]
                stats.rtts.append((time.perf_counter() - t0) * 1000)
                break
        other = b if mover is a else a
        while other.count < mover.count:
            if not other.raw:
                other.wake.clear()
                await asyncio.wait_for(other.wake.wait(), 30)
            other.catch_up()
    for p in (a, b):
        await p.ws.close()


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return round(s[min(len(s) - 1, int(q * len(s)))], 1) if s else float("nan")


async def measure(url: str, tables: int, seconds: float) -> dict[str, Any]:
    games = tuple(rules.GAMES)
    sem = asyncio.Semaphore(50)

    async def seated(i: int) -> tuple[Player, Player]:
        async with sem:
            return await table(url, games[i % len(games)], i)

    t0 = time.monotonic()
    pairs = await asyncio.gather(*(seated(i) for i in range(tables)))
    setup = round(time.monotonic() - t0, 1)
    gc.collect()
    gc.disable()  # this one process stands for thousands of players: its collections are not network time
    stats, rng = Stats(), random.Random(7)
    t0, mine0 = time.monotonic(), time.process_time()
    deadline = t0 + seconds
    await asyncio.gather(*(drive(a, b, games[i % len(games)], url, deadline, stats, random.Random(rng.random()), i)
                           for i, (a, b) in enumerate(pairs)))
    wall, mine = time.monotonic() - t0, time.process_time() - mine0
    gc.enable()
    return {"tables": tables, "setup_s": setup, "actions": len(stats.rtts),
            "actions_per_s": round(len(stats.rtts) / wall), "p50_ms": pct(stats.rtts, 0.5),
            "p99_ms": pct(stats.rtts, 0.99), "max_ms": round(max(stats.rtts, default=0.0), 1),
            "refused": stats.refused, "games": stats.games, "driver_cores_busy": round(mine / wall, 2)}


if __name__ == "__main__":
    for gid in rules.GAMES:
        rules.spec(gid)
    print(json.dumps(asyncio.run(measure(sys.argv[1], int(sys.argv[2]), float(sys.argv[3])))), flush=True)
