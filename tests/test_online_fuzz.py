"""Thousands of malformed, hostile or badly timed messages: each gets a named answer, the server stays up,
and a game at another table plays on untouched."""
import asyncio
import json
import logging
import random

import rules
from game.online import protocol as P
from tests.test_online_server import check_messages, fast, fixed, run, short_seed, started
from tools.online_bench import SimPlayer, pick, play_out, seat_pair

NASTY = [None, True, False, 0, -1, 2**63, 1.5, 1e308, "", " ", "x" * 3000, "\u0000", "\ud800", "7H", "ABCDEF",
         [], [[[[[]]]]], {}, {"kind": "draw"}, {"__class__": "os.system"}, "__import__('os')", "{{7*7}}",
         "'; DROP TABLE tables; --", "../../etc/passwd", "%s%s%s", "ZZZZZZ"]
KINDS = [*P.SCHEMAS, "undo", "redo", "restart", "eval", "state", "seated", "hello", "", "ACT", None, 7]


def mutate_text(rng: random.Random, text: str) -> str:
    cut = rng.randrange(len(text))
    return rng.choice([text[:cut], text[cut:], text[:cut] + rng.choice("{}[]\",:\\x") + text[cut:],
                       text.replace('"', "'"), text * 2])


def malformed(rng: random.Random, count: int, legal: list[dict]) -> str | bytes:
    """One hostile frame; ``count`` and ``legal`` let some be nearly right (stale, wrong seat, extra fields)."""
    good = {"v": 1, "type": "act", "at": count, "action": legal[0] if legal else {"kind": "pass"}}
    choice = rng.randrange(15)
    if choice == 14:  # well formed: accepted on the sender's turn, "not_your_turn" or "game_over" otherwise
        return json.dumps(good)
    if choice == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    if choice == 1:
        return "".join(chr(rng.randrange(32, 0x2FF)) for _ in range(rng.randrange(0, 80)))
    if choice == 2:
        return mutate_text(rng, json.dumps(good))
    if choice == 3:
        return json.dumps(rng.choice([[good], "act", 7, None, [1, 2, 3]]))
    if choice == 4:
        return json.dumps({**good, "v": rng.choice([0, 2, "1", None, True, 1.0001])})
    if choice == 5:
        return json.dumps({"v": 1, "type": rng.choice(KINDS[len(P.SCHEMAS):])})
    if choice == 6:
        kind = rng.choice([k for k, schema in P.SCHEMAS.items() if schema])  # not a real resign or leave
        fields = {f: rng.choice(NASTY) for f in P.SCHEMAS[kind]}
        return json.dumps({"v": 1, "type": kind, **fields})
    if choice == 7:
        return json.dumps({**good, rng.choice(["seat", "token", "player", "admin"]): rng.choice(NASTY)})
    if choice == 8:
        action = {"kind": rng.choice(["draw", "pass", "play", "exchange", "cut", "swap", "take", "x"]),
                  rng.choice(["card", "hand", "area", "combos", "pos", "depth"]): rng.choice(NASTY[:14] + [["7H"]])}
        return json.dumps({**good, "action": action})
    if choice == 9:
        return json.dumps({**good, "at": count + rng.choice([-1, 1, 5, 10**6])})
    if choice == 10:
        return "{" + " " * rng.randrange(4100, 6000) + "}"
    if choice == 11:
        depth = rng.randrange(50, 2000)
        return '{"v":1,"type":"ping","id":' + "[" * depth + "]" * depth + "}"
    if choice == 12:
        code = "".join(rng.choice(P.CODE_ALPHABET) for _ in range(6))
        return json.dumps(rng.choice([{"v": 1, "type": "join", "code": code, "name": "Mal"},
                                      {"v": 1, "type": "resume", "code": code, "token": "A" * 32},
                                      {"v": 1, "type": "create", "game": "chess", "name": "Mal"}]))
    return json.dumps({"v": 1, "type": "act", "at": count, "action": {"kind": "draw"}, "seat": 1 - (count % 2)})


class Capture(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


async def fuzz(players: list[SimPlayer], rng: random.Random, n: int) -> int:
    """Send ``n`` hostile frames from these players (one table), each answered before the next."""
    answered = 0
    for _ in range(n):
        player = rng.choice(players)
        await player.send(raw=malformed(rng, player.count, player.obs.get("legal", [])))
        reply = await asyncio.wait_for(player.queue.get(), 5)
        assert reply is not None, f"the server closed the fuzzing connection: {player.closed}"
        if reply["type"] == "error":
            assert reply["code"] in P.ERRORS and reply["code"] != "internal", reply
        elif reply["type"] != "pong":  # a frame that happened to be valid, e.g. a legal action in time
            assert reply["type"] == "state", reply
            for other in players:
                if other is not player:
                    assert (await asyncio.wait_for(other.queue.get(), 5))["count"] == reply["count"]
        answered += 1
    return answered


def test_thousands_of_malformed_messages_change_nothing_elsewhere():
    seed = short_seed("kombi", 500, start=40)
    capture = Capture()
    logging.getLogger("carduels.online").addHandler(capture)

    async def scenario():
        server, url = await started(fast(failed_per_conn=10**6, failed_per_ip=10**6, tables_per_conn=10**6),
                                    seeds=fixed(seed))
        quiet_a, quiet_b = await seat_pair(url, "kombi")  # a game that must not notice anything
        loud_a, loud_b = await seat_pair(url, "kombi", ("Mal", "Lory"))
        stranger = await SimPlayer.connect(url)

        async def quiet_game() -> list[dict]:
            sent: list[dict] = []
            while not quiet_a.over:
                await asyncio.sleep(0.002)
                mover = quiet_a if quiet_a.my_turn else quiet_b
                sent.append(pick(mover.obs["legal"], seed, mover.count))
                await mover.act(sent[-1])
                other = quiet_b if mover is quiet_a else quiet_a
                while other.count < mover.count:
                    await other.expect("state")
            return sent

        results = await asyncio.gather(
            quiet_game(),
            fuzz([loud_a, loud_b], random.Random(1), 2400),
            fuzz([stranger], random.Random(2), 1200),
        )
        sent = results[0]
        assert sum(results[1:]) == 3600
        check_messages("kombi", seed, sent, quiet_a, 0)
        check_messages("kombi", seed, sent, quiet_b, 1)
        assert server.tables[quiet_a.code].match.state.is_over
        loud = server.tables[loud_a.code]  # whatever the fuzzers got through went through the rules
        assert loud.match.actions and loud_a.count == loud_b.count == len(loud.match.actions)
        loud_actions = [a.to_json() for a in loud.match.actions]
        check_messages("kombi", seed, loud_actions, loud_a, 0)  # even under fuzz, only what a seat may see
        check_messages("kombi", seed, loud_actions, loud_b, 1)
        replay = rules.new_game("kombi", seed=seed)
        for action in loud.match.actions:
            replay = replay.apply(action)
        assert replay.observe(0) == loud.match.state.observe(0)
        more_a, more_b = await seat_pair(url, "square")  # and new tables still open and play
        await play_out(more_a, more_b, 3)
        assert more_a.over
        await server.stop()

    try:
        run(scenario(), timeout=90)
    finally:
        logging.getLogger("carduels.online").removeHandler(capture)
    assert not [r for r in capture.records if r.levelno >= logging.ERROR], capture.records[:3]
