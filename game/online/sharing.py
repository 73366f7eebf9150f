"""Gateways that share one store (a part of ``GameServer``): tables loaded when needed, changes from the others,
tables dropped when idle, and the reaper.

A table belongs to the gateway holding its lease (``owning.py``), which reads it from the store when one of its
players joins or resumes it, keeps it while its players use it and forgets it when they have gone. When a
table loaded here changes elsewhere (a copy kept from before another gateway claimed it), the store says so
(NOTIFY, or SQLite's change notes): a move carries its action and is applied straight away; anything else
reloads the table and tells the players here what changed. The reaper runs in every gateway on the tables
it holds: it ends games whose player stayed away too long, closes tables nobody came back to, forgets
gateways long silent and prunes finished games after the retention time.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, TypeVar

from game.online import ops, protocol, ratings, series
from game.online.journal import Op
from game.online.limits import Conn
from game.online.store import Db
from game.online.table import Table

if TYPE_CHECKING:
    from game.online.parts import GatewayParts
else:
    GatewayParts = object  # a base for the type checker only: server.GameServer supplies every member

log = logging.getLogger("carduels.online")
R = TypeVar("R")  # what a write's transaction returns, handed to its ``done``


class Sharing(GatewayParts):
    def __init__(self) -> None:
        self.loading: dict[str, asyncio.Future] = {}
        self.open_count = 0  # open tables in the store (counted by the sweep)
        self._refreshing: set[str] = set()
        self._again: set[str] = set()  # codes that changed while being read
        self._listen_stop = threading.Event()
        self._heard: deque[tuple[str, str, str]] = deque()  # changes heard, not yet handled in the loop
        self._listener: threading.Thread | None = None
        self._reader = ThreadPoolExecutor(1, thread_name_prefix="store-read")
        self._swept = float("-inf")

    def start_sharing(self) -> None:
        loop = asyncio.get_running_loop()
        if self.store.shared:
            def heard(code: str, origin: str, payload: str) -> None:
                if self._listen_stop.is_set():
                    return
                self._heard.append((code, origin, payload))
                if len(self._heard) == 1:  # the first of a burst wakes the loop, the others go with it
                    with contextlib.suppress(RuntimeError):  # the loop closed as the server stopped
                        loop.call_soon_threadsafe(self._take_heard)

            self._listener = threading.Thread(target=self.store.listen, args=(heard, self._listen_stop),
                                              daemon=True, name="store-listen")
            self._listener.start()
        self.reap()
        self._spawn(self._reaper())

    def _take_heard(self) -> None:
        """The changes the listener heard since the loop last looked, in order (one wake-up for a group's)."""
        while self._heard:
            try:
                self._changed(*self._heard[0])
            except Exception:  # one table's bug must not stop the others' changes
                log.exception("a change from another gateway could not be handled")
            self._heard.popleft()  # after: the listener wakes the loop again only once this one has emptied

    def stop_sharing(self) -> None:
        self._listen_stop.set()
        if self._listener is not None:
            self._listener.join(2.0)
        self._reader.shutdown(wait=False)

    # --- writing and reading ---------------------------------------------------------------------------------
    def write(self, table: Table, fn: Callable[[Db], R], done: Callable[[R], None] | None = None,
              payload: str = "") -> None:
        """A change to ``table`` for the journal; changes from elsewhere wait until this one is committed."""
        table.pending += 1

        def finish(res: R) -> None:
            table.pending -= 1
            if done is not None:
                done(res)
            if table.pending == 0 and table.stale:
                table.stale = False
                self.refresh(table.code)

        self.journal.write(Op(table.code, fn, finish, payload, self.fence(table.code)))

    async def table(self, code: str, fresh: bool = False) -> Table | None:
        """The table with this code, from memory or read from the store (``fresh``: read it again, as a join or
        resume does: a change made elsewhere a moment ago may not have been heard of here yet)."""
        known = self.tables.get(code)
        if known is not None and (not fresh or known.pending):
            return known
        fut = self.loading.get(code)
        if fut is None:
            fut = asyncio.get_running_loop().run_in_executor(self._reader, self.store.read,
                                                             lambda db: series.loaded(db, ops.load(db, code), code))
            self.loading[code] = fut
            fut.add_done_callback(lambda f: self.loading.pop(code, None))
        try:
            rec = await asyncio.wait_for(asyncio.shield(fut), self.limits.max_sync_wait)
        except Exception as exc:  # a store that does not answer: the player hears it, nobody else waits
            log.error("could not read table %s: %r", code, exc)
            raise protocol.ProtocolError("internal", "the tables cannot be read just now; try again") from None
        known = self.tables.get(code)
        if known is not None and (not fresh or known.pending or rec is not None and rec["moves"] < known.count):
            return known  # loaded meanwhile, or changed here since the read began: memory is the newer
        if rec is None:
            if known is not None:
                self._gone(known)
            return None
        table = self._restore(rec)
        if table is not None:
            if known is not None:
                self._adopt(known, table)
                self._taken_elsewhere(known, table)
            self.tables[code] = table
        return table

    def _restore(self, rec: ops.TableRecord) -> Table | None:
        try:
            table = Table.restore(rec, self.id)
        except Exception:  # a table the rules no longer accept must not stop the others
            log.exception("table %s could not be restored", rec["code"])
            return None
        self.metrics.loads += 1
        if rec["owner"] == self.id:
            self.held[table.code] = rec["epoch"]
        elif table.code in self.held:  # another gateway took it: its players here go there
            asyncio.get_running_loop().call_soon(self.moved, table.code)
        table.idle_since = time.monotonic()
        table.watchers = self.watcher_count(table.code)  # counted here and heard from the other gateways
        return table

    @staticmethod
    def _adopt(old: Table, new: Table) -> None:
        """The fresh copy takes over this gateway's connections and the tokens it knows."""
        for was, now in zip(old.seats, new.seats, strict=True):
            if was.conn is not None and not now.remote:
                now.conn, now.away_since = was.conn, None
            if was.token and now.token_hash and not now.token:
                now.token = was.token
            now.again_token = was.again_token
        new.idle_since = old.idle_since if not new.local else None
        new.watchers = old.watchers

    # --- changes made elsewhere ---------------------------------------------------------------------------------
    def _changed(self, code: str, origin: str, payload: str) -> None:
        if payload.startswith("watchers "):  # another gateway's count of spectators (watching.py)
            self.heard_watchers(code, origin, payload)
            return
        if code == "*":
            for c in list(self.tables):
                self.refresh(c)
            return
        table = self.tables.get(code)
        if table is None or origin == self.id:
            return
        if payload and table.pending == 0 and code not in self._refreshing:
            n, _, data = payload.partition(" ")
            if n.isdigit() and int(n) < table.count:
                return  # already applied
            if n.isdigit() and int(n) == table.count:  # the usual case: the other player's move
                try:
                    events = table.extend([json.loads(data)])
                except Exception:  # noqa: BLE001 - not what the store has? read it again
                    self.refresh(code)
                    return
                self.push_state(table, int(n), events)
                return
        self.refresh(code)

    def refresh(self, code: str) -> None:
        if code in self._refreshing:
            self._again.add(code)  # once more when this read is done (it may have read too early)
            return
        self._refreshing.add(code)
        self._spawn(self._refresh(code))

    async def _refresh(self, code: str) -> None:
        try:
            old = self.tables.get(code)
            if old is None:
                return
            if old.pending:
                old.stale = True
                return
            rec = await asyncio.get_running_loop().run_in_executor(
                self._reader, self.store.read, lambda db: series.loaded(db, ops.load(db, code), code))
            if self.tables.get(code) is not old:
                return
            if old.pending:
                old.stale = True
                return
            if rec is None:
                self._gone(old)
                return
            if rec["moves"] < old.count:  # read before a move that reached us since: read once more
                self._again.add(code)
                return
            new = self._restore(rec)
            if new is not None:
                self._adopt(old, new)
                self.tables[code] = new
                self._tell_changes(old, new)
        except Exception:  # noqa: BLE001 - the next change or the reaper tries again
            log.exception("refreshing table %s failed", code)
        finally:
            self._refreshing.discard(code)
            if code in self._again:
                self._again.discard(code)
                self.refresh(code)

    def _taken_elsewhere(self, old: Table, new: Table) -> None:
        for was, now in zip(old.seats, new.seats, strict=True):
            if was.conn is not None and now.remote:  # the player took the seat on another gateway
                conn: Conn = was.conn
                conn.code, conn.seat = None, None
                self._close_later(conn, 4001, "replaced by a newer connection")
                now.conn = None

    def _tell_changes(self, old: Table, new: Table) -> None:
        self._taken_elsewhere(old, new)
        if new.status != "waiting" and (old.status == "waiting" or new.count != old.count
                                        or new.result != old.result):
            for i, s in enumerate(new.seats):
                if s.conn is not None:
                    self.send(s.conn, new.state_message(i, 0, full=True), new.code)
        elif new.connected != old.connected or new.names != old.names:
            for c in new.local:
                self.send(c, new.presence_message(), new.code)
        self.show_spectators(new)
        if [s.again for s in old.seats] != [s.again for s in new.seats]:
            for c in new.local:
                self.send(c, new.rematch_message(), new.code)
            self._maybe_rematch(new)
        if new.next_code and not old.next_code:
            self.follow_rematch(new)

    def resync(self, code: str, conn: Conn | None = None, ref: str = "") -> None:
        """A change of ours lost its race: ``stale``, then the table as the store has it."""
        if conn is not None:
            self.send(conn, protocol.error("stale", "the table changed meanwhile; here is how it stands", ref))
        table = self.tables.get(code)
        if table is not None:
            self._spawn(self._resync(code))

    async def _resync(self, code: str) -> None:
        table = await self.table(code, fresh=True)
        if table is None:
            return
        for i, s in enumerate(table.seats):
            if s.conn is not None:
                full = table.status != "waiting"
                self.send(s.conn, table.state_message(i, 0, full=True) if full else table.seated_message(i), code)
        self.show_spectators(table, full=True)

    def _gone(self, table: Table) -> None:
        """The table closed (elsewhere): its players here are told."""
        self.tables.pop(table.code, None)
        self.spectators_gone(table)
        for s in table.seats:
            if s.conn is not None:
                s.conn.code, s.conn.seat = None, None
                self.send(s.conn, protocol.message("left", code=table.code, reason="closed"))

    # --- housekeeping ---------------------------------------------------------------------------------------------
    async def _reaper(self) -> None:
        while True:
            await asyncio.sleep(self.limits.reap_interval)
            try:
                self.reap()
                if self.heap is not None:
                    self.heap.tick()
            except Exception:  # the reaper must outlive any bug in one table
                log.exception("reaping tables failed")

    def reap(self, wall: float | None = None) -> None:
        """One round of the reaper (``wall``: pretend it is that time; tests)."""
        now = time.time() if wall is None else wall
        mono = time.monotonic()
        sweep = mono - self._swept >= self.limits.sweep_interval or wall is not None
        if sweep:
            self._swept = mono
        self.addresses.sweep(mono)
        self.announce_watchers()
        for code, table in list(self.tables.items()):
            if (not table.local and not table.pending and table.idle_since is not None and code not in self.watchers
                    and mono - table.idle_since > self.limits.idle_drop):
                del self.tables[code]  # nobody here uses it: it stays in the store only
        for code in [c for c in self.held if c not in self.tables]:
            del self.held[code]  # still held in the store; read again (owner and epoch) when next used
        self.journal.write(Op(None, lambda db: self._reap(db, now, sweep), self._reaped))

    def _reap(self, db: Db, now: float, sweep: bool) -> tuple[list[str], int | None]:
        lim = self.limits
        changed: list[str] = []
        changed += ops.dead_gateways(db, now, lim.gateway_timeout)
        cut = now - lim.reconnect_window
        for code, name1, finished, result, created, *aways, epoch in ops.overdue(db, now, lim.reconnect_window,
                                                                                  lim.max_table_age, self.id):
            db.fence = (self.id, epoch)  # a table held here (and written only while it still is)
            gone = [a is not None and a < cut for a in aways]
            seated = [True, name1 is not None]
            too_old = created < now - lim.max_table_age
            if too_old or all(g for g, s in zip(gone, seated, strict=True) if s):
                ops.closed(db, code, finished is not None or result is not None, now)
            elif name1 is not None and finished is None and result is None:
                seat = 0 if gone[0] else 1
                ratings.with_result(db, ops.result(db, code, {"reason": "abandoned", "seat": seat,
                                                              "winners": [1 - seat]}, now), code, [1 - seat], now)
            else:
                continue
            db.fence = None
            changed.append(code)
        count = None
        if sweep:
            ops.prune(db, now, lim.retention)
            ratings.forget(db)
            series.forget(db)
            self.store.tidy(db, now)
            count = ops.count_open(db)
        for code in changed:
            self.store.notify(db, code, "reaper")
        return changed, count

    def _reaped(self, res: tuple[list[str], int | None]) -> None:
        changed, count = res
        if count is not None:
            self.open_count = count
        for code in changed:
            if code in self.tables:
                self.refresh(code)
