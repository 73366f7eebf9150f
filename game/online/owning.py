"""One owner per live table (a part of ``GameServer``): the lease each gateway holds on its tables, and the relay
that takes a player who reached another gateway to the table's owner.

A table's row names the gateway that holds it (``owner``) and how many times it was taken (``epoch``). The lease
is the owner's heartbeat: written every ``Limits.beat_every`` seconds, it keeps every table of that gateway held
for ``Limits.lease`` seconds more. Every write of a table's row carries ``owner = me AND epoch = e`` in its guard
(``Db.fence``), so once another gateway has claimed a table (the epoch went up) the old owner can write nothing
of it, even a write it queued before it stalled. Each gateway claims, row by row in the order of the codes, the
tables of gateways whose lease lapsed (a dead gateway's tables pass within the lease and one beat), and a join,
resume or watch of a table nobody live holds claims it at once.

Each gateway also listens on an internal address (``127.0.0.1`` and a free port, or ``serve --cluster-host``),
written in its heartbeat row. A ``join``, ``resume`` or ``watch`` for a table held by another live gateway, and a
quick or ranked match whose partner is held by one, is relayed: the gateway opens a connection to the owner's
address (authenticated by a key in the store, carrying the player's address and proven identity), sends it the
message and from then on passes the player's frames there and the owner's back, untouched. The owner serves the
player as if connected directly, so a table's players always meet in one process and the protocol to clients is
unchanged. A relay whose owner goes away closes the player's connection (1012); the client reconnects, resumes and
is routed to the new owner.
"""
from __future__ import annotations

import asyncio
import base64
import logging
import secrets
import threading
import time
from typing import TYPE_CHECKING

from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from game.online import ops, protocol
from game.online.identity import Identities, Proven
from game.online.journal import Op
from game.online.limits import Conn
from game.online.protocol import ProtocolError
from game.online.store import Db

if TYPE_CHECKING:
    from websockets.http11 import Request, Response

    from game.online.parts import GatewayParts
else:
    GatewayParts = object  # a base for the type checker only: server.GameServer supplies every member

log = logging.getLogger("carduels.online")
KEY, FOR, PROVEN = "X-Card-Duels-Key", "X-Card-Duels-For", "X-Card-Duels-Proven"
RELAY_OPEN = 10.0  # seconds a relay may take to open (a gateway under load answers its handshake late)
STUCK = 5.0  # seconds without a turn of the event loop after which a gateway stops renewing its lease
MOVED = (1012, "the table moved to another gateway; reconnect to resume")
PASSED = {1000, 1001, 1008, 1013, 4001}  # closes of the owner a player is told as they are


def cluster_key(db: Db) -> str:
    """The key every gateway of this store shows on its relays (made by the first gateway ever started)."""
    db.run("INSERT INTO meta (key, value) VALUES ('cluster', ?) ON CONFLICT (key) DO NOTHING",
           (secrets.token_urlsafe(24),))
    row = db.one("SELECT value FROM meta WHERE key = 'cluster'")
    return str(row[0]) if row else ""


