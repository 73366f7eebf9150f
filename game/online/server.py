"""The authoritative game server: many tables in one asyncio process, seats bound to connections, limits.

Every message is handled synchronously inside the event loop, so a table changes in one piece and tables
never interleave. A bad message costs its sender an error reply and nothing else; an unexpected exception
is logged and answered with ``internal``; the server and the other tables carry on.
``game/online/hosting.py`` runs it: as ``python main.py serve`` or in a thread of the app.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

from game.online import protocol
from game.online.heap import HeapKeeper
from game.online.protocol import CODE_ALPHABET, CODE_LENGTH, ProtocolError
from game.online.table import Table

log = logging.getLogger("carduels.online")


@dataclass
class Limits:
    rate: float = 20.0  # messages per second a connection may send on average ...
    burst: float = 40.0  # ... and at once
    max_dropped: int = 400  # messages dropped for the rate limit before the connection is closed
    failed_per_conn: int = 20  # wrong codes or tokens before the connection is closed
    failed_per_ip: int = 200  # wrong codes or tokens from one address within ``failed_window``
    failed_window: float = 600.0
    tables_per_conn: int = 8
    max_tables: int = 20000
    max_connections: int = 20000
    reconnect_window: float = 600.0  # a player who drops may come back this long (10 minutes)
    unseated_timeout: float = 120.0  # a connection must take a seat within this time
    max_table_age: float = 12 * 3600.0
    write_buffer: int = 1 << 20  # bytes queued for a client that does not read before it is dropped
    reap_interval: float = 1.0
    sweep_interval: float = 60.0  # every table is looked at this often; one with a seat away, every reap


class Conn:
    """One client connection: its seat (if any), its rate-limit bucket and its bad-behaviour counters."""

    def __init__(self, ws: Any, ip: str, limits: Limits, now: float) -> None:
        self.ws, self.ip = ws, ip
        self.code: str | None = None
        self.seat: int | None = None
        self.tokens, self.stamp = limits.burst, now
        self.dropped = 0
        self.last_rate_error = -1e9
        self.failed = 0
        self.tables = 0
        self.close_with: tuple[int, str] | None = None

    def allow(self, now: float, limits: Limits) -> bool:
        """Token bucket: ``rate`` per second, at most ``burst`` saved up."""
        self.tokens = min(limits.burst, self.tokens + (now - self.stamp) * limits.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class GameServer:
    def __init__(self, limits: Limits | None = None, seeds: Callable[[], int] | None = None,
                 heap: HeapKeeper | None = None) -> None:
        self.limits = limits or Limits()
        self.heap = heap  # the standalone server manages the process's garbage collector; a thread in the app does not
        self.seeds = seeds or (lambda: secrets.randbelow(2**31 - 2) + 1)
        self.tables: dict[str, Table] = {}
        self.conns: set[Conn] = set()
        self.failed_ip: dict[str, deque[float]] = {}
        self.absent: set[str] = set()  # codes of tables with a seated player away: the reaper watches these
        self._swept = float("-inf")
        self.port = 0
        self._server: Any = None
        self._tasks: set[asyncio.Task] = set()
        self.handled = 0  # messages handled; the tests and the bench read it

    # --- running -------------------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> GameServer:
        self._server = await serve(
            self._serve, host, port, max_size=protocol.HARD_LIMIT_BYTES, max_queue=16, compression=None,
            ping_interval=20, ping_timeout=20, close_timeout=2, open_timeout=10, server_header=None,
            process_request=self._admit)
        self.port = self._server.sockets[0].getsockname()[1]
        if self.heap is not None:
            self.heap.start()
        self._spawn(self._reaper())
        return self

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for task in list(self._tasks):
            task.cancel()
        if self.heap is not None:
            self.heap.stop()

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _admit(self, ws: ServerConnection, request: Any) -> Any:
        if len(self.conns) >= self.limits.max_connections:
            return ws.respond(503, "The server is full; try again later.\n")
        return None

    async def _reaper(self) -> None:
        while True:
            await asyncio.sleep(self.limits.reap_interval)
            try:
                self.reap(time.monotonic())
                if self.heap is not None:
                    self.heap.tick()
            except Exception:  # the reaper must outlive any bug in one table
                log.exception("reaping tables failed")

    # --- one connection -----------------------------------------------------------------------------------
    async def _serve(self, ws: ServerConnection) -> None:
        addr = ws.remote_address
        conn = Conn(ws, str(addr[0]) if addr else "?", self.limits, time.monotonic())
        self.conns.add(conn)
        try:
            while conn.close_with is None:
                if conn.code is not None:
                    raw = await ws.recv()
                else:
                    try:
                        async with asyncio.timeout(self.limits.unseated_timeout):
                            raw = await ws.recv()
                    except TimeoutError:
                        conn.close_with = (1008, "no seat taken in time")
                        break
                self.on_message(conn, raw)
            if conn.close_with is not None:
                await ws.close(*conn.close_with)
        except ConnectionClosed:
            pass
        except Exception:
            log.exception("connection handler failed")
        finally:
            self.conns.discard(conn)
            self.detach(conn, time.monotonic())

    def on_message(self, conn: Conn, raw: str | bytes) -> None:
        """Handle one raw message; whatever it holds, the sender gets an answer or is throttled."""
        now = time.monotonic()
        self.handled += 1
        if not conn.allow(now, self.limits):
            conn.dropped += 1
            if conn.dropped > self.limits.max_dropped:
                conn.close_with = (1008, "rate limit exceeded")
            elif now - conn.last_rate_error >= 1.0:  # one notice a second, never an echo per message
                conn.last_rate_error = now
                self.send(conn, protocol.error("rate_limited", f"at most {self.limits.rate:g} messages a second"))
            return
        ref = None
        try:
            msg = protocol.decode_client(raw)
            ref = msg["type"]
            getattr(self, "_on_" + ref)(conn, msg, now)
        except ProtocolError as exc:
            self.send(conn, protocol.error(exc.code, str(exc), ref or exc.ref))
        except Exception:
            log.exception("message %r failed", ref)
            self.send(conn, protocol.error("internal", "the server could not handle this message", ref))

    def send(self, conn: Conn, msg: dict[str, Any]) -> None:
        """Queue a message without waiting; a client that stops reading is dropped, not waited for."""
        broadcast([conn.ws], protocol.encode(msg))
        transport = conn.ws.transport
        if transport is not None and transport.get_write_buffer_size() > self.limits.write_buffer:
            self._close_later(conn, 1013, "not reading fast enough; reconnect to resume")

    def _close_later(self, conn: Conn, code: int, reason: str) -> None:
        conn.close_with = (code, reason)
        self._spawn(conn.ws.close(code, reason))

    # --- the lobby ---------------------------------------------------------------------------------------
    def _table_of(self, conn: Conn) -> Table:
        table = self.tables.get(conn.code) if conn.code else None
        if table is None or conn.seat is None:
            raise ProtocolError("not_seated", "create or join a table first")
        return table

    def _unseated(self, conn: Conn) -> None:
        if conn.code is not None:
            raise ProtocolError("already_seated", "this connection already has a seat; leave it first")

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.tables:
                return code

    def _on_create(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        self._unseated(conn)
        if len(self.tables) >= self.limits.max_tables:
            raise ProtocolError("server_full", "the server has no room for another table")
        if conn.tables >= self.limits.tables_per_conn:
            raise ProtocolError("too_many_tables", "this connection has opened too many tables")
        table = Table(self._new_code(), msg["game"], self.seeds(), msg["name"], now)
        self.tables[table.code] = table
        conn.tables += 1
        self._attach(conn, table, 0)
        self.send(conn, table.seated_message(0))

    def _check_attempts(self, conn: Conn, now: float) -> None:
        tries = self.failed_ip.get(conn.ip)
        while tries and now - tries[0] > self.limits.failed_window:
            tries.popleft()
        if tries is not None and len(tries) >= self.limits.failed_per_ip:
            raise ProtocolError("too_many_attempts", "too many wrong codes or tokens from this address; wait")

    def _failed(self, conn: Conn, now: float, exc: ProtocolError) -> ProtocolError:
        conn.failed += 1
        self.failed_ip.setdefault(conn.ip, deque()).append(now)
        if conn.failed >= self.limits.failed_per_conn:
            conn.close_with = (1008, "too many wrong codes or tokens")
        return exc

    def _find(self, conn: Conn, code: str, now: float) -> Table:
        self._check_attempts(conn, now)
        table = self.tables.get(code)
        if table is None:
            raise self._failed(conn, now, ProtocolError("no_table", f"no table has the code {code}"))
        return table

    def _on_join(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        self._unseated(conn)
        table = self._find(conn, msg["code"], now)
        seat = table.join(msg["name"], now)
        self._attach(conn, table, seat)
        self.send(conn, table.seated_message(seat))
        for i, s in enumerate(table.seats):  # the game starts: both get the whole picture
            if s.conn is not None:
                self.send(s.conn, table.state_message(i, 0, full=True))

    def _on_resume(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        self._unseated(conn)
        table = self._find(conn, msg["code"], now)
        seat = table.seat_of(msg["token"])
        if seat is None:
            raise self._failed(conn, now, ProtocolError("bad_token", "this token opens no seat at that table"))
        old = table.seats[seat].conn
        if old is not None:  # the same player on a new connection (the old one may be half-open)
            old.code, old.seat = None, None
            self._close_later(old, 4001, "replaced by a newer connection")
        self._attach(conn, table, seat)
        self.send(conn, table.seated_message(seat))
        if table.status != "waiting":
            self.send(conn, table.state_message(seat, 0, full=True))

    def _attach(self, conn: Conn, table: Table, seat: int) -> None:
        conn.code, conn.seat = table.code, seat
        table.seats[seat].conn, table.seats[seat].away_since = conn, None
        self._tell_other(table, seat)

    def _tell_other(self, table: Table, seat: int) -> None:
        other = table.seats[1 - seat].conn
        if other is not None:
            self.send(other, table.presence_message())

    def detach(self, conn: Conn, now: float) -> None:
        """The connection is gone: its seat waits for the player (reconnect window) and the other is told."""
        table = self.tables.get(conn.code) if conn.code else None
        if table is None or conn.seat is None or table.seats[conn.seat].conn is not conn:
            return
        table.seats[conn.seat].conn, table.seats[conn.seat].away_since = None, now
        self.absent.add(table.code)
        self._tell_other(table, conn.seat)

    # --- playing --------------------------------------------------------------------------------------------
    def _on_act(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        table = self._table_of(conn)
        start = table.count
        table.act(conn.seat, msg["at"], msg["action"])  # type: ignore[arg-type]
        self.push_state(table, start)

    def push_state(self, table: Table, start: int) -> None:
        events = table.events_since(start)
        for i, s in enumerate(table.seats):
            if s.conn is not None:
                self.send(s.conn, table.state_message(i, start, full=False, events=events))

    def _on_resign(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        table = self._table_of(conn)
        if table.status == "waiting":
            raise ProtocolError("waiting_for_opponent", "nobody has joined yet; leave to close the table")
        table.resign(conn.seat)  # type: ignore[arg-type]
        self.push_state(table, table.count)

    def _on_leave(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        """Leave for good: a waiting table closes, a running game is resigned."""
        table = self._table_of(conn)
        seat = conn.seat
        assert seat is not None
        if table.status == "waiting":
            del self.tables[table.code]
        elif table.status == "playing":
            table.resign(seat)
            self.push_state(table, table.count)
        gone = table.seats[seat]
        gone.conn, gone.away_since, gone.token = None, now - self.limits.reconnect_window, ""  # no way back
        self.absent.add(table.code)
        conn.code, conn.seat = None, None
        self._tell_other(table, seat)
        self.send(conn, protocol.message("left", code=table.code))

    def _on_sync(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        table = self._table_of(conn)
        if table.status == "waiting":
            self.send(conn, table.seated_message(conn.seat))  # type: ignore[arg-type]
        else:
            self.send(conn, table.state_message(conn.seat, 0, full=True))  # type: ignore[arg-type]

    def _on_ping(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        self.send(conn, protocol.message("pong", id=msg["id"]))

    # --- housekeeping ------------------------------------------------------------------------------------------
    def reap(self, now: float) -> None:
        """End games whose player stayed away too long; forget tables nobody comes back to.

        Each second only the tables with a player away are looked at (walking all of them took ~9 ms at 1,000
        tables, a stall every player felt); the rest once a minute, for their age."""
        window = self.limits.reconnect_window
        sweep = now - self._swept >= self.limits.sweep_interval
        if sweep:
            self._swept = now
        for code in list(self.tables) if sweep else list(self.absent):
            table = self.tables.get(code)
            if table is None:
                self.absent.discard(code)
                continue
            seated = [s for s in table.seats if s.name is not None]
            away = [s for s in seated if s.conn is None]
            if not away:
                self.absent.discard(code)
            gone = [s for s in away if s.away_since is not None and now - s.away_since > window]
            if len(gone) == len(seated) or now - table.created > self.limits.max_table_age:
                self._close_table(code, table)
                continue
            if table.status == "playing":
                for i, s in enumerate(table.seats):
                    if s in gone:
                        table.abandon(i)
                        self.push_state(table, table.count)
                        break
        for ip, tries in list(self.failed_ip.items()):
            while tries and now - tries[0] > self.limits.failed_window:
                tries.popleft()
            if not tries:
                del self.failed_ip[ip]

    def _close_table(self, code: str, table: Table) -> None:
        del self.tables[code]
        self.absent.discard(code)
        for s in table.seats:
            if s.conn is not None:
                s.conn.code, s.conn.seat = None, None
                self.send(s.conn, protocol.message("left", code=code, reason="closed"))
