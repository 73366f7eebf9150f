"""Server figures for ``make bench`` (bench.json ``server``): paced latency with 1 and 2 gateways on SQLite and
PostgreSQL, start-up with 10,000 stored mid-game tables, and the memory of an idle loaded table.

Each run starts ``main.py serve --workers G`` (G gateway processes on one port, SO_REUSEPORT) on a store that
already holds ``IDLE`` mid-game tables (written straight into it, as a server would have left them), and a
load generator in a process of its own (``python -m tools.server_drive``) that opens N tables (two players
each, a quarter per game) and plays random legal moves paced like people (a move every 0.5-1.5 s per table).
With two gateways the kernel spreads the connections, so about half of the players land on the gateway that
does not hold their table and are relayed to the one that does (game/online/owning.py). PostgreSQL comes from
libpq's environment (``PGHOST`` …); when there is none and ``pg_virtualenv`` exists, that part runs inside a
throwaway cluster.
Run it alone with ``python -m tools.server_load`` (``--quick`` for a short look).
"""
from __future__ import annotations

import json
import os
import random
import resource
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tools.server_anchors import echo, pgbench, run_queue_ms

ROOT = Path(__file__).resolve().parents[1]
IDLE = 10_000
TARGET_P99_MS = 50.0


def _py(*args: str) -> list[str]:
    return [sys.executable, *args]


def seed_midgame(where: str, n: int, seed: int = 1) -> float:
    """Write ``n`` two-player tables, each 5-40 random legal moves into its game, straight into a store."""
    import rules
    from game.online import ops
    from game.online.fairness import new_secret
    from game.online.protocol import CODE_ALPHABET
    from game.online.stores import open_store

    rng = random.Random(seed)
    games = tuple(rules.GAMES)
    t0 = time.monotonic()
    store = open_store(where, "normal")
    try:
        for start in range(0, n, 500):
            batch = []
            for i in range(start, min(n, start + 500)):
                game = games[i % len(games)]
                code = "".join(rng.choice(CODE_ALPHABET) for _ in range(6))
                state, acts = rules.new_game(game, seed=i + 1), []
                for _ in range(rng.randrange(5, 40)):
                    if state.is_over:
                        break
                    a = rng.choice(state.legal_actions())
                    state = state.apply(a)
                    acts.append(a.to_json())
                batch.append((code, game, i + 1, acts))
            store.run(lambda db, batch=batch: _write(db, batch, ops, new_secret))
    finally:
        store.close()
    return time.monotonic() - t0


def _write(db: Any, batch: list[tuple[str, str, int, list]], ops: Any, new_secret: Any) -> None:
    now = time.time() - 60.0  # both players went away a minute ago (not yet abandoned)
    for code, game, seed, acts in batch:
        if not ops.create(db, code, game, seed, new_secret(), "Ann", secrets.token_urlsafe(24), "127.0.0.1", "", now):
            continue  # a code drawn twice
        ops.seat(db, code, "Ben", secrets.token_urlsafe(24), "")
        db.run("UPDATE tables SET away0 = ?, away1 = ? WHERE code = ?", (now, now, code))
        for n, action in enumerate(acts):
            ops.act(db, code, n, action, False, now)


