"""The online protocol: every client message is checked strictly, every refusal is named, nothing else escapes."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.online import protocol as P
from game.online import served
from game.online.protocol import ProtocolError


def raw(**fields) -> str:
    return json.dumps({"v": P.VERSION, **fields})


def refused(text, code: str) -> ProtocolError:
    with pytest.raises(ProtocolError) as info:
        P.decode_client(text)
    assert info.value.code == code, (info.value.code, str(info.value))
    assert code in P.ERRORS and str(info.value)
    return info.value


def test_every_client_message_type_decodes_to_exactly_its_schema():
    good = {
        "create": {"game": "kombi", "name": "  Ann   Lee "},
        "join": {"code": "abc-def", "name": "Ben"},
        "resume": {"code": "ABC DEF", "token": "A" * 32},
        "act": {"at": 3, "action": {"kind": "play", "combos": [["7C", "7H", "7S"]]}},
        "resign": {}, "leave": {}, "sync": {}, "rematch": {},
        "quick": {"game": "square", "name": "Cy"},
        "ping": {"id": 17},
        "challenge": {}, "prove": {"key": "A" * 43, "sig": "B" * 86, "name": "Ann"},
        "ranked": {"game": "cribbage", "name": "Di"},
        "watch": {"code": "abc-def"}, "live": {}, "outcome": {"code": "abc-def", "token": "A" * 32},
    }
    assert set(good) == set(P.SCHEMAS)
    for kind, fields in good.items():
        msg = P.decode_client(raw(type=kind, **fields))
        assert msg["type"] == kind and set(msg) == {"type", *fields}
    assert P.decode_client(raw(type="create", game="kombi", name="  Ann   Lee "))["name"] == "Ann Lee"
    assert P.decode_client(raw(type="join", code="abc-def", name="Ben"))["code"] == "ABCDEF"


def test_frames_that_are_not_a_json_object_are_named():
    refused(b"\x00\x01", "binary")
    refused("x" * (P.MAX_CLIENT_BYTES + 1), "too_big")
    refused("é" * (P.MAX_CLIENT_BYTES // 2 + 1), "too_big")  # bytes count, not characters
    refused("{not json", "bad_json")
    refused("[" * 3000 + "]" * 0, "bad_json")
    refused("[" * 1900 + "]" * 1900, "bad_json")  # nesting deeper than the parser allows
    refused('{"v": 1, "type": "ping", "id": NaN}', "bad_json")
    refused('{"v": 1, "type": "ping", "id": Infinity}', "bad_json")
    refused("[1, 2]", "bad_message")
    refused('"ping"', "bad_message")


def test_version_type_and_fields_are_strict():
    refused(json.dumps({"type": "ping", "id": 1}), "bad_version")
    refused(json.dumps({"v": 2, "type": "ping", "id": 1}), "bad_version")
    refused(json.dumps({"v": True, "type": "ping", "id": 1}), "bad_version")
    refused(json.dumps({"v": "1", "type": "ping", "id": 1}), "bad_version")
    refused(raw(type="undo"), "unknown_type")  # there is no undo online
    refused(raw(type="__class__"), "unknown_type")
    refused(raw(id=1), "unknown_type")
    err = refused(raw(type="act", at=0, action={"kind": "draw"}, seat=1), "bad_field")  # no acting for a seat
    assert err.ref == "act" and "seat" in str(err)
    refused(raw(type="ping"), "missing_field")
    refused(raw(type="act", at=True, action={"kind": "draw"}), "bad_field")
    refused(raw(type="act", at=-1, action={"kind": "draw"}), "bad_field")
    refused(raw(type="act", at=1.0, action={"kind": "draw"}), "bad_field")
    refused(raw(type="ping", id="two words"), "bad_field")
    refused(raw(type="create", game="chess", name="Ann"), "unknown_game")
    refused(raw(type="create", game=["kombi"], name="Ann"), "unknown_game")


@pytest.mark.parametrize("name", ["", "   ", "x" * 17, "Ann\x00", "Ann\nBen", "\u200f", "\ud800", 5, None, ["Ann"]])
def test_bad_names(name):
    refused(raw(type="create", game="kombi", name=name), "bad_name")


@pytest.mark.parametrize("code", ["ABCDE", "ABCDEFG", "ABCDE0", "ABCDEO", "ABCDE1", "ABC_DE", "x" * 30, 123456, None])
def test_bad_codes(code):
    refused(raw(type="join", code=code, name="Ben"), "bad_code")


@pytest.mark.parametrize("token", ["short", "A" * 65, "A" * 31 + "!", 7, None])
def test_bad_tokens(token):
    refused(raw(type="resume", code="ABCDEF", token=token), "bad_token")


@pytest.mark.parametrize("action", [
    "draw", ["draw"], {}, {"kind": 5}, {"card": "7H"}, {"kind": "draw", "x": {"y": 1}},
    {"kind": "play", "combos": [[["7C"]]] * 1 + [[[["7C"]]]]}, {"kind": "play", "combos": ["7C"] * 53},
    {"kind": "x" * 40}, {"kind": "draw", "bad key": 1}, {"kind": "draw", "n": 10**9}, {"kind": "draw", "f": 1.5},
    {"kind": "dr\u00e4w"}, {f"k{i}": 1 for i in range(9)},
])
def test_bad_action_shapes(action):
    refused(raw(type="act", at=0, action=action), "bad_action")


def test_encode_is_ascii_and_survives_lone_surrogates():
    text = P.encode(P.error("illegal", "no \ud800 here ♥"))
    assert text.isascii()
    assert json.loads(text)["message"] == "no \ud800 here ♥"


def test_client_message_checks_what_we_send():
    assert json.loads(P.client_message("ping", id=1)) == {"v": 1, "type": "ping", "id": 1}
    with pytest.raises(ProtocolError):
        P.client_message("act", at=0, action={"kind": "draw"}, seat=0)


def test_codes_read_aloud():
    assert P.normalize_code(" k7q-2mf ") == "K7Q2MF" and P.is_code("K7Q2MF")
    assert P.format_code("K7Q2MF") == "K7Q 2MF"
    assert not set("01OIL") & set(P.CODE_ALPHABET)


def test_server_messages_as_a_client_reads_them():
    state = P.message("state", seat=0, count=0, full=True, obs={"game": "kombi", "to_move": None, "legal": []},
                      events=[], names=["A", "B"], connected=[True, True], status="playing", **{"from": 0})
    assert served.decode_server(P.encode(state))["type"] == "state"
    for bad in (P.message("hello"), P.message("state", count="0"), {"v": 9, "type": "pong"}, [1]):
        with pytest.raises(ProtocolError):
            served.decode_server(json.dumps(bad))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=150, deadline=None)
@given(kind=st.sampled_from([*P.SCHEMAS, "hello", ""]), fields=st.dictionaries(
    st.sampled_from(["game", "name", "code", "token", "at", "action", "id", "seat", "v"]), json_values, max_size=4))
def test_any_json_is_decoded_or_refused_with_a_named_error(kind, fields):
    text = json.dumps({"v": 1, "type": kind, **fields})
    try:
        msg = P.decode_client(text)
    except ProtocolError as exc:
        assert exc.code in P.ERRORS
        return
    assert msg["type"] == kind and set(msg) == {"type", *P.SCHEMAS[kind]}


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200) | st.binary(max_size=50))
def test_any_frame_is_decoded_or_refused(frame):
    try:
        P.decode_client(frame)
    except ProtocolError as exc:
        assert exc.code in P.ERRORS


def test_a_rules_refusal_reaches_the_client_as_a_key_it_words_in_its_own_language():
    from game.i18n import Translator
    from game.online.remote import RemoteMatch
    from rules.core import refused

    exc = refused("kombi", "not_in_hand", card="AS")
    msg = served.decode_server(P.encode(P.error("illegal", str(exc), "act", exc.to_json())))
    assert msg["refusal"] == {"key": "not_in_hand", "game": "kombi", "params": {"card": "AS"}}
    remote = RemoteMatch("kombi", 0, send=lambda *a, **k: True, t=Translator("de"))
    remote._error(msg)
    assert remote._notices[-1] == ("A♠ ist nicht auf deiner Hand.", True)
    for bad in ({"key": "x" * 80, "game": "kombi", "params": {}}, {"key": "k", "game": "kombi", "params": {"p": {}}},
                {"key": "k", "game": "kombi"}, "not_in_hand"):
        with pytest.raises(P.ProtocolError):
            served.decode_server(P.encode(P.error("illegal", "no", "act", bad)))  # type: ignore[arg-type]  # bad input on purpose
