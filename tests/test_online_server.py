"""The game server on loopback: whole games of every game, hidden cards, reconnects, seats, limits, errors."""
import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import rules
from game.online.server import GameServer, Limits
from rules.cards import standard_deck
from rules.match import Match
from tools.online_bench import SimPlayer, pick, play_out, seat_pair

ROOT = Path(__file__).resolve().parent.parent
ALL_CARDS = {str(c) for c in standard_deck()}


# --- helpers shared with the fuzz test ---------------------------------------------------------------------------
def run(coro, timeout: float = 60.0):
    return asyncio.run(asyncio.wait_for(coro, timeout))


def cards_in(value) -> set[str]:
    """Every card string anywhere in a decoded message."""
    if isinstance(value, str):
        return {value} if value in ALL_CARDS else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def roundtrip(value):
    return json.loads(json.dumps(value))


def short_seed(game: str, limit: int, start: int = 1, at_least: int = 0) -> int:
    """A deal on which the scripted players (``pick``) finish within ``limit`` (but not under ``at_least``) actions."""
    for seed in range(start, start + 300):
        m = Match(game, {"seed": seed})
        while not m.state.is_over and len(m.actions) < limit:
            legal = m.state.observe(m.state.to_move)["legal"]
            m.play(rules.action_from_json(game, pick(legal, seed, len(m.actions))))
        if m.state.is_over and len(m.actions) >= at_least:
            return seed
    raise AssertionError(f"no short {game} deal")


def check_messages(game: str, seed: int, actions: list[dict], player: SimPlayer, seat: int) -> int:
    """Every message this player got matches the reference game and hides what the seat may not see.

    An observation must equal ``observe(seat)`` of the reference state at its count and hold no card of
    ``hidden_from(seat)``; a public event may name a card only if the seat could see it just before or just
    after that action (e.g. the card taken from Kombi's exchange area). Other messages hold no card at all.
    """
    ref = Match(game, {"seed": seed}, [rules.action_from_json(game, a) for a in actions])
    states = 0
    for msg in player.messages:
        if msg["type"] == "pong":  # echoes the id the player chose itself
            continue
        if msg["type"] != "state":
            assert not cards_in(msg), msg
            continue
        states += 1
        n = msg["count"]
        state = ref.state_at(n)
        assert msg["seat"] == seat
        assert msg["obs"] == roundtrip(state.observe(seat))
        assert not cards_in(msg["obs"]) & state.hidden_from(seat), (n, cards_in(msg["obs"]) & state.hidden_from(seat))
        assert not cards_in({k: v for k, v in msg.items() if k not in ("obs", "events", "actions")})
        assert "actions" not in msg or msg["status"] == "over"  # the moves are revealed with the seed
        start = 0 if msg["full"] else msg["from"]
        expected = [[i, e] for i in range(start, n) for e in ref.state_at(i + 1).events]
        assert msg["events"] == roundtrip(expected)
        for i, event in msg["events"]:
            secret = ref.state_at(i).hidden_from(seat) & ref.state_at(i + 1).hidden_from(seat)
            assert not cards_in(event) & secret, (i, event)
        if msg["seed"] is not None:
            assert ref.state_at(n).is_over or msg["result"], "the seed is revealed only at the end"
    return states


def fast(**kw) -> Limits:
    """Scripted players act within microseconds: lift the rate limit (its own test checks it)."""
    return Limits(**{"rate": 1e6, "burst": 1e6, **kw})


async def started(limits: Limits | None = None, seeds=None) -> tuple[GameServer, str]:
    server = await GameServer(limits or fast(), seeds).start("127.0.0.1", 0)
    return server, f"ws://127.0.0.1:{server.port}"


def fixed(seed: int):
    return lambda: seed


