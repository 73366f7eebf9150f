"""What an operator asks a gateway over plain HTTP: ``/healthz`` (alive), ``/readyz`` (the store answers) and
``/metrics`` (Prometheus text format: tables, connections, actions, the action latency and the store's
commit time as histograms). Any other plain GET is still told to upgrade (426).

The text format is a handful of lines (``# TYPE`` and ``name{labels} value``), so it is written here
rather than pulling a metrics library into the server and the app bundle.
"""
from __future__ import annotations

import asyncio
import bisect
import time
from collections.abc import Sized
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from websockets.asyncio.server import ServerConnection
    from websockets.http11 import Request, Response

    from game.online.leaderboard import Boards
    from game.online.store import Store

class _Commits(Protocol):
    @property
    def commits(self) -> int: ...


class Gateway(Protocol):
    """What the operator's pages read of a gateway (``server.GameServer``; not ``parts.GatewayParts``, which
    names this module's ``Metrics``)."""

    @property
    def id(self) -> str: ...
    @property
    def tables(self) -> Sized: ...
    @property
    def conns(self) -> Sized: ...
    @property
    def open_count(self) -> int: ...
    @property
    def handled(self) -> int: ...
    @property
    def journal(self) -> _Commits: ...
    @property
    def metrics(self) -> Metrics: ...
    @property
    def store(self) -> Store: ...
    @property
    def _reader(self) -> Executor: ...
    @property
    def boards(self) -> Boards: ...


BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class Histogram:
    def __init__(self) -> None:
        self.counts = [0] * (len(BUCKETS) + 1)
        self.sum = 0.0

    def observe(self, seconds: float) -> None:
        self.counts[bisect.bisect_left(BUCKETS, seconds)] += 1
        self.sum += seconds

    def lines(self, name: str, help_: str, label: str) -> list[str]:
        out = [f"# HELP {name} {help_}", f"# TYPE {name} histogram"]
        total = 0
        for bound, n in zip(BUCKETS, self.counts, strict=False):
            total += n
            out.append(f'{name}_bucket{{{label},le="{bound}"}} {total}')
        total += self.counts[-1]
        out += [f'{name}_bucket{{{label},le="+Inf"}} {total}', f"{name}_sum{{{label}}} {self.sum:.6f}",
                f"{name}_count{{{label}}} {total}"]
        return out


class Metrics:
    def __init__(self) -> None:
        self.connections = 0  # opened since start
        self.actions = 0
        self.loads = 0  # tables read from the store
        self.relays = 0  # connections passed on to the gateway holding their table (owning.py)
        self.claims = 0  # tables taken over from a gateway whose lease lapsed, or from nobody
        self.latency = Histogram()  # an action: received -> its answer may leave (committed)
        self.commits = Histogram()

    def observe(self, seconds: float) -> None:
        self.latency.observe(seconds)

    def text(self, server: Gateway) -> str:
        journal = server.journal
        label = f'gateway="{server.id}"'  # several gateways behind one scrape address stay apart
        # no gauge may be named like a counter without its _total: Prometheus clients read both as one family
        gauges = [("card_duels_tables_loaded", "tables held in this gateway's memory", len(server.tables)),
                  ("card_duels_tables_open", "open tables in the store (counted once a minute)", server.open_count),
                  ("card_duels_connections_open", "open connections to this gateway", len(server.conns))]
        counters = [("card_duels_connections_total", "connections accepted", self.connections),
                    ("card_duels_actions_total", "moves accepted", self.actions),
                    ("card_duels_messages_total", "client messages handled", server.handled),
                    ("card_duels_table_loads_total", "tables read from the store", self.loads),
                    ("card_duels_relays_total", "connections relayed to the gateway holding their table", self.relays),
                    ("card_duels_tables_claimed_total", "tables taken over from a lapsed lease", self.claims),
                    ("card_duels_store_commits_total", "group commits", journal.commits)]
        out: list[str] = []
        for name, help_, value in gauges:
            out += [f"# HELP {name} {help_}", f"# TYPE {name} gauge", f"{name}{{{label}}} {value}"]
        for name, help_, value in counters:
            out += [f"# HELP {name} {help_}", f"# TYPE {name} counter", f"{name}{{{label}}} {value}"]
        out += self.latency.lines("card_duels_action_seconds", "from a move's arrival to its stored answer", label)
        out += self.commits.lines("card_duels_store_commit_seconds", "one group commit of the store", label)
        return "\n".join(out) + "\n"


async def http_answer(server: Gateway, ws: ServerConnection, request: Request) -> Response | None:
    """The answer to a plain HTTP request for one of the operator's paths, or None (a websocket upgrade)."""
    path = request.path.split("?", 1)[0]
    if path == "/healthz":
        return ws.respond(200, "ok\n")
    if path == "/readyz":
        loop = asyncio.get_running_loop()
        t0 = time.monotonic()
        try:
            ok = await asyncio.wait_for(loop.run_in_executor(server._reader, server.store.ping), 5.0)
        except Exception:  # noqa: BLE001 - a store that does not answer in time is not ready
            ok = False
        if ok:
            return ws.respond(200, f"ready ({server.store.kind}, {1000 * (time.monotonic() - t0):.1f} ms)\n")
        return ws.respond(503, "the store does not answer\n")
    if path.startswith("/leaderboard/"):  # game/online/leaderboard.py
        return await server.boards.answer(server, ws, request.path)
    if path == "/metrics":
        resp = ws.respond(200, server.metrics.text(server))
        del resp.headers["Content-Type"]  # respond() set one; a second would leave the scraper to pick
        resp.headers["Content-Type"] = "text/plain; version=0.0.4; charset=utf-8"
        return resp
    return None
