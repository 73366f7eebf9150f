"""One online table as a gateway keeps it in memory: seed, actions and the current state, two seats.

No network here: the server calls these methods and sends the messages they build. Every action goes
through ``state.apply`` (the rules' one door); each seat's messages hold only ``observe(seat)`` and the
public log events, and the seed is revealed only once the game is over. A table keeps no past states
(a full snapshot replays the deal for its log), so an idle table costs a few kilobytes.
"""
from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING

import rules
from game.online import series as serieses
from game.online.fairness import commitment, new_secret
from game.online.messages import Ending, SeriesJSON, Step
from game.online.protocol import ProtocolError, message
from game.online.store import token_hash
from rules.core import Action, GameState, IllegalAction

if TYPE_CHECKING:
    from collections.abc import Mapping

    from game.online.limits import Conn
    from game.online.ops import TableRecord
    from rules.shapes import ActionJSON, Observation

MAX_SYNC_EVENTS = 400  # a full snapshot carries at most the latest this many log events


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Line:
    """A game as seed + actions + the current state (what ``Match`` offers a server, without its history)."""

    __slots__ = ("game_id", "seed", "actions", "actors", "state", "_log", "_seen")

    def __init__(self, game_id: str, seed: int) -> None:
        self.game_id, self.seed = game_id, seed
        self.actions: list[Action] = []
        self.actors = bytearray()  # who took each action (2: nobody)
        self.state: GameState = rules.spec(game_id).new_game(seed=seed)
        # built once per position (see events, observe), dropped by the next action
        self._log: list[Step] | None = None
        self._seen: dict[int, Observation] = {}

    def observe(self, seat: int) -> Observation:
        """``state.observe(seat)``, once per seat and position however many messages carry it."""
        seen = self._seen.get(seat)
        if seen is None:
            seen = self._seen[seat] = self.state.observe(seat)
        return seen

    def play(self, action: Action) -> GameState:
        to_move = self.state.to_move
        self.state = self.state.apply(action)
        self.actions.append(action)
        self.actors.append(2 if to_move is None else to_move)
        self._log, self._seen = None, {}
        return self.state

    def actor(self, index: int) -> int | None:
        seat = self.actors[index]
        return None if seat == 2 else seat

    def events(self, limit: int = MAX_SYNC_EVENTS) -> list[Step]:
        """The public log as [action index, event] pairs (the latest ``limit``), by replaying the deal - once
        per position: both players' snapshots after a join, a resume or a refresh share it."""
        if limit != MAX_SYNC_EVENTS:
            return self._replay(limit)
        if self._log is None:
            self._log = self._replay(limit)
        return self._log

    def _replay(self, limit: int) -> list[Step]:
        out: list[Step] = []
        state = rules.spec(self.game_id).new_game(seed=self.seed)
        for i, action in enumerate(self.actions):
            state = state.apply(action)
            out.extend([i, e] for e in state.events)
            if len(out) > 2 * limit:
                del out[:-limit]
        return out[-limit:]


