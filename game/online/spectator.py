"""Watching a live table in the app: the spectator's match (``WatchMatch``) and its table (``WatchTable``).

The server sends a spectator only ``view`` messages (game/online/watching.py): the public view of seat 0's
chair and the public log. ``WatchMatch`` reads them as a ``RemoteMatch`` reads a seat's states, from seat 0's
chair with nothing to decide, and refuses every move. ``WatchTable`` is the game's own online table with both
seats remote: no Resign, no question on the way out (leaving stops watching), the names and the delay on top,
and the end shown on the table itself (a spectator has no rematch to ask for).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game import tables as registry
from game.online.client import OnlineClient
from game.online.play import OnlineTable
from game.online.remote import RemoteMatch, RemoteState
from game.session import Session
from rules.core import Action, IllegalAction
from sprites import theme
from sprites.widgets import Button

if TYPE_CHECKING:
    from game.online.messages import ServerMsg


class WatchMatch(RemoteMatch):
    """A spectator's match: the server's public view, seen from seat 0's chair; nothing here is ever played."""

    def __init__(self, game_id: str, send: Callable[..., bool], t: Callable[..., str] | None = None) -> None:
        super().__init__(game_id, 0, send, t)
        self.delay = 0  # the server shows the game this many moves behind

    def feed(self, messages: list[ServerMsg]) -> bool:
        return super().feed([self._as_state(m) for m in messages])

    def _as_state(self, msg: ServerMsg) -> ServerMsg:
        if msg.get("type") != "view":
            return msg
        self.delay = msg.get("delay") or 0
        return {**msg, "type": "state", "seat": 0}

    def play(self, action: Action) -> RemoteState:
        raise IllegalAction("online.watching")

    def resign(self) -> bool:
        return False

    def ask_rematch(self) -> bool:
        return False

    @property
    def waiting(self) -> bool:
        """A spectator never has a move to make: the table only follows the game, until its end shows."""
        st = self._state
        return st is None or bool(self._steps) or not st.is_over


class WatchTable(OnlineTable):
    """Mixed in before a game's TableScene, as OnlineTable is (see the module docstring)."""

    series_after_end = True  # a spectator has no end screen to say the score: the note stays

    @property
    def in_play(self) -> bool:
        return False  # nothing to give up: leaving only stops watching

    def show_end(self) -> None:
        self.app.play_sound("win")
        self.show_toast(self.t("watch.live.over"))

    def _all_buttons(self) -> list[Button]:
        return [b for b in super()._all_buttons() if b.id not in ("resign", "undo", "redo")]

    def banner(self) -> tuple[str, theme.Color] | None:
        m = self.remote
        if (trouble := self.link_banner()) is not None:
            return trouble
        names = self.session.names
        if isinstance(m, WatchMatch) and m.delay and not m.state.is_over:
            return self.t("watch.live.delayed", first=names[0], second=names[1], n=m.delay), theme.TEXT
        if m.started and m.state.is_over and not m.waiting:  # no end screen here: the table says who won
            won = m.state.winners
            return (self.t("end.wins", name=names[won[0]]) if len(won) == 1 else self.t(self.draw_headline)), theme.GOLD
        return self.t("watch.live.watching", first=names[0], second=names[1]), theme.TEXT


def watch_table(app, client: OnlineClient, first: ServerMsg, rest: list[ServerMsg]) -> OnlineTable:
    """The table for a spectator from the server's first ``view`` of it (and what came after)."""
    match = WatchMatch(first["game"], client.send, app.t)
    match.names = list(first["names"])
    match.feed([first, *rest])
    names = [n or "?" for n in first["names"]]
    session = Session(match.game_id, "online", names, match, app.opts.level, ["remote", "remote"])  # type: ignore[arg-type]  # a RemoteMatch stands in
    base = registry.table_class(session.game_id)
    cls = type(f"Watch{base.__name__}", (WatchTable, base), {})
    return cls(app, session, client, None)
