"""The journal: no answer leaves before the change it answers is committed, and a lost race sends nothing.

The server changes a table in memory at once and hands the journal an :class:`Op` (a function of one
transaction, see ``game/online/ops.py``) plus the messages that follow from it. The ops of one event-loop
tick are committed together in a writer thread (group commit), each announced to the other gateways; the
messages of that tick leave only when the commit returned. An op whose guard matched nothing (another
gateway was first) makes the journal drop that tick's messages about its table and call its ``done`` with
False, so the server can answer ``stale`` and send the table as the store has it.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any

from game.online.store import Db, Store

log = logging.getLogger("carduels.online")


@dataclass
class Op:
    code: str | None  # the table it changes (announced to the other gateways); None: no table
    fn: Callable[[Db], Any]  # runs in the transaction; a falsy result means its guard lost
    done: Callable[[Any], None] | None = None  # called in the event loop with the result, after the commit
    payload: str = ""  # what the announcement carries (e.g. the action, so nobody has to read it back)


class Journal:
    def __init__(self, store: Store, origin: str, deliver: Callable[[Any, str], None],
                 failed: Callable[[Any], None]) -> None:
        self.store, self.origin, self.deliver, self.failed = store, origin, deliver, failed
        self.ops: list[Op] = []
        self.msgs: list[tuple[Any, str, str | None]] = []
        self.busy = False
        self.scheduled = False
        self.commits = 0
        self.timed: Callable[[float], None] = lambda seconds: None  # each commit's time (the metrics)
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="store")

    def write(self, op: Op) -> None:
        self.ops.append(op)
        self._schedule()

    def send(self, conn: Any, text: str, code: str | None = None) -> None:
        """Queue ``text``; ``code`` names the table it is about (dropped if a change to that table is lost)."""
        if not self.ops and not self.busy and not self.scheduled and not self.msgs:
            self.deliver(conn, text)  # nothing is waiting to be committed: nothing to wait for
            return
        self.msgs.append((conn, text, code))
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
        if self.store.sync != "full":  # no fsync: a commit takes microseconds, less than a hand-off to a thread
            self._committed(self._commit(ops), ops, msgs)
            return
        self.busy = True  # fsync: the writer thread waits for the disk while the loop serves other tables
        fut = asyncio.get_running_loop().run_in_executor(self._pool, self._commit, ops)
        fut.add_done_callback(lambda f: self._committed(f.result(), ops, msgs))

    def _commit(self, ops: list[Op]) -> list[Any]:
        """Every op in one transaction; if that fails, each in its own (so one bad op costs only itself)."""
        t0 = time.perf_counter()
        try:
            out = self.store.run(lambda db: [self._one(db, op) for op in ops])
        except Exception as exc:  # noqa: BLE001 - retried op by op below
            log.warning("a group commit failed (%r); committing its %d changes one by one", exc, len(ops))
            out = []
            for op in ops:
                try:
                    out.append(self.store.run(partial(self._one, op=op)))
                except Exception as exc1:  # noqa: BLE001 - this op is lost; its players are told
                    log.error("the store could not commit a change to %s: %r", op.code, exc1)
                    out.append(_Failed())
        out.append(time.perf_counter() - t0)
        return out

    def _one(self, db: Db, op: Op) -> Any:
        res = op.fn(db)
        if res and op.code is not None:
            self.store.notify(db, op.code, self.origin, op.payload)
        return res

    def _committed(self, results: list[Any], ops: list[Op], msgs: list[tuple[Any, str, str | None]]) -> None:
        self.busy = False
        self.commits += 1
        self.timed(results.pop())
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

    def _deliver(self, msgs: list[tuple[Any, str, str | None]], lost: set[str | None]) -> None:
        for conn, text, code in msgs:
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