class Owning(GatewayParts):
    identities: Identities  # (server.py's; the relay passes on who a connection proved to be)

    def __init__(self) -> None:
        self.held: dict[str, int] = {}  # the tables this gateway holds, and the epoch it holds each under
        self.addr = ""  # where the other gateways' relays reach this one
        self.key = ""
        self._inner: Server | None = None
        self._ticked = time.monotonic()  # when the event loop last ran the keeper (the beat's proof of life)
        self._beat_stop = threading.Event()
        self._beater: threading.Thread | None = None

    async def start_owning(self, host: str) -> None:
        self.key = await asyncio.to_thread(self.store.run, cluster_key)
        if self.store.shared:  # memory only: no other gateway can exist
            self._inner = await serve(self._serve_inner, host, 0, max_size=protocol.HARD_LIMIT_BYTES, max_queue=16,
                                      compression=None, ping_interval=20, ping_timeout=20, close_timeout=2,
                                      server_header=None, process_request=self._admit_inner)
            where = self._inner.sockets[0].getsockname()
            self.addr = f"ws://{'[' + where[0] + ']' if ':' in where[0] else where[0]}:{where[1]}"
        self.beat()
        if self.store.shared:
            self._beater = threading.Thread(target=self._beating, daemon=True, name="store-beat")
            self._beater.start()
        self.keep()
        self._spawn(self._keeper())

    async def stop_owning(self) -> None:
        self._beat_stop.set()
        if self._beater is not None:
            await asyncio.to_thread(self._beater.join, 2.0)
        if self._inner is not None:
            self._inner.close()
            await self._inner.wait_closed()

    def fence(self, code: str) -> tuple[str, int]:
        return (self.id, self.held.get(code, 0))  # epoch 0 matches no row: a table not held is not written

    # --- the lease ---------------------------------------------------------------------------------------------
    def beat(self) -> None:
        """Renew the lease of every table held here (one row), on a connection and in a thread of its own: a commit
        queue or a busy event loop must not cost a live gateway its tables (under load both lag by a second and
        more, and a beat through the journal let the leases lapse and the tables pass to and fro)."""
        self.store.apart(lambda db: ops.beat(db, self.id, time.time(), self.addr))

    def _beating(self) -> None:
        while not self._beat_stop.wait(self.limits.beat_every):
            if time.monotonic() - self._ticked > STUCK:
                continue  # the event loop has not run for long: let the lease lapse, so the tables go elsewhere
            try:
                self.beat()
            except Exception as exc:  # noqa: BLE001 - the next beat tries again; a lapsed lease is safe
                log.warning("could not beat: %r", exc)

    async def _keeper(self) -> None:
        while True:
            await asyncio.sleep(self.limits.beat_every)
            self._ticked = time.monotonic()
            try:
                self.keep()
            except Exception:  # the claims must outlive any bug
                log.exception("claiming tables failed")

    def keep(self) -> None:
        """Claim the tables of gateways whose lease lapsed (a memory-only store has no other gateway)."""
        if self.store.shared:
            self.journal.write(Op(None, lambda db: self._tell_claims(db, ops.orphans(db, self.id, time.time(),
                                                                                 self.limits.lease)), self._claimed))

    def _tell_claims(self, db: Db, taken: list[tuple[str, int]]) -> list[tuple[str, int]]:
        """Tell the gateways (at the commit) which tables were claimed: a former owner that is still running reads
        each again, sees it is not its own any more and sends its players to the new owner (``moved``)."""
        for code, _epoch in taken:
            self.store.notify(db, code, self.id, "claimed")
        return taken

    def _claimed(self, taken: list[tuple[str, int]]) -> None:
        self.metrics.claims += len(taken)
        for code, epoch in taken:
            self.held[code] = epoch
            log.info("took table %s (epoch %d): its gateway stopped beating", code, epoch)
            # spectators sit at the owner: the dead one's count goes with it (their connections come here), where
            # it stayed for WATCH_FORGET and the players read "2 watching" of one spectator meanwhile
            if self.elsewhere.pop(code, None):
                self._count_changed(code, tell=False)
            if code in self.tables:
                self.refresh(code)

    def moved(self, code: str) -> None:
        """Another gateway holds ``code`` now: whoever uses it here reconnects and is routed there."""
        self.held.pop(code, None)
        table = self.tables.pop(code, None)
        conns = [s.conn for s in table.seats if s.conn is not None] if table is not None else []
        for conn in [*conns, *self.watchers.get(code, ())]:  # (each leaves ``watchers`` as its connection closes)
            conn.code, conn.seat = None, None
            self._close_later(conn, *MOVED)

    # --- routing -----------------------------------------------------------------------------------------------
    async def route(self, conn: Conn, code: str, raw: str | bytes) -> bool:
        """Make sure ``code`` is served here (held, or claimed now) - True - or relay ``conn`` to the gateway that
        holds it, starting with ``raw`` - False. A holder that does not answer is waited for until its lease lapses."""
        deadline = time.monotonic() + self.limits.lease + 2 * self.limits.beat_every + RELAY_OPEN
        while True:
            if code in self.held and code in self.tables:
                return True
            who = await asyncio.get_running_loop().run_in_executor(
                self._reader, self.store.read, lambda db: ops.holder(db, code, time.time(), self.limits.lease))
            if who is None:
                return True  # no such table: answered here
            owner, epoch, addr = who
            if owner == self.id:
                self.held[code] = epoch
                return True
            if not owner:
                if await self._claim(code):
                    return True
                continue  # another gateway claimed it first: ask again who
            if conn.inner:
                raise ProtocolError("internal", "the table is held by another gateway; reconnect")
            if addr and await self.relay(conn, raw, addr):
                return False
            if time.monotonic() > deadline:
                raise ProtocolError("internal", "the table's gateway does not answer; try again")
            await asyncio.sleep(self.limits.beat_every)

    async def _claim(self, code: str) -> bool:
        done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        def claim(db: Db) -> int:
            epoch = ops.claim(db, code, self.id, time.time(), self.limits.lease)
            return self._tell_claims(db, [(code, epoch)])[0][1] if epoch else 0

        self.journal.write(Op(None, claim, done.set_result))
        epoch = await done
        if epoch:
            self.metrics.claims += 1
            self.held[code] = epoch  # (the join or resume then reads the table afresh)
        return bool(epoch)

    async def relay(self, conn: Conn, raw: str | bytes, addr: str) -> bool:
        """Connect ``conn`` through to the gateway at ``addr`` and send it ``raw``; False if it cannot be reached."""
        headers = {KEY: self.key, FOR: conn.peer}
        proven = self.identities.proven.get(conn)
        if proven is not None:
            headers[PROVEN] = f"{proven.player} {base64.urlsafe_b64encode(proven.name.encode()).decode('ascii')}"
        try:
            up = await connect(addr, additional_headers=headers, open_timeout=RELAY_OPEN, compression=None,
                               max_size=None, ping_interval=20, ping_timeout=20, close_timeout=2)
            await up.send(raw)
        except (OSError, InvalidHandshake, TimeoutError, ConnectionClosed) as exc:
            log.info("could not relay to %s: %r", addr, exc)
            return False
        conn.relay = up
        self.metrics.relays += 1
        self._spawn(self._down(conn, up))
        return True

    async def _down(self, conn: Conn, up: ClientConnection) -> None:
        """The owner's frames to the player, as they come; when the owner closes, so does the player's connection."""
        try:
            while True:
                self._deliver(conn, await up.recv(decode=False))
        except ConnectionClosed:
            pass
        if conn.ws.close_code is None and conn.close_with is None:
            self._close_later(conn, *self.relay_ended(up))

    @staticmethod
    def relay_ended(up: ClientConnection) -> tuple[int, str]:
        """How a player is told that the owner closed its relay: as the owner said (a replaced connection, a limit),
        else as a table gone elsewhere (1012: the client reconnects and resumes)."""
        code = up.close_code
        return (code, up.close_reason or "") if code and code in PASSED else MOVED

    # --- the owner's side of a relay -------------------------------------------------------------------------------
    async def _admit_inner(self, ws: ServerConnection, request: Request) -> Response | None:
        if not self.key or not secrets.compare_digest(request.headers.get(KEY, ""), self.key):
            return ws.respond(403, "Forbidden.\n")
        return None

    async def _serve_inner(self, ws: ServerConnection) -> None:
        await self._serve(ws, inner=True)

    def vouched(self, conn: Conn, ws: ServerConnection) -> None:
        """A relayed connection: who the relaying gateway saw it prove to be (it checked the proof)."""
        said = ws.request.headers.get(PROVEN, "") if ws.request is not None else ""
        if said:
            player, _, name = said.partition(" ")
            self.identities.proven[conn] = Proven(player, base64.urlsafe_b64decode(name).decode())
