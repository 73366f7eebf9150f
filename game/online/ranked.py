"""Ranked quick match (a part of ``GameServer``): a proven player is seated against someone of similar rating.

Casual quick match (``quick``) seats whoever waits longest; ``ranked`` looks only at ranked tables and only at
those whose host's rating is within the host's window: :data:`WINDOW_START` rating points either side at first,
widening by :data:`WINDOW_GROWTH` a second while the host waits, so nobody waits for ever for a perfect match.
Within the window the host who waited longest is seated first. A ranked table's result changes both ratings in
its own transaction (game/online/ratings.py). Only a proven player (game/online/identity.py) may play ranked, and
never against their own key.
"""
from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import rules
from game.online import ops, protocol, ratings, series
from game.online.journal import Op
from game.online.protocol import ProtocolError
from game.online.seating import seat_at, settle
from game.online.table import Table, new_token

if TYPE_CHECKING:
    from collections.abc import Awaitable

    from game.online.identity import Identities
    from game.online.limits import Conn
    from game.online.messages import ClientMsg
    from game.online.parts import GatewayParts
    from game.online.store import Db
else:
    GatewayParts = object  # a base for the type checker only: server.GameServer supplies every member

WINDOW_START = 100.0  # rating points either side for a host who has just sat down
WINDOW_GROWTH = 10.0  # more points a second of waiting (after a minute: 700 either side)
RETRY = 2.0  # seconds between a waiting host's looks at the hosts who waited longer


@dataclass(frozen=True)
class Waiting:
    code: str
    rating: float
    since: float  # wall clock: when the host sat down


def window(waited: float) -> float:
    """How far from the host's rating a newcomer may be after the host waited ``waited`` seconds."""
    return WINDOW_START + WINDOW_GROWTH * max(0.0, waited)


def pick(rating: float, waiting: list[Waiting], now: float) -> str | None:
    """The table a newcomer rated ``rating`` sits down at: the longest-waiting host whose window holds the
    newcomer (ties by code, so every gateway picks alike), or None (the newcomer opens a table and waits)."""
    within = [w for w in waiting if abs(w.rating - rating) <= window(now - w.since)]
    return min(within, key=lambda w: (w.since, w.code)).code if within else None


def hosts(db: Db, game: str, player: str) -> list[Waiting]:
    """The ranked tables of ``game`` waiting for a second player, with their hosts' ratings (not ``player``'s own)."""
    rows = db.rows("SELECT t.code, coalesce(g.rating, ?), t.created FROM rated r JOIN tables t ON t.code = r.code "
                   "AND t.created = r.created LEFT JOIN ratings g ON g.player = r.player0 AND g.game = r.game "
                   "WHERE r.game = ? AND r.player1 = '' AND r.player0 <> ? AND t.name1 IS NULL AND t.closed = 0 "
                   "AND t.here0 <> ''", (ratings.START_RATING, game, player))
    return [Waiting(str(c), float(r), float(s)) for c, r, s in rows]


def _in_reach(db: Db, table: Table, player: str) -> str | None:
    """The older ranked table whose host's window now holds ``player``, the host of ``table``, if any."""
    older = [w for w in hosts(db, table.game_id, player) if (w.since, w.code) < (table.created, table.code)]
    return pick(ratings.read(db, player, table.game_id).rating, older, time.time())


