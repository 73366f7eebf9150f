"""An online table: any game's table with a RemoteMatch, fed from the client thread every frame.

``online_table(app, session, client)`` builds the game's own table class with :class:`OnlineTable` mixed in
first, so every game plays online exactly as it plays locally. The mixin pumps the network each frame
(never waiting), animates each arriving step, shows "waiting for Ann…" and connection notes, turns Hint
into Resign and refuses undo, redo and restart: the server holds the one true history. Leaving a running game
asks first (keep the seat and come back later, or resign); only an explicit resignation gives the game up.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from game import tables as registry
from game.online.client import OnlineClient
from game.online.failures import failure_words
from game.online.hosting import ServerThread
from game.online.remote import RemoteMatch
from game.online.series import winner as series_winner
from game.online.series import words as series_words
from game.session import Session
from sprites import theme
from sprites.record import floating
from sprites.widgets import Button, draw_panel

if TYPE_CHECKING:
    from game.tables.base import TableScene
else:
    TableScene = object  # mixed in front of a TableScene: its base for the type checker only

RESIGN_CONFIRM = 3.0  # seconds in which a second press of Resign confirms
NETWORK_POLL = 0.1  # seconds between looks at the network while the table rests
HEADLESS_IDLE = 0.002  # a headless frame has no clock to wait for; idle a little while the network has the move


class OnlineTable(TableScene):
    """Mixed in before a game's TableScene (see the module docstring)."""

    series_after_end = False  # the end screen says the series' score in full

    restartable = False  # the pause menu offers no "Restart this deal": the server holds the deal
    remote: RemoteMatch  # the session's match: the server holds it
    client: OnlineClient
    local_server: ServerThread | None
    resign_armed: float
    code: str | None
    next_match: RemoteMatch | None
    handed_over: bool
    given_up: bool
    question: object | None
    _corner_spot: tuple[object, pygame.Rect] | None = None  # where the small notes went, and for which layout

    def __init__(self, app, session: Session, client: OnlineClient, server: ServerThread | None = None) -> None:
        super().__init__(app, session)
        remote = session.match
        assert isinstance(remote, RemoteMatch)  # an online session plays a match held by the server
        self.remote = remote
        self.client, self.local_server = client, server
        self.view_seat = self.revealed_for = remote.seat  # also when the computer plays this seat
        self.resign_armed = 0.0
        self.code = client.code  # this table's; a "seated" for another code is the rematch
        self.next_match: RemoteMatch | None = None
        self.handed_over = False
        self.given_up = False  # the player resigned on the way out: the server is told the seat is free
        self.question: object | None = None  # the question "leave how?" once asked

    def exit(self) -> None:
        super().exit()
        if not self.handed_over:
            # the seat is kept (for "Back to your game") unless the game is over or the player resigned
            self.client.close(leave=self.given_up or not self.in_play)
            if self.local_server is not None:
                self.local_server.stop(wait=0)

    # --- leaving: always asked, never a silent resignation ------------------------------------------------------
    @property
    def in_play(self) -> bool:
        m = self.remote
        return m.started and not m.state.is_over and m.status != "closed"

    def ask_leave(self, quitting: bool = False) -> bool:
        """Leave the table (for the menu, or ``quitting`` the app): True when the player is asked first (the
        game runs) or already being asked; False when there is nothing to ask and the caller goes on."""
        if not self.in_play:
            return False
        if self.asking:
            return True
        name = self.session.names[1 - self.remote.seat]
        keep, resign = ("online.leave.keep_quit", "online.leave.resign_quit") if quitting else \
            ("online.leave.keep", "online.leave.resign")
        self.question = self.app.push("choose", text=self.t("online.leave.ask", name=name),
                                      labels=[self.t(keep), self.t(resign)],
                                      on_pick=lambda i: self._leave(resign=i == 1, quitting=quitting))
        return True

    @property
    def asking(self) -> bool:
        """The question is open (or about to open, with the next frame)."""
        q = self.question
        return q is not None and (q in self.app.stack.scenes or self.app.stack.pending)

    def _leave(self, resign: bool, quitting: bool) -> None:
        if resign:
            self.given_up = True
            self.remote.concede()
            self.app.report_result(self.session)  # the loss counts in the statistics, as any finished game
        if quitting:
            if resign:
                self.client.close(leave=True, wait=2.0)  # the resignation leaves before the app does
            self.app.running = False
        else:
            self.app.show("menu")

    def before_quit(self) -> bool:
        """The window is being closed: True when the player is asked first (the app keeps running for now). Closing
        it again while asked quits, keeping the seat: a window that will not close is worse than a question."""
        return not self.asking and self.ask_leave(quitting=True)

    # --- the network, once a frame -------------------------------------------------------------------------
    def pump(self) -> None:
        msgs = self.client.poll()
        if self.next_match is None:
            for i, msg in enumerate(msgs):
                if msg.get("type") == "seated" and msg.get("code") != self.code:  # both asked: the rematch
                    self.next_match = RemoteMatch(msg["game"], msg["seat"], self.client.send, self.t)
                    msgs, rest = msgs[:i], msgs[i:]
                    self.next_match.feed(rest)
                    break
        elif msgs:
            self.next_match.feed(msgs)
            msgs = []
        if self.next_match is not None and self.next_match.started and not self.handed_over:
            self.start_rematch(self.next_match)
        m = self.remote
        watchers = m.watchers
        if m.feed(msgs):
            self.clear_selection()
            self.refresh(animate=False)
        for text, err in m.pop_notices():
            if (self.banner() or ("",))[0] != text:  # "Ben disconnected — waiting" stays on the table: once is enough
                self.show_toast(text, error=err)
        if m.watchers != watchers:
            self.app.invalidate()  # the count's note is drawn over the table: nothing else asks for a frame
        if not self.cards.busy:
            events = m.advance()
            if events is not None:
                self.refresh(animate=True, events=events)
                if not m.waiting and not m.state.is_over:
                    self.app.play_sound("turn")

    def update(self, dt: float) -> None:
        self.resign_armed = max(0.0, self.resign_armed - dt)
        self.pump()
        super().update(dt)
        if self.app.opts.headless and self.remote.waiting and not self.cards.busy:
            time.sleep(HEADLESS_IDLE)  # unpaced frames would only burn the CPU the other player needs

    def next_deadline(self) -> float | None:
        mine = super().next_deadline()
        return NETWORK_POLL if mine is None else min(mine, NETWORK_POLL)  # the client thread cannot wake the loop

    def blocking(self) -> bool:
        """The move is the other player's or on its way: the table only animates (no bot, no end yet)."""
        return self.remote.waiting or super().blocking()

    def persist(self) -> None:
        """Nothing to save here: the server keeps the game."""

    def undo(self) -> None:
        self.show_toast(self.t("online.no_undo"))

    def redo(self) -> None:
        self.show_toast(self.t("online.no_undo"))

    def restart(self) -> None:
        self.show_toast(self.t("online.no_restart"), error=True)

    def show_hint(self) -> None:
        self.show_toast(self.t("online.no_hint"))

    def show_end(self) -> None:
        self.app.play_sound("win")
        self.app.push("end", table=self, again="online")

    # --- after the end: the rematch --------------------------------------------------------------------------------
    def end_offer(self) -> tuple[str, bool, str]:
        """What the end screen's first button says, whether it may be pressed, and a note about the rematch (in a
        series not yet decided: its next game, which is the rematch by another name)."""
        m, other = self.remote, 1 - self.remote.seat
        name = self.session.names[other]
        mine, theirs = m.rematch_asked[m.seat], m.rematch_asked[other]
        going_on = m.series is not None and series_winner(m.series) is None
        label = self.t("online.series_next" if going_on else "online.rematch")
        if m.status == "closed" or (m.names[other] is not None and not m.connected[other] and not theirs):
            return label, False, self.t("online.rematch_gone", name=name)
        if mine:
            return label, False, self.t("online.series_waiting" if going_on else "online.rematch_waiting", name=name)
        if theirs:
            return (label if going_on else self.t("online.rematch_accept"), True,
                    self.t("online.series_asked" if going_on else "online.rematch_asked", name=name))
        return label, True, ""

    def series_line(self) -> str:
        """The series' score in words ("Series 1–1 · game 3 of 3", "Ann wins the series 2–1"), or ""."""
        return series_words(self.t, self.remote.series, self.session.names, self.remote.seat)

    def end_again(self) -> None:
        if not self.remote.ask_rematch():
            self.show_toast(self.t("online.offline"), error=True)

    def start_rematch(self, m: RemoteMatch) -> None:
        """The new deal has arrived: a fresh table for it takes this one's place (and the end screen's)."""
        names = [n or "?" for n in m.names]
        seats = ["remote", "remote"]
        seats[m.seat] = "bot" if "bot" in self.session.seats else "human"
        session = Session(m.game_id, "online", names, m, self.app.opts.level, seats)  # type: ignore[arg-type]  # a RemoteMatch stands in
        self.handed_over = True
        if self.app.stack.top is not self:
            self.app.stack.pop()  # the end screen
        self.app.stack.replace(online_table(self.app, session, self.client, self.local_server))

    # --- buttons: Hint becomes Resign ---------------------------------------------------------------------------
    def _all_buttons(self) -> list[Button]:
        out = super()._all_buttons()
        over = self.remote.started and self.remote.state.is_over
        out = [b for b in out if b.id != "analysis"]  # no expert's advice in a game against a person
        for b in out:
            if b.id in ("undo", "redo"):
                b.enabled = False
            elif b.id == "hint":
                b.id, b.label, b.enabled = "resign", self.t("online.resign"), not over
                b.primary = self.resign_armed > 0
        return out

    def on_game_button(self, bid: str) -> None:
        if bid != "analysis":
            super().on_game_button(bid)

    def press(self, bid: str) -> None:
        if bid != "resign":
            super().press(bid)
            return
        self.app.play_sound("click")
        if self.resign_armed > 0:
            self.resign_armed = 0.0
            if not self.remote.resign():
                self.show_toast(self.t("online.offline"), error=True)
        else:
            self.resign_armed = RESIGN_CONFIRM
            self.show_toast(self.t("online.resign_confirm"))
        self.buttons.set(self._all_buttons())

    def end_columns(self) -> list[list[str]]:
        cols = super().end_columns()
        result = self.remote.result
        if result and result.get("reason") in ("resign", "abandoned"):
            seat = result["seat"]
            cols[seat].insert(0, self.t(f"online.result.{result['reason']}", name=self.session.names[seat]))
        return cols

    # --- drawing: a note on top of the table ----------------------------------------------------------------------
    def link_banner(self) -> tuple[str, theme.Color] | None:
        """The connection's trouble in words, when there is any (it goes before anything about the game)."""
        m = self.remote
        if m.link in ("connecting", "reconnecting"):
            return self.t("online.reconnecting"), theme.BAD
        if m.link == "failed":
            return failure_words(self.t, m.link_kind, self.client.url), theme.BAD
        if m.status == "closed":
            return self.t("online.closed"), theme.BAD
        return None

    def banner(self) -> tuple[str, theme.Color] | None:
        m = self.remote
        if (trouble := self.link_banner()) is not None:
            return trouble
        if not m.started or m.state.is_over:
            return None
        other = 1 - m.seat
        name = self.session.names[other]
        if m.opponent_away:
            return self.t("online.opponent_away", name=name), theme.BAD
        if m.state.to_move == other:
            return self.t("online.waiting_for", name=name), theme.TEXT
        return None

    def _note(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The note's words and its box, if one shows."""
        note = self.banner()
        if note is None:
            return None
        text, color = note
        fonts, s = self.app.fonts, self.scale
        img = fonts.render(text, theme.font_px(28, s), color, bold=True)
        box = img.get_rect().inflate(int(36 * s), int(16 * s))
        # in the table's message area, over its turn line: the opponent's hand along the top stays in view
        box.center = self.geo.message_center
        box.clamp_ip(self.board)
        return img, box

    def watching_note(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        """How many watch this table (game/online/watching.py), small in the board's top right corner."""
        return self._corner_notes().get("watch")

    def series_note(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The series' score while a game of it runs, under the watchers' count if there is one (the end screen says
        it in full once the game is over)."""
        return self._corner_notes().get("series")

    def _corner_notes(self) -> dict[str, tuple[pygame.Surface, pygame.Rect]]:
        """The small notes, stacked in the board's top right corner, or where that covers cards or plates (Card
        Square's opponent sits there), in the free place nearest it."""
        m, s = self.remote, self.scale
        texts = {"watch": self.t.n("online.watchers", m.watchers) if m.watchers > 0 else "",
                 "series": self.series_line() if m.started and (self.series_after_end or not m.state.is_over) else ""}
        imgs = {k: self.app.fonts.render(v, theme.font_px(22, s), theme.TEXT) for k, v in texts.items() if v}
        if not imgs:
            return {}
        boxes = {k: img.get_rect().inflate(int(20 * s), int(10 * s)) for k, img in imgs.items()}
        gap = int(6 * s)
        group = pygame.Rect(0, 0, max(b.w for b in boxes.values()),
                            sum(b.h for b in boxes.values()) + gap * (len(boxes) - 1))
        group.topright = (self.board.right - int(10 * s), self.board.top + int(10 * s))
        group = self._free_spot(group)
        y = group.top
        for box in boxes.values():
            box.topright = (group.right, y)
            y = box.bottom + gap
        return {k: (imgs[k], boxes[k]) for k in imgs}

    def _free_spot(self, box: pygame.Rect) -> pygame.Rect:
        """``box`` if it covers no card, plate or banner; else the place on the board that covers least of them,
        the nearest such to ``box`` (a search over a grid, as the toast's)."""
        report = self.table_report()
        hard = [c.inflate(-4, -4) for c in report.get("cards", [])] + list(report.get("plates", []))
        banner = self._note()
        hard += [banner[1]] if banner else []
        if not any(box.colliderect(r) for r in hard):
            return box
        key = (tuple(box), tuple(tuple(r) for r in hard))
        cached = self._corner_spot
        if cached is not None and cached[0] == key:
            return cached[1]
        best: tuple[float, pygame.Rect] | None = None
        for fy in range(25):
            for fx in range(25):
                r = box.copy()
                r.topright = (self.board.x + self.board.w * fx // 24, self.board.y + self.board.h * fy // 24)
                r.clamp_ip(self.board)
                cost = (1e6 * sum(_overlap(r, c) for c in hard) + abs(r.right - box.right) + abs(r.top - box.top))
                if best is None or cost < best[0]:
                    best = (cost, r)
        assert best is not None
        self._corner_spot = (key, best[1])
        return best[1]

    def static_key(self) -> tuple:
        # the notes are drawn over the table after its layers; a frame that repaints only where cards moved would
        # leave a note that moved or went (a watcher arriving pushes the series' score down) on the felt
        notes = tuple((tuple(n[1]), n[0].get_size()) for n in (self.watching_note(), self.series_note()) if n)
        return (*super().static_key(), self.banner(), notes)

    def kept_clear(self) -> list[pygame.Rect]:
        """A toast stands beside the notes, not over them."""
        return [note[1] for note in (self._note(), self.watching_note(), self.series_note()) if note]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        for note in (self._note(), self.watching_note(), self.series_note()):
            if note is None:
                continue
            img, box = note
            with floating(surface):
                draw_panel(surface, box, alpha=235)
                surface.blit(img, img.get_rect(center=box.center))


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    c = a.clip(b)
    return c.w * c.h


def online_table(app, session: Session, client: OnlineClient, server: ServerThread | None = None):
    """The game's own table class with :class:`OnlineTable` mixed in, ready to push."""
    base = registry.table_class(session.game_id)
    cls = type(f"Online{base.__name__}", (OnlineTable, base), {})
    return cls(app, session, client, server)
