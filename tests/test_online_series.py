"""Best-of-3 series (game/online/series.py) between scripted clients: the score counted with each result, the next game
opened by the rematch with the seats swapped, the series over at two wins, a draw counted for neither; on SQLite
and PostgreSQL, across two gateways, and across kill -9 of a gateway and of the whole server."""
from __future__ import annotations

import asyncio
import sys

import pytest

from game.online import series
from game.online.keyfile import Keys
from game.online.protocol import ProtocolError, client_message, decode_client
from game.online.server import GameServer
from game.online.stores import open_store
from tests.test_online_durable import ServerProcess
from tests.test_online_meet import gateways
from tests.test_online_ratings import ranked_pair, stored
from tests.test_online_server import fast, run
from tools.online_bench import SimPlayer, play_out


async def opened(url: str, game: str, best: int, name: str = "Ann") -> SimPlayer:
    a = await SimPlayer.connect(url)
    await a.send("create", game=game, name=name, best=best)
    await a.expect("seated")
    return a


async def joined(url: str, code: str, name: str = "Ben") -> SimPlayer:
    b = await SimPlayer.connect(url)
    await b.send("join", code=code, name=name)
    await b.expect("seated")
    return b


def _take(p: SimPlayer, msg: dict) -> dict:
    p.obs, p.count, p.result = msg["obs"], msg["count"], msg.get("result")
    return msg


async def started(a: SimPlayer, b: SimPlayer) -> tuple[dict, dict]:
    sa, sb = await asyncio.gather(a.expect("state", code=a.code), b.expect("state", code=b.code))
    return _take(a, sa), _take(b, sb)


async def resigns(loser: SimPlayer, winner: SimPlayer) -> tuple[dict, dict]:
    """``loser`` resigns: both see the game over; each one's last state."""
    code = loser.code
    await loser.send("resign")
    ml, mw = await asyncio.gather(loser.expect("state", code=code, status="over"),
                                  winner.expect("state", code=code, status="over"))
    return _take(loser, ml), _take(winner, mw)


async def next_game(a: SimPlayer, b: SimPlayer) -> tuple[dict, dict]:
    """Both ask for the next game; each one's first state at the new table."""
    old = a.code
    await a.send("rematch")
    await b.send("rematch")
    sa, sb = await asyncio.gather(a.expect("seated", timeout=10), b.expect("seated", timeout=10))
    assert sa["code"] == sb["code"] != old
    fa, fb = await asyncio.gather(a.expect("state", code=sa["code"], full=True, timeout=10),
                                  b.expect("state", code=sb["code"], full=True, timeout=10))
    return _take(a, fa), _take(b, fb)


async def resume(url: str, old: SimPlayer) -> tuple[SimPlayer, dict]:
    p = await SimPlayer.connect(url)
    await p.send("resume", code=old.code, token=old.token)
    assert (await p.expect("seated", timeout=20))["seat"] == old.seat
    return p, _take(p, await p.expect("state", code=old.code, full=True, timeout=20))


def test_the_pure_series_counts_wins_and_a_draw_for_neither():
    s = series.fresh(3)
    assert s == {"best": 3, "game": 1, "wins": [0, 0]} and series.fresh(1) is None
    one = series.shown(s, True, [1])
    assert one["wins"] == [0, 1] and series.winner(one) is None
    assert series.shown(s, False, [1])["wins"] == [0, 0]  # not over yet: not counted
    two = series.following(one)
    assert two == {"best": 3, "game": 2, "wins": [1, 0]}  # seats swapped: seat 0 is the one who won
    drawn = series.shown(two, True, [0, 1])
    assert drawn["wins"] == [1, 0]  # a drawn game counts for neither
    three = series.following(drawn)
    assert three["game"] == 3 and three["wins"] == [0, 1]
    done = series.shown(three, True, [1])
    assert series.winner(done) == 1 and series.following(done) == series.fresh(3)  # decided: a new series


def test_the_series_length_is_checked_on_create():
    assert decode_client(client_message("create", game="square", name="Ann", best=3))["best"] == 3
    assert "best" not in decode_client(client_message("create", game="square", name="Ann"))
    for bad in (2, 0, True, "3"):
        with pytest.raises(ProtocolError):
            decode_client(client_message("create", game="square", name="Ann", best=bad))


