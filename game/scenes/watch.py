"""Watch a game: a replay code is typed or pasted, checked, and played back at the table (from the start); or a
live table's join code, or a running game picked from the server's list, watched as it is played.

A damaged code is refused with the reason the decoder gives; nothing opens. A live table is watched on the server
of the Online screen (the settings' ``server``): the table opens once the server sends its first view.
"""
from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.clipboard import paste
from game.online.client import STATUS, OnlineClient
from game.online.failures import failure_words
from game.online.protocol import check_url, is_code, normalize_code
from game.online.spectator import watch_table
from game.session import replay_names
from game.tables.replay import open_replay
from game.textentry import TextEntryScene
from rules.replay import ReplayError, read
from sprites import theme
from sprites.compose import Column, Fan, Words, draw_panels, draw_words
from sprites.felt import felt
from sprites.listrow import ListRow
from sprites.roles import BODY, CAPTION, HEADING, LABEL, TITLE, Typeset
from sprites.widgets import Button, TextField

if TYPE_CHECKING:
    from game.online.messages import LiveRow

MAX_CODE = 20000
FAN = ("AS", "KH", "QC", "JD", "TS")  # the Watch screen's decoration
LIVE_SHOWN = 5  # running games listed at once
LIVE_EVERY = 10.0  # seconds between asks for the list while it shows (it also keeps the connection wanted)
log = logging.getLogger("carduels.online")


