"""Running the game server: ``python main.py serve`` from the command line, or in a thread of the app.

"Host on this computer" and the tests use :class:`ServerThread`; the command line serves until Ctrl+C or
SIGTERM and prints ``SERVING ws://host:port`` once the port is bound (port 0 picks a free one).
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
import threading
from collections.abc import Callable
from typing import Any

from game.online.heap import HeapKeeper
from game.online.server import GameServer, Limits


class ServerThread:
    """A server in a background thread with its own event loop ("Host on this computer", tests)."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, limits: Limits | None = None,
                 seeds: Callable[[], int] | None = None) -> None:
        self.host, self.wanted_port = host, port
        self.server = GameServer(limits, seeds)
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
async def _serve_forever(host: str, port: int, limits: Limits) -> None:
    server = await GameServer(limits, heap=HeapKeeper()).start(host, port)
    print(f"SERVING ws://{host}:{server.port}", flush=True)
    stop = asyncio.Event()
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


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="card-duels serve", description="Run a Card Duels game server.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: every network)")
    p.add_argument("--port", type=int, default=8765, help="TCP port (0: any free port)")
    p.add_argument("--reconnect-minutes", type=float, default=10.0, help="how long a dropped seat is kept")
    p.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    ns = p.parse_args(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(level=ns.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)
    limits = Limits(reconnect_window=ns.reconnect_minutes * 60.0)
    try:
        asyncio.run(_serve_forever(ns.host, ns.port, limits))
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        print(f"cannot serve on {ns.host}:{ns.port}: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
