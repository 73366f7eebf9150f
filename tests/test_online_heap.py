"""The standalone server's garbage-collector keeper: survivors are frozen each interval, and the hourly full
pass still finds cycles that died after they were frozen (so freezing never leaks for long)."""
from __future__ import annotations

import gc
import weakref

from game.online.heap import HeapKeeper


class Node:
    pass


def test_survivors_are_frozen_each_interval_and_the_full_pass_frees_frozen_cycles():
    now = [0.0]
    keeper = HeapKeeper(freeze_every=1.0, full_every=10.0, clock=lambda: now[0])
    try:
        keeper.start()
        survivors = [Node() for _ in range(2000)]
        frozen = gc.get_freeze_count()
        now[0] = 0.5
        keeper.tick()
        assert gc.get_freeze_count() == frozen, "not before the interval"
        now[0] = 1.0
        keeper.tick()
        assert gc.get_freeze_count() >= frozen + len(survivors)

        cycle = Node()
        cycle.me = cycle
        ref = weakref.ref(cycle)
        now[0] = 2.0
        keeper.tick()
        del cycle
        gc.collect()
        assert ref() is not None, "a frozen cycle is not examined by ordinary collections"
        now[0] = 10.0
        keeper.tick()
        assert ref() is None and len(keeper.full_pauses) == 1
        assert gc.get_freeze_count() > 0, "frozen again after the full pass"
    finally:
        keeper.stop()
    assert gc.get_freeze_count() == 0
