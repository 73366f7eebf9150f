"""Replay codes: exact round trips for every game, and every damaged code refused with a reason."""
from __future__ import annotations

import random
import zlib

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import rules
from rules.bots import make_bot
from rules.match import Match
from rules.replay import PREFIX, VERSION, ReplayError, _varint, decode, encode
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


ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def _every_mutation(code: str):
    """Every code one keystroke away: each character replaced by each other one, deleted, swapped with the next,
    and each character inserted at each place (the prefix "CD1" included)."""
    for i in range(len(code) + 1):
        for c in ALPHABET:
            yield code[:i] + c + code[i:]
        if i == len(code):
            break
        yield code[:i] + code[i + 1:]
        for c in ALPHABET.replace(code[i], ""):
            yield code[:i] + c + code[i + 1:]
        if i + 1 < len(code) and code[i] != code[i + 1]:
            yield code[:i] + code[i + 1] + code[i] + code[i + 2:]


def test_every_code_one_keystroke_away_is_refused_with_one_line():
    """Exact and deterministic: no allowance. The last character's unused bits count too, so a code whose
    length in bits is not a multiple of five (most are) is refused when only those bits change."""
    codes = [encode(random_match(g, s, limit=60)) for g in GAME_IDS for s in (1, 2)]
    assert any(len(c[3:]) * 5 % 8 for c in codes), "no code with unused bits in its last character"
    tried = 0
    for code in codes:
        for bad in set(_every_mutation(code)) - {code}:
            with pytest.raises(ReplayError) as err:
                decode(bad)
            msg = str(err.value)
            assert msg and "\n" not in msg
            tried += 1
    assert tried > 20_000


def _body(code: str) -> bytes:
    import base64

    text = code[3:].translate(str.maketrans(ALPHABET, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"))
    return base64.b32decode(text + "=" * (-len(text) % 8))[1:-4]


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


def test_a_number_written_long_or_a_respaced_setup_is_refused():
    """The same game in another spelling would be a second code for it: only encode's own form is accepted."""
    m = Match("trumps", {"seed": 9, "chooser": 0})
    m.play(m.state.legal_actions()[1])
    payload = _body(encode(m))
    assert decode(_forge(payload)).actions == m.actions  # the forging itself is faithful
    at = 1 + len("trumps") + 1  # id length, id, flags: then the seed's varint
    assert payload[at] == 9
    longer = payload[:at] + bytes([0x89, 0x00]) + payload[at + 1:]  # 9 as two varint bytes
    with pytest.raises(ReplayError, match="mistyped"):
        decode(_forge(longer))
    extra = b'{"chooser":0}'
    spaced = b'{"chooser": 0}'
    i = payload.index(extra)
    respaced = payload[:i - 1] + bytes([len(spaced)]) + spaced + payload[i + len(extra):]
    with pytest.raises(ReplayError, match="mistyped"):
        decode(_forge(respaced))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_code_claims_at_most_the_longest_game(game_id):
    """The count is checked against the game's own bound before a single move is replayed."""
    longest = rules.GAMES[game_id].max_actions
    gid = game_id.encode()
    head = bytes([len(gid)]) + gid + b"\x01\x07"  # seed 7
    with pytest.raises(ReplayError, match="more moves"):
        decode(_forge(head + _varint(longest + 1) + b"\x01"))
    try:  # as many moves as the longest game: read on (one byte of moves may even be a whole short game)
        decode(_forge(head + _varint(longest) + b"\x01"))
    except ReplayError as err:
        assert "more moves" not in str(err)


def _forge_any(game_id: str, tail: bytes) -> str:
    gid = game_id.encode()
    return _forge(bytes([len(gid)]) + gid + tail)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(GAME_IDS), tail=st.binary(max_size=24))
@example(game_id="kombi", tail=b"\x01\x87\x00\x00")  # seed 7 written in two bytes, no moves
@example(game_id="square", tail=b"\x02\x0a{\"seed\":3}\x00")  # a seed among the options
def test_two_different_codes_never_decode_to_the_same_game(game_id, tail):
    """Whatever a correct checksum wraps: a code that decodes is the one code of its game (and its seats)."""
    from rules.replay import read

    code = _forge_any(game_id, tail)
    try:
        match, computers = read(code)
    except ReplayError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert encode(match, computers=computers) == code