class Server:
    """``main.py serve`` with G gateways on a store; ``start_s`` is the time until it said SERVING."""

    def __init__(self, where: str, gateways: int, sync: str = "full") -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        t0 = time.monotonic()
        self.proc = subprocess.Popen(
            _py(str(ROOT / "main.py"), "serve", "--port", "0", "--workers", str(gateways), "--store", where,
                "--sync", sync, "--rate", "1000", "--log-level", "WARNING"),
            stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT, start_new_session=True)
        line = self.proc.stdout.readline() if self.proc.stdout else ""
        self.start_s = round(time.monotonic() - t0, 2)
        if not line.startswith("SERVING "):
            self.stop()
            raise RuntimeError(f"the server did not start ({line.strip()!r})")
        self.url = line.split()[1]

    def pids(self) -> list[int]:
        out = [self.proc.pid]
        kids = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children")
        if kids.exists():
            out += [int(p) for p in kids.read_text().split()]
        return out

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def cpu_seconds(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            pass
    return total


def paced(where: str, gateways: int, tables: int, seconds: float) -> dict[str, Any]:
    """One server, one load generator process; the generator's figures plus the server's CPU."""
    server = Server(where, gateways)
    try:
        pids = server.pids()
        cpu0, wait0, t0 = cpu_seconds(pids), run_queue_ms(pids), time.monotonic()
        drive = subprocess.run(_py("-m", "tools.server_drive", server.url, str(tables), str(seconds)),
                               capture_output=True, text=True, cwd=ROOT, timeout=seconds + 600,
                               env=dict(os.environ, PYTHONPATH=str(ROOT)))
        cpu, wall = cpu_seconds(pids) - cpu0, time.monotonic() - t0
        waited = run_queue_ms(pids) - wait0
        lines = [ln for ln in drive.stdout.splitlines() if ln.startswith("{")]
        if drive.returncode != 0 or not lines:
            return {"error": (drive.stderr or drive.stdout)[-300:]}
        out = json.loads(lines[-1])
        out["server_cpu_ms_per_action"] = round(1000 * cpu / max(1, out["actions"]), 3)
        # the gateways' threads waiting for a core, per second of the run (1000: one thread always waiting)
        out["server_run_queue_ms_per_s"] = round(waited / max(wall, 1e-9), 1)
        out["start_s"] = server.start_s
        return out
    finally:
        server.stop()


def idle_memory(where: str, n: int = 2000) -> dict[str, Any]:
    """KB of memory per idle loaded table: a fresh process loads ``n`` stored mid-game tables (RSS delta)."""
    probe = subprocess.run(_py("-m", "tools.server_load", "--memory-probe", where, str(n)), capture_output=True,
                           text=True, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=600)
    lines = [ln for ln in probe.stdout.splitlines() if ln.startswith("{")]
    return json.loads(lines[-1]) if lines else {"error": probe.stderr[-300:]}


def _memory_probe(where: str, n: int) -> None:
    import gc

    import rules
    from game.online import ops
    from game.online.stores import open_store
    from game.online.table import Table

    for g in rules.GAMES:
        rules.spec(g)
    store = open_store(where, "normal")
    kept: list[Any] = []  # every table stays alive until the end

    def load(sql: str, params: tuple) -> dict[str, float]:
        codes = [c for (c,) in store.read(lambda db: db.rows(sql, params))]
        recs = [store.read(lambda db, c=c: ops.load(db, c)) for c in codes]
        gc.collect()
        before = _rss_kb()
        kept.extend(Table.restore(r, "g") for r in recs)
        gc.collect()
        moves = sum(len(r["actions"]) for r in recs) / max(1, len(recs))
        return {"kb_per_table": round((_rss_kb() - before) / max(1, len(recs)), 2), "moves": round(moves, 1)}

    out: dict[str, Any] = {"target_kb": 20}
    for game in rules.GAMES:
        out[game] = load("SELECT code FROM tables WHERE closed = 0 AND game = ? LIMIT ?", (game, n // 4))
    mixed = load("SELECT code FROM tables WHERE closed = 0 ORDER BY code DESC LIMIT ?", (n,))
    print(json.dumps({**out, "tables": n, "kb_per_table": mixed["kb_per_table"], "moves_per_table": mixed["moves"]}))


def _rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def one_store(kind: str, where: str, sizes: tuple[int, ...], seconds: float, repeat: int) -> dict[str, Any]:
    """Seed the store, then start-up, idle memory and paced latency for 1 and 2 gateways."""
    out: dict[str, Any] = {"store": kind, "seed_s": round(seed_midgame(where, IDLE), 1), "idle_tables": IDLE}
    starts = [Server(where, 1) for _ in range(3)]
    for s in starts:
        s.stop()
    out["start_s_with_10000_stored"] = statistics.median(s.start_s for s in starts)
    out["idle_memory"] = idle_memory(where)
    for gateways in (1, 2):
        for tables in sizes:
            runs = [paced(where, gateways, tables, seconds) for _ in range(repeat if tables >= 1000 else 1)]
            good = [r for r in runs if "error" not in r]
            key = f"g{gateways}_t{tables}"
            if not good:
                out[key] = runs[0]
                continue
            med = {k: statistics.median(r[k] for r in good) for k in (
                "p50_ms", "p99_ms", "actions_per_s", "server_cpu_ms_per_action", "driver_cores_busy",
                "server_run_queue_ms_per_s")}
            out[key] = {"gateways": gateways, "tables": tables, "runs": len(good), **med,
                        "p99_each_ms": [r["p99_ms"] for r in good], "refused": sum(r["refused"] for r in good)}
    return out


def postgres_part(sizes: tuple[int, ...], seconds: float, repeat: int) -> dict[str, Any]:
    if os.environ.get("PGHOST") or os.environ.get("PGPORT"):
        import psycopg

        name = "card_duels_bench_" + secrets.token_hex(4)
        with psycopg.connect("postgresql://", autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        try:
            out = one_store("postgresql", f"postgresql:///{name}", sizes, seconds, repeat)
            with psycopg.connect(f"postgresql:///{name}", autocommit=True) as db:
                out["fsync"] = db.execute("SHOW fsync").fetchone()[0]  # pg_virtualenv's default is off
            out["pgbench"] = pgbench(f"postgresql:///{name}")  # the same cluster, right after the runs
            return out
        finally:
            with psycopg.connect("postgresql://", autocommit=True) as admin:
                admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    if shutil.which("pg_virtualenv") is None:
        return {"store": "postgresql", "skipped": "no PostgreSQL server and no pg_virtualenv"}
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp, "pg.json")
        args = ["--postgresql-only", str(out), ",".join(map(str, sizes)), str(seconds), str(repeat)]
        # fsync on: with pg_virtualenv's default (off) no commit of --sync full ever reached the disk
        subprocess.run(["pg_virtualenv", "-o", "fsync=on", *_py("-m", "tools.server_load", *args)], cwd=ROOT,
                       capture_output=True,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=3600)
        return json.loads(out.read_text()) if out.exists() else {"store": "postgresql", "error": "no result"}


def compare(sizes: tuple[int, ...] = (100, 1000), seconds: float = 15.0, repeat: int = 3) -> dict[str, Any]:
    load = round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None
    with tempfile.TemporaryDirectory() as tmp:
        sqlite = one_store("sqlite", str(Path(tmp, "tables.sqlite3")), sizes, seconds, repeat)
    anchors = {f"echo_t{n}": echo(n, seconds) for n in sizes}  # the transport alone, at the same pace
    return {"cores": os.cpu_count(), "load_before": load, "sqlite": sqlite, "anchors": anchors,
            "postgresql": postgres_part(sizes, seconds, repeat), "paced_seconds": seconds,
            "targets": {"p99_ms_1000_tables_2_gateways": TARGET_P99_MS, "start_s": 2.0, "kb_per_idle_table": 20}}


def lines(report: dict[str, Any]) -> list[str]:
    out = [f"server, {report['cores']} cores shared by server, store and load generator "
           f"(load {report['load_before']}), paced {report.get('paced_seconds')} s per run:"]
    for key in ("sqlite", "postgresql"):
        r = report.get(key, {})
        if "skipped" in r or "error" in r:
            out.append(f"  {key}: {r.get('skipped') or r.get('error')}")
            continue
        mem = r.get("idle_memory", {})
        games = ", ".join(f"{g} {v['kb_per_table']}" for g, v in mem.items() if isinstance(v, dict))
        out.append(f"  {key}: start {r.get('start_s_with_10000_stored')} s with {r.get('idle_tables')} stored "
                   f"mid-game tables; {mem.get('kb_per_table')} KB per idle loaded table "
                   f"({mem.get('moves_per_table')} moves each; by game: {games})")
        for k, v in r.items():
            if k.startswith("g") and isinstance(v, dict):
                if "error" in v:
                    out.append(f"    {k}: {v['error'][:120]}")
                    continue
                out.append(f"    {v['gateways']} gateway(s), {v['tables']} tables: p50 {v['p50_ms']} ms, p99 "
                           f"{v['p99_ms']} ms (runs {v['p99_each_ms']}), {v['actions_per_s']} actions/s, server "
                           f"{v['server_cpu_ms_per_action']} ms CPU per action; gateways waited "
                           f"{v.get('server_run_queue_ms_per_s')} ms/s for a core, load generator "
                           f"{v.get('driver_cores_busy')} cores")
        if "pgbench" in r:
            out.append(f"    anchor: pgbench on the same cluster (fsync {r.get('fsync')}): {r['pgbench']}")
    for k, v in report.get("anchors", {}).items():
        out.append(f"  anchor {k}: websockets echo at the same pace: p50 {v.get('p50_ms')} ms, p99 "
                   f"{v.get('p99_ms')} ms ({v.get('messages')} messages)" + (f"; {v['error']}" if "error" in v else ""))
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
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    if argv[:1] == ["--memory-probe"]:
        _memory_probe(argv[1], int(argv[2]))
        return 0
    if argv[:1] == ["--postgresql-only"]:
        sizes = tuple(int(x) for x in argv[2].split(","))
        Path(argv[1]).write_text(json.dumps(postgres_part(sizes, float(argv[3]), int(argv[4]))))
        return 0
    rep = compare((100, 200), 5.0, 1) if argv[:1] == ["--quick"] else compare()
    for ln in lines(rep):
        print(ln)
    print(f"written to {write_bench_json(rep)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
