"""Spectators (a part of ``GameServer``): watching a live table by its code, the list of live tables, the delay
and the count of watchers the players see.

A spectator's connection holds no seat and gets only what anyone watching may know: the game's public view
(``GameSpec.public_view``, the allow-list) of seat 0's observation and the public log events, never an
observation of a seat, never the seed or the moves. With ``Limits.watch_delay`` = N it is shown the position N
moves behind the game until the game is over, then the end at once. Its own line of the game (``Line``) follows
the table's moves, so the delayed position costs one move's work per move, not a replay. Every message that
would play (act, resign, rematch, a seat) is refused with ``spectator``; ``leave`` stops watching.

Each gateway counts its own spectators of a table and tells the others through the store's notifications
(``watchers N``, repeated every ``WATCH_ANNOUNCE`` seconds while nonzero); a count not repeated in time is
forgotten, so a gateway that died stops counting. The players see the sum in their presence and state messages.
"""
from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

import rules
from game.online import protocol
from game.online.journal import Op
from game.online.limits import Conn
from game.online.protocol import ProtocolError
from game.online.table import Line, Table

if TYPE_CHECKING:
    from game.online.parts import GatewayParts
else:
    GatewayParts = object  # a base for the type checker only: server.GameServer supplies every member

LIVE_MAX = 50  # tables in one answer to ``live``
WATCH_ANNOUNCE = 10.0  # a gateway repeats its nonzero counts this often ...
WATCH_FORGET = 3 * WATCH_ANNOUNCE  # ... and the others forget a count not heard again for this long
PLAYING_ONLY = ("act", "resign", "rematch", "create", "join", "quick", "resume")  # refused to a spectator


def live_tables(db: Any) -> list[dict[str, Any]]:
    """The newest running games in the store (every gateway's), for the list a spectator chooses from."""
    rows = db.rows("SELECT code, game, name0, name1, moves FROM tables WHERE closed = 0 AND name1 IS NOT NULL "
                   "AND result IS NULL AND finished IS NULL ORDER BY created DESC LIMIT ?", (LIVE_MAX,))
    return [{"code": c, "game": g, "names": [n0, n1], "count": int(m or 0)} for c, g, n0, n1, m in rows
            if g in rules.GAMES]