# --- whole games -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_full_game_between_two_clients_hides_what_it_must(game):
    seed = short_seed(game, 900)

    async def scenario():
        server, url = await started(seeds=fixed(seed))
        a, b = await seat_pair(url, game)
        assert (a.seat, b.seat) == (0, 1) and a.code == b.code and a.token != b.token
        actions = await play_out(a, b, seed)
        await asyncio.sleep(0.05)
        table = server.tables[a.code]
        assert table.match.state.is_over and [x.to_json() for x in table.match.actions] == actions
        for p in (a, b):
            assert p.over and p.seed == seed and p.count == len(actions)
            assert p.obs["winners"] == list(table.match.state.winners)
        n = check_messages(game, seed, actions, a, 0) + check_messages(game, seed, actions, b, 1)
        assert n >= 2 * len(actions)
        await a.close(), await b.close()
        await server.stop()

    run(scenario())


def test_killed_client_reconnects_with_its_token_and_continues_exactly():
    seed = short_seed("kombi", 400, start=20)

    async def scenario():
        server, url = await started(seeds=fixed(seed))
        a, b = await seat_pair(url, "kombi")
        sent: list[dict] = []
        while len(sent) < 6:
            mover = a if a.my_turn else b
            sent.append(pick(mover.obs["legal"], seed, mover.count))
            await mover.act(sent[-1])
            other = b if mover is a else a
            while other.count < mover.count:
                await other.expect("state")
        old_messages = list(a.messages)
        a.abort()  # like a killed process: no goodbye
        away = await b.expect("presence")
        assert away["connected"] == [False, True]
        while b.my_turn:  # the game goes on without A; A must learn it on return
            sent.append(pick(b.obs["legal"], seed, b.count))
            await b.act(sent[-1])
        a2 = await SimPlayer.connect(url)
        await a2.send("resume", code=a.code.lower(), token=a.token)
        seated = await a2.expect("seated")
        snapshot = await a2.expect("state")
        assert seated["seat"] == 0 and seated["token"] == a.token
        assert snapshot["full"] and snapshot["count"] == len(sent) == b.count
        assert (await b.expect("presence"))["connected"] == [True, True]
        sent += await play_out(a2, b, seed)
        a2.messages = old_messages + a2.messages
        check_messages("kombi", seed, sent, a2, 0)
        check_messages("kombi", seed, sent, b, 1)
        assert a2.over and b.over
        await server.stop()

    run(scenario())


# --- seats and tokens --------------------------------------------------------------------------------------------
def test_no_acting_for_the_other_seat_no_full_table_no_borrowed_tokens():
    async def scenario():
        server, url = await started(seeds=fixed(5))
        a, b = await seat_pair(url, "kombi")
        d, e = await seat_pair(url, "kombi", ("Dee", "Eve"))
        mover, idle = (a, b) if a.my_turn else (b, a)
        table = server.tables[a.code]
        action = mover.obs["legal"][0]

        async def refused(p, want, **fields):
            await p.send(**fields)
            err = await p.expect("error")
            assert err["code"] == want, err
            return err

        assert (await refused(idle, "not_your_turn", kind="act", at=idle.count, action=action))["ref"] == "act"
        await refused(idle, "bad_field", kind="act", at=idle.count, action=action, seat=mover.seat)
        await refused(mover, "stale", kind="act", at=mover.count + 1, action=action)
        err = await refused(mover, "illegal", kind="act", at=mover.count, action={"kind": "exchange", "hand": "AS",
                                                                                  "area": "AS"})
        assert err["refusal"]["game"] == "kombi" and err["refusal"]["key"] == "not_in_hand"  # words: the client's
        await refused(mover, "bad_action", kind="act", at=mover.count, action={"kind": "castle"})
        c = await SimPlayer.connect(url)
        await refused(c, "table_full", kind="join", code=a.code, name="Cat")
        await refused(c, "bad_token", kind="resume", code=a.code, token=d.token)  # a token opens its own table only
        await refused(c, "bad_token", kind="resume", code=a.code, token="x" * 32)
        await refused(c, "not_seated", kind="act", at=0, action=action)
        await refused(b, "already_seated", kind="resume", code=a.code, token=a.token)
        await refused(b, "already_seated", kind="join", code=d.code, name="Bob")
        await refused(b, "already_seated", kind="create", game="kombi", name="Bob")
        assert table.count == 0  # nothing above changed the game
        # The token is the seat: whoever holds it takes the seat over, and the old connection is closed.
        await c.send("resume", code=a.code, token=a.token)
        assert (await c.expect("seated"))["seat"] == 0
        await asyncio.wait_for(a._reader, 5)
        assert a.closed[0] == 4001
        for p in (b, c, d, e):
            await p.close()
        await server.stop()

    run(scenario())


