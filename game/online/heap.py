"""Short garbage-collection pauses for a server whose memory is mostly long-lived tables.

CPython's full collection walks every tracked object. With 1,000 tables that is a few hundred thousand
objects (states, actions, connections) and the walk stopped the event loop for up to half a second,
which every player at every table felt as a late move. Almost none of it is garbage: a table's history
only grows, and the objects a full collection freed in the load bench were a few hundred in 30 s.

So the standalone server moves what has survived into CPython's permanent generation every few seconds
(``gc.freeze``) after a young collection has cleared the short-lived cycles; the automatic collections then
walk only what is new. Cycles that die after they were frozen are not found that way, so once an hour
everything is thawed and collected in one full pass: one pause an hour instead of one every few seconds.
"""
from __future__ import annotations

import gc
import time
from collections.abc import Callable


class HeapKeeper:
    def __init__(self, freeze_every: float = 1.0, full_every: float = 3600.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.freeze_every, self.full_every = freeze_every, full_every
        self.clock = clock
        self.frozen_at = self.full_at = clock()
        self.full_pauses: list[float] = []  # seconds each hourly full pass took (logged, read by tests)

    def start(self) -> None:
        """After start-up: the imported modules and the listening server never need another look."""
        gc.collect()
        gc.freeze()
        self.frozen_at = self.full_at = self.clock()

    def tick(self) -> None:
        now = self.clock()
        if now - self.full_at >= self.full_every:
            t0 = time.perf_counter()
            gc.unfreeze()
            gc.collect()
            gc.freeze()
            self.full_pauses.append(time.perf_counter() - t0)
            self.full_at = self.frozen_at = now
        elif now - self.frozen_at >= self.freeze_every:
            gc.collect(1)  # the young cycles (finished tasks, exceptions) go now, not into the frozen heap
            gc.freeze()
            self.frozen_at = now

    @staticmethod
    def stop() -> None:
        gc.unfreeze()
