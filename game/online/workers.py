"""Every core: a front process on the one port hands each new connection to one of N worker processes.

The front reads nothing: it peeks at the HTTP upgrade request (``MSG_PEEK``), takes the table code from the
path (``/t/K7Q2MF``), and passes the socket itself to the worker that holds that code (``SCM_RIGHTS``); a
connection to ``/`` (to create a table) goes to the next worker in turn. Each worker is a whole
``GameServer`` that owns the codes with ``protocol.code_owner(code, N) == its index`` and makes new codes
only of its own, so a table lives in exactly one worker. All workers share one store file. A worker that
dies is started again by the front and loads its open tables from the store.
"""
from __future__ import annotations

import asyncio
import logging
import os
import selectors
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.server import ServerProtocol

from game.online import protocol
from game.paths import bundle_root

log = logging.getLogger("carduels.online")

PEEK_BYTES = 4096  # an upgrade request longer than this goes to the next worker in turn, whole
PENDING_MAX = 2000
PENDING_SECONDS = 10.0


def supported() -> bool:
    return hasattr(socket, "send_fds") and hasattr(socket, "AF_UNIX")


def worker_command(args: list[str]) -> list[str]:
    base = [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, str(bundle_root() / "main.py")]
    return base + ["serve", *args]


def route(head: bytes, workers: int, turn: int) -> int:
    """The worker for an upgrade request that starts with ``head``."""
    try:
        path = head.split(b"\r\n", 1)[0].split(b" ")[1].decode("ascii")
    except (IndexError, UnicodeDecodeError):
        return turn % workers
    code = protocol.route_of(path)
    return protocol.code_owner(code, workers) if code else turn % workers


class Front:
    """The front process: accept, peek, hand over. It never parses a websocket frame."""

    def __init__(self, listen: socket.socket, workers: int, spawn: Callable[[int, int], subprocess.Popen]) -> None:
        self.listen, self.n, self.spawn = listen, workers, spawn
        self.ctrl: list[socket.socket | None] = [None] * workers
        self.procs: list[subprocess.Popen | None] = [None] * workers
        self.pending: dict[socket.socket, float] = {}
        self.turn = 0
        self.running = True

    def start_worker(self, i: int) -> None:
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self.procs[i] = self.spawn(i, theirs.fileno())
        finally:
            theirs.close()
        mine.settimeout(60.0)
        if mine.recv(1) != b"R":  # the worker has loaded its tables and is ready
            raise OSError(f"worker {i} did not start")
        mine.settimeout(2.0)  # a hand-over waits briefly for room in the socket rather than drop a player
        self.ctrl[i] = mine

    def run(self, ready: Callable[[], None] = lambda: None) -> None:
        for i in range(self.n):
            self.start_worker(i)
        ready()
        sel = selectors.DefaultSelector()
        self.listen.setblocking(False)
        sel.register(self.listen, selectors.EVENT_READ)
        last_check = time.monotonic()
        while self.running:
            try:
                if sel.select(0.02 if self.pending else 0.5):
                    self._accept()
            except InterruptedError:
                continue
            self._peek_all()
            if time.monotonic() - last_check > 0.5:
                last_check = time.monotonic()
                self._revive()
        sel.close()

    def _accept(self) -> None:
        for _ in range(64):
            try:
                sock, _addr = self.listen.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:  # e.g. out of file descriptors: keep serving the others
                log.warning("accept failed: %s", exc)
                return
            if len(self.pending) >= PENDING_MAX:
                sock.close()
                continue
            sock.setblocking(False)
            self.pending[sock] = time.monotonic() + PENDING_SECONDS

    def _peek_all(self) -> None:
        now = time.monotonic()
        for sock, deadline in list(self.pending.items()):
            try:
                head = sock.recv(PEEK_BYTES, socket.MSG_PEEK)
            except (BlockingIOError, InterruptedError):
                head = None
            except OSError:
                head = b""
            if head == b"" or (head is None and now > deadline):
                del self.pending[sock]
                sock.close()
            elif head is not None and (b"\r\n\r\n" in head or len(head) >= PEEK_BYTES or now > deadline):
                del self.pending[sock]
                self._hand_over(sock, route(head, self.n, self.turn))
                self.turn += 1

    def _hand_over(self, sock: socket.socket, i: int) -> None:
        ctrl = self.ctrl[i]
        try:
            if ctrl is None:
                raise OSError("worker not running")
            socket.send_fds(ctrl, [b"c"], [sock.fileno()])
        except OSError as exc:
            log.warning("could not hand a connection to worker %d: %s", i, exc)
        finally:
            sock.close()  # the worker holds its own copy now

    def _revive(self) -> None:
        for i, proc in enumerate(self.procs):
            if proc is not None and proc.poll() is not None and self.running:
                log.error("worker %d stopped (exit %s); starting it again", i, proc.returncode)
                if self.ctrl[i] is not None:
                    self.ctrl[i].close()  # type: ignore[union-attr]
                    self.ctrl[i] = None
                try:
                    self.start_worker(i)
                except OSError as exc:
                    log.error("worker %d could not be started again: %s", i, exc)

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


