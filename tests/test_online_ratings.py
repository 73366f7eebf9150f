"""Ratings: Glicko-2 as Glickman worked it, per player key and game, changed in the transaction that stores a ranked
game's result (on SQLite and PostgreSQL), provisional for the first five games; casual games leave them alone."""
from __future__ import annotations

import asyncio
import time

import pytest

from game.online import ranked, ratings
from game.online.keyfile import Keys
from game.online.ratings import Rating
from game.online.server import GameServer
from game.online.stores import open_store
from tests.test_online_server import fast, fixed, run, short_seed
from tools.online_bench import SimPlayer, play_out


def test_glicko2_is_glickmans_worked_example_wherever_the_scale_starts():
    # Glickman, "Example of the Glicko-2 system": a 1500 (RD 200) player beats a 1400 and loses to a 1550 and a
    # 1700 in one period: r' = 1464.06, RD' = 151.52, sigma' = 0.05999
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    new = ratings.period(Rating(1500, 200, 0.06), games)
    # (the paper rounds its intermediate steps, hence the tolerances)
    assert new.rating == pytest.approx(1464.06, abs=0.02) and new.rd == pytest.approx(151.52, abs=0.01)
    assert new.vol == pytest.approx(0.05999, abs=1e-5)
    # the arithmetic must not depend on where the scale starts (a library whose volatility step squared the
    # rating instead of the deviation passed the example above but not this)
    for shift in (-900.0, 1000.0):
        moved = ratings.period(Rating(1500 + shift, 200, 0.06), [(Rating(o.rating + shift, o.rd), s) for o, s in games])
        assert moved.rating - shift == pytest.approx(new.rating, abs=1e-6)
        assert (moved.rd, moved.vol) == (pytest.approx(new.rd, abs=1e-6), pytest.approx(new.vol, abs=1e-9))


def test_a_win_raises_a_loss_lowers_and_the_first_five_games_are_placement():
    me, other = Rating(), Rating()
    won, lost = ratings.update(me, other, 1.0), ratings.update(me, other, 0.0)
    assert won.rating > 1500 > lost.rating and won.rd < me.rd
    assert ratings.update(me, Rating(1900, 60), 1.0).rating - 1500 > won.rating - 1500  # an upset counts more
    assert ratings.scores([1]) == (0.0, 1.0) and ratings.scores([0, 1]) == (0.5, 0.5)
    r = Rating()
    for n in range(1, 6):
        assert r.provisional
        r = ratings.update(r, other, 1.0)
        assert r.games == n
    assert not r.provisional


async def proven(url: str, keys: Keys, name: str) -> SimPlayer:
    p = await SimPlayer.connect(url)
    await p.send("challenge")
    nonce = (await p.expect("challenge"))["nonce"]
    await p.send("prove", key=keys.public, sig=keys.sign(nonce, name), name=name)
    await p.expect("identified")
    return p


async def ranked_pair(url: str, keys: tuple[Keys, Keys], game: str) -> tuple[SimPlayer, SimPlayer]:
    a = await proven(url, keys[0], "Ann")
    await a.send("ranked", game=game, name="Ann")
    await a.expect("seated")
    b = await proven(url, keys[1], "Ben")
    await b.send("ranked", game=game, name="Ben")
    await b.expect("seated")
    await a.expect("state")
    return a, b


def stored(store, keys: Keys, game: str) -> tuple[float, int] | None:
    row = store.read(lambda db: db.one("SELECT rating, games FROM ratings WHERE player = ? AND game = ?",
                                       (keys.player, game)))
    return None if row is None else (float(row[0]), int(row[1]))