class Watching(GatewayParts):
    def __init__(self) -> None:
        self.watched: dict[Conn, str] = {}  # a spectator here -> the code it watches
        self.watchers: dict[str, set[Conn]] = {}  # code -> its spectators here
        self.elsewhere: dict[str, dict[str, tuple[int, float]]] = {}  # code -> gateway -> (count, heard at)
        self._lines: dict[str, Line] = {}  # code -> the game as its spectators here were last shown it
        self._shown: dict[str, tuple[Any, str]] = {}  # code -> (result, status) the spectators were last shown
        self._announced = float("-inf")

    # --- messages -------------------------------------------------------------------------------------------
    def as_spectator(self, conn: Conn, kind: str) -> str:
        """The handler a message of a spectator's goes to: ``leave`` and ``sync`` its own, play refused."""
        if conn not in self.watched:
            return kind
        if kind in PLAYING_ONLY:
            raise ProtocolError("spectator", "you are watching this table; a spectator cannot play")
        return {"leave": "unwatch", "sync": "watch_sync"}.get(kind, kind)

    def _on_watch(self, conn: Conn, msg: dict[str, Any], now: float) -> Any:
        if conn.code is not None:
            raise ProtocolError("already_seated", "this connection plays at a table; a player cannot watch")
        return self._watch(conn, msg["code"])

    async def _watch(self, conn: Conn, code: str) -> None:
        table = await self.table(code)
        if table is None:
            raise ProtocolError("no_table", f"no table has the code {code}")
        if table.status == "waiting":
            raise ProtocolError("not_started", "the game starts when the second player joins; watch it then")
        if conn.code is not None:
            raise ProtocolError("already_seated", "this connection plays at a table; a player cannot watch")
        self.stop_watching(conn)
        self.watched[conn] = code
        self.watchers.setdefault(code, set()).add(conn)
        conn.last_code = code
        table.idle_since = None
        self.send(conn, self._view(table, self._line(table, full=True)[0], 0, True, []), code)
        self._count_changed(code)

    def _on_unwatch(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        code = self.watched.get(conn, "")
        self.stop_watching(conn)
        self.send(conn, protocol.message("left", code=code))

    def _on_watch_sync(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        table = self.tables.get(self.watched[conn])
        if table is not None:
            self.send(conn, self._view(table, self._line(table, full=True)[0], 0, True, []), table.code)

    def _on_live(self, conn: Conn, msg: dict[str, Any], now: float) -> Any:
        return self._live(conn)

    async def _live(self, conn: Conn) -> None:
        rows = await asyncio.get_running_loop().run_in_executor(None, self.store.read, live_tables)
        for row in rows:
            row["watchers"] = self.watcher_count(row["code"])
        self.send(conn, protocol.message("live", tables=rows))

    def stop_watching(self, conn: Conn) -> None:
        """The spectator leaves (or its connection closed)."""
        code = self.watched.pop(conn, None)
        if code is None:
            return
        here = self.watchers.get(code, set())
        here.discard(conn)
        if not here:
            self.watchers.pop(code, None)
            self._lines.pop(code, None)
            self._shown.pop(code, None)
            table = self.tables.get(code)
            if table is not None and not table.local:
                table.idle_since = time.monotonic()
        self._count_changed(code)

    # --- what the spectators are shown -------------------------------------------------------------------------
    def show_spectators(self, table: Table, full: bool = False) -> None:
        """The table changed: its spectators here see the new position (the delayed one while it runs)."""
        if not self.watchers.get(table.code):
            return
        start = len(self._lines[table.code].actions) if table.code in self._lines else 0
        line, events, reset = self._line(table, full)
        shown = (table.result, table.status)
        if not (full or reset) and start == len(line.actions) and self._shown.get(table.code) == shown:
            return  # a move still inside the delay: nothing new to see
        self._shown[table.code] = shown
        full = full or reset
        msg = self._view(table, line, 0 if full else start, full, events)
        for conn in self.watchers[table.code]:
            self.send(conn, msg, table.code)

    def spectators_gone(self, table: Table) -> None:
        """The table closed: its spectators are told, and watch nothing more."""
        for conn in list(self.watchers.get(table.code, ())):
            self.stop_watching(conn)
            self.send(conn, protocol.message("left", code=table.code, reason="closed"))

    def _line(self, table: Table, full: bool) -> tuple[Line, list[list[Any]], bool]:
        """The game as the spectators may see it now, its new public events, and whether it had to start over."""
        delay = self.limits.watch_delay
        target = table.count if table.over or delay <= 0 else max(0, table.count - delay)
        line = self._lines.get(table.code)
        reset = line is None or line.seed != table.seed or len(line.actions) > target
        if reset:
            line = self._lines[table.code] = Line(table.game_id, table.seed)
        assert line is not None
        events: list[list[Any]] = []
        for i in range(len(line.actions), target):
            state = line.play(table.match.actions[i])
            if not (full or reset):
                events.extend([i, e] for e in state.events)
        return line, events, reset and not full

    def _view(self, table: Table, line: Line, start: int, full: bool, events: list[list[Any]]) -> dict[str, Any]:
        """A spectator's message: the public view and public events only, however the game stands."""
        if full:
            events, start = line.events(), 0
        return protocol.message(
            "view", code=table.code, game=table.game_id, count=len(line.actions), full=full, **{"from": start},
            obs=rules.GAMES[table.game_id].public_view(line.observe(0)), events=events, names=table.names,
            connected=table.connected, status=table.status, result=table.result, watchers=table.watchers,
            delay=self.limits.watch_delay, **table.series_field())

    # --- the count the players see ------------------------------------------------------------------------------
    def watcher_count(self, code: str) -> int:
        now = time.monotonic()
        others = sum(n for n, at in self.elsewhere.get(code, {}).values() if now - at < WATCH_FORGET)
        return len(self.watchers.get(code, ())) + others

    def heard_watchers(self, code: str, origin: str, payload: str) -> None:
        """Another gateway's count of its spectators of ``code`` (``watchers N``)."""
        word = payload.partition(" ")[2]
        if origin == self.id or not word.isdigit():
            return
        counts = self.elsewhere.setdefault(code, {})
        if int(word):
            counts[origin] = (int(word), time.monotonic())
        else:
            counts.pop(origin, None)
        if not counts:
            self.elsewhere.pop(code, None)
        self._count_changed(code, tell=False)

    def announce_watchers(self) -> None:
        """Part of the reaper: repeat this gateway's counts for the others, forget counts nobody repeated."""
        now = time.monotonic()
        for code, counts in list(self.elsewhere.items()):
            for origin, (_, at) in list(counts.items()):
                if now - at >= WATCH_FORGET:
                    del counts[origin]
                    self._count_changed(code, tell=False)
            if not counts:
                self.elsewhere.pop(code, None)
        if now - self._announced >= WATCH_ANNOUNCE:
            self._announced = now
            for code, conns in self.watchers.items():
                self._tell_gateways(code, len(conns))

    def _tell_gateways(self, code: str, n: int) -> None:
        if self.store.shared:
            self.journal.write(Op(None, lambda db: self.store.notify(db, code, self.id, f"watchers {n}")))

    def _count_changed(self, code: str, tell: bool = True) -> None:
        """The players and spectators here see the new count; the other gateways hear this gateway's."""
        if tell:
            self._tell_gateways(code, len(self.watchers.get(code, ())))
        table = self.tables.get(code)
        if table is None:
            return
        n = self.watcher_count(code)
        if n == table.watchers:
            return
        table.watchers = n
        presence = table.presence_message()
        for conn in [*table.local, *self.watchers.get(code, ())]:
            self.send(conn, presence, code)
