"""Spectators on the server: a live table watched by its code or from the list, only its public view (never a
card hidden from both seats, over every game), optionally delayed, no move from a spectator, the count the
players see, the end; on one gateway and across two sharing a store (both stores)."""
from __future__ import annotations

import asyncio

import pytest

import rules
from game.online import protocol, served
from game.online.server import GameServer
from game.online.stores import open_store
from rules.match import Match
from tests.stores import store_url  # noqa: F401 - a fixture
from tests.test_online_server import cards_in, fast, fixed, roundtrip, run, short_seed
from tools.online_bench import SimPlayer, play_out, seat_pair


async def watcher(url: str, code: str) -> SimPlayer:
    w = await SimPlayer.connect(url)
    await w.send("watch", code=code)
    await w.expect("view")
    return w


def check_views(game: str, seed: int, actions: list[dict], w: SimPlayer, delay: int = 0) -> int:
    """Every message the spectator got is the public view of the reference game at its count, holds no card
    hidden from both seats there, and its events no card hidden from both seats just before and just after."""
    ref = Match(game, {"seed": seed}, [rules.action_from_json(game, a) for a in actions])
    spec, views = rules.GAMES[game], 0
    for msg in w.messages:
        served.decode_server(protocol.encode(msg))  # what the app's client accepts
        assert msg["type"] in ("view", "presence", "error", "left"), msg["type"]
        assert not {"seat", "token", "seed", "secret", "actions"} & set(msg)
        if msg["type"] != "view":
            assert not cards_in(msg), msg
            continue
        views += 1
        n = msg["count"]
        state = ref.state_at(n)
        unseen = state.pack - state.visible_to(None)  # hidden from an onlooker: at least what both seats miss
        assert state.hidden_from(0) & state.hidden_from(1) <= unseen
        assert msg["obs"] == roundtrip(spec.public_view(state.observe(0)))
        assert not cards_in(msg["obs"]) & unseen, (n, cards_in(msg["obs"]) & unseen)
        assert not cards_in({k: v for k, v in msg.items() if k not in ("obs", "events")})
        assert msg["obs"]["legal"] == []
        for i, event in msg["events"]:  # a card an event names was on view just before or just after it
            before, after = ref.state_at(i), ref.state_at(i + 1)
            secret = (before.pack - before.visible_to(None)) & (after.pack - after.visible_to(None))
            assert not cards_in(event) & secret, (i, event)
        if msg["status"] != "over" and msg["result"] is None:
            assert n <= max(0, len(actions) - delay) or delay == 0
    return views


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_a_spectator_sees_only_the_public_view_to_the_end_and_cannot_play(game):
    seed = short_seed(game, 400)

    async def scenario():
        server = await GameServer(fast(), fixed(seed)).start("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{server.port}"
        a, b = await seat_pair(url, game)
        w = await watcher(url, a.code)
        for p in (a, b):  # both players see that someone watches
            await p.expect("presence", watchers=1)
        for kind, fields in (("act", {"at": 0, "action": a.obs["legal"][0] if a.obs["legal"] else b.obs["legal"][0]}),
                             ("resign", {}), ("rematch", {}), ("join", {"code": a.code, "name": "Eve"})):
            await w.send(kind, **fields)
            err = await w.expect("error")
            assert err["code"] == "spectator" and err["ref"] == kind
        actions = await play_out(a, b, seed)
        end = await w.expect("view", status="over")
        assert end["count"] == len(actions) and end["obs"]["over"]
        assert end["obs"]["winners"] == a.obs["winners"]
        assert check_views(game, seed, actions, w) >= len(actions)
        late = await watcher(url, a.code)  # the table is over and still open: a newcomer sees the end
        assert late.messages[0]["status"] == "over" and late.messages[0]["count"] == len(actions)
        assert late.messages[0]["full"] and late.messages[0]["obs"] == end["obs"]
        check_views(game, seed, actions, late)
        await late.close()
        await w.send("leave")
        await w.expect("left")
        await a.expect("presence", watchers=0)
        for p in (a, b, w):
            await p.close()
        await server.stop()

    run(scenario())


def test_the_delay_holds_the_spectator_back_until_the_end_and_a_resignation_shows():
    seed = short_seed("kombi", 400, at_least=12)

    async def scenario():
        server = await GameServer(fast(watch_delay=4), fixed(seed)).start("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{server.port}"
        a, b = await seat_pair(url, "kombi")
        w = await watcher(url, a.code)
        sent = []
        for _ in range(10):
            mover, other = (a, b) if a.my_turn else (b, a)
            sent.append(mover.obs["legal"][0])
            await mover.act(sent[-1])
            while other.count < mover.count:
                await other.expect("state")
        await asyncio.sleep(0.1)
        shown = [m["count"] for m in w.messages if m["type"] == "view"]
        assert shown[0] == 0 and shown[-1] == 10 - 4 and all(m["delay"] == 4 for m in w.messages
                                                             if m["type"] == "view")
        await a.send("resign")
        end = await w.expect("view", status="over")
        assert end["count"] == 10 and end["result"]["reason"] == "resign"  # the end at once, no delay
        check_views("kombi", seed, sent, w, delay=4)
        await server.stop()

    run(scenario())


def test_a_quiet_spectator_is_not_closed_as_a_connection_that_took_no_seat():
    async def scenario():
        server = await GameServer(fast(unseated_timeout=0.3)).start("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{server.port}"
        a, b = await seat_pair(url, "square")
        w = await watcher(url, a.code)
        await asyncio.sleep(0.8)  # says nothing, as a spectator does
        mover, other = (a, b) if a.my_turn else (b, a)
        await mover.act(mover.obs["legal"][0])
        assert (await w.expect("view"))["count"] == 1 and w.closed is None
        await server.stop()

    run(scenario())


def test_watch_refuses_a_waiting_table_an_unknown_code_and_a_player():
    async def scenario():
        server = await GameServer(fast()).start("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{server.port}"
        host = await SimPlayer.connect(url)
        await host.send("create", game="square", name="Ann")
        await host.expect("seated")
        w = await SimPlayer.connect(url)
        await w.send("watch", code=host.code)
        assert (await w.expect("error"))["code"] == "not_started"
        await w.send("watch", code="ZZZZZZ")
        assert (await w.expect("error"))["code"] == "no_table"
        await host.send("watch", code=host.code)
        assert (await host.expect("error"))["code"] == "already_seated"
        await server.stop()

    run(scenario())


def test_the_list_of_live_games_and_watching_across_two_gateways(store_url):  # noqa: F811 - the fixture
    seed = short_seed("cribbage", 900)

    async def scenario():
        gates = []
        for _ in range(2):
            store = open_store(store_url, "normal")
            gates.append(await GameServer(fast(), fixed(seed), store=store).start("127.0.0.1", 0))
        one, two = (f"ws://127.0.0.1:{g.port}" for g in gates)
        a, b = await seat_pair(one, "cribbage")
        waiting = await SimPlayer.connect(one)
        await waiting.send("create", game="square", name="Cy")
        await waiting.expect("seated")
        look = await SimPlayer.connect(two)
        await look.send("live")
        live = (await look.expect("live"))["tables"]
        assert [t["code"] for t in live] == [a.code]  # running games only: not Cy's waiting table
        assert live[0]["names"] == ["Ann", "Ben"] and live[0]["game"] == "cribbage"
        w = await watcher(two, live[0]["code"])  # on the other gateway
        for p in (a, b):  # the count crosses to the players' gateway
            await p.expect("presence", watchers=1, timeout=15)
        actions = await play_out(a, b, seed)
        end = await w.expect("view", status="over", timeout=15)
        assert end["count"] == len(actions)
        assert check_views("cribbage", seed, actions, w) >= 2
        await w.close()
        await a.expect("presence", watchers=0, timeout=15)
        for g in gates:
            await g.stop()

    run(scenario(), timeout=120)