def run_front(host: str, port: int, workers: int, worker_args: list[str]) -> int:
    """``main.py serve --workers N``: bind the port, start the workers, hand connections over until stopped."""
    listen = socket.create_server((host, port), backlog=2048)

    def spawn(i: int, fd: int) -> subprocess.Popen:
        args = [*worker_args, "--worker", f"{i}/{workers}/{fd}"]
        return subprocess.Popen(worker_command(args), pass_fds=(fd,))

    front = Front(listen, workers, spawn)

    def on_signal(signum: int, frame: Any) -> None:
        front.running = False

    signal.signal(signal.SIGTERM, on_signal)
    try:
        front.run(lambda: print(f"SERVING ws://{host}:{listen.getsockname()[1]} ({workers} workers)", flush=True))
    except KeyboardInterrupt:
        pass
    finally:
        front.stop()
        listen.close()
    return 0


# --- inside a worker ---------------------------------------------------------------------------------------------
async def receive_connections(ctrl: socket.socket, ws_server: Any, stopped: asyncio.Event) -> None:
    """Take the sockets the front hands over and serve each as if this worker had accepted it."""
    loop = asyncio.get_running_loop()
    ctrl.setblocking(False)

    def factory() -> ServerConnection:
        proto = ServerProtocol(max_size=protocol.HARD_LIMIT_BYTES, logger=ws_server.logger)
        return ServerConnection(proto, ws_server, ping_interval=20, ping_timeout=20, close_timeout=2, max_queue=16)

    def readable() -> None:
        for _ in range(256):  # each hand-over is its own message: take all that are there
            try:
                _msg, fds, _flags, _addr = socket.recv_fds(ctrl, 64, 32)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                fds, _msg = [], b""
            if not fds and not _msg:  # the front is gone: so is this worker
                loop.remove_reader(ctrl.fileno())
                stopped.set()
                return
            for fd in fds:
                sock = socket.socket(fileno=fd)
                sock.setblocking(False)
                loop.create_task(_adopt(loop, factory, sock))

    loop.add_reader(ctrl.fileno(), readable)
    ctrl.send(b"R")


async def _adopt(loop: asyncio.AbstractEventLoop, factory: Callable[[], ServerConnection], sock: socket.socket) -> None:
    try:
        await loop.connect_accepted_socket(factory, sock)
    except OSError:
        sock.close()


def parse_worker(text: str) -> tuple[int, int, int]:
    """``"i/n/fd"`` -> (index, workers, control socket fd)."""
    i, n, fd = (int(v) for v in text.split("/"))
    if not 0 <= i < n:
        raise ValueError("bad worker index")
    return i, n, fd


def ignore_sigint() -> None:
    """Workers leave Ctrl+C to the front, which stops them in order."""
    if os.name == "posix":
        signal.signal(signal.SIGINT, signal.SIG_IGN)
