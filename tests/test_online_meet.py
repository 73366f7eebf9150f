"""Meeting people on the server: quick match (a queue per game) and the rematch (both ask; new deal, seats
swapped), on one gateway and across two gateways that share a store."""
from __future__ import annotations

import asyncio

from game.online.server import GameServer, Limits
from game.online.store import SQLiteStore
from game.online.stores import open_store
from tests.test_online_server import run
from tools.online_bench import SimPlayer, play_out, seat_pair


def fast(**kw) -> Limits:
    return Limits(**{"rate": 1e6, "burst": 1e6, **kw})


async def gateways(store_url: str | None, n: int) -> list[tuple[GameServer, str]]:
    out = []
    for _ in range(n):
        store = open_store(store_url, "normal") if store_url else None
        server = await GameServer(fast(), store=store).start("127.0.0.1", 0)
        out.append((server, f"ws://127.0.0.1:{server.port}"))
    return out


async def quick(url: str, game: str, name: str) -> SimPlayer:
    p = await SimPlayer.connect(url)
    await p.send("quick", game=game, name=name)
    await p.expect("seated")
    return p


def test_quick_match_seats_the_next_two_players_of_a_game_together():
    async def scenario():
        ((server, url),) = await gateways(None, 1)
        ann = await quick(url, "kombi", "Ann")
        cy = await quick(url, "square", "Cy")  # another game: another queue
        ben = await quick(url, "kombi", "Ben")
        assert (ann.seat, ben.seat, cy.seat) == (0, 1, 0) and ann.code == ben.code != cy.code
        start = await ann.expect("state")
        assert start["names"] == ["Ann", "Ben"] and start["status"] == "playing"
        dan = await quick(url, "square", "Dan")
        assert dan.code == cy.code and dan.seat == 1
        eve = await quick(url, "kombi", "Eve")  # the kombi queue is empty again: Eve waits at a new table
        assert eve.seat == 0 and eve.code not in (ann.code, cy.code)
        await eve.close()  # a player who left the queue is not matched
        await asyncio.sleep(0.1)
        fay = await quick(url, "kombi", "Fay")
        assert fay.seat == 0 and fay.code != eve.code
        await server.stop()

    run(scenario())


def test_quick_match_across_two_gateways(store_url):
    async def scenario():
        (one, url1), (two, url2) = await gateways(store_url, 2)
        ann = await quick(url1, "trumps", "Ann")
        ben = await quick(url2, "trumps", "Ben")
        assert ben.code == ann.code and ben.seat == 1
        await asyncio.gather(ann.expect("state"), ben.expect("state"))
        await play_out(ann, ben, 3, max_actions=6)
        assert ann.count == ben.count >= 6
        for s in (one, two):
            await s.stop()
            s.store.close()

    run(scenario())


async def finish(a: SimPlayer, b: SimPlayer) -> None:
    await a.send("resign")
    await asyncio.gather(a.expect("state", status="over"), b.expect("state", status="over"))


def test_a_rematch_needs_both_and_deals_anew_with_seats_swapped():
    async def scenario():
        ((server, url),) = await gateways(None, 1)
        a, b = await seat_pair(url, "kombi")
        await a.send("rematch")
        assert (await a.expect("error"))["code"] == "not_over"
        await finish(a, b)
        await a.send("rematch")
        asked = await b.expect("rematch")
        assert asked["asked"] == [True, False]
        await a.send("rematch")  # asking twice changes nothing
        await a.expect("rematch")
        assert len(server.tables) == 1
        old_code, old_commit = a.code, a.messages[0]["commit"]
        await b.send("rematch")
        sa, sb = await a.expect("seated"), await b.expect("seated")
        assert sa["code"] == sb["code"] != old_code and sa["commit"] != old_commit  # a new deal
        assert (sa["seat"], sb["seat"]) == (1, 0) and sb["names"] == ["Ben", "Ann"]  # seats swapped
        new_a, new_b = await a.expect("state", full=True), await b.expect("state", full=True)
        assert new_a["count"] == new_b["count"] == 0 and new_a["status"] == "playing"
        a.seat, b.seat = 1, 0
        sent = await play_out(b, a, 5)
        assert a.over and sent
        back = await SimPlayer.connect(url)  # the new seat's token is the player's own
        await back.send("resume", code=sa["code"], token=sa["token"])
        assert (await back.expect("seated"))["seat"] == 1
        await server.stop()

    run(scenario())


def test_a_rematch_across_two_gateways(store_url):
    async def scenario():
        (one, url1), (two, url2) = await gateways(store_url, 2)
        a = await SimPlayer.connect(url1)
        await a.send("create", game="square", name="Ann")
        await a.expect("seated")
        b = await SimPlayer.connect(url2)
        await b.send("join", code=a.code, name="Ben")
        await asyncio.gather(a.expect("state"), b.expect("state"))
        await finish(a, b)
        await a.send("rematch")
        assert (await b.expect("rematch", timeout=5))["asked"] == [True, False]
        await b.send("rematch")
        sa, sb = await a.expect("seated", timeout=5), await b.expect("seated", timeout=5)
        assert sa["code"] == sb["code"] and (sa["seat"], sb["seat"]) == (1, 0)
        await asyncio.gather(a.expect("state", full=True), b.expect("state", full=True))
        a.seat, b.seat = 1, 0
        await play_out(b, a, 9, max_actions=4)
        for s in (one, two):
            await s.stop()
            s.store.close()

    run(scenario())


def test_a_memory_store_is_one_gateways_own():
    assert not SQLiteStore(":memory:").shared