def test_a_series_of_three_across_two_gateways(store_url):
    """Ann opens a best of 3 on one gateway, Ben joins on the other. Game 1: Ben resigns (1-0); game 2, seats
    swapped, Ann resigns (1-1); game 3, seats swapped back, is played out move by move; a draw would add a game,
    and the series ends at the first player with two wins. The score and who sits first are checked at every
    game on both players' screens."""
    async def scenario():
        (one, url1), (two, url2) = await gateways(store_url, 2)
        a = await opened(url1, "cribbage", 3)
        b = await joined(url2, a.code)
        sa, sb = await started(a, b)
        assert sa["series"] == sb["series"] == {"best": 3, "game": 1, "wins": [0, 0]}
        assert sa["names"] == ["Ann", "Ben"] and sa["obs"]["to_move"] == 0  # Ann cuts first in game 1
        _, won = await resigns(b, a)
        assert won["series"]["wins"] == [1, 0]
        sa, sb = await next_game(a, b)
        assert (a.seat, b.seat) == (1, 0) and sa["names"] == ["Ben", "Ann"]  # Ben cuts first in game 2
        assert sa["series"] == sb["series"] == {"best": 3, "game": 2, "wins": [0, 1]}
        lost, _ = await resigns(a, b)
        assert lost["series"]["wins"] == [1, 1]
        game = 3
        while True:
            sa, sb = await next_game(a, b)
            ann = a.seat
            assert sa["names"][ann] == "Ann" and ann == (game - 1) % 2  # seats alternate with every game
            assert sa["series"] == sb["series"]
            assert sa["series"]["game"] == game and sa["series"]["wins"] == [1, 1]
            await play_out(a, b, game)
            last = [m for m in a.messages if m.get("type") == "state" and m.get("code") == a.code][-1]
            assert last["status"] == "over"
            winners = last["obs"]["winners"]
            if len(winners) == 1:
                break
            assert last["series"]["wins"] == [1, 1]  # a draw counts for neither: one more game
            game += 1
        final = last["series"]
        assert final["wins"][winners[0]] == 2 and final["wins"][1 - winners[0]] == 1
        assert series.winner(final) == winners[0]
        # the store has it the same way: read by a fresh connection
        store = open_store(store_url, "normal")
        try:
            before = store.read(lambda db: series.read(db, a.code))
            assert series.shown(before, True, winners) == final
        finally:
            store.close()
        sa, _ = await next_game(a, b)  # a rematch after a decided series opens a new one
        assert sa["series"] == {"best": 3, "game": 1, "wins": [0, 0]}
        for s in (one, two):
            await s.stop()
            s.store.close()

    run(scenario(), 120)


def test_a_single_game_table_has_no_series():
    async def scenario():
        ((server, url),) = await gateways(None, 1)
        a = await opened(url, "square", 1)
        b = await joined(url, a.code)
        sa, _ = await started(a, b)
        assert "series" not in sa
        await resigns(a, b)
        sa, _ = await next_game(a, b)
        assert "series" not in sa
        await server.stop()

    run(scenario())


@pytest.mark.skipif(sys.platform == "win32", reason="kill -9 is POSIX")
def test_a_series_survives_kill_9_of_a_gateway_and_of_the_whole_server(store_url):
    """Game 2 of a series is under way on gateway one when it is killed (-9): both players resume on gateway two
    with the score as it was; game 3 starts there and the whole server is killed (-9); a server started anew on
    the same store seats them again and the series ends 2-1 as counted."""
    one, two = ServerProcess(store_url, workers=1), ServerProcess(store_url, workers=1)
    three = None
    try:
        async def before_the_kills():
            a = await opened(one.url, "cribbage", 3)
            b = await joined(one.url, a.code)
            await started(a, b)
            await resigns(b, a)  # Ann 1-0
            await next_game(a, b)
            for _ in range(3):  # a few moves of game 2 (Ben is in seat 0 and cuts first)
                mover, other = (b, a) if b.my_turn else (a, b)
                await mover.act(mover.obs["legal"][0])
                while other.count < mover.count:
                    _take(other, await other.expect("state", code=other.code))
            return a, b

        a, b = asyncio.run(asyncio.wait_for(before_the_kills(), 60))
        one.kill9()

        async def on_gateway_two():
            a2, sa = await resume(two.url, a)
            b2, sb = await resume(two.url, b)
            assert sa["series"] == sb["series"] == {"best": 3, "game": 2, "wins": [0, 1]}
            assert sa["count"] == a.count >= 3
            await resigns(a2, b2)  # 1-1
            sa, _ = await next_game(a2, b2)
            assert sa["series"] == {"best": 3, "game": 3, "wins": [1, 1]} and a2.seat == 0
            return a2, b2

        a, b = asyncio.run(asyncio.wait_for(on_gateway_two(), 60))
        two.kill9()
        three = ServerProcess(store_url, workers=1)

        async def after_a_restart():
            a3, sa = await resume(three.url, a)
            b3, _ = await resume(three.url, b)
            assert sa["series"] == {"best": 3, "game": 3, "wins": [1, 1]}
            _, won = await resigns(b3, a3)
            assert won["series"]["wins"] == [2, 1] and series.winner(won["series"]) == a3.seat == 0

        asyncio.run(asyncio.wait_for(after_a_restart(), 60))
    finally:
        for s in (one, two, three):
            if s is not None:
                s.stop()


