"""Watch a game: a replay code is typed or pasted, checked, and played back at the table (from the start); or a
live table's join code, or a running game picked from the server's list, watched as it is played.

A damaged code is refused with the reason the decoder gives; nothing opens. A live table is watched on the server
of the Online screen (the settings' ``server``): the table opens once the server sends its first view.
"""
from __future__ import annotations

import logging
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
from sprites.felt import felt
from sprites.widgets import Button, TextField

if TYPE_CHECKING:
    from game.online.messages import LiveRow

MAX_CODE = 20000
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
        w, h = self.size
        s = theme.ui_scale(h)
        fw, fh = int(w * 0.8), max(44, int(70 * s))
        top = int(h * (0.2 if self.keyboard else 0.32))
        self.field.rect = pygame.Rect((w - fw) // 2, top, fw, fh)
        bw, bh, gap = min(int(w * 0.22), int(300 * s)), max(44, int(64 * s)), max(8, int(16 * s))
        by = self.field.rect.bottom + fh
        ids = [("back", "names.back"), ("paste", "watch.paste"), ("watch", "watch.go")]
        x0 = (w - 3 * bw - 2 * gap) // 2
        rows = [Button(bid, self.t(key), pygame.Rect(x0 + i * (bw + gap), by, bw, bh), primary=bid == "watch")
                for i, (bid, key) in enumerate(ids)]
        lw, top = 3 * bw + 2 * gap, by + 2 * bh + 3 * gap + int(34 * s)  # room for an error line above
        for i, row in enumerate(self.live[:LIVE_SHOWN] if not self.keyboard else []):
            rows.append(Button(f"live{i}", self.live_label(row), pygame.Rect(x0, top + i * (bh + gap), lw, bh)))
        self.list_top = top
        self.buttons.set(rows)
        self.place_keyboard()

    def live_label(self, row: LiveRow) -> str:
        names = [n or "?" for n in row["names"]]
        game = self.t(f"game.{row['game']}")
        return self.t("watch.live.row", first=names[0], second=names[1], game=game, n=row["count"])

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
        s = theme.ui_scale(h)
        surface.blit(felt((w, h)), (0, 0))  # the felt the player chose
        fonts = self.app.fonts
        title = fonts.render(self.t("online.watch_live" if self.listing else "watch.title"), theme.font_px(64, s),
                             theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, int(h * (0.04 if self.keyboard else 0.1)))))
        px = theme.font_px(28, s)
        if self.listing and not self.keyboard:
            heading = self.t("watch.live.list" if self.live else "watch.live.none")
            img = fonts.render(heading, px, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(bottomleft=(self.field.rect.x, self.list_top - 6)))
        for i, line in enumerate(fonts.wrap(self.t("watch.hint_live"), px, int(w * 0.8))[:2]):
            img = fonts.render(line, px, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(bottomleft=(self.field.rect.x, self.field.rect.y - 6
                                                       - (1 - i) * img.get_height())))
        self.field.draw(surface, fonts, focused=self.buttons.focus is None, now=self.app.now)
        self.buttons.draw(surface, fonts)
        if self.error:
            y = self.buttons.buttons[0].rect.bottom + 12
            for line in fonts.wrap(self.error, px, int(w * 0.8))[:3]:
                img = fonts.render(line, px, theme.BAD, bold=True)
                surface.blit(img, img.get_rect(midtop=(w // 2, y)))
                y += img.get_height()
        self.draw_keyboard(surface)
