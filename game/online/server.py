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
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

from game.online import protocol
from game.online import store as st
from game.online.heap import HeapKeeper
from game.online.limits import Addresses, Conn, Limits, client_address
from game.online.protocol import CODE_ALPHABET, CODE_LENGTH, ProtocolError
from game.online.table import Table

__all__ = ["Conn", "GameServer", "Limits"]

log = logging.getLogger("carduels.online")


class GameServer:
    def __init__(self, limits: Limits | None = None, seeds: Callable[[], int] | None = None,
                 heap: HeapKeeper | None = None, store: st.Store | None = None, worker: int = 0,
                 workers: int = 1) -> None:
        self.limits = limits or Limits()
        self.heap = heap  # the standalone server manages the process's garbage collector; a thread in the app does not
        self.seeds = seeds or (lambda: secrets.randbelow(2**31 - 2) + 1)
        self.store = store  # None: tables live in memory only (the app's own server, most tests)
        self.worker, self.workers = worker, workers  # this process holds the codes with code_owner == worker
        self.journal = st.Journal(store, self._deliver, self._store_failed)
        self.tables: dict[str, Table] = {}
        self.conns: set[Conn] = set()
        self.addresses = Addresses(self.limits)
        self.absent: set[str] = set()  # codes of tables with a seated player away: the reaper watches these
        self._due: dict[str, float] = {}  # ... each from the moment its first away seat runs out of time
        self._swept = float("-inf")
        self.port = 0
        self._server: Any = None
        self._tasks: set[asyncio.Task] = set()
        self.handled = 0  # messages handled; the tests and the bench read it

    # --- running -------------------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0, sock: Any = None) -> GameServer:
        self.load()
        where: dict[str, Any] = {"sock": sock} if sock is not None else {"host": host, "port": port}
        self._server = await serve(
            self._serve, max_size=protocol.HARD_LIMIT_BYTES, max_queue=16, compression=None,
            ping_interval=20, ping_timeout=20, close_timeout=2, open_timeout=10, server_header=None,
            process_request=self._admit, **where)
        self.port = self._server.sockets[0].getsockname()[1] if self._server.sockets else 0
        if self.heap is not None:
            self.heap.start()
        self._spawn(self._reaper())
        return self

    def load(self) -> int:
        """Every open table of this worker from the store, replayed through the rules; returns how many."""
        if self.store is None:
            return 0
        now, wall = time.monotonic(), time.time()
        for rec in self.store.open_tables(lambda code: protocol.code_owner(code, self.workers) == self.worker):
            try:
                table = Table.restore(rec, now, wall)
            except Exception:  # a table the rules no longer accept must not stop the others
                log.exception("table %s could not be restored", rec["code"])
                continue
            self.tables[table.code] = table
            self.absent.add(table.code)
            if table.status == "waiting":
                self.addresses.opened(table.ip, 1)
        log.info("%d open tables loaded from %s", len(self.tables), self.store.path)
        return len(self.tables)

    async def stop(self) -> None:
        await self.journal.drain()
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
        if self.addresses.conns.get(self._ip(ws, request), 0) >= self.limits.conns_per_ip:
            return ws.respond(429, "Too many connections from this address.\n")
        return None

    def _ip(self, ws: Any, request: Any) -> str:
        addr = ws.remote_address
        peer = str(addr[0]) if addr else "?"
        return client_address(peer, getattr(request, "headers", None), self.limits.trusted_proxies)

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
        conn = Conn(ws, self._ip(ws, ws.request), self.limits, time.monotonic())
        if not self.addresses.connect(conn.ip):
            await ws.close(1013, "too many connections from this address")
            return
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
                await self.journal.drain()  # the answers before the close go first
                await ws.close(*conn.close_with)
        except ConnectionClosed:
            pass
        except Exception:
            log.exception("connection handler failed")
        finally:
            self.conns.discard(conn)
            self.addresses.disconnect(conn.ip)
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
        """Queue a message; it leaves once the writes before it are committed (see ``store.Journal``)."""
        self.journal.send(conn, protocol.encode(msg))

    def _store_failed(self, conn: Conn) -> None:
        self._close_later(conn, 1011, "the server could not store the game; reconnect to resume")

    def _deliver(self, conn: Conn, text: str) -> None:
        """Send without waiting; a client that stops reading is dropped, not waited for."""
        broadcast([conn.ws], text)
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
            if code not in self.tables and protocol.code_owner(code, self.workers) == self.worker:
                return code

    def _owned(self, code: str) -> None:
        if protocol.code_owner(code, self.workers) != self.worker:
            raise ProtocolError("elsewhere", f"connect to /t/{code} for this table")

    def _on_create(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        self._unseated(conn)
        if len(self.tables) >= self.limits.max_tables:
            raise ProtocolError("server_full", "the server has no room for another table")
        if conn.tables >= self.limits.tables_per_conn:
            raise ProtocolError("too_many_tables", "this connection has opened too many tables")
        if not self.addresses.may_open(conn.ip):
            raise ProtocolError("too_many_tables", "this address has too many tables waiting for a second player")
        table = Table(self._new_code(), msg["game"], self.seeds(), msg["name"], now, ip=conn.ip)
        self.tables[table.code] = table
        self.addresses.opened(conn.ip, 1)
        self.journal.write(*st.w_create(table.code, table.game_id, table.seed, table.secret, table.seats[0].name,
                                        table.seats[0].token, conn.ip))
        conn.tables += 1
        self._attach(conn, table, 0)
        self.send(conn, table.seated_message(0))

    def _find(self, conn: Conn, code: str, now: float) -> Table:
        self._owned(code)
        self.addresses.guess_allowed(conn, now)
        table = self.tables.get(code)
        if table is None:
            raise self.addresses.refused(conn, now, ProtocolError("no_table", f"no table has the code {code}"))
        return table

    def _on_join(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        self._unseated(conn)
        table = self._find(conn, msg["code"], now)
        seat = table.join(msg["name"], now)
        self.addresses.opened(table.ip, -1)
        self.journal.write(st.w_seat(table.code, msg["name"], table.seats[seat].token))
        self._attach(conn, table, seat)
        self.send(conn, table.seated_message(seat))
        for i, s in enumerate(table.seats):  # the game starts: both get the whole picture
            if s.conn is not None:
                self.send(s.conn, table.state_message(i, 0, full=True))

    def _on_resume(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        self._unseated(conn)
        self._owned(msg["code"])
        table = self.tables.get(msg["code"])
        seat = table.seat_of(msg["token"]) if table is not None else None
        if seat is None or table is None:  # a correct token is never refused for wrong codes: only guesses wait
            self.addresses.guess_allowed(conn, now)
            if table is None:
                gone = ProtocolError("no_table", f"no table has the code {msg['code']}")
                raise self.addresses.refused(conn, now, gone)
            raise self.addresses.refused(conn, now, ProtocolError("bad_token", "this token opens no seat there"))
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
        self._due.pop(table.code, None)
        self._tell_other(table, conn.seat)

    # --- playing --------------------------------------------------------------------------------------------
    def _on_act(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        table = self._table_of(conn)
        start = table.count
        table.act(conn.seat, msg["at"], msg["action"])  # type: ignore[arg-type]
        self.journal.write(st.w_action(table.code, start, table.match.actions[start].to_json()))
        if table.over:
            self.journal.write(st.w_finished(table.code))
        self.push_state(table, start)

    def _ended(self, table: Table) -> None:
        """A resignation or an abandoned seat ended the game: stored, then everyone is told."""
        assert table.result is not None
        self.journal.write(st.w_result(table.code, table.result), st.w_finished(table.code))
        self.push_state(table, table.count)

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
        self._ended(table)

    def _on_leave(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        """Leave for good: a waiting table closes, a running game is resigned."""
        table = self._table_of(conn)
        seat = conn.seat
        assert seat is not None
        if table.status == "waiting":
            del self.tables[table.code]
            self.addresses.opened(table.ip, -1)
            self.journal.write(*st.w_closed(table.code, keep=False))
        elif table.status == "playing":
            table.resign(seat)
            self._ended(table)
        gone = table.seats[seat]
        gone.conn, gone.away_since, gone.token = None, now - self.limits.reconnect_window, ""  # no way back
        gone.token_hash = ""
        self.journal.write(st.w_token_gone(table.code, seat))
        self.absent.add(table.code)
        self._due.pop(table.code, None)
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
        due = self._due
        for code in list(self.tables) if sweep else [c for c in self.absent if due.get(c, -1.0) <= now]:
            table = self.tables.get(code)
            if table is None:
                self.absent.discard(code)
                continue
            seated = [s for s in table.seats if s.name is not None]
            away = [s for s in seated if s.conn is None]
            if not away:
                self.absent.discard(code)
            else:  # nothing can change here before the first away seat's window ends
                due[code] = min(s.away_since if s.away_since is not None else now for s in away) + window
            gone = [s for s in away if s.away_since is not None and now - s.away_since > window]
            if len(gone) == len(seated) or now - table.created > self.limits.max_table_age:
                self._close_table(code, table)
                continue
            if table.status == "playing":
                for i, s in enumerate(table.seats):
                    if s in gone:
                        table.abandon(i)
                        self._ended(table)
                        break
        self.addresses.sweep(now)
        if sweep and self.store is not None and self.journal._pool is not None:
            asyncio.get_running_loop().run_in_executor(self.journal._pool, self.store.prune, time.time(),
                                                       self.limits.retention)

    def _close_table(self, code: str, table: Table) -> None:
        del self.tables[code]
        self.absent.discard(code)
        self._due.pop(code, None)
        if table.status == "waiting":
            self.addresses.opened(table.ip, -1)
        self.journal.write(*st.w_closed(code, keep=table.over))
        for s in table.seats:
            if s.conn is not None:
                s.conn.code, s.conn.seat = None, None
                self.send(s.conn, protocol.message("left", code=code, reason="closed"))
