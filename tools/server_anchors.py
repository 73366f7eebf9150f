"""Anchors for the server figures of ``make bench``: what this machine manages at the same moment without the
game server, so each p99 can be read against them.

- ``echo``: a websockets echo server in a process of its own and the same kind of paced load (one message per
  table every 0.5-1.5 s, its round trip timed) from another process: the floor that websockets, asyncio and
  the kernel set on this machine, now.
- ``pgbench``: PostgreSQL's own benchmark on the cluster the server uses (simple updates, 2 clients, 5 s):
  what the database commits a second when nothing else asks it.
- ``run_queue_ms``: how long the threads of some processes waited for a core (``/proc/PID/task/*/schedstat``),
  reported beside every p99: a run that waited for the CPU is a machine that was busy, not a slow server.

``python -m tools.server_anchors echo TABLES SECONDS`` prints the echo anchor as one JSON line.
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PER_ADDRESS = 100


def run_queue_ms(pids: list[int]) -> float:
    """Milliseconds the threads of ``pids`` have waited on a run queue (Linux; 0 elsewhere)."""
    total = 0
    for pid in pids:
        for stat in Path(f"/proc/{pid}/task").glob("*/schedstat"):
            try:
                total += int(stat.read_text().split()[1])
            except (OSError, ValueError, IndexError):
                pass
    return total / 1e6


def pgbench(url: str, seconds: int = 5) -> dict[str, Any]:
    """Transactions a second and their mean latency from ``pgbench -N`` on the database ``url`` names."""
    exe = shutil.which("pgbench")
    if exe is None:
        return {"skipped": "no pgbench"}
    init = subprocess.run([exe, "-i", "-q", "-s", "1", url], capture_output=True, text=True, timeout=300)
    if init.returncode != 0:
        return {"error": init.stderr[-200:]}
    run = subprocess.run([exe, "-n", "-N", "-c", "2", "-j", "2", "-T", str(seconds), url], capture_output=True,
                         text=True, timeout=seconds + 120)
    tps = re.search(r"tps = ([0-9.]+)", run.stdout)
    lat = re.search(r"latency average = ([0-9.]+) ms", run.stdout)
    if tps is None:
        return {"error": (run.stderr or run.stdout)[-200:]}
    return {"tps": round(float(tps.group(1))), "latency_ms": float(lat.group(1)) if lat else None,
            "clients": 2, "seconds": seconds}


async def _echo_server() -> None:
    from websockets.asyncio.server import serve

    async def echo(ws: Any) -> None:
        async for msg in ws:
            await ws.send(msg)

    async with serve(echo, "127.0.0.1", 0, compression=None, max_queue=16) as server:
        print(f"SERVING ws://127.0.0.1:{server.sockets[0].getsockname()[1]}", flush=True)
        await asyncio.Future()


async def _echo_drive(url: str, tables: int, seconds: float) -> dict[str, Any]:
    from websockets.asyncio.client import connect

    payload = json.dumps({"v": 1, "type": "state", "obs": {"hand": ["7H"] * 40}, "pad": "x" * 200})
    conns = [await connect(url, proxy=None, compression=None, local_addr=(f"127.0.0.{2 + i // PER_ADDRESS}", 0))
             for i in range(tables)]
    rtts: list[float] = []
    deadline = time.monotonic() + seconds
    cpu0, t0 = time.process_time(), time.monotonic()

    async def paced(ws: Any, rng: random.Random) -> None:
        while time.monotonic() < deadline:
            await asyncio.sleep(rng.uniform(0.5, 1.5))
            start = time.perf_counter()
            await ws.send(payload)
            await ws.recv()
            rtts.append((time.perf_counter() - start) * 1000)

    await asyncio.gather(*(paced(ws, random.Random(i)) for i, ws in enumerate(conns)))
    wall = time.monotonic() - t0
    for ws in conns:
        await ws.close()
    rtts.sort()
    pick = (lambda q: round(rtts[min(len(rtts) - 1, int(q * len(rtts)))], 1)) if rtts else (lambda q: None)
    return {"tables": tables, "messages": len(rtts), "p50_ms": pick(0.5), "p99_ms": pick(0.99),
            "driver_cores_busy": round((time.process_time() - cpu0) / wall, 2)}


def echo(tables: int, seconds: float) -> dict[str, Any]:
    """The echo anchor: server and load generator each in a process of its own, as for the game server."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    server = subprocess.Popen([sys.executable, "-m", "tools.server_anchors", "--echo-server"], stdout=subprocess.PIPE,
                              text=True, cwd=ROOT, env=env)
    try:
        line = server.stdout.readline() if server.stdout else ""
        if not line.startswith("SERVING "):
            return {"error": f"the echo server did not start ({line.strip()!r})"}
        q0 = run_queue_ms([server.pid])
        drive = subprocess.run([sys.executable, "-m", "tools.server_anchors", "echo", line.split()[1], str(tables),
                                str(seconds)], capture_output=True, text=True, cwd=ROOT, env=env,
                               timeout=seconds + 300)
        out = [ln for ln in drive.stdout.splitlines() if ln.startswith("{")]
        if not out:
            return {"error": drive.stderr[-200:]}
        return {**json.loads(out[-1]), "server_run_queue_ms": round(run_queue_ms([server.pid]) - q0)}
    finally:
        server.terminate()
        server.wait(10)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--echo-server"]:
        asyncio.run(_echo_server())
        return 0
    if argv[:1] == ["echo"] and len(argv) == 4:
        print(json.dumps(asyncio.run(_echo_drive(argv[1], int(argv[2]), float(argv[3])))), flush=True)
        return 0
    if argv[:1] == ["echo"] and len(argv) == 3:
        print(json.dumps(echo(int(argv[1]), float(argv[2]))))
        return 0
    print("usage: python -m tools.server_anchors echo TABLES SECONDS", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
