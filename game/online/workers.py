"""Several gateways on one port of one machine: ``serve --workers N`` starts N gateway processes that each
listen on the port with ``SO_REUSEPORT`` (the kernel spreads new connections among them) and share the store.

The gateways route among themselves (a player is relayed to the gateway holding its table, ``owning.py``), so
this parent only starts the gateways and starts again any that dies; a killed gateway's tables pass to a live
one within its lease, and its players reconnect, land on any gateway and resume there. The
parent holds the port (bound, never listening) so that ``--port 0`` names one port for all of them. The
gateways stop when the parent is gone, however it ended (:func:`watch_parent`), so a new ``serve`` never
runs beside orphans still holding the port.
"""
from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType

from game.paths import bundle_root

log = logging.getLogger("carduels.online")


def supported() -> bool:
    return hasattr(socket, "SO_REUSEPORT")


def gateway_command(args: list[str]) -> list[str]:
    base = [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, str(bundle_root() / "main.py")]
    return base + ["serve", *args]


def reserve(host: str, port: int) -> socket.socket:
    """A socket bound to the port with SO_REUSEPORT (not listening): the port every gateway joins."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    return sock


class Gateways:
    """The parent of ``serve --workers N``: start the gateways, start again any that dies, stop them all."""

    def __init__(self, n: int, args: list[str]) -> None:
        self.n, self.args = n, args
        self.procs: list[subprocess.Popen | None] = [None] * n
        self.running = True
        # The gateways' lifeline: they hold the reading end, only this process the writing end, so when it
        # dies - even by kill -9, which runs no handler - the kernel closes it and each gateway reads EOF.
        self.lifeline, self._held = os.pipe()

    def start(self, i: int) -> None:
        proc = subprocess.Popen(gateway_command([*self.args, "--gateway", "--parent-fd", str(self.lifeline)]),
                                stdout=subprocess.PIPE, text=True, pass_fds=(self.lifeline,))
        line = proc.stdout.readline() if proc.stdout else ""
        if not line.startswith("SERVING "):
            proc.kill()
            raise OSError(f"gateway {i} did not start ({line.strip()!r})")
        threading.Thread(target=_drain, args=(proc,), daemon=True).start()  # it may print more; nobody reads it
        self.procs[i] = proc

    def run(self, ready: Callable[[], None]) -> None:
        for i in range(self.n):
            self.start(i)
        ready()
        while self.running:
            time.sleep(0.5)
            for i, proc in enumerate(self.procs):
                if self.running and proc is not None and proc.poll() is not None:
                    log.error("gateway %d stopped (exit %s); starting it again", i, proc.returncode)
                    try:
                        self.start(i)
                    except OSError as exc:
                        log.error("gateway %d could not be started again: %s", i, exc)

    def stop(self) -> None:
        self.running = False
        for proc in self.procs:
            if proc is not None and proc.poll() is None:
                proc.terminate()
        for proc in self.procs:
            if proc is not None:
                try:
                    proc.wait(5)
                except subprocess.TimeoutExpired:
                    proc.kill()
        for fd in (self.lifeline, self._held):
            os.close(fd)


def watch_parent(fd: int, gone: Callable[[], None]) -> None:
    """In a gateway: call ``gone`` (in the running loop) once the parent's end of the lifeline is closed."""
    loop = asyncio.get_running_loop()

    def readable() -> None:
        try:
            data = os.read(fd, 64)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:  # EOF: the parent died (nothing is ever written)
            loop.remove_reader(fd)
            log.error("the parent process of this gateway is gone; stopping")
            gone()

    os.set_blocking(fd, False)
    loop.add_reader(fd, readable)


def _drain(proc: subprocess.Popen) -> None:
    if proc.stdout is not None:
        for _line in proc.stdout:
            pass


def run_gateways(host: str, port: int, n: int, args: list[str],
                 announce: Callable[[int], object] | None = None) -> int:
    """``main.py serve --workers N``: hold the port, run N gateways on it until stopped."""
    held = reserve(host, port)
    port = held.getsockname()[1]
    gateways = Gateways(n, [*args, "--host", host, "--port", str(port)])

    def on_signal(signum: int, frame: FrameType | None) -> None:
        gateways.running = False

    signal.signal(signal.SIGTERM, on_signal)

    def ready() -> None:
        print(f"SERVING ws://{host}:{port} ({n} gateways)", flush=True)
        if announce is not None:
            announce(port)

    try:
        gateways.run(ready)
    except KeyboardInterrupt:
        pass
    finally:
        gateways.stop()
        held.close()
    return 0
