"""RemoteMatch: stands in for ``rules.match.Match`` inside a table when the game lives on a server.

It knows only what the server told this seat: the latest observation, the public log and the table's
status. ``play`` checks an action against the observation's ``legal`` list and sends it; the server's
answer arrives later through :meth:`RemoteMatch.feed`, one step at a time through :meth:`advance`, so the
table can animate each of the opponent's moves as it arrives. Undo, redo and restart do not exist online.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import cast

import rules
from game.online.client import STATUS
from game.online.fairness import FairnessCheck
from game.online.messages import Ending, SeriesJSON, ServerMsg
from rules.core import Action, Event, IllegalAction
from rules.match import Match
from rules.shapes import JSON, Observation

_ENGLISH = {
    "online.not_started": "The game has not started yet.",
    "online.game_over": "The game is over.",
    "online.wait_confirm": "Waiting for the server to confirm your move…",
    "online.not_your_turn": "It is not your turn.",
    "online.not_allowed": "That move is not allowed now.",
    "online.offline": "Not connected to the server; reconnecting…",
    "online.opponent_away": "{name} disconnected — waiting",
    "online.opponent_back": "{name} is back.",
    "online.opponent_joined": "{name} joined the table.",
    "online.error.other": "The server could not do that. Please try again.",
    "online.unfair": "The deal could not be verified: {why}. This server may not have dealt fairly.",
}


def _english(key: str, **params: object) -> str:
    return _ENGLISH.get(key, key).format(**params)


class RemoteState:
    """The game as one seat sees it now; offers the slice of the GameState API that tables read."""

    def __init__(self, obs: Observation, seat: int, events: tuple[Event, ...], result: Ending | None,
                 pending: bool = False) -> None:
        self.obs, self.seat, self.events, self.result, self.pending = obs, seat, events, result, pending

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else self.obs.get("to_move")

    @property
    def is_over(self) -> bool:
        return self.result is not None or bool(self.obs.get("over"))

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(self.result["winners"] if self.result else self.obs.get("winners", []))

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.obs.get("scores", []))

    def observe(self, seat: int) -> Observation:
        if seat != self.seat:
            raise ValueError(f"this client holds seat {self.seat}'s view only")
        if self.pending or self.is_over:  # a move is on its way: nothing more to offer until the answer
            return {**self.obs, "legal": []}
        return self.obs

    def legal_actions(self) -> list[Action]:
        game = self.obs.get("game", "")
        return [rules.action_from_json(game, a) for a in self.observe(self.seat)["legal"]]


_GAP = RemoteState({"game": "", "seat": -1, "to_move": None, "legal": [], "scores": [], "over": False, "winners": []},
                   -1, (), None)  # a position this client never saw


class RemoteMatch:
    def __init__(self, game_id: str, seat: int, send: Callable[..., bool],
                 t: Callable[..., str] | None = None) -> None:
        self.game_id, self.seat, self.send = game_id, seat, send
        self.t = t if t is not None else _english
        self.setup: dict[str, JSON] = {}  # the seed appears here once the server reveals it (game over)
        self.rated: tuple[str, str] | None = None  # a ranked game's (server, player): the end screen shows the change
        self.cursor = 0
        self.actions: list[Action | None] = []  # this seat's own actions; the opponent's stay unknown (None)
        self.names: list[str | None] = [None, None]
        self.connected = [False, False]
        self.status = "waiting"  # waiting | playing | over (the table's), closed
        self.result: Ending | None = None
        self.link = "connected"  # made once seated, so connected; then reconnecting | failed | closed
        self.link_reason = ""  # the technical reason (the log's)
        self.link_kind = ""  # what the player reads (game/online/failures.py)
        self.pending: int | None = None
        self.rematch_asked = [False, False]  # who has asked for a rematch (after the end)
        self.watchers = 0  # spectators of this table (game/online/watching.py)
        self.series: SeriesJSON | None = None  # the table's best-of-3 series, if it is one (game/online/series.py)
        self._state: RemoteState | None = None
        self._log: list[tuple[int, Event]] = []
        self._seen: dict[int, RemoteState] = {}  # positions where this seat was to move: a bot's memory
        self._steps: deque[ServerMsg] = deque()
        self._notices: list[tuple[str, bool]] = []
        self.fairness = FairnessCheck(game_id, seat)  # checks the revealed deal against its commitment

    # --- what a table reads ------------------------------------------------------------------------------
    @property
    def replayed(self) -> Match | None:
        """The whole game rebuilt from the server's checked reveal (after the end), for its replay code."""
        return self.fairness.match

    @property
    def started(self) -> bool:
        return self._state is not None

    @property
    def state(self) -> RemoteState:
        if self._state is None:
            raise IllegalAction("online.not_started")
        return self._state

    def state_at(self, index: int) -> RemoteState:
        if index == self.cursor and self._state is not None:
            return self._seen.get(index, self._state)
        return self._seen.get(index, _GAP)

    @property
    def played(self) -> list[Action | None]:
        return self.actions[: self.cursor]

    def log(self) -> list[tuple[int, Event]]:
        return list(self._log)

    def view(self, seat: int, private: bool) -> Observation:
        """As ``Match.view``: this seat's observation, or what anyone watching may see of it."""
        obs = self.state.observe(seat)
        return obs if private else cast(Observation, rules.GAMES[self.game_id].public_view(obs))

    @property
    def waiting(self) -> bool:
        """Nothing for this seat to decide: a move is on its way, or the other player is to move."""
        st = self._state
        return st is None or self.pending is not None or bool(self._steps) or (
            not st.is_over and st.to_move != self.seat)

    @property
    def opponent_away(self) -> bool:
        return self.status == "playing" and self.names[1 - self.seat] is not None and not self.connected[1 - self.seat]

    # --- playing --------------------------------------------------------------------------------------------
    def play(self, action: Action) -> RemoteState:
        """Check against the latest observation and send; the server's answer arrives later."""
        st = self.state
        if st.is_over:
            raise IllegalAction("online.game_over")
        if self.pending is not None or self._steps:
            raise IllegalAction("online.wait_confirm")
        if st.to_move != self.seat:
            raise IllegalAction("online.not_your_turn")
        if action not in st.legal_actions():
            raise IllegalAction("online.not_allowed")
        if not self.send("act", at=self.cursor, action=action.to_json()):
            raise IllegalAction("online.offline")
        self.pending = self.cursor
        self.actions[self.cursor:] = [action]
        self._state = RemoteState(st.obs, self.seat, st.events, st.result, pending=True)
        return self._state

    def resign(self) -> bool:
        return self.send("resign")

    def concede(self) -> None:
        """The player resigned on the way out: the game is over here at once, lost, without waiting for the
        server's word (the table is left before it could arrive; the client's ``leave`` tells the server)."""
        st = self._state
        if st is None or st.is_over:
            return
        self.result = {"reason": "resign", "seat": self.seat, "winners": [1 - self.seat]}
        self.status = "over"
        self._state = RemoteState(st.obs, self.seat, (), self.result)

    def ask_rematch(self) -> bool:
        """Ask for a new deal with the same opponent (seats swapped); it starts once both have asked."""
        if not self.send("rematch"):
            return False
        self.rematch_asked[self.seat] = True
        return True

    def can_undo(self, is_human: Callable[[int], bool] = lambda seat: True) -> bool:
        return False

    def can_redo(self) -> bool:
        return False

    def undo(self, is_human: Callable[[int], bool] = lambda seat: True) -> bool:
        return False

    def redo(self, is_human: Callable[[int], bool] = lambda seat: True) -> bool:
        return False

    # --- what the server says ----------------------------------------------------------------------------------
    def feed(self, messages: list[ServerMsg]) -> bool:
        """Take in client messages; True when a full snapshot replaced the view (no animation for that)."""
        reset = False
        for msg in messages:
            kind = msg.get("type")
            if kind == "state" and msg["full"]:
                self._steps.clear()  # anything queued is older than the snapshot
                self._apply(msg)
                reset = True
            elif kind == "state":
                self._steps.append(msg)
            elif kind == "presence":
                self._presence(msg)
            elif kind == "seated":
                self.names = list(msg["names"])
                self.status = msg.get("status", self.status)
            elif kind == "error":
                self._error(msg)
            elif kind == "left":
                self.status, self.link = "closed", "closed"
            elif kind == "rematch":
                self.rematch_asked = list(msg["asked"])
            elif kind == STATUS:
                self._link(msg)
        return reset

    def advance(self) -> tuple[Event, ...] | None:
        """Apply the next queued step; its events (for the animation), or None when nothing was queued."""
        while self._steps:
            msg = self._steps.popleft()
            if msg["from"] != self.cursor:  # a step was missed: ask for the whole picture
                self._steps.clear()
                self.send("sync")
                return None
            return self._apply(msg)
        return None

    def pop_notices(self) -> list[tuple[str, bool]]:
        out, self._notices = self._notices, []
        return out

    def _apply(self, msg: ServerMsg) -> tuple[Event, ...]:
        pairs = [(int(i), e) for i, e in msg["events"]]
        if msg["full"]:
            self._log = pairs
        else:
            self._log.extend(pairs)
        count = msg["count"]
        if self.pending is not None and (count > self.pending or msg["full"] or msg.get("result")):
            self.pending = None
        self.cursor = count
        del self.actions[count:]
        self.actions.extend([None] * (count - len(self.actions)))
        if msg["full"]:  # a step may be applied after a newer presence note: only snapshots say who is here
            self.names, self.connected = list(msg["names"]), list(msg["connected"])
            self.watchers = msg.get("watchers") or 0
        self.status, self.result = msg["status"], msg.get("result")
        self.series = msg.get("series")  # served.decode_server checked it
        if isinstance(msg.get("seed"), int):
            self.setup["seed"] = msg["seed"]
        problem = self.fairness.note(msg)
        if problem:
            self._notices.append((self.t("online.unfair", why=problem), True))
        events = tuple(e for _, e in pairs) if not msg["full"] else ()
        self._state = RemoteState(msg["obs"], self.seat, events, self.result)  # served.decode_server checked it
        if self._state.to_move == self.seat:
            self._seen[count] = self._state
        return events

    def _presence(self, msg: ServerMsg) -> None:
        other = 1 - self.seat
        was_there, had_name = self.connected[other], self.names[other] is not None
        self.names, self.connected = list(msg["names"]), list(msg["connected"])
        self.watchers = msg.get("watchers") or 0
        self.status = msg["status"] if self.status != "over" else "over"
        name = self.names[other]
        if name is None or self.status == "over":
            return
        if not had_name:
            self._notices.append((self.t("online.opponent_joined", name=name), False))
        elif was_there and not self.connected[other]:
            self._notices.append((self.t("online.opponent_away", name=name), True))
        elif not was_there and self.connected[other]:
            self._notices.append((self.t("online.opponent_back", name=name), False))

    def _error(self, msg: ServerMsg) -> None:
        if msg.get("ref") == "act" or self.pending is not None:
            self.pending = None
            if self._state is not None:
                st = self._state
                self._state = RemoteState(st.obs, self.seat, st.events, st.result)
        code = msg.get("code", "")
        key = f"online.error.{code}"
        text = self.t(key)
        if msg.get("refusal") is not None and hasattr(self.t, "refusal"):  # the rules' own reason, in our words
            refusal = msg["refusal"]
            exc = IllegalAction(refusal["key"], **refusal["params"])
            exc.game = refusal["game"]
            text = self.t.refusal(exc)
        elif code == "illegal":
            text = self.t("online.not_allowed")
        elif text == key or not text:  # the server's own English words are for the log and tools, not a player
            text = str(msg.get("message", code)) if self.t is _english else self.t("online.error.other")
        self._notices.append((text, True))
        if msg.get("ref") == "resume" and code in ("no_table", "bad_token", "too_many_attempts"):
            self.link, self.link_reason, self.link_kind = "failed", text, "seat_gone"

    def _link(self, msg: ServerMsg) -> None:
        self.link, self.link_reason, self.link_kind = msg["status"], msg.get("reason", ""), msg.get("kind", "")
        if self.link != "connected" and self.pending is not None:  # the move may be lost: the snapshot tells
            self.pending = None
            if self._state is not None:
                st = self._state
                self._state = RemoteState(st.obs, self.seat, st.events, st.result)
