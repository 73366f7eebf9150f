"""A looping or stalling client cannot make a table grow without bound: every game ends within its
``max_actions`` through the server too, a snapshot carries a bounded log, and snapshots are rationed."""
from __future__ import annotations

import json
import random
import time

import pytest

import rules
from game.online.table import MAX_SYNC_EVENTS
from tests.test_online_server import fast, fixed, run, started
from tools.online_bench import seat_pair

STALL = ("exchange", "pass", "take", "take_discard", "swap", "go")  # whatever moves no card out of play, first


def stalling(legal: list[dict], rng: random.Random) -> dict:
    """The move that delays the end the most, as far as a client can tell: a stalling kind if offered."""
    stall = [a for a in legal if a.get("kind") in STALL]
    return rng.choice(stall or legal)


@pytest.mark.parametrize("game", list(rules.GAMES))
def test_a_stalling_pair_of_clients_still_ends_the_game_within_max_actions(game):
    limit = rules.spec(game).max_actions

    async def scenario():
        server, url = await started(fast())
        a, b = await seat_pair(url, game, keep=False)
        rng = random.Random(5)
        while not a.over and a.count <= limit:
            mover = a if a.my_turn else b
            await mover.act(stalling(mover.obs["legal"], rng))
            other = b if mover is a else a
            while other.count < mover.count:
                await other.expect("state")
        assert a.over and b.over and a.count <= limit, (a.count, limit)
        table = server.tables[a.code]
        assert table.count == a.count <= limit
        await server.stop()

    run(scenario(), timeout=300)


def test_the_kombi_exchange_and_pass_loop_of_the_issue_ends():
    """4 tables once played 14,589 moves in 90 s of exchange-then-pass; now exchange closes after 10 quiet turns."""
    async def scenario():
        server, url = await started(fast())
        a, b = await seat_pair(url, "kombi", keep=False)
        loops = 0
        while not a.over:
            mover = a if a.my_turn else b
            legal = mover.obs["legal"]
            pick = next((x for x in legal if x["kind"] == "exchange"), None) or \
                next((x for x in legal if x["kind"] == "pass"), None) or legal[0]
            loops += pick["kind"] in ("exchange", "pass")
            await mover.act(pick)
            other = b if mover is a else a
            while other.count < mover.count:
                await other.expect("state")
            assert a.count <= rules.spec("kombi").max_actions
        assert loops >= 10  # it did loop, until the rule closed the exchange
        await server.stop()

    run(scenario(), timeout=120)


def test_a_snapshot_carries_a_bounded_log_and_comes_at_most_once_a_second():
    async def scenario():
        server, url = await started(fast(sync_every=0.5), seeds=fixed(1))  # a deal that lasts (with this rng)
        a, b = await seat_pair(url, "trumps")
        rng = random.Random(2)
        while a.count < MAX_SYNC_EVENTS + 100 and not a.over:  # a long game: more events than a snapshot holds
            mover = a if a.my_turn else b
            await mover.act(stalling(mover.obs["legal"], rng))
            other = b if mover is a else a
            while other.count < mover.count:
                await other.expect("state")
        t0 = time.monotonic()
        for _ in range(3):
            await a.send("sync")
        snaps = [await a.expect("state", full=True) for _ in range(3)]
        assert time.monotonic() - t0 >= 0.9, "three snapshots in a row are half a second apart each"
        events = snaps[-1]["events"]
        assert a.count > MAX_SYNC_EVENTS and len(events) == MAX_SYNC_EVENTS  # not the whole log ...
        assert events[-1][0] == snaps[-1]["count"] - 1  # ... its latest part
        assert len(json.dumps(snaps[-1])) < 200_000
        await server.stop()

    run(scenario(), timeout=120)
