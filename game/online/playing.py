"""Moves and what follows a game (a part of ``GameServer``): act, resign, sync, ping and the rematch.

A move is applied here at once and written with its move number; if another gateway wrote that number
first, the journal drops this tick's messages about the table and :meth:`Sharing.resync` answers ``stale``
with the table as the store has it. A rematch needs both players to ask: the new table has a new deal, the
same two players and their seats swapped, and each player's gateway seats its own player there.
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable
from functools import partial
from typing import TYPE_CHECKING

from game.online import ops, protocol, ratings, series
from game.online.limits import Conn
from game.online.messages import ClientMsg, Step
from game.online.protocol import ProtocolError
from game.online.store import Db, token_hash
from game.online.table import Table, new_token

if TYPE_CHECKING:
    from game.online.parts import GatewayParts
else:
    GatewayParts = object  # a base for the type checker only: server.GameServer supplies every member


class Playing(GatewayParts):
    def _on_act(self, conn: Conn, msg: ClientMsg, now: float) -> None:
        table = self._table_of(conn)
        start, code = table.count, table.code
        events = table.act(conn.seat, msg["at"], msg["action"])  # type: ignore[arg-type]  # seated: _table_of checked
        data, over, wall = table.match.actions[start].to_json(), table.over, time.time()

        def stored(res: object) -> None:
            self.metrics.observe(time.monotonic() - now)
            if not res:
                self.resync(code, conn, "act")

        self.metrics.actions += 1
        winners = table.match.state.winners if over else ()

        def op(db: Db) -> object:  # the game's last move and its ratings: one transaction
            res = ops.act(db, code, start, data, over, wall)
            return ratings.with_result(db, res, code, winners, wall) if over else res

        self.write(table, op, stored)  # not announced: no other gateway keeps the table (owning.py)
        self.push_state(table, start, events)

    def _ended(self, table: Table) -> None:
        """A resignation or an abandoned seat ended the game: stored, then everyone here is told."""
        assert table.result is not None
        code, outcome, wall = table.code, table.result, time.time()
        self.write(table, lambda db: ratings.with_result(db, ops.result(db, code, outcome, wall), code,
                                                         outcome["winners"], wall),
                   partial(_resync_unless, self, code))
        self.push_state(table, table.count, [])

    def push_state(self, table: Table, start: int, events: list[Step]) -> None:
        for i, s in enumerate(table.seats):
            if s.conn is not None:
                self.send(s.conn, table.state_message(i, start, full=False, events=events), table.code)
        self.show_spectators(table)

    def _on_resign(self, conn: Conn, msg: ClientMsg, now: float) -> None:
        table = self._table_of(conn)
        if table.status == "waiting":
            raise ProtocolError("waiting_for_opponent", "nobody has joined yet; leave to close the table")
        table.resign(conn.seat)  # type: ignore[arg-type]  # seated: _table_of checked
        self._ended(table)

    def _on_sync(self, conn: Conn, msg: ClientMsg, now: float) -> Awaitable[None] | None:
        """The whole picture again; at most one a second per connection (a snapshot replays the deal)."""
        wait = conn.last_sync + self.limits.sync_every - now
        conn.last_sync = max(now, conn.last_sync + self.limits.sync_every)
        if wait > 0:
            return self._sync_later(conn, wait)
        self._sync(conn)
        return None

    async def _sync_later(self, conn: Conn, wait: float) -> None:
        await asyncio.sleep(wait)  # this connection's next messages wait too: that is the limit
        self._sync(conn)

    def _sync(self, conn: Conn) -> None:
        table = self._table_of(conn)
        if table.status == "waiting":
            self.send(conn, table.seated_message(conn.seat), table.code)  # type: ignore[arg-type]  # seated: _table_of checked
        else:
            self.send(conn, table.state_message(conn.seat, 0, full=True), table.code)  # type: ignore[arg-type]  # seated

    def _on_ping(self, conn: Conn, msg: ClientMsg, now: float) -> None:
        self.send(conn, protocol.message("pong", id=msg["id"]))

    # --- the rematch -------------------------------------------------------------------------------------------
    def _on_rematch(self, conn: Conn, msg: ClientMsg, now: float) -> None:
        """Ask for a rematch (again: the same answer); when both have asked, the new table opens."""
        table = self._table_of(conn)
        seat = conn.seat
        assert seat is not None
        if not table.over or table.seats[1].name is None:
            raise ProtocolError("not_over", "a rematch can be asked for once the game is over")
        if table.next_code is not None:
            raise ProtocolError("not_over", "the rematch has started already")
        me = table.seats[seat]
        if not me.again_token:
            me.again_token = series.next_token(me.token, table.code) if me.token else new_token()
            me.again = token_hash(me.again_token)
            code, digest = table.code, me.again

            def asked(res: object) -> None:
                if res:
                    self._maybe_rematch(table)
                else:
                    self.resync(code, conn, "rematch")

            self.write(table, lambda db: ops.again(db, code, seat, digest), asked)
        for s in table.local:
            self.send(s, table.rematch_message(), table.code)

    def _maybe_rematch(self, table: Table) -> None:
        """Both asked: open the new table (once, even if both gateways try) and seat the players held here."""
        old = table.seats
        if not (old[0].again and old[1].again) or table.next_code is not None or table.making:
            return
        table.making = True
        winners = table.result["winners"] if table.result is not None else table.match.state.winners
        seed = series.next_seed(table.game_id, table.match.observe(0), winners, self.seeds)  # who deals, if said
        new = Table(self._new_code(), table.game_id, seed, old[1].name or "?", time.time(), ip=table.ip)
        new.series_before = series.following(table.series)  # the next game of a series, or a new one
        names, hashes = [old[1].name, old[0].name], [old[1].again, old[0].again]
        holders = [self.id if old[1].conn is not None else "", self.id if old[0].conn is not None else ""]

        def made(res: object) -> None:
            table.making = False
            if res:
                self.held[new.code] = 1
                table.next_code = new.code
                self.follow_rematch(table, new)

        self.write(table, lambda db: series.follow(db, ops.rematch(
            db, table.code, new.code, new.game_id, new.seed, new.secret, names, hashes, table.ip, holders,
            new.created, self.id), table.code, new.code, new.created), made)

    def follow_rematch(self, table: Table, new: Table | None = None) -> None:
        """Seat this gateway's players of ``table`` at its rematch (``new`` when this gateway made it)."""
        if new is not None:
            for i, s in enumerate(new.seats):
                s.name = [table.seats[1].name, table.seats[0].name][i]
                s.token_hash = [table.seats[1].again, table.seats[0].again][i]
            self.tables[new.code] = new
            self._seat_rematch(table, new)
            return None
        return self._spawn(self._load_rematch(table))

    async def _load_rematch(self, table: Table) -> None:
        if table.next_code is None or not any(s.conn is not None and s.again_token for s in table.seats):
            return
        new = await self.table(table.next_code)
        if new is not None:
            self._seat_rematch(table, new)

    def _seat_rematch(self, table: Table, new: Table) -> None:
        wall = time.time()
        for i, s in enumerate(table.seats):
            conn = s.conn
            if conn is None or not s.again_token:
                continue
            seat = new.seat_of(s.again_token)
            if seat is None:
                continue
            s.conn, s.away_since, s.again_token = None, wall, ""
            code, new_code = table.code, new.code
            self.write(table, partial(ops.away, code=code, seat_=i, gateway=self.id, now=wall))
            self._attach(conn, new, seat)
            self.write(new, partial(ops.here, code=new_code, seat_=seat, gateway=self.id))
            self.send(conn, new.seated_message(seat), new.code)
            self.send(conn, new.state_message(seat, 0, full=True), new.code)
        if not table.local:
            table.idle_since = time.monotonic()


def _resync_unless(parts: GatewayParts, code: str, res: object) -> None:
    """After a result was written: a lost race (``res`` false) resyncs the table's players."""
    if not res:
        parts.resync(code)
