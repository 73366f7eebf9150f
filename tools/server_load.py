"""Server load with 1 and N worker processes in one run: actions per second and the p99 round trip.

``compare()`` starts ``main.py serve --workers W`` on loopback for W = 1 and W = N (default: the number of
cores), each time with a fresh store holding ``idle`` idle tables (written into the store before the start,
so the server loads them like after a restart; their players are away) and ``active`` tables played by
simulated players from this process: first paced like people (a move every 0.5-1.5 s per table), then
pushed (no pause) to find the throughput. The simulated players share the machine's cores with the server.
Run it alone with ``python -m tools.server_load``; ``make bench`` writes its figures to bench.json
under the ``server`` key.
"""
from __future__ import annotations

import asyncio
import gc
import json
import os
import random
import secrets
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
PER_ADDRESS = 100  # connections per loopback source address (the server caps each address)


class Player:
    """A lean scripted player: it keeps raw frames and parses only the latest state when it must move."""

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


async def _table(url: str, game: str, n: int) -> tuple[Player, Player]:
    a = await Player.open(url, 2 * n)
    await a.send("create", game=game, name="Ann")
    seated = await a.next_msg()
    a.code = seated["code"]
    b = await Player.open(f"{url}/t/{a.code}", 2 * n + 1)
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


async def _drive(a: Player, b: Player, game: str, url: str, think: tuple[float, float], deadline: float,
                 stats: Stats, rng: random.Random, n: int) -> tuple[Player, Player]:
    while time.monotonic() < deadline:
        for p in (a, b):
            p.catch_up()
        if a.obs.get("over") or b.obs.get("over") or not (a.obs.get("legal") or b.obs.get("legal")):
            stats.games += 1
            for p in (a, b):
                await p.ws.close()
            a, b = await _table(url, game, n)
            continue
        mover = a if a.obs.get("to_move") == a.seat and a.obs.get("legal") else b
        if think[1] > 0:
            await asyncio.sleep(rng.uniform(*think))
        legal = mover.obs["legal"]
        at = mover.count
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
    return a, b


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return round(s[min(len(s) - 1, int(q * len(s)))], 1) if s else float("nan")


