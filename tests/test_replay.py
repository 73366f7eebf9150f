"""Replay codes: exact round trips for every game, and every damaged code refused with a reason."""
from __future__ import annotations

import random
import zlib

import pytest

import rules
from rules.bots import make_bot
from rules.match import Match
from rules.replay import PREFIX, VERSION, ReplayError, decode, encode
from rules.rng import derive

GAME_IDS = sorted(rules.GAMES)


def random_match(game_id: str, seed: int, limit: int = 400) -> Match:
    m = Match(game_id, {"seed": seed})
    rng = random.Random(seed)
    while not m.state.is_over and len(m.actions) < limit:
        m.play(rng.choice(m.state.legal_actions()))
    return m


def bot_match(game_id: str, seed: int, limit: int = 600) -> Match:
    m = Match(game_id, {"seed": seed})
    bots = [make_bot(game_id, 1), make_bot(game_id, 1)]
    seen: list[list[dict]] = [[], []]
    while not m.state.is_over and len(m.actions) < limit:
        seat = m.state.to_move
        seen[seat].append(m.state.observe(seat))
        m.play(bots[seat].choose(seen[seat], derive(seed, "bot", seat, m.cursor)))
    return m


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_round_trip_random_and_bot_games(game_id):
    for m in (random_match(game_id, 11), random_match(game_id, 12, limit=30), bot_match(game_id, 5)):
        code = encode(m)
        assert code.startswith(f"{PREFIX}{VERSION}")
        back = decode(code)
        assert back.game_id == game_id and back.setup == m.setup
        assert back.actions == m.played
        assert back.state.scores == m.state.scores and back.state.winners == m.state.winners
        assert decode(code.lower()) .actions == m.played  # case does not matter
        assert decode(" ".join(code[i:i + 5] for i in range(0, len(code), 5))).actions == m.played


def test_round_trip_keeps_options():
    m = Match("trumps", {"seed": 9, "chooser": 0})
    m.play(m.state.legal_actions()[2])
    assert decode(encode(m)).setup == {"seed": 9, "chooser": 0}
    assert decode(encode(m)).actions == m.actions


def test_the_code_covers_the_moves_up_to_the_cursor():
    m = random_match("kombi", 4, limit=20)
    m.undo()
    assert decode(encode(m)).actions == m.played


def _mutations(code: str, rng: random.Random) -> str:
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    i = rng.randrange(len(code))
    how = rng.choice(("flip", "delete", "insert", "swap"))
    if how == "flip":
        return code[:i] + rng.choice(alphabet.replace(code[i], "")) + code[i + 1:]
    if how == "delete":
        return code[:i] + code[i + 1:]
    if how == "insert":
        return code[:i] + rng.choice(alphabet) + code[i:]
    j = min(i + 1, len(code) - 1)
    return code[:i] + code[j] + code[i] + code[j + 1:] if code[i] != code[j] else code[:i] + code[i + 1:]


def test_a_thousand_mutated_codes_are_refused_with_one_line():
    rng = random.Random(17)
    codes = [encode(random_match(g, s, limit=60)) for g in GAME_IDS for s in (1, 2)]
    refused = 0
    for n in range(1000):
        code = codes[n % len(codes)]
        bad = _mutations(code, rng)
        if bad.upper() == code:
            continue
        with pytest.raises(ReplayError) as err:
            decode(bad)
        msg = str(err.value)
        assert msg and "\n" not in msg
        refused += 1
    assert refused >= 990


def _forge(payload: bytes) -> str:
    """A code with a correct checksum around arbitrary content."""
    import base64

    body = bytes([VERSION]) + payload
    raw = body + zlib.crc32(body).to_bytes(4, "big")
    text = base64.b32encode(raw).decode().rstrip("=")
    return PREFIX + str(VERSION) + text.translate(str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567",
                                                                "0123456789ABCDEFGHJKMNPQRSTVWXYZ"))


@pytest.mark.parametrize("payload, words", [
    (b"\x05chess\x01\x07\x00", "unknown game"),
    (b"\x05kombi\x01\x07\xff\xff\xff\xff\x7f", "more moves"),
    (b"\x05kombi\x01", "cut short"),
    (b"\x05kombi\x08\x07\x00", "setup"),
    (b"\x05kombi\x04\x07\x00", "seats"),
    (b"\x05kombi\x02\x03{x}\x00", "setup"),
    (b"\x05kombi\x02\x0b{\"bogus\":1}\x00", "setup"),
    (b"\x05kombi\x01\x07\x00\x00", "damaged"),
    (b"\x05kombi\x01\x07\x01\xff\xff\xff\xff\xff\xff", "left over"),
    (b"", "checksum"),
])
def test_a_correct_checksum_around_wrong_content_is_refused(payload, words):
    with pytest.raises(ReplayError, match=words):
        decode(_forge(payload))


@pytest.mark.parametrize("text", ["", "hello", "CD2ABCDEFGH", "CD1", "CD1!!!!", "CD1" + "U" * 16, None, 17])
def test_nonsense_is_refused(text):
    with pytest.raises(ReplayError):
        decode(text)


def test_moves_after_the_end_are_refused():
    m = random_match("square", 3)
    assert m.state.is_over
    good = encode(m)
    import base64

    text = good[3:].translate(str.maketrans("0123456789ABCDEFGHJKMNPQRSTVWXYZ", "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"))
    raw = base64.b32decode(text + "=" * (-len(text) % 8))
    payload = bytearray(raw[1:-4])
    at = 1 + len("square") + 1 + 1  # id length, id, flags, seed 3 (one varint byte): then the count
    assert payload[at] == len(m.actions)
    payload[at] += 1
    with pytest.raises(ReplayError, match="after the end"):
        decode(_forge(bytes(payload)))


def test_the_code_says_which_seats_the_computer_played():
    from rules.replay import read

    m = random_match("kombi", 4, limit=12)
    for computers in ((), (1,), (0,), (0, 1)):
        back, said = read(encode(m, computers=computers))
        assert said == computers and back.actions == m.played
    assert read(encode(m)) [1] is None, "an older code (no seats) still reads; it just does not say"
