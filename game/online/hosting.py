"""A game server in a background thread of the app ("Host on this computer") or of a test.

The command line (``python main.py serve``) is ``game/online/serve.py``.
"""
from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import TypeVar

from game.online.nearby import Announcer
from game.online.server import GameServer, Limits
from game.online.store import Store

R = TypeVar("R")  # what a function run in the server's loop returns


class ServerThread:
    """A server in a background thread with its own event loop ("Host on this computer", tests)."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, limits: Limits | None = None,
                 seeds: Callable[[], int] | None = None, store: Store | None = None,
                 announce: Announcer | None = None) -> None:
        self.host, self.wanted_port = host, port
        self.server = GameServer(limits, seeds, store=store)
        self.announcer = announce  # nearby players see this server while it runs
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
        if self.announcer is not None:
            await asyncio.get_running_loop().run_in_executor(None, self.announcer.start, self.port)
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            if self.announcer is not None:
                await asyncio.get_running_loop().run_in_executor(None, self.announcer.stop)
            await self.server.stop()

    def call(self, fn: Callable[[], R], timeout: float = 5.0) -> R:
        """Run ``fn`` inside the server's loop (tests inspect and poke the server this way)."""
        assert self.loop is not None

        async def wrapped() -> R:
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
