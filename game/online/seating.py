"""Tables and seats (a part of ``GameServer``): create, join, quick match, resume, leave, and a dropped connection.

A wrong code or token is counted for its connection and its address; once an address has guessed wrong
often, the answer to each further wrong guess is held back a moment. A correct code or token is looked
up first and never waits for anybody's wrong guesses.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any

from game.online import ops, protocol, series
from game.online.journal import Op
from game.online.limits import Conn
from game.online.protocol import CODE_ALPHABET, CODE_LENGTH, ProtocolError
from game.online.store import Db
from game.online.table import Table, new_token

if TYPE_CHECKING:
    from game.online.parts import GatewayParts
else:
    GatewayParts = object  # a base for the type checker only: server.GameServer supplies every member

log = logging.getLogger("carduels.online")


class Seating(GatewayParts):
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
                return code  # another gateway may draw it too: the store's create refuses the second

    def _may_open(self, conn: Conn) -> int:
        """The cap the store must share fairly among addresses (0: room for anyone)."""
        if conn.tables >= self.limits.tables_per_conn:
            raise ProtocolError("too_many_tables", "this connection has opened too many tables")
        return self.limits.max_tables if self.open_count + len(self.tables) >= self.limits.max_tables else 0

    def _on_create(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        self._unseated(conn)
        full_at = self._may_open(conn)
        table = Table(self._new_code(), msg["game"], self.seeds(), msg["name"], time.time(), ip=conn.ip)
        table.series_before = series.fresh(msg.get("best", 1))
        self.tables[table.code] = table
        conn.tables += 1
        self._attach(conn, table, 0)
        self._store_new(conn, table, full_at)

    def _store_new(self, conn: Conn, table: Table, full_at: int, tries: int = 3) -> None:
        host = table.seats[0]
        name = host.name
        assert name is not None  # the table seats its host by name

        def made(res: Any) -> None:
            if not res:
                self.held.pop(table.code, None)
            if res == ops.TAKEN and tries > 1 and conn.code == table.code:  # another gateway drew the same code
                del self.tables[table.code]
                table.code = self._new_code()
                self.tables[table.code] = table
                conn.code = conn.last_code = table.code
                self._store_new(conn, table, full_at, tries - 1)
            elif not res:
                self._unmake(table, conn, "create", res)

        best = table.series_before["best"] if table.series_before else 1
        self.held[table.code] = 1  # a new table's first epoch (ops.create)
        self.write(table, lambda db: series.start(db, ops.create(
            db, table.code, table.game_id, table.seed, table.secret, name, host.token, conn.ip, self.id, table.created,
            waiting_cap=self.limits.waiting_per_ip, full_at=full_at), table.code, table.created, best), made)
        self.send(conn, table.seated_message(0), table.code)

    def _unmake(self, table: Table, conn: Conn, ref: str, res: Any) -> None:
        """The store refused a new table (the address has too many waiting or the server is full; or the code
        was taken each time)."""
        self.tables.pop(table.code, None)
        if conn.code == table.code:
            conn.code, conn.seat = None, None
        if res not in (ops.FULL, ops.WAITING):
            log.error("table %s could not be opened: the store refused it (%r)", table.code, res)
        self.send(conn, refused(res, ref))

    async def _wrong(self, conn: Conn, exc: ProtocolError) -> None:
        """A wrong code or token: counted; after many from this address the answer waits a moment."""
        wait = self.addresses.refused(conn, time.monotonic())
        if wait > 0:
            await asyncio.sleep(wait)
            exc = ProtocolError("too_many_attempts", f"too many wrong codes from this address; wait {wait:.1f} s")
        raise exc

    def _on_join(self, conn: Conn, msg: dict[str, Any], now: float) -> Any:
        self._unseated(conn)
        return self._join(conn, msg["code"], msg["name"])

    async def _join(self, conn: Conn, code: str, name: str) -> None:
        table = await self.table(code, fresh=True)
        if table is None:
            await self._wrong(conn, ProtocolError("no_table", f"no table has the code {code}"))
            return
        self._unseated(conn)  # (it cannot change while waiting, but a check costs nothing)
        seat = table.join(name)
        self._attach(conn, table, seat)
        token = table.seats[seat].token

        def joined(res: Any) -> None:
            if not res:  # somebody else took the seat first, on another gateway
                self.send(conn, protocol.error("table_full", "both seats of this table are taken", "join"))
                conn.code, conn.seat = None, None
                table.seats[1].conn = None

        self.write(table, lambda db: ops.seat(db, code, name, token, self.id), joined)
        self.send(conn, table.seated_message(seat), code)
        for i, s in enumerate(table.seats):  # the game starts: both get the whole picture
            if s.conn is not None:
                self.send(s.conn, table.state_message(i, 0, full=True), code)

    def _on_quick(self, conn: Conn, msg: dict[str, Any], now: float) -> Any:
        """Quick match: sit down at the oldest table of this game waiting in the queue, or open one there."""
        self._unseated(conn)
        full_at = self._may_open(conn)
        conn.tables += 1
        return self._quick(conn, msg["game"], msg["name"], full_at)

    async def _quick(self, conn: Conn, game: str, name: str, full_at: int) -> None:
        fresh = Table(self._new_code(), game, self.seeds(), name, time.time(), ip=conn.ip)
        fresh.quick = True
        token, done = new_token(), asyncio.get_running_loop().create_future()

        def pair(db: Any) -> tuple[str, Any]:
            for partner in ops.quick_partners(db, game):
                got = seat_at(self, db, conn, partner, name, token)
                if got:
                    return got
            host = fresh.seats[0]
            made: bool | ops.Refused = ops.TAKEN
            for _ in range(3):  # a code another gateway drew a moment ago: draw again
                made = ops.create(db, fresh.code, game, fresh.seed, fresh.secret, name, host.token, conn.ip,
                                  self.id, fresh.created, quick=True, waiting_cap=self.limits.waiting_per_ip,
                                  full_at=full_at)
                if made != ops.TAKEN:
                    break
                fresh.code = self._new_code()
            return ("created", fresh.code) if made else ("", made)

        self.journal.write(Op(None, pair, done.set_result))
        how, code = await done
        await settle(self, conn, fresh, how, code, token, "quick")

    def _on_resume(self, conn: Conn, msg: dict[str, Any], now: float) -> Any:
        self._unseated(conn)
        return self._resume(conn, msg["code"], msg["token"])

    async def _resume(self, conn: Conn, code: str, token: str) -> None:
        table = await self.table(code, fresh=True)
        seat = table.seat_of(token) if table is not None else None
        if table is None or seat is None:
            gone = ("no_table", f"no table has the code {code}") if table is None else (
                "bad_token", "this token opens no seat there")
            await self._wrong(conn, ProtocolError(*gone))
            return
        self._unseated(conn)
        old = table.seats[seat].conn
        if old is not None and old is not conn:  # the same player on a new connection (the old may be half-open)
            old.code, old.seat = None, None
            self._close_later(old, 4001, "replaced by a newer connection")
        self._attach(conn, table, seat)
        self.write(table, lambda db: ops.here(db, code, seat, self.id))
        self.send(conn, table.seated_message(seat), code)
        if table.status != "waiting":
            self.send(conn, table.state_message(seat, 0, full=True), code)
        me = table.seats[seat]  # asked for the next game on a gateway since gone? Its token is known here again
        me.again_token = me.again_token or series.came_back(me.again, token, code)
        if me.again_token or table.seats[1 - seat].again:
            self.send(conn, table.rematch_message(), code)
        if me.again_token and table.next_code:
            self.follow_rematch(table)  # and if it has opened meanwhile, the player is seated there now

    def _attach(self, conn: Conn, table: Table, seat: int) -> None:
        conn.code, conn.seat = table.code, seat
        conn.last_code, conn.last_seat = table.code, seat
        s = table.seats[seat]
        s.conn, s.away_since, s.remote = conn, None, False
        table.idle_since = None
        self._tell_other(table, seat)

    def _tell_other(self, table: Table, seat: int) -> None:
        other = table.seats[1 - seat].conn
        if other is not None:
            self.send(other, table.presence_message(), table.code)

    def detach(self, conn: Conn, wall: float) -> None:
        """The connection is gone: its seat waits for the player (reconnect window) and the other is told."""
        table = self.tables.get(conn.code) if conn.code else None
        if table is None or conn.seat is None or table.seats[conn.seat].conn is not conn:
            return
        seat, code = conn.seat, table.code
        table.seats[seat].conn, table.seats[seat].away_since = None, wall
        if not table.local:
            table.idle_since = time.monotonic()
        self.write(table, lambda db: ops.away(db, code, seat, self.id, wall))
        self._tell_other(table, seat)

    def _on_leave(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        """Leave for good: a waiting table closes, a running game is resigned."""
        table = self._table_of(conn)
        seat, code, wall = conn.seat, table.code, time.time()
        assert seat is not None
        if table.status == "waiting":
            self.tables.pop(code, None)
            self.write(table, lambda db: ops.closed(db, code, False, wall))
        elif table.status == "playing":
            table.resign(seat)
            self._ended(table)
        gone = table.seats[seat]
        gone.conn, gone.away_since, gone.token, gone.token_hash = None, wall - self.limits.reconnect_window, "", ""
        self.write(table, lambda db: ops.token_gone(db, code, seat, wall - self.limits.reconnect_window))
        if not table.local:
            table.idle_since = time.monotonic()
        conn.code, conn.seat = None, None
        self._tell_other(table, seat)
        self.send(conn, protocol.message("left", code=code), code)  # once its writes are committed


def refused(why: Any, ref: str) -> dict[str, Any]:
    """The answer to a new table the store refused (``ops.Refused``)."""
    if why == ops.FULL:
        return protocol.error("server_full", "the server has no room for another table from this address", ref)
    if why == ops.WAITING:
        return protocol.error("too_many_tables", "this address has too many tables waiting for a second player", ref)
    return protocol.error("internal", "that table could not be opened; please try again", ref)


def seat_at(parts: GatewayParts, db: Db, conn: Conn, code: str, name: str, token: str) -> tuple[str, str] | None:
    """Inside a pairing transaction: the guest's seat at ``code`` if this gateway holds the table (or claims it now)
    - ("joined", code) -, ("relay", the holder's address) to take the player there, or None (taken meanwhile, or
    held by another gateway and this connection is a relay already)."""
    now, lease = time.time(), parts.limits.lease
    epoch = ops.take(db, code, parts.id, now, lease)
    if not epoch:
        who = None if conn.inner else ops.holder(db, code, now, lease)
        return ("relay", who[2]) if who and who[2] else None
    db.fence = (parts.id, epoch)
    try:
        if not ops.seat(db, code, name, token, parts.id):
            return None
    finally:
        db.fence = None
    parts.held[code] = epoch  # (a dict's item set from the writer thread: the loop reads it only after the commit)
    parts.store.notify(db, code, parts.id)  # the host's gateway hears of its guest
    return ("joined", code)


async def sit_guest(parts: GatewayParts, conn: Conn, code: str, token: str) -> None:
    """``conn`` takes the guest's seat the store gave its ``token`` at ``code`` (quick or ranked): attached, told
    its seat, and everyone seated told the whole state."""
    table = await parts.table(code, fresh=True)
    if table is None or table.seat_of(token) != 1:
        raise ProtocolError("internal", "the table closed while you were seated; please try again")
    parts._attach(conn, table, 1)
    parts.send(conn, table.seated_message(1), code)
    for i, s in enumerate(table.seats):
        if s.conn is not None:
            parts.send(s.conn, table.state_message(i, 0, full=True), code)


async def settle(parts: GatewayParts, conn: Conn, fresh: Table, how: str, code: str, token: str, ref: str) -> bool:
    """After a pairing transaction (quick or ranked) said ``how``: ``conn`` relayed to the table's owner, seated
    as the host of ``fresh`` (True: it waits there), or seated as the guest at ``code``; a refusal raised."""
    if how == "relay" and await parts.relay(conn, conn.raw, code):
        return False
    if how == "created":
        parts.held[code] = 1
        parts.tables[code] = fresh
        parts._attach(conn, fresh, 0)
        parts.send(conn, fresh.seated_message(0))
        return True
    if how != "joined":
        refusal = refused(code, ref)
        raise ProtocolError(refusal["code"], refusal["message"])
    await sit_guest(parts, conn, code, token)
    return False