def test_ranked_results_move_both_ratings_the_right_way_and_casual_ones_none(store_url, monkeypatch):
    game = "square"
    monkeypatch.setattr(ranked, "WINDOW_START", 1000.0)  # after one game they are too far apart for a new pairing
    seed = short_seed(game, 400)
    keys = (Keys.make(), Keys.make())

    async def scenario():
        store = open_store(store_url, "normal")
        server = await GameServer(fast(), fixed(seed), store=store).start("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{server.port}"
        try:
            a, b = await ranked_pair(url, keys, game)
            assert a.code == b.code
            await play_out(a, b, seed)  # the last move's op rates the game
            await server.journal.drain()
            winners = a.obs["winners"]
            ra, rb = stored(store, keys[0], game), stored(store, keys[1], game)
            assert ra is not None and rb is not None and ra[1] == rb[1] == 1
            if winners == [0]:
                assert ra[0] > 1500 > rb[0]
            elif winners == [1]:
                assert rb[0] > 1500 > ra[0]
            await a.close(), await b.close()
            # a resignation is rated too: the one who resigned loses
            a, b = await ranked_pair(url, keys, game)
            before = stored(store, keys[0], game), stored(store, keys[1], game)
            await b.send("resign")
            await a.expect("state", status="over")
            await server.journal.drain()
            after = stored(store, keys[0], game), stored(store, keys[1], game)
            assert after[0][0] > before[0][0] and after[1][0] < before[1][0]
            assert after[0][1] == after[1][1] == 2
            await a.close(), await b.close()
            # a casual quick match between the same two players changes nothing
            a, b = await proven(url, keys[0], "Ann"), await proven(url, keys[1], "Ben")
            await a.send("quick", game=game, name="Ann")
            await a.expect("seated")
            await b.send("quick", game=game, name="Ben")
            await b.expect("seated")
            await b.send("resign")
            await a.expect("state", status="over")
            await server.journal.drain()
            assert (stored(store, keys[0], game), stored(store, keys[1], game)) == after
            await a.close(), await b.close()
        finally:
            await server.stop()
            store.close()

    run(scenario(), 90)


def test_ranked_play_needs_a_proven_identity(store_url):
    async def scenario():
        store = open_store(store_url, "normal")
        server = await GameServer(fast(), store=store).start("127.0.0.1", 0)
        try:
            p = await SimPlayer.connect(f"ws://127.0.0.1:{server.port}")
            await p.send("ranked", game="kombi", name="Zed")
            assert (await p.expect("error"))["code"] == "not_identified"
            await p.close()
        finally:
            await server.stop()
            store.close()

    run(scenario())


def test_a_rating_that_cannot_be_written_takes_the_result_with_it(store_url, monkeypatch):
    """The result and the ratings are one transaction: when the rating write fails, the result is not stored."""
    keys = (Keys.make(), Keys.make())

    def broken(me, other, score):
        raise RuntimeError("the rating write failed")

    async def scenario():
        store = open_store(store_url, "normal")
        server = await GameServer(fast(), store=store).start("127.0.0.1", 0)
        try:
            a, b = await ranked_pair(f"ws://127.0.0.1:{server.port}", keys, "kombi")
            code = a.code
            monkeypatch.setattr(ratings, "update", broken)
            await b.send("resign")
            await server.journal.drain()
            await asyncio.sleep(0.2)
            row = store.read(lambda db: db.one("SELECT result, finished FROM tables WHERE code = ?", (code,)))
            assert row == (None, None)  # no result without its ratings ...
            assert stored(store, keys[0], "kombi") is None and stored(store, keys[1], "kombi") is None
            assert not any(m["type"] == "state" and m["status"] == "over" for m in a.messages)  # ... and none told
            await a.close(), await b.close()
        finally:
            await server.stop()
            store.close()

    run(scenario())


def test_the_pairing_window_widens_with_the_hosts_wait_and_the_longest_waiting_within_it_is_first():
    from game.online.ranked import WINDOW_GROWTH, WINDOW_START, Waiting, pick, window

    assert window(0) == WINDOW_START and window(30) == WINDOW_START + 30 * WINDOW_GROWTH and window(-5) == WINDOW_START
    hosts = [Waiting("OLDFAR", 1900.0, 80.0), Waiting("NEWNEAR", 1520.0, 95.0), Waiting("OLDNEAR", 1450.0, 90.0)]
    assert pick(1500.0, hosts, 100.0) == "OLDNEAR"  # both near ones hold 1500; the one waiting longer sits first
    assert pick(1500.0, hosts[:2], 100.0) == "NEWNEAR"  # the far one's window (300 after 20 s) misses 1500 by 100
    assert pick(1500.0, hosts, 110.0) == "OLDFAR"  # ... until it waited 10 s more: now the longest-waiting fits
    assert pick(2400.0, hosts, 100.0) is None  # nobody near: the newcomer opens a table and waits
    assert pick(1500.0, [Waiting("B", 1500.0, 5.0), Waiting("A", 1500.0, 5.0)], 5.0) == "A"  # ties: by code


def test_ranked_quick_match_seats_the_newcomer_with_the_host_of_similar_rating(monkeypatch):
    """End to end: a newcomer rated 1880 sits down with the 1900 host, not with the 1500 host who waited longer;
    a newcomer rated 1650 waits until the 1500 host's window has widened to hold it."""
    keys = {name: Keys.make() for name in ("Ann", "Ben", "Cy", "Di")}
    monkeypatch.setattr(ranked, "WINDOW_GROWTH", 100.0)  # a minute's widening in a second and a half

    async def scenario():
        server = await GameServer(fast()).start("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{server.port}"

        def rate(name: str, value: float) -> None:
            server.store.run(lambda db: db.run("INSERT INTO ratings (player, game, rating, rd, vol, games) "
                                               "VALUES (?, 'kombi', ?, 60, 0.06, 20)", (keys[name].player, value)))

        for name, value in (("Ann", 1500.0), ("Ben", 1900.0), ("Cy", 1880.0), ("Di", 1650.0)):
            rate(name, value)
        players = {}
        for name in ("Ann", "Ben", "Cy"):
            p = players[name] = await proven(url, keys[name], name)
            await p.send("ranked", game="kombi", name=name)
            await p.expect("seated")
        assert players["Cy"].code == players["Ben"].code != players["Ann"].code and players["Cy"].seat == 1
        di = await proven(url, keys["Di"], "Di")
        await asyncio.sleep(max(0.0, 1.6 - (time.time() - server.tables[players["Ann"].code].created)))
        await di.send("ranked", game="kombi", name="Di")  # 150 away: Ann's window holds it after 0.5 s of waiting
        await di.expect("seated")
        assert di.code == players["Ann"].code and di.seat == 1
        for p in (*players.values(), di):
            await p.close()
        await server.stop()

    run(scenario())


def test_a_ranked_game_across_two_gateways_is_rated_once(store_url):
    """Ann waits on one gateway, Ben comes to the other: they are paired through the store, and the game's end,
    written by whichever gateway took the last move, rates it once."""
    game = "trumps"
    seed = short_seed(game, 400)
    keys = (Keys.make(), Keys.make())

    async def scenario():
        stores = [open_store(store_url, "normal") for _ in range(2)]
        servers = [await GameServer(fast(), fixed(seed), store=s).start("127.0.0.1", 0) for s in stores]
        try:
            a = await proven(f"ws://127.0.0.1:{servers[0].port}", keys[0], "Ann")
            await a.send("ranked", game=game, name="Ann")
            await a.expect("seated")
            b = await proven(f"ws://127.0.0.1:{servers[1].port}", keys[1], "Ben")
            await b.send("ranked", game=game, name="Ben")
            await b.expect("seated")
            await a.expect("state")
            assert a.code == b.code and (a.seat, b.seat) == (0, 1)
            await play_out(a, b, seed)
            for s in servers:
                await s.journal.drain()
            winners = a.obs["winners"]
            ra, rb = stored(stores[0], keys[0], game), stored(stores[0], keys[1], game)
            assert ra[1] == rb[1] == 1
            assert (ra[0] > 1500 > rb[0]) if winners == [0] else (rb[0] > 1500 > ra[0]) if winners == [1] else True
            row = stores[0].read(lambda db: db.one("SELECT settled, player0, player1 FROM rated WHERE code = ?",
                                                   (a.code,)))
            assert row == (1, keys[0].player, keys[1].player)
            await a.close(), await b.close()
        finally:
            for s in servers:
                await s.stop()
            for st in stores:
                st.close()

    run(scenario(), 90)


def test_a_waiting_host_moves_to_an_older_table_once_its_window_has_widened_enough(store_url, monkeypatch):
    """Ann (1500) waits; Ben (1800) comes too early for her window and waits at a table of his own; once Ann's
    window has widened to hold him, Ben sits down at her table and his own closes. Ann never moves to his."""
    keys = {name: Keys.make() for name in ("Ann", "Ben")}
    monkeypatch.setattr(ranked, "WINDOW_GROWTH", 100.0)  # 300 points in 2 s
    monkeypatch.setattr(ranked, "RETRY", 0.1)

    async def scenario():
        store = open_store(store_url, "normal")
        server = await GameServer(fast(), store=store).start("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{server.port}"
        for name, value in (("Ann", 1500.0), ("Ben", 1800.0)):
            server.store.run(lambda db, n=name, v=value: db.run(
                "INSERT INTO ratings (player, game, rating, rd, vol, games) VALUES (?, 'cribbage', ?, 60, 0.06, 20)",
                (keys[n].player, v)))
        ann = await proven(url, keys["Ann"], "Ann")
        await ann.send("ranked", game="cribbage", name="Ann")
        await ann.expect("seated")
        ben = await proven(url, keys["Ben"], "Ben")
        await ben.send("ranked", game="cribbage", name="Ben")
        first = await ben.expect("seated")
        assert first["code"] != ann.code and first["seat"] == 0  # 300 apart: too far for a window of about 100
        moved = await ben.expect("seated", timeout=10)
        waited = time.time() - server.tables[ann.code].created
        assert moved["code"] == ann.code and moved["seat"] == 1 and waited >= 2.0 - 0.05
        await ann.expect("state")
        assert ann.seat == 0 and ann.code == ben.code
        gone = server.store.read(lambda db: db.one("SELECT count(*) FROM tables WHERE code = ?", (first["code"],)))
        assert gone == (0,) and first["code"] not in server.tables
        await ben.send("resign")
        await ann.expect("state", status="over")
        await server.journal.drain()
        assert server.store.read(lambda db: db.one("SELECT settled FROM rated WHERE code = ?", (ann.code,))) == (1,)
        await ann.close(), await ben.close()
        await server.stop()
        store.close()

    run(scenario())


def test_a_ranked_seat_abandoned_past_the_wait_loses_and_the_entries_of_gone_tables_are_forgotten(store_url):
    keys = (Keys.make(), Keys.make())

    async def scenario():
        store = open_store(store_url, "normal")
        server = await GameServer(fast(reconnect_window=0.3, reap_interval=0.05, sweep_interval=0.1),
                                  store=store).start("127.0.0.1", 0)
        try:
            a, b = await ranked_pair(f"ws://127.0.0.1:{server.port}", keys, "kombi")
            b.abort()  # Ben's app is gone and never comes back
            end = await a.expect("state", timeout=5, status="over")
            assert end["result"] == {"reason": "abandoned", "seat": 1, "winners": [0]}
            await server.journal.drain()
            (ra, _), (rb, _) = stored(store, keys[0], "kombi"), stored(store, keys[1], "kombi")
            assert ra > 1500 > rb
            await a.send("leave")
            await a.expect("left")
            # a waiting ranked table given up: its entry goes with it at the next sweep
            c = await proven(f"ws://127.0.0.1:{server.port}", Keys.make(), "Cy")
            await c.send("ranked", game="square", name="Cy")
            await c.expect("seated")
            await c.send("leave")
            await c.expect("left")
            await asyncio.sleep(0.5)
            left = store.read(lambda db: db.rows("SELECT r.code FROM rated r WHERE NOT EXISTS (SELECT 1 FROM tables t "
                                                 "WHERE t.code = r.code)"))
            assert left == []
            await a.close(), await c.close()
        finally:
            await server.stop()
            store.close()

    run(scenario())
