"""Running the game server: ``python main.py serve`` from the command line, or in a thread of the app.

"Host on this computer" and the tests use :class:`ServerThread`; the command line serves until Ctrl+C or
SIGTERM and prints ``SERVING ws://host:port`` once the port is bound (port 0 picks a free one).
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import socket
import sqlite3
import sys
import threading
from collections.abc import Callable
from typing import Any

import rules
from game.online import workers as workers_mod
from game.online.heap import HeapKeeper
from game.online.server import GameServer, Limits
from game.online.store import Store, StoreError, default_path


class ServerThread:
    """A server in a background thread with its own event loop ("Host on this computer", tests)."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, limits: Limits | None = None,
                 seeds: Callable[[], int] | None = None, store: Store | None = None) -> None:
        self.host, self.wanted_port = host, port
        self.server = GameServer(limits, seeds, store=store)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.error: BaseException | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="card-duels-server", daemon=True)

    @property
    def port(self) -> int:
        return self.server.port

    @property
    def url(self) -> str:
        host = "127.0.0.1" if self.host in ("0.0.0.0", "") else self.host
        return f"ws://{host}:{self.port}"

    def start(self, timeout: float = 5.0) -> ServerThread:
        """Start and wait until the port is bound; a bind failure (port in use) is raised here."""
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the server did not start in time")
        if self.error is not None:
            raise self.error
        return self

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:  # reported to start(); a thread must not die silently
            self.error = exc
            self._ready.set()

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        await self.server.start(self.host, self.wanted_port)
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            await self.server.stop()

    def call(self, fn: Callable[[], Any], timeout: float = 5.0) -> Any:
        """Run ``fn`` inside the server's loop (tests inspect and poke the server this way)."""
        assert self.loop is not None

        async def wrapped() -> Any:
            return fn()

        return asyncio.run_coroutine_threadsafe(wrapped(), self.loop).result(timeout)

    def stop(self, wait: float = 5.0) -> None:
        """Close the server; the app's frame loop passes ``wait=0`` and lets the thread finish alone."""
        if self.loop is not None and self._stop is not None and self._thread.is_alive():
            self.loop.call_soon_threadsafe(self._stop.set)
        if wait > 0:
            self._thread.join(wait)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()


# --- command line ---------------------------------------------------------------------------------------------
async def _serve_forever(host: str, port: int, limits: Limits, store: Store | None,
                         worker: tuple[int, int, int] | None = None) -> None:
    index, workers, fd = worker or (0, 1, -1)
    sys.setswitchinterval(0.0005)  # the store's writer thread gets the GIL soon after its commit returns
    server = GameServer(limits.shared_by(workers), heap=HeapKeeper(), store=store, worker=index, workers=workers)
    stop = asyncio.Event()
    if worker is None:
        await server.start(host, port)
        print(f"SERVING ws://{host}:{server.port}", flush=True)
    else:  # a worker behind the front: its own listening socket is loopback-only and unused
        await server.start(sock=socket.create_server(("127.0.0.1", 0)))
        await workers_mod.receive_connections(socket.socket(fileno=fd), server._server, stop)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # Windows: Ctrl+C raises KeyboardInterrupt instead
            pass
    try:
        await stop.wait()
    finally:
        await server.stop()


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="card-duels serve", description="Run a Card Duels game server.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: every network)")
    p.add_argument("--port", type=int, default=8765, help="TCP port (0: any free port)")
    p.add_argument("--reconnect-minutes", type=float, default=10.0, help="how long a dropped seat is kept")
    p.add_argument("--store", metavar="PATH", help="SQLite file of the tables (default: tables.sqlite3 in the "
                   "server folder of the user data folder, which CARD_DUELS_HOME moves)")
    p.add_argument("--memory", action="store_true", help="keep tables in memory only: a restart loses them")
    p.add_argument("--sync", choices=["full", "normal"], default="full",
                   help="full: each commit reaches the disk (survives power loss); normal: survives a killed server")
    p.add_argument("--retention-hours", type=float, default=24.0, help="how long finished tables are kept")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                   help="worker processes behind the one port (default: the number of cores)")
    p.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDR",
                   help="read the client address from X-Forwarded-For on connections from this proxy (repeatable)")
    p.add_argument("--rate", type=float, default=20.0, help="messages a second one connection may send")
    p.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    p.add_argument("--worker", help=argparse.SUPPRESS)  # i/n/fd: started by the front process
    return p


def main(argv: list[str] | None = None) -> int:
    ns = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(level=ns.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)
    limits = Limits(rate=ns.rate, burst=2 * ns.rate,
                    reconnect_window=ns.reconnect_minutes * 60.0, retention=ns.retention_hours * 3600.0,
                    trusted_proxies=frozenset(ns.trusted_proxy))
    workers = max(1, ns.workers)
    if workers > 1 and not workers_mod.supported():
        logging.warning("several workers need Unix sockets that pass connections; serving with one")
        workers = 1
    path = None if ns.memory else str(ns.store or default_path())
    if workers > 1 and ns.worker is None:
        args = ["--reconnect-minutes", str(ns.reconnect_minutes), "--sync", ns.sync, "--rate", str(ns.rate),
                "--retention-hours", str(ns.retention_hours), "--log-level", ns.log_level]
        args += ["--memory"] if path is None else ["--store", path]
        for proxy in ns.trusted_proxy:
            args += ["--trusted-proxy", proxy]
        try:
            return workers_mod.run_front(ns.host, ns.port, workers, args)
        except OSError as exc:
            print(f"cannot serve on {ns.host}:{ns.port}: {exc}", file=sys.stderr)
            return 1
    worker = workers_mod.parse_worker(ns.worker) if ns.worker else None
    if worker is not None:
        workers_mod.ignore_sigint()
    for game_id in rules.GAMES:  # the registry loads games when asked: a server loads them all before it serves
        rules.spec(game_id)
    try:
        store = Store(path, ns.sync) if path else None
    except (OSError, sqlite3.Error, StoreError) as exc:
        print(f"cannot open the store {path}: {exc}", file=sys.stderr)
        return 1
    try:
        asyncio.run(_serve_forever(ns.host, ns.port, limits, store, worker))
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        print(f"cannot serve on {ns.host}:{ns.port}: {exc}", file=sys.stderr)
        return 1
    finally:
        if store is not None:
            store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
