"""Fair limits (a correct token always resumes; per-address caps; X-Forwarded-For only from a trusted proxy)
and the provably fair deal, end to end."""
from __future__ import annotations

import asyncio
import copy
import time

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.online import protocol
from game.online.fairness import FairnessCheck, commitment
from game.online.limits import Limits, client_address
from game.online.remote import RemoteMatch
from game.online.server import GameServer
from game.online.stores import open_store
from game.session import Session
from rules.replay import decode
from tools.online_bench import SimPlayer, play_out, seat_pair


def fast(**kw) -> Limits:
    return Limits(**{"rate": 1e6, "burst": 1e6, **kw})


async def started(limits: Limits, store_url: str | None = None) -> tuple[GameServer, str]:
    store = open_store(store_url, "normal") if store_url else None
    server = await GameServer(limits, store=store).start("127.0.0.1", 0)
    return server, f"ws://127.0.0.1:{server.port}"


async def as_address(url: str, address: str | None) -> SimPlayer:
    """A player whose connection the trusted proxy (this loopback client) says comes from ``address``."""
    headers = {"X-Forwarded-For": address} if address else None
    ws = await connect(url, proxy=None, compression=None, max_size=protocol.MAX_SERVER_BYTES,
                       additional_headers=headers)
    return SimPlayer(ws)


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 120))


def test_a_correct_token_resumes_after_300_wrong_codes_from_its_address():
    async def scenario():
        server, url = await started(fast(backoff=0.01))
        a, b = await seat_pair(url, "kombi")
        a.abort()
        await b.expect("presence")
        codes = []
        guesser = None
        for i in range(300):
            if guesser is None or guesser.closed is not None:
                guesser = await SimPlayer.connect(url)
            code = "".join(protocol.CODE_ALPHABET[(i * 7 + k) % 31] for k in range(6))
            if code == a.code:
                continue
            try:
                await guesser.send("resume", code=code, token="x" * 32)
                codes.append((await guesser.expect("error", timeout=5))["code"])
            except (ConnectionError, ConnectionClosed):  # closed after 20 wrong tries: a new connection guesses on
                guesser = None
        assert set(codes) <= {"no_table", "too_many_attempts"} and "too_many_attempts" in codes
        back = await SimPlayer.connect(url)  # the same address (127.0.0.1), in the middle of its back-off
        await back.send("resume", code=a.code, token=a.token)
        assert (await back.expect("seated"))["seat"] == 0
        await back.expect("state", full=True)
        wrong = await SimPlayer.connect(url)  # a wrong token for a real table is still only a guess
        await wrong.send("resume", code=a.code, token="y" * 32)
        assert (await wrong.expect("error"))["code"] == "too_many_attempts"
        await server.stop()

    run(scenario())


def test_the_back_off_holds_back_only_wrong_answers_and_only_for_that_address():
    async def scenario():
        server, url = await started(fast(trusted_proxies=frozenset({"127.0.0.1"}), failed_per_ip=5, backoff=0.3))
        host = await as_address(url, "127.0.0.9")
        await host.send("create", game="kombi", name="Ann")
        await host.expect("seated")
        eve = await as_address(url, "127.0.0.2")
        for _ in range(5):
            await eve.send("join", code="AAAAAA", name="Eve")
            assert (await eve.expect("error"))["code"] == "no_table"
        t0 = time.monotonic()
        await eve.send("join", code="AAAAAA", name="Eve")
        assert (await eve.expect("error"))["code"] == "too_many_attempts"
        assert time.monotonic() - t0 >= 0.25, "the wrong answer waited for the back-off"
        other = await as_address(url, "127.0.0.3")  # someone else behind the same proxy is not slowed down
        await other.send("join", code="AAAAAA", name="Bob")
        assert (await other.expect("error"))["code"] == "no_table"
        friend = await as_address(url, "127.0.0.2")  # behind Eve's router, with the right code: straight in
        await friend.send("join", code=host.code, name="Ben")
        assert (await friend.expect("seated"))["seat"] == 1
        await server.stop()

    run(scenario())


def test_eight_guessing_connections_never_block_a_correct_join_from_the_same_address(store_url):
    """The case that failed before: guesses from one address made every correct join there fail."""
    async def scenario():
        server, url = await started(fast(failed_per_ip=10, backoff=0.2), store_url)
        guessers = [await SimPlayer.connect(url) for _ in range(8)]
        for round_ in range(3):
            for k, g in enumerate(guessers):
                await g.send("join", code="".join(protocol.CODE_ALPHABET[(round_ + k + i) % 31] for i in range(6)),
                             name="Eve")
        joined = 0
        for _ in range(5):
            host = await SimPlayer.connect(url)
            await host.send("create", game="square", name="Ann")
            await host.expect("seated")
            guest = await SimPlayer.connect(url)  # the same address as all the guessers (127.0.0.1)
            await guest.send("join", code=host.code, name="Ben")
            joined += (await guest.expect("seated", timeout=5))["seat"] == 1
        assert joined == 5
        answers = [(await g.expect("error", timeout=10))["code"] for g in guessers for _ in range(3)]
        assert "too_many_attempts" in answers and set(answers) <= {"no_table", "too_many_attempts"}
        await server.stop()

    run(scenario())