@dataclass
class Seat:
    name: str | None = None
    token: str = ""  # known since this gateway seated or resumed the player
    conn: Conn | None = None  # the live connection on this gateway, or None
    away_since: float | None = None  # wall-clock time the seat has been empty since (None: held somewhere)
    token_hash: str = ""  # what the store keeps; "" once the seat was given up
    remote: bool = False  # another gateway holds the seat
    again: str = ""  # the hash of this seat's token at the rematch it asked for ("" not asked)
    again_token: str = ""  # that token, when this gateway made it

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
        self.ip = ip  # the address group that opened it (the per-address cap of waiting tables)
        self.match = Line(game_id, seed)
        self.seats = [Seat(host, new_token()), Seat()]
        self.result: Ending | None = None  # a resignation or an abandoned seat ends the game early
        self.created = now  # wall clock
        self.quick = False
        self.next_code: str | None = None  # the rematch table, once both asked
        self.idle_since: float | None = None  # monotonic: since when no connection here uses it
        self.pending = 0  # changes of this gateway not yet committed
        self.stale = False  # another gateway changed it meanwhile: read it again once ``pending`` is 0
        self.making = False  # this gateway is opening the rematch
        self.watchers = 0  # spectators on every gateway (game/online/watching.py)
        self.series_before: SeriesJSON | None = None  # its series before this game (None: a single game)

    @classmethod
    def restore(cls, rec: TableRecord, me: str = "") -> Table:
        """A table from the store: its moves replayed through the rules."""
        table = cls(rec["code"], rec["game"], rec["seed"], rec["names"][0] or "?", rec["created"], rec["secret"],
                    rec["ip"])
        for i in (0, 1):
            table.seats[i] = Seat(rec["names"][i], "", None, None, rec["tokens"][i] if rec["names"][i] else "")
        table.update_seats(rec, me)
        table.extend(rec["actions"])
        table.result = rec["result"]
        table.quick, table.next_code = bool(rec["quick"]), rec["next"]
        table.series_before = rec.get("series")
        return table

    def update_seats(self, rec: TableRecord, me: str) -> None:
        """Names, presence and rematch requests as the store has them (seats held here stay as they are)."""
        for i, s in enumerate(self.seats):
            s.name = rec["names"][i]
            s.token_hash = rec["tokens"][i] if s.name else ""
            held = rec["here"][i]
            s.remote = bool(held) and held != me
            if s.conn is None:
                s.away_since = rec["away"][i] if not s.remote else None
            s.again = rec["again"][i]

    def extend(self, actions: list[ActionJSON]) -> list[Step]:
        """Apply stored actions (JSON) through the rules; their public events as [index, event] pairs."""
        out: list[Step] = []
        for data in actions:
            i = self.count
            state = self.match.play(rules.action_from_json(self.game_id, data))
            out.extend([i, e] for e in state.events)
        return out

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
    def series(self) -> SeriesJSON | None:
        """Its series with this game's result counted once it is over (game/online/series.py)."""
        if self.series_before is None:
            return None  # (most tables: nothing to work out for each message)
        winners = self.result["winners"] if self.result is not None else self.match.state.winners
        return serieses.shown(self.series_before, self.over, winners)

    @property
    def count(self) -> int:
        return len(self.match.actions)

    @property
    def names(self) -> list[str | None]:
        return [s.name for s in self.seats]

    @property
    def connected(self) -> list[bool]:
        return [s.conn is not None or s.remote for s in self.seats]

    @property
    def local(self) -> list[Conn]:
        return [s.conn for s in self.seats if s.conn is not None]

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
    def join(self, name: str) -> int:
        if self.seats[1].name is not None:
            raise ProtocolError("table_full", "both seats of this table are taken")
        if name.casefold() == (self.seats[0].name or "").casefold():
            raise ProtocolError("bad_name", f"{name} is already at this table; please choose another name")
        self.seats[1] = Seat(name, new_token())
        return 1

    # --- playing -----------------------------------------------------------------------------------
    def act(self, seat: int, at: int, data: Mapping[str, object]) -> list[Step]:
        """Apply one seat's action through the rules (its events), or raise :class:`ProtocolError` saying why not."""
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
            state = self.match.play(action)
        except IllegalAction as exc:
            raise ProtocolError("illegal", str(exc), refusal=exc.to_json()) from None
        return [[at, e] for e in state.events]

    def resign(self, seat: int) -> None:
        if self.over:
            raise ProtocolError("game_over", "the game is over")
        self.result = {"reason": "resign", "seat": seat, "winners": [1 - seat]}

    # --- messages ------------------------------------------------------------------------------------
    def state_message(self, seat: int, start: int, full: bool,
                      events: list[Step] | None = None) -> dict[str, object]:
        """What ``seat`` is told: its own observation and the public events since ``start``
        (a full snapshot: the latest :data:`MAX_SYNC_EVENTS` of the whole log)."""
        over = self.over
        if full:
            events, start = self.match.events(), 0
        elif events is None:
            events = []
        return message(
            "state", code=self.code, game=self.game_id, seat=seat, count=self.count, full=full, **{"from": start},
            obs=self.match.observe(seat), events=events, names=self.names, watchers=self.watchers,
            connected=self.connected, status=self.status, result=self.result, commit=self.commit,
            seed=self.seed if over else None, **self.reveal(over), **self.series_field())

    def series_field(self) -> dict[str, object]:
        """A message's ``series``, only at a table that is part of one."""
        s = self.series
        return {} if s is None else {"series": s}

    def reveal(self, over: bool) -> dict[str, object]:
        """Once the game is over: the deal's secret and every move, so a client can check and replay it."""
        if not over:
            return {}
        return {"secret": self.secret, "actions": [a.to_json() for a in self.match.actions]}

    def presence_message(self) -> dict[str, object]:
        return message("presence", names=self.names, connected=self.connected, status=self.status,
                       watchers=self.watchers)

    def rematch_message(self) -> dict[str, object]:
        return message("rematch", code=self.code, asked=[bool(s.again) for s in self.seats])

    def seated_message(self, seat: int) -> dict[str, object]:
        return message("seated", code=self.code, seat=seat, token=self.seats[seat].token, game=self.game_id,
                       names=self.names, status=self.status, commit=self.commit)
