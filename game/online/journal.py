"""The journal: no answer leaves before the change it answers is committed, and a lost race sends nothing.

The server changes a table in memory at once and hands the journal an :class:`Op` (a function of one
transaction, see ``game/online/ops.py``) plus the messages that follow from it. The ops of one event-loop
tick are committed together in a writer thread (group commit), those with a payload announced to the other
gateways; a message about a table leaves only when that table's changes are committed (and after the earlier
messages to its connection), so nothing is held behind another table's commit. An op whose guard matched
nothing (another gateway holds the table now, or was first) makes the journal drop that tick's messages about
its table and call its ``done`` with False, so the server can answer ``stale`` and send the table as the store
has it.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, TypeVar

from game.online.store import Db, Store

R = TypeVar("R")  # what an op's transaction returns, handed to its ``done``
C = TypeVar("C")  # a connection, as the server's ``deliver`` and ``failed`` take it

log = logging.getLogger("carduels.online")


@dataclass
class Op(Generic[R]):
    code: str | None  # the table it changes (announced to the other gateways); None: no table
    fn: Callable[[Db], R]  # runs in the transaction; a falsy result means its guard lost
    done: Callable[[R], None] | None = None  # called in the event loop with the result, after the commit
    payload: str = ""  # what the announcement carries; "": the op is not announced (owning.py)
    fence: tuple[str, int] | None = None  # the table as its owner holds it: its row's writes carry it (``Db.fence``)


class Journal(Generic[C]):
    def __init__(self, store: Store, origin: str, deliver: Callable[[C, bytes], None],
                 failed: Callable[[C], None]) -> None:
        self.store, self.origin, self.deliver, self.failed = store, origin, deliver, failed
        self.ops: list[Op[Any]] = []  # each op's result goes to its own ``done``, whatever its type
        self.msgs: list[tuple[C, bytes, str | None]] = []
        self.pending: dict[str, int] = {}  # changes not yet committed (queued or being written), by table
        self.held: dict[int, int] = {}  # messages waiting, by connection (id)
        self.busy = False
        self.scheduled = False
        self.commits = 0
        self.timed: Callable[[float], None] = lambda seconds: None  # each commit's time (the metrics)
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="store")

    def write(self, op: Op[R]) -> None:
        self.ops.append(op)
        if op.code is not None:
            self.pending[op.code] = self.pending.get(op.code, 0) + 1
        self._schedule()

    def send(self, conn: C, text: bytes, code: str | None = None) -> None:
        """Queue ``text``; ``code`` names the table it is about (dropped if a change to that table is lost).

        It waits only for what it follows from: uncommitted changes to its table, and earlier messages to the
        same connection (which keep their order). A message of a table with nothing uncommitted - a pong, a
        refusal, another table's move - is not held behind anybody's commit."""
        if (code is None or code not in self.pending) and id(conn) not in self.held:
            self.deliver(conn, text)
            return
        self.msgs.append((conn, text, code))
        self.held[id(conn)] = self.held.get(id(conn), 0) + 1
        self._schedule()

    def _schedule(self) -> None:
        if not self.scheduled and not self.busy:
            self.scheduled = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        self.scheduled = False
        if self.busy:
            return
        ops, msgs = self.ops, self.msgs
        self.ops, self.msgs = [], []
        if not ops:
            self._deliver(msgs, set())
            return
        if not self.store.shared:  # memory only: nobody else can hold the lock, a commit takes microseconds
            self._committed(self._commit(ops), ops, msgs)
            return
        # Never in the loop: a commit waits for the disk, the network or another gateway's lock, and the
        # loop serves the other tables meanwhile.
        self.busy = True
        fut = asyncio.get_running_loop().run_in_executor(self._pool, self._commit, ops)
        fut.add_done_callback(lambda f: self._committed(f.result(), ops, msgs))

    def _commit(self, ops: list[Op[Any]]) -> list[object]:
        """The ops of the tables in one transaction, in the order of their codes (so two gateways lock rows in
        the same order and cannot deadlock; a table's own ops keep theirs), then those of no table (the reaper,
        quick match: rows of any table) in another. If a transaction fails, each of its ops in its own."""
        t0 = time.perf_counter()
        order = sorted(range(len(ops)), key=lambda i: ops[i].code or "")
        out: list[object] = [None] * len(ops)
        for part in ([i for i in order if ops[i].code is not None], [i for i in order if ops[i].code is None]):
            if part:
                for i, res in zip(part, self._transaction([ops[i] for i in part]), strict=True):
                    out[i] = res
        out.append(time.perf_counter() - t0)
        return out

    def _transaction(self, ops: list[Op[Any]]) -> list[object]:
        try:
            return list(self.store.run(lambda db: [self._one(db, op) for op in ops]))
        except Exception as exc:  # noqa: BLE001 - retried op by op below
            log.warning("a group commit failed (%r); committing its %d changes one by one", exc, len(ops))
        out: list[object] = []
        for op in ops:
            try:
                out.append(self.store.run(partial(self._one, op=op)))
            except Exception as exc1:  # noqa: BLE001 - this op is lost; its players are told
                log.error("the store could not commit a change to %s: %r", op.code, exc1)
                out.append(_Failed())
        return out

    def _one(self, db: Db, op: Op[R]) -> R:
        # With one owner per table nobody else keeps the table, so only an op that has something to say (a payload)
        # is announced. A guarded write may carry the announcement itself (PostgreSQL: made iff its guard
        # matched) ...
        db.note = None if op.code is None or not op.payload else f"{op.code} {self.origin} {op.payload}"
        db.fence = op.fence
        try:
            res = op.fn(db)
        finally:
            db.fence = None
        if db.note is not None and res:  # ... else it is made here, once the op has succeeded
            assert op.code is not None
            self.store.notify(db, op.code, self.origin, op.payload)
        db.note = None
        return res

    def _committed(self, results: list[object], ops: list[Op[Any]],
                   msgs: list[tuple[C, bytes, str | None]]) -> None:
        self.busy = False
        self.commits += 1
        seconds = results.pop()  # _commit's last entry: how long the commit took
        assert isinstance(seconds, float)
        self.timed(seconds)
        for op in ops:
            if op.code is not None:
                left = self.pending[op.code] - 1
                if left:
                    self.pending[op.code] = left
                else:
                    del self.pending[op.code]
        lost = {op.code for op, res in zip(ops, results, strict=True) if not res}
        failed = {op.code for op, res in zip(ops, results, strict=True) if isinstance(res, _Failed)}
        for conn in {id(c): c for c, _t, code in msgs if code in failed}.values():
            self.failed(conn)
        self._deliver(msgs, lost)
        for op, res in zip(ops, results, strict=True):
            if op.done is not None and not isinstance(res, _Failed):
                try:
                    op.done(res)
                except Exception:  # one table's bug must not stop the others' answers
                    log.exception("handling a commit of %s failed", op.code)
        if self.ops or self.msgs:
            self._schedule()

    def _deliver(self, msgs: list[tuple[C, bytes, str | None]], lost: set[str | None]) -> None:
        for conn, text, code in msgs:
            left = self.held[id(conn)] - 1
            if left:
                self.held[id(conn)] = left
            else:
                del self.held[id(conn)]
            if code is None or code not in lost:
                self.deliver(conn, text)

    async def drain(self) -> None:
        """Wait until everything written so far is committed (stopping, tests)."""
        while self.busy or self.scheduled or self.ops or self.msgs:
            if not self.busy and not self.scheduled:
                self._schedule()
            await asyncio.sleep(0.005)

    def close(self) -> None:
        self._pool.shutdown(wait=True)


class _Failed:
    """The result of an op whose commit raised: falsy like a lost guard, and its players are disconnected."""

    def __bool__(self) -> bool:
        return False