class Ranking(GatewayParts):
    identities: Identities

    def _on_ranked(self, conn: Conn, msg: ClientMsg, now: float) -> Awaitable[None]:
        if conn.code is not None:
            raise ProtocolError("already_seated", "this connection already has a seat; leave it first")
        proven = self.identities.proven.get(conn)
        if proven is None:
            raise ProtocolError("not_identified", "ranked games are for players who proved who they are")
        if conn.tables >= self.limits.tables_per_conn:
            raise ProtocolError("too_many_tables", "this connection has opened too many tables")
        full = self.open_count + len(self.tables) >= self.limits.max_tables
        conn.tables += 1
        return self._ranked(conn, msg["game"], proven.name, proven.player, self.limits.max_tables if full else 0)

    async def _ranked(self, conn: Conn, game: str, name: str, player: str, full_at: int) -> None:
        fresh = Table(self._new_code(), game, self.seeds(), name, time.time(), ip=conn.ip)
        best = rules.spec(game).ranked_series  # a ranked game's series length (best of 3: cribbage)
        fresh.series_before = series.fresh(best)
        token, done = new_token(), asyncio.get_running_loop().create_future()

        def pair(db: Db) -> tuple[str, str]:  # how, and the code or why not (an ops.Refused)
            mine = ratings.read(db, player, game).rating
            passed: set[str] = set()  # taken meanwhile, or held by another gateway while this is a relay already
            while (partner := pick(mine, [h for h in hosts(db, game, player) if h.code not in passed],
                                   time.time())) is not None:
                got = seat_at(self, db, conn, partner, name, token)
                if got is not None:
                    if got[0] == "joined":
                        ratings.enter_guest(db, partner, player)
                    return got
                passed.add(partner)
            host = fresh.seats[0]
            for _ in range(3):  # a code another gateway drew a moment ago: draw again
                made = ops.create(db, fresh.code, game, fresh.seed, fresh.secret, name, host.token, conn.ip,
                                  self.id, fresh.created, waiting_cap=self.limits.waiting_per_ip, full_at=full_at)
                if made:
                    ratings.enter_host(db, fresh.code, game, fresh.created, player)
                    series.start(db, True, fresh.code, fresh.created, best)
                    return ("created", fresh.code)
                if made != ops.TAKEN:
                    return ("", str(made))
                fresh.code = self._new_code()
            return ("", ops.TAKEN)

        self.journal.write(Op(None, pair, done.set_result))
        how, code = await done
        if await settle(self, conn, fresh, how, code, token, "ranked"):
            self._spawn(self._widen(conn, fresh, name, player))

    async def _widen(self, conn: Conn, table: Table, name: str, player: str) -> None:
        """While ``conn`` waits at its ranked table, look again now and then: once the window of a host who waited
        longer holds this player, this player moves to that table (and the own one closes). Only ever to an older
        table, so two waiting hosts never move to each other's."""
        while True:
            await asyncio.sleep(RETRY)
            if conn.code != table.code or table.seats[1].name is not None or table.seats[0].conn is not conn:
                return
            if await asyncio.to_thread(self.store.read, partial(_in_reach, table=table, player=player)) is None:
                continue  # looked at on a reading connection: a waiting host costs no write until a move is likely
            token, done = new_token(), asyncio.get_running_loop().create_future()
            self.journal.write(Op(None, partial(self._move, table=table, name=name, player=player, token=token),
                                  done.set_result))
            partner = await done
            if not partner:
                continue
            self.tables.pop(table.code, None)
            table.seats[0].conn = None
            conn.code = conn.seat = None
            new = await self.table(partner, fresh=True)
            if new is None or new.seat_of(token) != 1:
                self.send(conn, protocol.error("internal", "the table closed while you were seated; please try again",
                                               "ranked"))
                return
            self._attach(conn, new, 1)
            self.send(conn, new.seated_message(1), partner)
            for i, s in enumerate(new.seats):
                if s.conn is not None:
                    self.send(s.conn, new.state_message(i, 0, full=True), partner)
            return

    def _move(self, db: Db, table: Table, name: str, player: str, token: str) -> str | None:
        """Inside the writer's transaction: this waiting host sits down at an older table now in reach, or None."""
        # the own table is still waiting (its row held to the commit), so nobody can sit down there meanwhile
        db.fence = self.fence(table.code)
        if not db.guarded("UPDATE tables SET quick = 0 WHERE code = ? AND name1 IS NULL AND closed = 0",
                          (table.code,)):
            return None
        partner = _in_reach(db, table, player)
        if partner is None:
            return None
        db.fence = (self.id, ops.take(db, partner, self.id, time.time(), self.limits.lease))  # 0: held elsewhere
        if not ops.seat(db, partner, name, token, self.id):
            return None
        self.held[partner] = db.fence[1]
        ratings.enter_guest(db, partner, player)
        db.fence = self.fence(table.code)
        ops.closed(db, table.code, False, time.time())
        db.run("DELETE FROM rated WHERE code = ?", (table.code,))
        self.store.notify(db, partner, self.id)
        self.store.notify(db, table.code, self.id)
        return partner
