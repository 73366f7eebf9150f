"""The app's side of the network: a thread with its own asyncio loop, talking to the frame loop by queues.

The frame loop only calls :meth:`OnlineClient.send` and :meth:`OnlineClient.poll`, which never wait, so the
frame rate never depends on the network. After a drop the client reconnects by itself (with a growing pause)
and resumes its seat with the token, for up to the server's reconnect window.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from game.online import protocol, served
from game.online.failures import connect_failure
from game.online.keyfile import Keys
from game.online.messages import ServerMsg
from game.online.protocol import ProtocolError
from game.online.seatfile import SavedSeat, SeatFile

log = logging.getLogger("carduels.online")

STATUS = "_status"  # a message the client makes itself: {"type": "_status", "status", "reason", "kind"}
DELAYS = (0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0)  # pauses between reconnect attempts
FATAL_ON_RESUME = ("no_table", "bad_token", "too_many_attempts")


class OnlineClient:
    def __init__(self, url: str, reconnect_window: float = 600.0, open_timeout: float = 5.0,
                 seat_file: SeatFile | None = None, resume: SavedSeat | None = None,
                 identity: tuple[Keys, str] | None = None) -> None:
        self.url = url
        self.identity = identity  # the app's keys and the name they claim: proved on every connection
        self.player: str | None = None  # the id the server knows this player by, once proved
        self.seat_file = seat_file  # the app keeps its seat on disk; tests and tools need not
        self.reconnect_window = reconnect_window
        self.open_timeout = open_timeout
        self.inbox: queue.Queue[ServerMsg] = queue.Queue()
        self.code: str | None = None
        self.token: str | None = None
        self.seat: int | None = None
        self.watching: str | None = None  # the code of the table this spectator watches (watched again on reconnect)
        self.connected = False
        self.received = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._out: asyncio.Queue[str | None] | None = None
        self._stopping: asyncio.Event | None = None
        self._closed = threading.Event()
        self._ready = threading.Event()
        self._fatal: str | None = None
        self._fatal_kind = "seat_gone"
        self._ws: ClientConnection | None = None
        self._thread = threading.Thread(target=self._run, name="card-duels-client", daemon=True)
        if resume is not None:  # a seat from an earlier run of the app: the first connection resumes it
            self.code, self.token, self.seat = resume.code, resume.token, resume.seat

    # --- the frame loop's side (never blocks) --------------------------------------------------------------
    def start(self) -> OnlineClient:
        self._thread.start()
        self._ready.wait(2.0)  # the loop object exists within milliseconds; connecting happens later
        return self

    def send(self, kind: str, **fields: object) -> bool:
        """Queue a message for the server; False (and nothing sent) while there is no connection."""
        text = protocol.client_message(kind, **fields)  # a malformed message is our bug: fail here
        loop, out = self._loop, self._out
        if not self.connected or loop is None or out is None or self._closed.is_set():
            return False
        loop.call_soon_threadsafe(out.put_nowait, text)
        return True

    def poll(self, limit: int = 200) -> list[ServerMsg]:
        """Messages that arrived since the last call (server messages and ``_status`` notes)."""
        out = []
        for _ in range(limit):
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                break
        return out

    def close(self, leave: bool = False, wait: float = 0.0) -> None:
        """Stop the thread; with ``leave`` the server is told first that this player is gone for good.

        The frame loop does not wait (``wait=0``): the thread says goodbye and ends by itself."""
        if leave and self.connected:
            self.send("leave")
        if leave and self.seat_file is not None:
            self.seat_file.clear()
        self._closed.set()
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._wake_to_stop)
        if wait > 0 and self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(wait)

    def wait_for(self, match: Callable[[ServerMsg], object], timeout: float = 5.0) -> ServerMsg:
        """Block until a message satisfies ``match`` (tests and tools only, never the frame loop)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no matching message in time")
            try:
                msg = self.inbox.get(timeout=left)
            except queue.Empty:
                continue
            if match(msg):
                return msg

    # --- the network thread ----------------------------------------------------------------------------------
    def _wake_to_stop(self) -> None:
        if self._stopping is not None:
            self._stopping.set()
        if self._out is not None:
            self._out.put_nowait(None)

    def _status(self, status: str, reason: str = "", kind: str = "") -> None:
        """``reason`` is the technical one (for the log); ``kind`` what the screens say (game/online/failures.py)."""
        if reason:
            log.info("online client %s: %s", status, reason)
        self.inbox.put({"type": STATUS, "status": status, "reason": reason, "kind": kind})

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as exc:  # never let the thread die without telling the game
            log.exception("online client stopped")
            self._status("failed", str(exc), "other")
        finally:
            self.connected = False
            self._ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._out = asyncio.Queue()
        self._stopping = asyncio.Event()
        self._ready.set()
        lost_at: float | None = None
        attempt = 0
        self._status("connecting")
        while not self._closed.is_set():
            reason, kind = await self._session()
            if self._closed.is_set():
                break
            if (self.token is None and self.watching is None) or self._fatal:  # nothing to resume or watch
                self._status("failed", self._fatal or reason, self._fatal_kind if self._fatal else kind)
                return
            if self.received:  # that connection worked: the window and the pauses start over
                attempt, self.received, lost_at = 0, 0, time.monotonic()
            elif lost_at is None:
                lost_at = time.monotonic()
            if time.monotonic() - lost_at > self.reconnect_window:
                self._status("failed", reason, kind)
                return
            self._status("reconnecting", reason, kind)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), DELAYS[min(attempt, len(DELAYS) - 1)])
            attempt += 1
        self._status("closed")

    async def _session(self) -> tuple[str, str]:
        """One connection from open to close; returns why it ended (the technical reason and its kind)."""
        try:
            async with connect(self.url, proxy=None, compression=None, max_size=protocol.MAX_SERVER_BYTES,
                               open_timeout=self.open_timeout, ping_interval=10, ping_timeout=10,
                               close_timeout=1) as ws:
                self._ws = ws
                assert self._out is not None  # made by _main, before the first connection
                while not self._out.empty():  # whatever was queued belonged to the previous connection
                    self._out.get_nowait()
                if self.identity is not None and not await self._prove(ws):
                    return "the server refused the identity", self._fatal_kind
                if self.token and self.code:
                    await ws.send(protocol.client_message("resume", code=self.code, token=self.token))
                elif self.watching:
                    await ws.send(protocol.client_message("watch", code=self.watching))
                self.connected = True
                self._status("connected")
                await self._pump(ws)
                return "closed", "lost"
        except ConnectionClosed as exc:
            why = exc.rcvd.reason if exc.rcvd and exc.rcvd.reason else "no reason given"
            return f"connection lost ({why})", "lost"
        except (OSError, TimeoutError, WebSocketException) as exc:
            return str(exc) or type(exc).__name__, connect_failure(exc)
        finally:
            self.connected = False
            self._ws = None

    async def _prove(self, ws: ClientConnection) -> bool:
        """Answer the server's challenge with the app's key (game/online/identity.py); False when the server
        refuses the proof or the name (then it is fatal: trying again would only be refused again)."""
        assert self.identity is not None  # asked only with one
        keys, name = self.identity
        await ws.send(protocol.client_message("challenge"))
        msg = await self._answer(ws)
        if msg.get("type") == "error" and msg.get("code") == "unknown_type":
            log.info("the server does not know identities; playing without one")
            self.identity = None
            return True
        if msg.get("type") != "challenge":
            raise WebSocketException(f"expected a challenge, got {msg.get('type')!r}")
        await ws.send(protocol.client_message("prove", key=keys.public, sig=keys.sign(msg["nonce"], name), name=name))
        msg = await self._answer(ws)
        self.inbox.put(msg)
        if msg.get("type") == "identified":
            self.player = msg["player"]
            return True
        self._fatal = str(msg.get("message", "refused"))
        self._fatal_kind = "name_taken" if msg.get("code") == "name_taken" else "other"
        return False

    async def _answer(self, ws: ClientConnection) -> ServerMsg:
        """The server's next message (the answer to what was just sent), within the time a connection may take."""
        async with asyncio.timeout(self.open_timeout):
            while True:
                try:
                    return served.decode_server(await ws.recv())
                except ProtocolError as exc:
                    log.warning("ignored a server message: %s", exc)

    async def _pump(self, ws: ClientConnection) -> None:
        reader = asyncio.create_task(self._read(ws))
        writer = asyncio.create_task(self._write(ws))
        done, pending = await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        for task in done:
            task.result()  # re-raise ConnectionClosed and friends for _session to report

    async def _write(self, ws: ClientConnection) -> None:
        assert self._out is not None
        while True:
            text = await self._out.get()
            if text is None:
                return
            await ws.send(text)

    async def _read(self, ws: ClientConnection) -> None:
        async for raw in ws:
            try:
                msg = served.decode_server(raw)
            except ProtocolError as exc:
                log.warning("ignored a server message: %s", exc)
                continue
            self.received += 1
            self._note(msg)
            self.inbox.put(msg)

    def _note(self, msg: ServerMsg) -> None:
        """Remember the seat (for resuming) and stop resuming when the server says the seat is gone."""
        kind = msg["type"]
        keep = self.seat_file
        if kind == "seated":
            self.code, self.token, self.seat = msg["code"], msg["token"], msg["seat"]
            if keep is not None:
                keep.save(self.url, msg["code"], msg["token"], msg["seat"], msg["game"],
                          msg["names"][msg["seat"]] or "")  # a nameless seat is refused on loading either way
        elif kind == "left":
            self.token = self.watching = None
            if keep is not None:
                keep.clear()
        elif kind == "error" and msg.get("ref") == "watch":
            self.watching = None  # that table cannot be watched: the screen says why
        elif kind == "error" and msg.get("ref") == "resume" and msg["code"] in FATAL_ON_RESUME:
            self._fatal = msg["message"]
            self.token = None
            if keep is not None:
                keep.clear()
        elif kind in ("state", "presence") and keep is not None:
            if msg.get("status") == "over":
                keep.clear()  # nothing left to come back to
            else:
                keep.touch()