def test_resign_ends_the_game_and_there_is_no_undo():
    async def scenario():
        server, url = await started(seeds=fixed(9))
        a, b = await seat_pair(url, "kombi")
        await a.send("undo")
        assert (await a.expect("error"))["code"] == "unknown_type"
        await b.send("resign")
        end_a, end_b = await a.expect("state"), await b.expect("state")
        for msg in (end_a, end_b):
            assert msg["result"] == {"reason": "resign", "seat": 1, "winners": [0]}
            assert msg["seed"] == 9 and msg["status"] == "over"
        await a.send("act", at=a.count, action={"kind": "pass"})
        assert (await a.expect("error"))["code"] == "game_over"
        await a.send("resign")
        assert (await a.expect("error"))["code"] == "game_over"
        await server.stop()

    run(scenario())


def test_leave_closes_a_waiting_table_and_resigns_a_running_one():
    async def scenario():
        server, url = await started()
        host = await SimPlayer.connect(url)
        await host.send("create", game="kombi", name="Ann")
        code = (await host.expect("seated"))["code"]
        await host.send("leave")
        await host.expect("left")
        assert code not in server.tables
        a, b = await seat_pair(url, "kombi")
        await a.send("leave")
        await a.expect("left")
        assert (await b.expect("state"))["result"]["winners"] == [1]
        await server.stop()

    run(scenario())


# --- limits ------------------------------------------------------------------------------------------------------
def test_rate_limit_per_connection():
    async def scenario():
        server, url = await started(Limits(rate=5, burst=5, max_dropped=40))
        flood, calm = await SimPlayer.connect(url), await SimPlayer.connect(url)
        for i in range(20):
            await flood.send("ping", id=i)
        await asyncio.sleep(0.2)
        kinds = [m["type"] for m in flood.messages]
        assert kinds.count("pong") <= 7 and kinds.count("error") == 1
        assert flood.messages[kinds.index("error")]["code"] == "rate_limited"
        await calm.send("ping", id=1)
        assert (await calm.expect("pong"))["id"] == 1  # the other connection does not notice
        for i in range(60):
            await flood.send("ping", id=i)
        await asyncio.wait_for(flood._reader, 5)
        assert flood.closed[0] == 1008
        await server.stop()

    run(scenario())


def test_wrong_codes_close_the_connection_and_the_address_is_slowed_down():
    async def scenario():
        server, url = await started(fast(failed_per_conn=3, failed_per_ip=5))
        guesser = await SimPlayer.connect(url)
        for code in ("AAAAAA", "BBBBBB", "CCCCCC"):
            await guesser.send("join", code=code, name="Eve")
            assert (await guesser.expect("error"))["code"] == "no_table"
        await asyncio.wait_for(guesser._reader, 5)
        assert guesser.closed[0] == 1008
        second = await SimPlayer.connect(url)
        for code in ("DDDDDD", "EEEEEE"):
            await second.send("join", code=code, name="Eve")
            assert (await second.expect("error"))["code"] == "no_table"
        await second.send("join", code="FFFFFF", name="Eve")
        assert (await second.expect("error"))["code"] == "too_many_attempts"
        await server.stop()

    run(scenario())


