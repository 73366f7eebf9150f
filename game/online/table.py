"""One online table as the server keeps it: the rules Match and its seed, two seats, who may see what.

No network here: the server calls these methods and sends the messages they build. Every action goes
through ``Match.play`` (the rules' one door); each seat's messages hold only ``observe(seat)`` and the
public log events, and the seed is revealed only once the game is over.
"""
from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from typing import Any

import rules
from game.online.fairness import commitment, new_secret
from game.online.protocol import ProtocolError, message
from game.online.store import token_hash
from rules.core import IllegalAction
from rules.match import Match


def new_token() -> str:
    return secrets.token_urlsafe(24)


@dataclass
class Seat:
    name: str | None = None
    token: str = ""  # known since this process seated or resumed the player ("" after a restart)
    conn: Any = None  # the live connection, or None while the player is away
    away_since: float | None = None
    token_hash: str = ""  # what the store keeps; "" once the seat was given up

    def __post_init__(self) -> None:
        if self.token and not self.token_hash:
            self.token_hash = token_hash(self.token)


class Table:
    def __init__(self, code: str, game_id: str, seed: int, host: str, now: float,
                 secret: str | None = None, ip: str = "?") -> None:
        self.code = code
        self.game_id = game_id
        self.seed = seed
        self.secret = secret or new_secret()  # the deal's commitment binds the seed from the start
        self.commit = commitment(seed, self.secret)
        self.ip = ip  # the address that opened it (the per-address cap of waiting tables)
        self.match = Match(game_id, {"seed": seed})
        self.seats = [Seat(host, new_token(), None, now), Seat()]
        self.result: dict[str, Any] | None = None  # a resignation or an abandoned seat ends the game early
        self.created = now

    @classmethod
    def restore(cls, rec: dict[str, Any], now: float, wall: float) -> Table:
        """A table from the store: its moves replayed through the rules; every seat away since ``now``."""
        table = cls(rec["code"], rec["game"], rec["seed"], rec["names"][0] or "?", now, rec["secret"], rec["ip"])
        table.created = now - max(0.0, wall - rec["created"])
        for i in (0, 1):
            name = rec["names"][i]
            table.seats[i] = Seat(name, "", None, now if name else None, rec["tokens"][i] if name else "")
        for data in rec["actions"]:
            table.match.play(rules.action_from_json(table.game_id, data))
        table.result = rec["result"]
        return table

    # --- reading -----------------------------------------------------------------------------------
    @property
    def status(self) -> str:
        if self.seats[1].name is None:
            return "waiting"
        return "over" if self.over else "playing"

    @property
    def over(self) -> bool:
        return self.result is not None or self.match.state.is_over

    @property
    def count(self) -> int:
        return len(self.match.actions)

    @property
    def names(self) -> list[str | None]:
        return [s.name for s in self.seats]

    @property
    def connected(self) -> list[bool]:
        return [s.conn is not None for s in self.seats]

    def seat_of(self, token: str) -> int | None:
        """The seat this token opens; compared in constant time so timing reveals nothing."""
        found, digest = None, token_hash(token)
        for i, s in enumerate(self.seats):
            if s.token_hash and hmac.compare_digest(s.token_hash, digest):
                found = i
        if found is not None:
            self.seats[found].token = token
        return found

    # --- seating -----------------------------------------------------------------------------------
    def join(self, name: str, now: float) -> int:
        if self.seats[1].name is not None:
            raise ProtocolError("table_full", "both seats of this table are taken")
        if name.casefold() == (self.seats[0].name or "").casefold():
            raise ProtocolError("bad_name", f"{name} is already at this table; please choose another name")
        self.seats[1] = Seat(name, new_token(), None, now)
        return 1

    # --- playing -----------------------------------------------------------------------------------
    def act(self, seat: int, at: int, data: dict[str, Any]) -> None:
        """Apply one seat's action through the rules, or raise :class:`ProtocolError` saying why not."""
        if self.status == "waiting":
            raise ProtocolError("waiting_for_opponent", "the game starts when the second player joins")
        if self.over:
            raise ProtocolError("game_over", "the game is over")
        if self.match.state.to_move != seat:
            raise ProtocolError("not_your_turn", "it is not your turn")
        if at != self.count:
            raise ProtocolError("stale", f"the action was meant for position {at}; the game is at {self.count}")
        try:
            action = rules.action_from_json(self.game_id, data)
        except IllegalAction as exc:
            raise ProtocolError("bad_action", str(exc)) from None
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            raise ProtocolError("bad_action", f"malformed action ({type(exc).__name__})") from None
        try:
            self.match.play(action)
        except IllegalAction as exc:
            raise ProtocolError("illegal", str(exc) or "that move is not allowed now") from None

    def resign(self, seat: int) -> None:
        if self.over:
            raise ProtocolError("game_over", "the game is over")
        self.result = {"reason": "resign", "seat": seat, "winners": [1 - seat]}

    def abandon(self, seat: int) -> None:
        """The seat stayed away longer than the reconnect window: the other player wins."""
        if not self.over:
            self.result = {"reason": "abandoned", "seat": seat, "winners": [1 - seat]}

    # --- messages ------------------------------------------------------------------------------------
    def events_since(self, start: int) -> list[list[Any]]:
        """Public events of actions ``start``.. as [action index, event] pairs."""
        out: list[list[Any]] = []
        for i in range(start, self.count):
            out.extend([i, e] for e in self.match.state_at(i + 1).events)
        return out

    def state_message(self, seat: int, start: int, full: bool,
                      events: list[list[Any]] | None = None) -> dict[str, Any]:
        """What ``seat`` is told: its own observation and the public events since ``start``
        (``events`` when the caller already has them: they are the same for both seats)."""
        over = self.over
        events = self.events_since(start) if events is None else events
        return message(
            "state", code=self.code, game=self.game_id, seat=seat, count=self.count, full=full, **{"from": start},
            obs=self.match.state.observe(seat), events=events, names=self.names,
            connected=self.connected, status=self.status, result=self.result, commit=self.commit,
            seed=self.seed if over else None, **self.reveal(over))

    def reveal(self, over: bool) -> dict[str, Any]:
        """Once the game is over: the deal's secret and every move, so a client can check and replay it."""
        if not over:
            return {}
        return {"secret": self.secret, "actions": [a.to_json() for a in self.match.actions]}

    def presence_message(self) -> dict[str, Any]:
        return message("presence", names=self.names, connected=self.connected, status=self.status)

    def seated_message(self, seat: int) -> dict[str, Any]:
        return message("seated", code=self.code, seat=seat, token=self.seats[seat].token, game=self.game_id,
                       names=self.names, status=self.status, commit=self.commit)
