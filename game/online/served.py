"""What a client accepts from a server: ``decode_server`` parses a message and checks, type by type, the fields the
client relies on (seats, counts, names, the shapes of observations and events), so a hostile or broken server
gets a refusal, never a crash. What a server accepts from a client is ``protocol.decode_client``'s.
"""
from __future__ import annotations

from typing import Any, cast

from game import names_check
from game.online.messages import ServerMsg
from game.online.protocol import (
    _TOKEN,
    MAX_COUNT,
    MAX_SERVER_BYTES,
    SERVER_TYPES,
    VERSION,
    ProtocolError,
    _nonce,
    is_code,
    parse_json,
)
from game.online.refusal import is_refusal
from game.online.series import checked as series_checked


def decode_server(raw: str | bytes) -> ServerMsg:
    """A server message as a client reads it: a known type and the fields the client relies on."""
    data = cast(ServerMsg, parse_json(raw, MAX_SERVER_BYTES))  # the shape that _check_server holds it to below
    if data.get("v") != VERSION:
        raise ProtocolError("bad_version", f"the server speaks another protocol version ({data.get('v')!r})")
    kind = data.get("type")
    if kind not in SERVER_TYPES:
        raise ProtocolError("unknown_type", f"unknown server message type {str(kind)[:24]!r}")
    try:
        _check_server(kind, data)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:  # hostile or broken: refused
        raise ProtocolError("bad_field", f"the server's '{kind}' is malformed: {str(exc)[:80]}") from None
    return data


def _check_server(kind: str, data: ServerMsg) -> None:
    """What the client relies on, checked: seats, counts, names, flags and the shapes of obs and events."""
    def need(ok: bool, what: str) -> None:
        if not ok:
            raise ValueError(what)

    def plain_names(names: object) -> None:
        need(isinstance(names, list) and len(names) == 2, "names")
        for n in names if isinstance(names, list) else ():  # need() refused anything else
            if n is not None:
                names_check.check_name(n)

    def seat_names(names: object) -> None:
        plain_names(names)
        if "connected" in data or kind != "seated":
            c = data.get("connected")
            need(isinstance(c, list) and len(c) == 2 and all(isinstance(x, bool) for x in c), "connected")
        need(data.get("status") in ("waiting", "playing", "over"), "status")

    def number(v: object, hi: int = MAX_COUNT) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= hi

    def steps() -> None:  # a seat's state or a spectator's view: the counts, the public events, the result
        need(number(data.get("count")) and number(data.get("from")), "counts")
        need(data["from"] <= data["count"] and isinstance(data.get("full"), bool), "from")
        events = data.get("events")
        need(isinstance(events, list) and all(isinstance(e, list) and len(e) == 2 and number(e[0])
                                              and isinstance(e[1], dict) for e in events), "events")
        need(data.get("result") is None or isinstance(data["result"], dict), "result")
        need(data.get("seed") is None or number(data["seed"], 2**63), "seed")

    if kind in ("state", "presence", "view"):
        need(data.get("watchers") is None or number(data["watchers"]), "watchers")
    if kind in ("state", "view") and data.get("series") is not None:
        need(series_checked(data["series"]) is not None, "series")
    if kind == "seated":
        need(number(data.get("seat"), 1) and is_code(str(data.get("code"))), "seat or code")
        need(isinstance(data.get("token"), str) and bool(_TOKEN.fullmatch(data["token"])), "token")
        need(isinstance(data.get("game"), str) and len(data["game"]) <= 32, "game")
        seat_names(data.get("names"))
    elif kind == "state":
        need(number(data.get("seat"), 1), "seat")
        steps()
        obs = cast("dict[str, Any]", data.get("obs"))  # JSON, checked just below
        need(isinstance(obs, dict) and obs.get("to_move") in (None, 0, 1) and obs.get("to_move") is not True
             and obs.get("to_move") is not False, "obs.to_move")
        assert obs is not None  # need() refused anything but an object
        import rules

        need(obs.get("game") in rules.GAMES and isinstance(obs.get("legal", []), list), "obs.game or obs.legal")
        for action in obs.get("legal", []):  # each offered move must be one the rules can read
            rules.action_from_json(obs["game"], action)
        seat_names(data.get("names"))
    elif kind == "view":  # a spectator's (game/online/watching.py)
        need(is_code(str(data.get("code"))) and number(data.get("delay", 0)), "code or delay")
        steps()
        view = cast("dict[str, Any]", data.get("obs"))  # JSON, checked just below
        need(isinstance(view, dict) and view.get("game") == data.get("game") and view.get("to_move") in (None, 0, 1)
             and not isinstance(view.get("to_move"), bool), "obs")
        seat_names(data.get("names"))
    elif kind == "live":
        tables = data.get("tables")
        need(isinstance(tables, list) and len(tables) <= 100, "tables")
        for row in tables or ():
            need(isinstance(row, dict) and is_code(str(row.get("code"))) and isinstance(row.get("game"), str)
                 and number(row.get("count")) and number(row.get("watchers", 0)), "a live table")
            plain_names(row.get("names"))
    elif kind == "outcome":  # how a kept seat's game ended (game/online/outcomes.py)
        need(is_code(str(data.get("code"))) and number(data.get("seat"), 1) and number(data.get("count")), "seat")
        need(data.get("result") is None or isinstance(data["result"], dict), "result")
        result = data.get("result")
        winners = result.get("winners", []) if isinstance(result, dict) else []
        need(isinstance(winners, list) and all(number(w, 1) for w in winners), "winners")
        scores = data.get("scores")
        need(isinstance(scores, list) and len(scores) == 2 and all(isinstance(x, int) for x in scores), "scores")
        need(isinstance(data.get("game"), str) and (data.get("seed") is None or number(data["seed"], 2**63)), "seed")
        plain_names(data.get("names"))
    elif kind == "presence":
        seat_names(data.get("names"))
    elif kind == "error":
        need(isinstance(data.get("code"), str) and isinstance(data.get("message"), str), "code or message")
        data["message"] = data["message"][:300]
        if data.get("refusal") is not None:
            need(is_refusal(data["refusal"]), "refusal")
    elif kind == "left":
        need(isinstance(data.get("code"), str), "code")
    elif kind == "challenge":
        _nonce(data.get("nonce"))
    elif kind == "identified":
        need(isinstance(data.get("player"), str) and len(data["player"]) <= 64, "player")
        names_check.check_name(data.get("name"))
    elif kind == "rematch":
        asked = data.get("asked")
        need(isinstance(asked, list) and len(asked) == 2 and all(isinstance(x, bool) for x in asked), "asked")