def test_the_101st_waiting_table_of_one_address_is_refused_while_another_address_opens_one(store_url):
    async def scenario():
        server, url = await started(fast(trusted_proxies=frozenset({"127.0.0.1"})), store_url)
        hosts = []
        for i in range(101):
            p = await as_address(url, "127.0.0.2")
            await p.send("create", game="kombi", name=f"Ann{i}")
            hosts.append(p)
        answers = [await asyncio.wait_for(p.queue.get(), 10) for p in hosts]
        # the creates of one moment are committed together, in the order of their codes: any one may be last
        refused = [p for p, a in zip(hosts, answers, strict=True) if a["type"] == "error"]
        assert [a["code"] for a in answers if a["type"] == "error"] == ["too_many_tables"]
        assert len(server.tables) == 100
        seated = [p for p in hosts if p not in refused]
        other = await as_address(url, "127.0.0.3")
        await other.send("create", game="kombi", name="Bob")
        assert (await other.expect("seated"))["seat"] == 0
        guest = await as_address(url, "127.0.0.4")  # a table that starts is no longer waiting: room again
        await guest.send("join", code=seated[0].code, name="Ben")
        await guest.expect("seated")
        await refused[0].send("create", game="kombi", name="Ann100")
        assert (await refused[0].expect("seated"))["seat"] == 0
        await server.stop()

    run(scenario())


def test_forwarded_for_counts_only_from_a_trusted_proxy():
    class H(dict):
        def get_all(self, key):
            return [self[key]] if key in self else []

    trusted = frozenset({"127.0.0.1"})
    assert client_address("127.0.0.1", H({"X-Forwarded-For": "127.0.0.9, 127.0.0.5"}), trusted) == "127.0.0.5"
    assert client_address("127.0.0.8", H({"X-Forwarded-For": "127.0.0.5"}), trusted) == "127.0.0.8"
    assert client_address("127.0.0.1", H(), trusted) == "127.0.0.1"

    async def scenario():  # without the option the header is ignored: all of these are 127.0.0.1
        server, url = await started(fast(waiting_per_ip=2))
        for i, addr in enumerate(("127.0.0.2", "127.0.0.3", "127.0.0.4")):
            p = await as_address(url, addr)
            await p.send("create", game="kombi", name=f"Ann{i}")
            assert (await p.expect("seated" if i < 2 else "error")).get("code") != "server_full"
        assert len(server.tables) == 2
        await server.stop()

    run(scenario())


def test_connections_per_address_are_capped():
    async def scenario():
        server, url = await started(fast(conns_per_ip=3))
        players = [await SimPlayer.connect(url) for _ in range(3)]
        try:
            await SimPlayer.connect(url)
            refused = False
        except Exception:  # the upgrade is answered with 429
            refused = True
        assert refused
        for p in players:
            await p.close()
        await server.stop()

    run(scenario())


# --- the provably fair deal ------------------------------------------------------------------------------------
def test_the_deal_is_committed_at_the_start_and_a_tampered_reveal_is_detected():
    async def scenario():
        server, url = await started(fast())
        a, b = await seat_pair(url, "cribbage")
        seated = next(m for m in a.messages if m["type"] == "seated")
        assert len(seated["commit"]) == 64 and seated.get("seed") is None
        await play_out(a, b, 5)
        await server.stop()
        return a.messages

    messages = run(scenario())
    end = messages[-1]
    assert end["status"] == "over" and commitment(end["seed"], end["secret"]) == end["commit"]

    def verdict(msgs) -> tuple[str | None, list]:
        remote = RemoteMatch("cribbage", 0, lambda *a, **k: True)
        remote.feed(msgs)
        while remote.advance() is not None:
            pass
        return remote.fairness.verdict, remote.pop_notices()

    assert verdict(messages)[0] == "ok"
    tampered_seed = copy.deepcopy(messages)
    tampered_seed[-1]["seed"] += 1  # a server that reveals another seed than it committed to
    why, notices = verdict(tampered_seed)
    assert why and "commitment" in why and any("verified" in text for text, _ in notices)

    # A server that dealt from another seed but commits honestly to the one it reveals: the replay disagrees
    # with what this seat was shown.
    lying = copy.deepcopy(messages)
    fake_seed, secret = lying[-1]["seed"] + 1, lying[-1]["secret"]
    for m in lying:
        if "commit" in m:
            m["commit"] = commitment(fake_seed, secret)
    lying[-1]["seed"] = fake_seed
    why, _ = verdict(lying)
    assert why and ("differs" in why or "replay" in why)

    check = FairnessCheck("cribbage", 0)
    changed = copy.deepcopy(messages)
    changed[-1]["commit"] = "0" * 64
    for m in changed:
        check.note(m)
    assert check.verdict and "changed" in check.verdict


def test_an_online_game_gets_a_replay_code_from_the_checked_reveal():
    async def scenario():
        server, url = await started(fast())
        a, b = await seat_pair(url, "kombi")
        await play_out(a, b, 5)
        await server.stop()
        return a.messages

    messages = run(scenario())
    end = messages[-1]
    remote = RemoteMatch("kombi", 0, lambda *a, **k: True)
    assert remote.replayed is None
    remote.feed(messages[:-1])
    assert remote.replayed is None, "no code before the reveal"
    remote.feed(messages[-1:])
    while remote.advance() is not None:
        pass
    session = Session("kombi", "online", ["Ann", "Ben"], remote, 2, ["human", "remote"])
    code = session.replay_code()
    assert code is not None
    match = decode(code)
    assert match.setup["seed"] == end["seed"] and [a.to_json() for a in match.actions] == end["actions"]
    assert match.state.is_over and list(match.state.scores) == list(remote.state.scores)