def test_a_player_who_never_returns_loses_and_the_table_is_forgotten():
    async def scenario():
        server, url = await started(fast(reconnect_window=0.3, reap_interval=0.05))
        a, b = await seat_pair(url, "kombi")
        a.abort()
        await b.expect("presence")
        end = await b.expect("state", timeout=3)
        assert end["result"] == {"reason": "abandoned", "seat": 0, "winners": [1]}
        await b.send("leave")
        await b.expect("left")
        await asyncio.sleep(0.2)
        assert not server.tables
        late = await SimPlayer.connect(url)
        await late.send("resume", code=a.code, token=a.token)
        assert (await late.expect("error"))["code"] == "no_table"
        await server.stop()

    run(scenario())


def test_oversized_and_idle_connections_are_closed_and_nothing_else_notices():
    async def scenario():
        server, url = await started(fast(unseated_timeout=0.3))
        a, b = await seat_pair(url, "kombi")
        big = await SimPlayer.connect(url)
        await big.send(raw="x" * 5000)
        assert (await big.expect("error"))["code"] == "too_big"
        await big.send(raw="[" * 70_000)
        await asyncio.wait_for(big._reader, 5)
        assert big.closed[0] == 1009
        idle = await SimPlayer.connect(url)
        await asyncio.wait_for(idle._reader, 5)
        assert idle.closed[0] == 1008
        mover = a if a.my_turn else b
        await mover.act(mover.obs["legal"][0])  # the seated players were never timed out
        await server.stop()

    run(scenario())


def test_table_limits():
    async def scenario():
        server, url = await started(fast(max_tables=2, tables_per_conn=1))
        p = await SimPlayer.connect(url)
        await p.send("create", game="kombi", name="Ann")
        await p.expect("seated")
        await p.send("leave")
        await p.expect("left")
        await p.send("create", game="kombi", name="Ann")
        assert (await p.expect("error"))["code"] == "too_many_tables"
        q, r = await SimPlayer.connect(url), await SimPlayer.connect(url)
        for s in (q, r):
            await s.send("create", game="kombi", name="Ann")
        await q.expect("seated")
        await r.send("create", game="kombi", name="Ann")
        assert (await r.expect("error"))["code"] in ("server_full", "already_seated")
        await server.stop()

    run(scenario())


def test_the_reaper_ends_and_closes_tables_from_the_store_and_idle_tables_leave_memory():
    from game.online import ops

    async def scenario():
        server, url = await started(fast(reconnect_window=5.0, max_table_age=100.0, idle_drop=0.0))
        a, b = await seat_pair(url, "kombi")
        lone = await SimPlayer.connect(url)
        await lone.send("create", game="kombi", name="Cy")
        await lone.expect("seated")
        for p in (a, lone):
            p.abort()
        await b.expect("presence")
        await asyncio.sleep(0.05)
        await server.journal.drain()
        now = time.time()
        server.reap(now + 1.0)  # within the window: nothing ends
        await server.journal.drain()
        assert server.store.read(lambda db: ops.load(db, a.code))["result"] is None
        server.reap(now + 6.0)  # Ann stayed away too long: Ben wins; Cy's waiting table closes
        end = await b.expect("state", timeout=3)
        assert end["result"] == {"reason": "abandoned", "seat": 0, "winners": [1]}
        await server.journal.drain()
        assert server.store.read(lambda db: ops.load(db, lone.code)) is None
        assert lone.code not in server.tables, "a table nobody here uses leaves memory"
        assert a.code in server.tables, "... while Ben still sits at his"
        server.reap(now + 200.0)  # older than max_table_age: closed, and Ben is told
        assert (await b.expect("left", timeout=3))["reason"] == "closed"
        await server.stop()

    run(scenario())


def test_serve_from_the_command_line():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "serve", "--host", "127.0.0.1", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        line = proc.stdout.readline()
        assert line.startswith("SERVING ws://127.0.0.1:"), line
        url = line.split()[1]

        async def ping():
            p = await SimPlayer.connect(url)
            await p.send("ping", id="hello")
            assert (await p.expect("pong"))["id"] == "hello"
            await p.close()

        run(ping(), 10)
    finally:
        proc.terminate()
        t0 = time.monotonic()
        assert proc.wait(10) == 0 and time.monotonic() - t0 < 5