class WatchScene(TextEntryScene):
    name = "watch"

    def __init__(self, app, code: str = "", live: bool = False) -> None:
        super().__init__(app)
        self.field = TextField(pygame.Rect(0, 0, 10, 10), text=code, max_len=MAX_CODE,
                               placeholder=self.t("watch.placeholder"))
        self.client: OnlineClient | None = None  # the server's, for the list of live games and watching one
        self.listing = live  # opened from the Online screen: list the running games
        self.live: list[LiveRow] = []
        self.wanted: str | None = None  # the live table asked for, until its first view arrives
        self.asked_at = float("-inf")  # when the list was last asked for (the app's clock)
        self.type = Typeset(app.fonts, app.size[1])  # the sizes of the screen's words (build sets them)
        self.panels: list[pygame.Rect] = []
        self.words: list[Words] = []
        self.fan_area = pygame.Rect(0, 0, 0, 0)
        self.fan = Fan(FAN)
        self.title_px = self.error_top = self.top = self.list_top = 0
        if live:
            self._connect()
            if is_code(normalize_code(code)):  # the Online screen's code: that table at once
                self.watch_live(normalize_code(code))

    def _connect(self) -> OnlineClient | None:
        if self.client is None:
            try:
                url = check_url(self.app.settings.server)
            except ValueError:
                self.error = self.t("online.bad_url")
                return None
            self.client = OnlineClient(url, open_timeout=5.0).start()
        return self.client

    def exit(self) -> None:
        super().exit()
        if self.client is not None:  # not handed to a table
            self.client.close()
            self.client = None

    def entry(self) -> TextField:
        return self.field

    def build(self) -> None:
        """The title; the running games as a panel of rows (who plays, what, how far, how many watch) beside a
        fan of cards over the panel for a code; watching a replay code, the fan over that panel alone. With the
        on-screen keyboard up, the code's panel alone above it."""
        w, h = self.size
        s = theme.ui_scale(h)
        t, fonts = self.t, self.app.fonts
        ts = self.type = Typeset(fonts, h)
        fh, gap, pad = max(44, round(58 * s)), max(8, round(14 * s)), max(10, round(24 * s))
        avail = h - (int(h * self.keyboard_share) + 8 if self.keyboard else 0)
        title = "online.watch_live" if self.listing else "watch.title"
        self.title_px = ts.fit(TITLE, t.each(title), w - 2 * gap)
        top = round(h * 0.03) + fonts.line_height(self.title_px, True) + gap
        listing = self.listing and self.keyboard is None
        total = min(w - 2 * gap, round(1640 * s))  # a replay code is long: a wide field
        x0 = (w - total) // 2
        lw = round((total - gap) * 0.56) if listing else 0
        rx, rw = (x0 + lw + gap, total - lw - gap) if listing else (x0, total)
        fan_h = 0 if self.keyboard else round(h * (0.2 if listing else 0.24))
        self.fan_area = pygame.Rect(rx, top, rw, fan_h)
        code = Column(fonts, rx + pad, top + fan_h + (gap if fan_h else 0) + pad, rw - 2 * pad, gap)
        code_top = code.y - pad
        code.text(t("watch.code"), HEADING, ts.fit(HEADING, [*t.each("watch.code"), *t.each("watch.live.list")],
                                                   rw - 2 * pad), theme.GOLD)
        hint = "watch.hint_live" if self.listing else "watch.hint"
        code.text(t(hint), CAPTION, ts.px(CAPTION), theme.TEXT_DIM)
        self.field.rect = code.take(fh)
        paste_r, watch_r = code.row(fh, (1, 1))
        rows: list[Button] = [Button("paste", t("watch.paste"), paste_r),
                              Button("watch", t("watch.go"), watch_r, primary=True)]
        size = ts.labels([b.rect for b in rows], [list(zip(t.each("watch.paste"), ["", "", ""], strict=True)),
                                                  list(zip(t.each("watch.go"), ["", "", ""], strict=True))])
        self.error_top = code.y
        bottom = code.y + 2 * fonts.line_height(size) + pad
        self.words = code.words
        self.panels = [pygame.Rect(rx, code_top, rw, bottom - code_top)]
        self.list_top = top
        if listing:
            col = Column(fonts, x0 + pad, top + pad, lw - 2 * pad, gap)
            heading = "watch.live.list" if self.live else "watch.live.none"
            col.text(t(heading), HEADING, self.words[0].px, theme.GOLD if self.live else theme.TEXT_DIM)
            self.list_top = col.y
            row_h = max(fh, 2 * fonts.line_height(size) + round(fh * 0.3))
            listed: list[ListRow] = []
            for i, row in enumerate(self.live[:LIVE_SHOWN]):
                if col.y + row_h > bottom - pad:
                    break  # as many as the panel holds beside the code's
                listed.append(ListRow(f"live{i}", self.live_cells(row), col.take(row_h)))
            rows += listed
            for r in listed:
                while size > fonts.floor and not r.fits(fonts, size):
                    size -= 1  # one size for the list and the buttons: the largest at which every cell stands
            self.words = col.words + self.words
            self.panels.insert(0, pygame.Rect(x0, top, lw, bottom - top))
        if self.keyboard is None:
            back_w = max(round(total * 0.26), fh * 3)
            rows.insert(0, Button("back", t("names.back"), pygame.Rect((w - back_w) // 2, bottom + gap, back_w, fh)))
            size = min(size, ts.labels([rows[0].rect], [list(zip(t.each("names.back"), ["", "", ""], strict=True))]))
        self.buttons.set(rows)
        self.buttons.px = ts.same(LABEL, size)
        self.field.px = ts.same(BODY, size)  # the field and an error in the buttons' size: four sizes in all
        end = (rows[0].rect.bottom if self.keyboard is None else bottom) - round(h * 0.03)
        self.shift(max(0, (avail - end) // 2 - round(h * 0.03)) if self.keyboard is None else 0)
        self.place_keyboard()

    def shift(self, dy: int) -> None:
        """Move the laid-out screen down by ``dy`` (centred in the window's height)."""
        self.top = round(self.size[1] * 0.03) + dy
        for b in self.buttons.buttons:
            b.rect = b.rect.move(0, dy)
        self.field.rect = self.field.rect.move(0, dy)
        self.panels = [p.move(0, dy) for p in self.panels]
        self.fan_area = self.fan_area.move(0, dy)
        self.words = [replace(wd, at=(wd.at[0], wd.at[1] + dy)) for wd in self.words]
        self.error_top += dy
        self.list_top += dy

    def live_cells(self, row: LiveRow) -> list[str]:
        names = [n or "?" for n in row["names"]]
        return [self.t("watch.live.players", first=names[0], second=names[1]), self.t(f"game.{row['game']}"),
                self.t.n("watch.live.moves", row["count"]), self.t.n("online.watchers", row.get("watchers", 0))]

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        if bid == "back":
            self.app.stack.pop()
        elif bid == "paste":
            self.paste()
        elif bid == "watch":
            self.watch()
        elif bid.startswith("live") and int(bid[4:]) < len(self.live):
            self.watch_live(self.live[int(bid[4:])]["code"])

    def paste(self) -> None:
        self.field.insert(paste(self.app).strip())
        self.error = ""

    def watch(self) -> bool:
        """Open the code at the table (a live table's join code: watch it); a damaged one is refused with its reason."""
        code = normalize_code(self.field.text.strip())
        if is_code(code):
            return self.watch_live(code)
        try:
            recording, computers = read(self.field.text.strip())
        except ReplayError as exc:
            self.error = self.t("watch.refused", why=str(exc))
            return False
        self.app.stack.replace(open_replay(self.app, recording, replay_names(self.t, computers)))
        return True

    def watch_live(self, code: str) -> bool:
        """Ask the server to watch ``code``; the table opens with its first view (``update``)."""
        client = self._connect()
        if client is None:
            return False
        self.error, self.wanted = "", code
        client.watching = code  # watched on every connection, the first included
        if client.connected:
            client.send("watch", code=code)
        return True

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.client is None:
            return
        msgs = self.client.poll()
        due = self.app.now - self.asked_at >= LIVE_EVERY
        if self.listing and self.wanted is None and self.client.connected and due:
            self.asked_at = self.app.now
            self.client.send("live")
        if msgs:
            self.app.invalidate()  # the list or an error to show: nothing else asks for a frame
        for i, msg in enumerate(msgs):
            kind = msg.get("type")
            if kind == STATUS and msg["status"] == "failed":
                self.error = failure_words(self.t, msg.get("kind", ""), self.client.url)
                self.client, self.wanted = None, None
                return
            elif kind == "live":
                self.live = list(msg["tables"])
                self.build()
            elif kind == "error" and msg.get("ref") in ("watch", "live"):
                key = f"online.error.{msg['code']}"
                self.error = self.t(key) if self.t.has(key) else self.t("online.error.other")
                self.wanted = None
            elif kind == "view" and self.wanted is not None and msg.get("code") == self.wanted:
                client, self.client = self.client, None  # the table holds it now
                self.app.stack.replace(watch_table(self.app, client, msg, msgs[i + 1:]))
                return

    def next_deadline(self) -> float | None:
        mine = super().next_deadline()
        return mine if self.client is None else min(mine or 0.1, 0.1)  # the client thread cannot wake the loop

    def on_key(self, event: pygame.event.Event) -> None:
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
        elif event.key == pygame.K_v and ctrl:
            self.paste()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.buttons.focus is not None:
                self.buttons.key(event)
            else:
                self.watch()
        elif event.key == pygame.K_TAB or not self.field.handle(event):
            self.buttons.key(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        surface.blit(felt((w, h)), (0, 0))  # the felt the player chose
        fonts, ts = self.app.fonts, self.type
        title = "online.watch_live" if self.listing else "watch.title"
        ts.line(surface, self.t(title), TITLE, self.title_px, theme.GOLD, midtop=(w // 2, self.top))
        self.fan.draw(surface, self.app.cards, self.fan_area)
        draw_panels(surface, self.panels)
        draw_words(surface, fonts, self.words)
        self.field.draw(surface, fonts, focused=self.buttons.focus is None, now=self.app.now)
        self.buttons.draw(surface, fonts)
        if self.error:
            px, y = self.field.px or ts.px(BODY), self.error_top
            room = self.panels[-1].inflate(-2 * (self.field.rect.x - self.panels[-1].x), 0)
            for line in fonts.wrap(self.error, px, room.w)[:2]:
                y = ts.line(surface, line, BODY, px, theme.BAD, topleft=(room.x, y)).bottom
        self.draw_keyboard(surface)