def test_ranked_cribbage_is_a_best_of_3_and_every_game_of_it_is_rated(store_url):
    """Ranked quick match: cribbage opens a best of 3 (the other games a single game), and each game of the ranked
    series is rated as a ranked game is, both players' games counted once per game."""
    keys = (Keys.make(), Keys.make())

    async def scenario():
        store = open_store(store_url, "normal")
        server = await GameServer(fast(), store=store).start("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{server.port}"
        try:
            a, b = await ranked_pair(url, keys, "square")
            assert "series" not in [m for m in a.messages if m.get("type") == "state"][-1]
            await a.close(), await b.close()
            a, b = await ranked_pair(url, keys, "cribbage")
            first = [m for m in a.messages if m.get("type") == "state"][-1]
            assert first["series"] == {"best": 3, "game": 1, "wins": [0, 0]}
            await resigns(b, a)
            await server.journal.drain()
            assert stored(store, keys[0], "cribbage")[1] == stored(store, keys[1], "cribbage")[1] == 1
            sa, _ = await next_game(a, b)
            assert sa["series"] == {"best": 3, "game": 2, "wins": [0, 1]}
            _, won = await resigns(b, a)  # Ann wins the series 2-0
            await server.journal.drain()
            ra, rb = stored(store, keys[0], "cribbage"), stored(store, keys[1], "cribbage")
            assert ra[1] == rb[1] == 2 and ra[0] > rb[0]
            assert won["series"]["wins"][a.seat] == 2 and series.winner(won["series"]) == a.seat
        finally:
            await server.stop()
            store.close()

    run(scenario(), 90)


def test_a_client_refuses_a_malformed_series_and_reads_a_good_one():
    from game.online import protocol, served

    state = protocol.message("state", seat=0, count=0, full=True, obs={"game": "kombi", "to_move": None, "legal": []},
                             events=[], names=["A", "B"], connected=[True, True], status="playing", **{"from": 0})
    good = {"best": 3, "game": 2, "wins": [1, 0]}
    assert served.decode_server(protocol.encode({**state, "series": good}))["series"] == good
    for bad in ({"best": 2, "game": 1, "wins": [0, 0]}, {"best": 3, "game": 0, "wins": [0, 0]},
                {"best": 3, "game": 1, "wins": [0, 7]}, {"best": 3, "game": 1, "wins": [True, 0]},
                {"best": 3, "game": True, "wins": [0, 0]}, [3, 1], "3"):
        with pytest.raises(ProtocolError):
            served.decode_server(protocol.encode({**state, "series": bad}))


def test_the_store_counts_a_result_once_and_forgets_the_rows_of_a_table_it_no_longer_holds(store_url):
    from game.online import ops

    store = open_store(store_url, "normal")
    try:
        def opened(db, code, created):
            return series.start(db, ops.create(db, code, "square", 5, "s" * 16, "Ann", "t" * 24, "ip", "g", created),
                                code, created, 3)

        assert store.run(lambda db: opened(db, "AAAAAA", 10.0))
        store.run(lambda db: series.count(db, "AAAAAA", [1]))
        store.run(lambda db: series.count(db, "AAAAAA", [1]))  # counted once, however often asked
        assert store.read(lambda db: series.read(db, "AAAAAA")) == {"best": 3, "game": 1, "wins": [0, 0]}
        assert store.read(lambda db: db.one("SELECT wins0, wins1 FROM series")) == (0, 1)
        # the table closes and is deleted, and its code is drawn again for a single game: no series there
        store.run(lambda db: ops.closed(db, "AAAAAA", False, 20.0))
        store.run(lambda db: ops.create(db, "AAAAAA", "square", 6, "s" * 16, "Cy", "u" * 24, "ip", "g", 30.0))
        assert store.read(lambda db: series.read(db, "AAAAAA")) is None
        assert store.run(series.forget) == 2  # its series_games row and its series
        assert store.read(lambda db: db.one("SELECT count(*) FROM series_games"))[0] == 0
    finally:
        store.close()


@pytest.mark.skipif(sys.platform == "win32", reason="kill -9 is POSIX")
def test_the_next_game_asked_for_on_a_gateway_killed_before_it_opened(store_url):
    """Ann asks for game 2 on gateway one, which is killed (-9) before Ben answers; Ann resumes game 1 on gateway
    two, Ben asks there, and both are seated at game 2 with the score as it was (the token of the next game derives
    from the player's own, so any gateway can give it to them). Then both ask for game 3 on gateway two and Ann
    loses her connection before it opens: on coming back with game 2's token she is seated at game 3."""
    one, two = ServerProcess(store_url, workers=1), ServerProcess(store_url, workers=1)
    try:
        async def scenario():
            a = await opened(one.url, "square", 3)
            b = await joined(two.url, a.code)
            await started(a, b)
            await resigns(b, a)  # Ann 1-0
            await a.send("rematch")
            assert (await b.expect("rematch", timeout=10))["asked"] == [True, False]
            one.kill9()
            a2, _ = await resume(two.url, a)
            # Ben's connection reached gateway one, the table's owner, through gateway two: the relay closed (1012),
            # and he resumes as the app's client does after any drop.
            b, _ = await resume(two.url, b)
            assert (await a2.expect("rematch"))["asked"] == [True, False]
            await b.send("rematch")
            sa, sb = await asyncio.gather(a2.expect("seated", timeout=10), b.expect("seated", timeout=10))
            assert sa["code"] == sb["code"] != a.code and (sa["seat"], sb["seat"]) == (1, 0)
            fa = _take(a2, await a2.expect("state", code=sa["code"], full=True))
            assert fa["series"] == {"best": 3, "game": 2, "wins": [0, 1]}
            await resigns(a2, b)  # 1-1
            await a2.send("rematch")
            a2.abort()  # Ann's connection drops as she asks
            await asyncio.sleep(0.3)
            await b.send("rematch")
            await b.expect("seated", timeout=10)
            a3 = await SimPlayer.connect(two.url)
            await a3.send("resume", code=a2.code, token=a2.token)  # game 2's seat
            seats = [await a3.expect("seated", timeout=10), await a3.expect("seated", timeout=10)]
            assert seats[0]["code"] == a2.code and seats[1]["code"] == b.code  # and on to game 3
            third = await a3.expect("state", code=b.code, full=True)
            assert third["series"] == {"best": 3, "game": 3, "wins": [1, 1]} and seats[1]["seat"] == 0

        asyncio.run(asyncio.wait_for(scenario(), 90))
    finally:
        one.stop()
        two.stop()


def test_own_trumps_next_game_is_dealt_by_the_loser_and_after_a_draw_by_the_other():
    """RULES.md §3.2.2: the seed of an Own Trumps rematch is drawn until its deal has the loser dealing (the seats
    swapped); the other games keep the first seed drawn (a cut or a random start decides, as in their first game)."""
    import itertools

    import rules

    trumps = rules.spec("trumps")
    assert trumps.next_dealer({"dealer": 0}, [0]) == 1 and trumps.next_dealer({"dealer": 0}, [1]) == 0
    assert trumps.next_dealer({"dealer": 0}, []) == 1 and trumps.next_dealer({"dealer": 1}, [0, 1]) == 0  # a draw
    assert all(rules.spec(g).next_dealer is None for g in ("cribbage", "square", "kombi"))
    seeds = itertools.count(1000)
    for loser in (0, 1, 0, 1, 1, 0):
        seed = series.next_seed("trumps", {"dealer": 0}, [1 - loser], lambda: next(seeds))
        assert rules.new_game("trumps", seed=seed).observe(0)["dealer"] == 1 - loser  # the loser, seated anew
    assert series.next_seed("kombi", {}, [0], lambda: 77) == 77


def test_own_trumps_series_the_loser_deals_the_next_game():
    async def scenario():
        ((server, url),) = await gateways(None, 1)
        a = await opened(url, "trumps", 3)
        b = await joined(url, a.code)
        await started(a, b)
        for loser in (b, a, b, b, a, a, b, a):  # who loses each game (and two series end on the way)
            await resigns(loser, a if loser is b else b)
            sa, sb = await next_game(a, b)
            assert sa["obs"]["dealer"] == sb["obs"]["dealer"] == loser.seat  # the loser deals (at the new seat)
        await server.stop()

    run(scenario())
