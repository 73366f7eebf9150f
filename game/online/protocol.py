"""The online protocol: versioned JSON messages, size limits and the strict check of everything a client sends.

What arrives from the network is only ever parsed by ``json`` and then checked field by field against a fixed
schema: unknown types and unexpected fields are refused, strings are bounded, and an action is a small tree of
strings, numbers and lists that the rules' own decoder checks again. Nothing is evaluated, unpickled or run.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, NoReturn, cast

from game import names_check
from game.online.messages import ClientMsg
from game.online.series import CHOICES as SERIES_CHOICES

if TYPE_CHECKING:
    from rules.shapes import ActionJSON, RefusalJSON

VERSION = 1
MAX_CLIENT_BYTES = 4096  # a client message; the largest legal one (a big Kombi play) is about 200 bytes
HARD_LIMIT_BYTES = 65536  # above this the websocket layer closes the connection (1009) without reading it
MAX_SERVER_BYTES = 16 * 2**20  # what a client accepts: a full snapshot carries the whole public log
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O, 1/I/L: a code is read aloud and typed
CODE_LENGTH = 6
NAME_MAX = names_check.NAME_MAX
MAX_COUNT = 1_000_000

# Every error code a server may send, with what it means (docs/online.md shows the same list).
ERRORS = {
    "binary": "only JSON text messages are accepted",
    "too_big": "the message is larger than the limit",
    "bad_json": "the message is not valid JSON",
    "bad_message": "a message must be a JSON object",
    "bad_version": "the protocol version is missing or not supported",
    "unknown_type": "the message type is not known",
    "missing_field": "a required field is missing",
    "bad_field": "a field is unexpected or has the wrong type or size",
    "unknown_game": "the game is not offered by this server",
    "bad_name": "the player name is empty, too long or not printable",
    "bad_code": "the join code is not in the right form",
    "no_table": "no table has this code (or it has closed)",
    "table_full": "both seats of the table are taken",
    "bad_token": "the seat token is wrong for this table",
    "already_seated": "this connection already has a seat",
    "not_seated": "this connection has no seat yet",
    "waiting_for_opponent": "the game starts when the second player joins",
    "not_your_turn": "it is the other player's turn",
    "stale": "the action was meant for an earlier position",
    "bad_action": "the action is malformed",
    "illegal": "the rules refuse the action",
    "game_over": "the game is over",
    "rate_limited": "too many messages; slow down",
    "too_many_attempts": "too many wrong codes or tokens",
    "too_many_tables": "this connection has opened too many tables",
    "server_full": "the server has no room for more tables or connections",
    "not_over": "a rematch needs a finished game",
    "internal": "the server could not handle the message",
    "bad_proof": "the identity proof does not answer this connection's challenge",  # game/online/identity.py
    "name_taken": "another player plays under this name",
    "not_identified": "ranked games are for players who proved who they are",  # game/online/ranked.py
    "spectator": "a spectator watches and cannot play",  # game/online/watching.py
    "not_started": "the game has not started yet, so there is nothing to watch",
}

SERVER_TYPES = ("seated", "state", "presence", "left", "error", "pong", "rematch", "challenge", "identified", "view",
                "live", "outcome")


class ProtocolError(ValueError):
    """A message the protocol refuses; ``code`` is one of :data:`ERRORS`, the text says what was wrong."""

    def __init__(self, code: str, message: str, ref: str | None = None,
                 refusal: RefusalJSON | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.ref = ref  # the type of the refused message, when it got that far
        self.refusal = refusal  # a move the rules refused: IllegalAction.to_json(), for the client to word


# --- field checks ---------------------------------------------------------------------------------
def player_name(value: object) -> str:
    """The name as it will be shown (spaces collapsed), or ProtocolError saying what is wrong."""
    try:
        return names_check.check_name(value)
    except ValueError as exc:
        raise ProtocolError("bad_name", str(exc)) from None


def check_url(url: str) -> str:
    """The server address as typed, or ValueError saying what is wrong with it."""
    url = url.strip()
    if not url.startswith(("ws://", "wss://")):
        url = "ws://" + url
    rest = url.split("://", 1)[1]
    if not rest or rest.startswith((":", "/")) or len(url) > 200 or any(ch.isspace() for ch in url):
        raise ValueError("a server address looks like ws://192.168.1.20:8765")
    return url


def normalize_code(text: str) -> str:
    """``"abc-def"`` or ``"ABC DEF"`` -> ``"ABCDEF"`` (what a player types is forgiving)."""
    return "".join(ch for ch in text.upper() if ch not in " -")


def is_code(code: str) -> bool:
    return len(code) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in code)


def format_code(code: str) -> str:
    """For display: two groups of three, easy to read aloud."""
    half = len(code) // 2
    return f"{code[:half]} {code[half:]}"


def _code(value: object) -> str:
    if not isinstance(value, str) or len(value) > 20:
        raise ProtocolError("bad_code", "the code must be a short string")
    code = normalize_code(value)
    if not is_code(code):
        raise ProtocolError("bad_code", f"a code has {CODE_LENGTH} letters and digits, e.g. 'K7Q 2MF'")
    return code


_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
_WORD = re.compile(r"[A-Za-z0-9_.-]{1,32}")


def _token(value: object) -> str:
    if not isinstance(value, str) or not _TOKEN.fullmatch(value):
        raise ProtocolError("bad_token", "the seat token is not in the right form")
    return value


def _b64_of(size: int, what: str) -> Callable[[object], str]:
    """A check of ``size`` bytes in unpadded base64url (an identity's key, signature or challenge)."""
    pattern = re.compile(f"[A-Za-z0-9_-]{{{(size * 8 + 5) // 6}}}")

    def check(value: object) -> str:
        if not isinstance(value, str) or not pattern.fullmatch(value):
            raise ProtocolError("bad_proof", f"the {what} is not in the right form")
        return value
    return check


_key, _sig, _nonce = _b64_of(32, "key"), _b64_of(64, "signature"), _b64_of(32, "challenge")


def _game(value: object) -> str:
    import rules

    if not isinstance(value, str) or value not in rules.GAMES:
        raise ProtocolError("unknown_game", f"unknown game; this server offers: {', '.join(sorted(rules.GAMES))}")
    return value


def _best(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value not in SERIES_CHOICES:
        raise ProtocolError("bad_field", f"'best' must be one of {', '.join(map(str, SERIES_CHOICES))}")
    return value


def _count(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_COUNT:
        raise ProtocolError("bad_field", "'at' must be the number of actions played so far")
    return value


def _ping_id(value: object) -> int | str:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**53:
        return value
    if isinstance(value, str) and _WORD.fullmatch(value):
        return value
    raise ProtocolError("bad_field", "'id' must be a number or a short word")


def _action_value(value: object, depth: int) -> None:
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int):
        if abs(value) > MAX_COUNT:
            raise ProtocolError("bad_action", "a number in the action is out of range")
        return
    if isinstance(value, str):
        if not _WORD.fullmatch(value):
            raise ProtocolError("bad_action", "a word in the action is empty, too long or has odd characters")
        return
    if isinstance(value, list) and depth < 3 and len(value) <= 52:
        for v in value:
            _action_value(v, depth + 1)
        return
    raise ProtocolError("bad_action", "an action holds only words, numbers and short lists")


def _action(value: object) -> ActionJSON:
    if not isinstance(value, dict) or not 1 <= len(value) <= 8:
        raise ProtocolError("bad_action", "the action must be an object like {\"kind\": \"draw\"}")
    if not isinstance(value.get("kind"), str):
        raise ProtocolError("bad_action", "the action needs a 'kind'")
    for key, v in value.items():
        if not _WORD.fullmatch(key):
            raise ProtocolError("bad_action", "an action field name is not valid")
        _action_value(v, 0)
    return value


SCHEMAS: dict[str, dict[str, Callable[[object], object]]] = {
    "create": {"game": _game, "name": player_name},
    "join": {"code": _code, "name": player_name},
    "quick": {"game": _game, "name": player_name},
    "resume": {"code": _code, "token": _token},
    "act": {"at": _count, "action": _action},
    "resign": {},
    "rematch": {},
    "leave": {},
    "sync": {},
    "ping": {"id": _ping_id},
    "challenge": {},  # who a player is: game/online/identity.py
    "prove": {"key": _key, "sig": _sig, "name": player_name},
    "ranked": {"game": _game, "name": player_name},  # ranked quick match: game/online/ranked.py
    "watch": {"code": _code},  # a spectator: game/online/watching.py
    "live": {},
    "outcome": {"code": _code, "token": _token},  # how a kept seat's game ended: game/online/outcomes.py
}
# fields a message may leave out (an older client's); each with its check
OPTIONAL: dict[str, dict[str, Callable[[object], object]]] = {
    "create": {"best": _best},  # games in the table's series (game/online/series.py); 1 when left out
}


# --- decoding and encoding ----------------------------------------------------------------------------
def _reject_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not allowed")


def parse_json(raw: str | bytes, limit: int) -> dict[str, object]:
    """A JSON object from a text frame, or :class:`ProtocolError` naming what is wrong with it."""
    if isinstance(raw, (bytes, bytearray, memoryview)):
        raise ProtocolError("binary", "binary messages are not accepted; send JSON text")
    if len(raw) > limit or len(raw.encode("utf-8", "surrogatepass")) > limit:
        raise ProtocolError("too_big", f"messages are limited to {limit} bytes")
    try:
        data = json.loads(raw, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError; deep nesting recurses
        raise ProtocolError("bad_json", f"not valid JSON ({str(exc)[:80]})") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message must be a JSON object")
    return data


def decode_client(raw: str | bytes) -> ClientMsg:
    """Parse and strictly check one client message; the result holds only the schema's fields."""
    data = parse_json(raw, MAX_CLIENT_BYTES)
    if data.get("v") != VERSION or isinstance(data.get("v"), bool):
        raise ProtocolError("bad_version", f"this server speaks protocol version {VERSION} (field 'v')")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in SCHEMAS:
        raise ProtocolError("unknown_type", f"unknown message type; expected one of {', '.join(SCHEMAS)}")
    try:
        return _check_fields(kind, data)
    except ProtocolError as exc:
        exc.ref = kind
        raise


def _check_fields(kind: str, data: dict[str, object]) -> ClientMsg:
    schema = SCHEMAS[kind]
    optional = OPTIONAL.get(kind, {})
    extra = sorted(k for k in data if k not in schema and k not in optional and k not in ("v", "type"))
    if extra:
        raise ProtocolError("bad_field", f"unexpected field {str(extra[0])[:24]!r} in '{kind}'")
    out: dict[str, object] = {"type": kind}
    for field, check in schema.items():
        if field not in data:
            raise ProtocolError("missing_field", f"'{kind}' needs the field '{field}'")
        out[field] = check(data[field])
    for field, check in optional.items():
        if field in data:
            out[field] = check(data[field])
    return cast(ClientMsg, out)  # each field as its schema's check returned it


def message(kind: str, **fields: object) -> dict[str, object]:
    return {"v": VERSION, "type": kind, **fields}


def error(code: str, text: str, ref: str | None = None, refusal: RefusalJSON | None = None) -> dict[str, object]:
    if refusal is None:
        return message("error", code=code, message=text, ref=ref)
    return message("error", code=code, message=text, ref=ref, refusal=refusal)


def encode(msg: Mapping[str, object]) -> str:
    """Compact JSON; ASCII escapes make any string (even a lone surrogate) safe to send."""
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=True)


def client_message(kind: str, **fields: object) -> str:
    """What a client sends; checked against the schema first so a client bug fails here, not on the server."""
    text = encode(message(kind, **fields))
    decode_client(text)
    return text
