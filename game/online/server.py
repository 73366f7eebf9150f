"""The game server: one gateway process of any number that share one store; connections, messages, limits.

Every message is handled in the event loop in one piece (a join or resume may first wait for its table to
be read from the store), so a table changes atomically on this gateway. A table is applied and written only by
the gateway holding its lease; a join, resume or watch that reaches another gateway is relayed there
(``game/online/owning.py``), and the store's fenced, guarded writes refuse everything else (``journal.py``).
A bad message costs its sender an error reply and nothing else; an unexpected exception is logged and
answered with ``internal``.
What each message does lives in ``seating.py`` (tables and seats), ``playing.py`` (moves, rematch) and
``sharing.py`` (tables loaded when needed, changes from other gateways, the reaper);
``game/online/hosting.py`` runs a gateway as ``python main.py serve`` or in a thread of the app.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

import orjson
from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin

from game.online import protocol
from game.online.heap import HeapKeeper
from game.online.identity import Identifying, Identities
from game.online.journal import Journal
from game.online.leaderboard import Boards
from game.online.limits import Addresses, Conn, Limits, address_group, client_address
from game.online.messages import ClientMsg
from game.online.metrics import Metrics, http_answer
from game.online.outcomes import Outcomes
from game.online.owning import FOR, Owning
from game.online.playing import Playing
from game.online.protocol import ProtocolError
from game.online.ranked import Ranking
from game.online.seating import Seating
from game.online.sharing import Sharing
from game.online.store import SQLiteStore, Store
from game.online.table import Table
from game.online.watching import Watching

__all__ = ["Conn", "GameServer", "Limits"]

if TYPE_CHECKING:
    from socket import socket
    from ssl import SSLContext

    from websockets.http11 import Request, Response

log = logging.getLogger("carduels.online")
access = logging.getLogger("carduels.access")


ROUTED = frozenset({"join", "resume", "watch"})  # served by the table's owner (owning.py)


class GameServer(Seating, Playing, Sharing, Owning, Identifying, Ranking, Watching, Outcomes):
    def __init__(self, limits: Limits | None = None, seeds: Callable[[], int] | None = None,
                 heap: HeapKeeper | None = None, store: Store | None = None, origins: list[str] | None = None,
                 ssl: SSLContext | None = None) -> None:
        self.limits = limits or Limits()
        self.heap = heap  # the standalone server manages the process's garbage collector; a thread in the app does not
        self.seeds = seeds or (lambda: secrets.randbelow(2**31 - 2) + 1)
        self.store = store if store is not None else SQLiteStore(":memory:", "normal")
        self.own_store = store is None
        self.id = secrets.token_hex(6)  # this gateway's name in the store (who holds which seat)
        self.journal = Journal(self.store, self.id, self._deliver, self._store_failed)
        self.identities = Identities(self.store)  # who proved to be whom; the names claimed (identity.py)
        self.tables: dict[str, Table] = {}  # the tables loaded here: those this gateway's players use
        self.conns: set[Conn] = set()
        self.addresses = Addresses(self.limits)
        self.metrics = Metrics()
        self.boards = Boards()  # the leaderboards' cache (leaderboard.py)
        self.journal.timed = self.metrics.commits.observe
        # None: an app (no Origin header) is welcome
        self.origins: list[Origin | None] | None = [*map(Origin, origins), None] if origins else None
        self.ssl = ssl
        self.port = 0
        self._server: Server | None = None
        self._tasks: set[asyncio.Task] = set()
        self.handled = 0  # messages handled; the tests and the bench read it
        Sharing.__init__(self)
        Owning.__init__(self)
        Watching.__init__(self)

    # --- running -------------------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0, sock: socket | None = None,
                    reuse_port: bool = False, cluster_host: str = "127.0.0.1") -> GameServer:
        """Serve on ``host``:``port`` (or ``sock``); the other gateways' relays reach this one on ``cluster_host``."""
        where: dict[str, Any] = {"sock": sock} if sock is not None else {"host": host, "port": port}
        if reuse_port:
            where["reuse_port"] = True  # several gateway processes on one port; the kernel spreads connections
        self._server = await serve(
            self._serve, max_size=protocol.HARD_LIMIT_BYTES, max_queue=16, compression=None,
            ping_interval=20, ping_timeout=20, close_timeout=2, open_timeout=10, server_header=None,
            process_request=self._admit, origins=self.origins, ssl=self.ssl, **where)
        self.port = self._server.sockets[0].getsockname()[1] if self._server.sockets else 0
        if self.heap is not None:
            self.heap.start()
        self.start_sharing()
        await self.start_owning(cluster_host)
        return self

    async def stop(self) -> None:
        await self.journal.drain()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        await self.stop_owning()
        await self.journal.drain()  # the seats the closed connections left
        self.stop_sharing()
        for task in list(self._tasks):
            task.cancel()
        if self.heap is not None:
            self.heap.stop()
        self.journal.close()
        if self.own_store:
            self.store.close()

    def _spawn(self, coro: Coroutine[object, None, object]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _admit(self, ws: ServerConnection, request: Request) -> Response | None:
        answer = await http_answer(self, ws, request)  # /healthz, /readyz, /metrics
        if answer is not None:
            return answer
        if len(self.conns) >= self.limits.max_connections:
            return ws.respond(503, "The server is full; try again later.\n")
        if self.addresses.conns.get(address_group(self._ip(ws, request)), 0) >= self.limits.conns_per_ip:
            return ws.respond(429, "Too many connections from this address.\n")
        return None

    def _ip(self, ws: ServerConnection, request: Request | None) -> str:
        addr = ws.remote_address
        peer = str(addr[0]) if addr else "?"
        return client_address(peer, getattr(request, "headers", None), self.limits.trusted_proxies)

    # --- one connection -----------------------------------------------------------------------------------
    async def _serve(self, ws: ServerConnection, inner: bool = False) -> None:
        said = ws.request.headers.get(FOR) if inner and ws.request is not None else None
        conn = Conn(ws, said or self._ip(ws, ws.request), self.limits, time.monotonic())
        if inner:  # relayed by another gateway for a player of a table held here (owning.py)
            conn.inner = True
            self.vouched(conn, ws)
        if not self.addresses.connect(conn.ip):
            await ws.close(1013, "too many connections from this address")
            return
        self.conns.add(conn)
        self.metrics.connections += 1
        try:
            while conn.close_with is None:
                if conn.relay is not None:  # its table is held by another gateway: passed on untouched
                    frame = await ws.recv(decode=False)  # as it came: no decoding here, none again there
                    try:
                        await conn.relay.send(frame, text=True)
                    except ConnectionClosed:  # the owner went: the player reconnects (``Owning.relay_ended``)
                        conn.close_with = self.relay_ended(conn.relay)
                    continue
                if conn.code is not None or conn in self.watched:  # a seat, or a table watched (watching.py)
                    raw = await ws.recv()
                else:
                    try:
                        async with asyncio.timeout(self.limits.unseated_timeout):
                            raw = await ws.recv()
                    except TimeoutError:
                        conn.close_with = (1008, "no seat taken in time")
                        break
                waiting = self.on_message(conn, raw)
                if waiting is not None:
                    await waiting
            if conn.close_with is not None:
                await self.journal.drain()  # the answers before the close go first
                await ws.close(*conn.close_with)
        except ConnectionClosed:
            pass
        except Exception:
            log.exception("connection handler failed")
        finally:
            if conn.relay is not None:
                self._spawn(conn.relay.close())
            self.conns.discard(conn)
            self.addresses.disconnect(conn.ip)
            self.detach(conn, time.time())
            self.stop_watching(conn)
            self._access(conn, ws)

    def _access(self, conn: Conn, ws: ServerConnection) -> None:
        """One line per connection: who, where to, how long, what it did, how it ended."""
        path = ws.request.path if ws.request is not None else "?"
        code = ws.close_code if ws.close_code is not None else "-"
        access.info("%s %s %.1fs msgs=%d table=%s seat=%s close=%s %s", conn.ip, path[:40],
                    time.monotonic() - conn.opened, conn.messages, conn.last_code or "-",
                    "-" if conn.last_seat is None else conn.last_seat, code, (ws.close_reason or "")[:60])

    def on_message(self, conn: Conn, raw: str | bytes) -> Awaitable[None] | None:
        """Handle one raw message; whatever it holds, the sender gets an answer or is throttled.

        Returns an awaitable when the answer needs the store first (a table that is not loaded here)."""
        now = time.monotonic()
        self.handled += 1
        conn.messages += 1
        if not conn.allow(now, self.limits):
            conn.dropped += 1
            if conn.dropped > self.limits.max_dropped:
                conn.close_with = (1008, "rate limit exceeded")
            elif now - conn.last_rate_error >= 1.0:  # one notice a second, never an echo per message
                conn.last_rate_error = now
                self.send(conn, protocol.error("rate_limited", f"at most {self.limits.rate:g} messages a second"))
            return None
        ref = None
        conn.raw = raw
        try:
            msg = protocol.decode_client(raw)
            ref = msg["type"]
            handle = partial(getattr(self, "_on_" + self.as_spectator(conn, ref)), conn, msg, now)
            if ref in ROUTED and conn.code is None:
                return self._finish(conn, self._routed(conn, raw, msg, handle), ref)
            if not self.identities.settled(conn, msg):  # a name used without a proof: is it anyone's?
                return self._finish(conn, self.identities.vetted(msg, handle), ref)
            out = handle()
            return None if out is None else self._finish(conn, out, ref)
        except ProtocolError as exc:
            _log_internal(exc, ref)
            self.send(conn, protocol.error(exc.code, str(exc), ref or exc.ref, exc.refusal))
        except Exception:
            log.exception("message %r failed", ref)
            self.send(conn, protocol.error("internal", "the server could not handle this message", ref))
        return None

    async def _routed(self, conn: Conn, raw: str | bytes, msg: ClientMsg,
                      handle: Callable[[], Awaitable[None] | None]) -> None:
        """A message for a table: handled here if this gateway holds the table, else relayed to the one that does."""
        if not await self.route(conn, msg["code"], raw):
            return
        out = self.identities.vetted(msg, handle) if not self.identities.settled(conn, msg) else handle()
        if out is not None:
            await out

    async def _finish(self, conn: Conn, waiting: Awaitable[None], ref: str) -> None:
        try:
            await waiting
        except ProtocolError as exc:
            _log_internal(exc, ref)
            self.send(conn, protocol.error(exc.code, str(exc), ref))
        except Exception:
            log.exception("message %r failed", ref)
            self.send(conn, protocol.error("internal", "the server could not handle this message", ref))

    def send(self, conn: Conn, msg: Mapping[str, object], code: str | None = None) -> None:
        """Queue a message; it leaves once the writes before it are committed (see ``journal.Journal``)."""
        self.journal.send(conn, encode(msg), code)

    def _store_failed(self, conn: Conn) -> None:
        self._close_later(conn, 1011, "the server could not store the game; reconnect to resume")

    def _deliver(self, conn: Conn, text: bytes) -> None:
        """Send without waiting; a client that stops reading is dropped, not waited for."""
        if conn is None or conn.close_with is not None and conn.close_with[0] == 4001:
            return  # replaced by a newer connection: it is told nothing more
        broadcast([conn.ws], text, text=True)  # UTF-8 already: a text frame as it is
        transport = conn.ws.transport
        if transport is not None and transport.get_write_buffer_size() > self.limits.write_buffer:
            self._close_later(conn, 1013, "not reading fast enough; reconnect to resume")

    def _close_later(self, conn: Conn, code: int, reason: str) -> None:
        conn.close_with = (code, reason)
        self._spawn(conn.ws.close(code, reason))


def encode(msg: Mapping[str, object]) -> bytes:
    """A message as UTF-8 JSON. orjson takes a tenth of the standard library's time for a state message (it was
    the largest share of a move's CPU after the rules); what it refuses, such as a lone surrogate in a string
    echoed back, goes through ``protocol.encode`` (ASCII escapes), which accepts anything JSON can say."""
    try:
        return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS)
    except (orjson.JSONEncodeError, TypeError):
        return protocol.encode(msg).encode("ascii")


def _log_internal(exc: ProtocolError, ref: str | None) -> None:
    """An ``internal`` answer is the server's failure, not the client's: the operator sees each one and why."""
    if exc.code == "internal":
        log.error("message %r answered internal: %s", ref, exc)