def _cpu(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            pass
    return total


def _family(pid: int) -> list[int]:
    out = [pid]
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if int((d / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(d.name))
            except (OSError, ValueError, IndexError):
                continue
    return out


def seed_idle(path: Path, n: int, games: tuple[str, ...]) -> None:
    """Write ``n`` idle two-player tables straight into a store file, as a server would have left them."""
    from game.online.protocol import CODE_ALPHABET
    from game.online.store import Store, token_hash

    Store(path, "normal").close()  # the schema
    db = sqlite3.connect(path)
    rows, now = set(), time.time()
    while len(rows) < n:
        rows.add("".join(secrets.choice(CODE_ALPHABET) for _ in range(6)))
    db.executemany("INSERT INTO tables (code, game, seed, secret, name0, token0, name1, token1, ip, created) "
                   "VALUES (?, ?, ?, ?, 'Ann', ?, 'Ben', ?, '127.0.0.1', ?)",
                   [(c, games[i % len(games)], i + 1, secrets.token_hex(16), token_hash(secrets.token_urlsafe(24)),
                     token_hash(secrets.token_urlsafe(24)), now) for i, c in enumerate(sorted(rows))])
    db.commit()
    db.close()


async def _measure(url: str, pids: list[int], active: int, games: tuple[str, ...],
                   seconds: tuple[float, float]) -> dict[str, Any]:
    sem = asyncio.Semaphore(50)

    async def seated(i: int) -> tuple[Player, Player]:
        async with sem:
            return await _table(url, games[i % len(games)], i)

    t0 = time.monotonic()
    pairs = await asyncio.gather(*(seated(i) for i in range(active)))
    out: dict[str, Any] = {"setup_s": round(time.monotonic() - t0, 1)}
    gc.collect()
    gc.disable()  # this one process stands for thousands of players: its own collections are not network time
    rng = random.Random(7)
    for label, think, secs in (("paced", (0.5, 1.5), seconds[0]), ("pushed", (0.0, 0.0), seconds[1])):
        stats, deadline = Stats(), time.monotonic() + secs
        t0, cpu0, mine0 = time.monotonic(), _cpu(pids), time.process_time()
        pairs = await asyncio.gather(*(_drive(a, b, games[i % len(games)], url, think, deadline, stats,
                                              random.Random(rng.random()), i) for i, (a, b) in enumerate(pairs)))
        wall, cpu, mine = time.monotonic() - t0, _cpu(pids) - cpu0, time.process_time() - mine0
        n = max(1, len(stats.rtts))
        out[label] = {"actions_per_s": round(len(stats.rtts) / wall), "p50_ms": _pct(stats.rtts, 0.5),
                      "p99_ms": _pct(stats.rtts, 0.99), "max_ms": round(max(stats.rtts, default=0.0), 1),
                      "refused": stats.refused, "games": stats.games, "server_cpu_ms_per_action": round(
                          cpu / n * 1000, 3), "server_cores_busy": round(cpu / wall, 2),
                      "client_cores_busy": round(mine / wall, 2)}
    gc.enable()
    await asyncio.gather(*(p.ws.close() for pair in pairs for p in pair), return_exceptions=True)
    return out


def run(workers: int, active: int = 1000, idle: int = 10000, seconds: tuple[float, float] = (15.0, 10.0),
        games: tuple[str, ...] | None = None, sync: str = "full") -> dict[str, Any]:
    """One server with ``workers`` processes, loaded as described above; its figures as a dict."""
    import rules

    games = games or tuple(rules.GAMES)
    with tempfile.TemporaryDirectory() as tmp:
        store = Path(tmp, "tables.sqlite3")
        seed_idle(store, idle, games)
        env = dict(os.environ, PYTHONPATH=str(ROOT), CARD_DUELS_HOME=tmp)
        t0 = time.monotonic()
        cmd = [sys.executable, str(ROOT / "main.py"), "serve", "--port", "0", "--workers", str(workers), "--store",
               str(store), "--sync", sync, "--rate", "1000", "--log-level", "WARNING"]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        try:
            line = proc.stdout.readline() if proc.stdout else ""
            if not line.startswith("SERVING "):
                return {"error": f"the server did not start ({line.strip()!r})"}
            started = round(time.monotonic() - t0, 1)
            pids = _family(proc.pid)
            out = asyncio.run(_measure(line.split()[1], pids, active, games, seconds))
            return {"workers": workers, "active_tables": active, "idle_tables": idle, "start_s": started,
                    "store_sync": sync, **out}
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


def compare(workers: int | None = None, **kw: Any) -> dict[str, Any]:
    """1 worker and ``workers`` (default: every core), in one run; plus the ratio of their throughputs."""
    n = workers or os.cpu_count() or 1
    load = round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None  # other programs were busy too
    one = run(1, **kw)
    many = run(n, **kw) if n > 1 else one
    ratio = capacity = None
    if "pushed" in one and "pushed" in many:
        ratio = round(many["pushed"]["actions_per_s"] / max(1, one["pushed"]["actions_per_s"]), 2)
        # What the server alone could carry if the players ran elsewhere: its cores over its CPU per action.
        per = [r["pushed"]["server_cpu_ms_per_action"] for r in (one, many)]
        cores = min(n, os.cpu_count() or 1)
        if all(per):
            capacity = round((cores / per[1]) / (1 / per[0]), 2)
    return {"cores": os.cpu_count(), "load_before": load, "one_worker": one, "n_workers": many,
            "throughput_ratio": ratio, "server_capacity_ratio": capacity,
            "targets": {"ratio_2_workers": 1.7, "p99_ms": 50}}


def lines(report: dict[str, Any]) -> list[str]:
    out = [f"server load, {report['cores']} cores shared with the simulated players (load {report['load_before']}):"]
    for key in ("one_worker", "n_workers"):
        r = report[key]
        if "error" in r:
            out.append(f"  {key}: {r['error']}")
            continue
        out.append(f"  {r['workers']} worker(s), {r['active_tables']} active + {r['idle_tables']} idle tables:")
        for phase in ("paced", "pushed"):
            p = r[phase]
            out.append(f"    {phase}: {p['actions_per_s']} actions/s, p50 {p['p50_ms']} ms, p99 {p['p99_ms']} ms, "
                       f"max {p['max_ms']} ms, server {p['server_cpu_ms_per_action']} ms CPU per action "
                       f"({p['server_cores_busy']} cores busy), players {p['client_cores_busy']} cores")
    out.append(f"  throughput N workers / 1 worker (pushed): {report['throughput_ratio']} (target >= 1.7 with 2); "
               f"server capacity by CPU per action: {report['server_capacity_ratio']}")
    return out


def write_bench_json(report: dict[str, Any], path: Path | None = None) -> Path:
    """Merge the report into bench.json under ``server``."""
    path = path or ROOT / "bench.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            data = {}
    except (OSError, ValueError):
        data = {}
    data["server"] = report
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return path


if __name__ == "__main__":
    rep = compare(int(sys.argv[1]) if len(sys.argv) > 1 else None)
    for ln in lines(rep):
        print(ln)
    print(f"written to {write_bench_json(rep)}")
