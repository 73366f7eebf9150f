"""Menu -> Online: the form (server, name, game, host or join); the waiting room is game/scenes/lobby.py."""
from __future__ import annotations

import logging
import os
from urllib.parse import urlsplit

import pygame

from game.input import Gesture
from game.online.address import share_url
from game.online.failures import failure_words, server_failure
from game.online.hosting import ServerThread
from game.online.nearby import Announcer, Browser, Nearby
from game.online.protocol import check_url, format_code, is_code, normalize_code
from game.online.seatfile import SavedSeat, SeatFile
from game.tables import playable
from game.textentry import TextEntryScene
from sprites import theme
from sprites.widgets import Button, TextField

log = logging.getLogger("carduels.online")
DEFAULT_PORT = 8765
NEARBY_SHOWN = 4


def nearby_allowed(app) -> bool:
    """Nearby games (multicast on the local network) are off in kiosk mode unless the operator enables them,
    and off wherever ``CARD_DUELS_NEARBY=0`` (the tests, a network where multicast is unwelcome)."""
    if os.environ.get("CARD_DUELS_NEARBY", "1") == "0":
        return False
    return not app.opts.kiosk or app.opts.nearby


class OnlineScene(TextEntryScene):
    """Menu -> Online: where to play, under which name, and whether to open a table or join one."""

    name = "online"
    FIELDS = ("server", "name", "code")
    keyboard_share = 0.36  # a shorter keyboard: the form has three fields to keep in sight

    def __init__(self, app) -> None:
        super().__init__(app)
        games = playable()
        self.game = app.opts.game if app.opts.game in games else games[0]
        self.fields = {"server": TextField(pygame.Rect(0, 0, 10, 10), app.settings.server, max_len=60),
                       "name": TextField(pygame.Rect(0, 0, 10, 10),
                                         app.settings.online_name or self.t("names.default1"), max_len=16),
                       "code": TextField(pygame.Rect(0, 0, 10, 10), "", max_len=9)}
        self.active = "name"
        self.lan = True
        self.best = 1  # games in the series of a table opened here (1 or 3: game/online/series.py)
        self.saved: SavedSeat | None = None  # a game this app was seated at when it last closed
        self.browser: Browser | None = None  # listens for servers on the local network
        self.nearby: list[Nearby] = []

    def entry(self) -> TextField:
        return self.fields[self.active]

    def enter(self) -> None:
        self.saved = SeatFile().load()
        if nearby_allowed(self.app):
            self.browser = Browser().start()
        super().enter()

    def exit(self) -> None:
        super().exit()
        if self.browser is not None:
            self.browser.stop()
            self.browser = None

    def update(self, dt: float) -> None:
        found = self.browser.found()[:NEARBY_SHOWN] if self.browser is not None else []
        if found != self.nearby:
            self.nearby = found
            self.build()

    def build(self) -> None:
        w, h = self.size
        s = theme.ui_scale(h)
        fw, fh, gap = min(int(w * 0.56), int(760 * s)), max(44, int(62 * s)), max(8, int(14 * s))
        side = (w - fw) // 2  # the nearby column on the right, when there is one, moves the form left
        x = side if self.browser is None or self.keyboard else max(gap, side - int(w * 0.1))
        y = int(h * (0.12 if self.keyboard else 0.16))
        label_h = int(34 * s)
        t = self.t
        rows = []
        if self.saved is not None and self.keyboard is None:
            label = t("online.resume", game=t(f"game.{self.saved.game}"), code=format_code(self.saved.code))
            rows.append(Button("resume", label, pygame.Rect(x, y - gap, fw, fh), primary=True))
            y += fh + gap
        for key in ("server", "name"):
            self.fields[key].rect = pygame.Rect(x, y + label_h, fw, fh)
            y += label_h + fh + gap
        half = (fw - gap) // 2
        opened = (half - gap) // 2
        rows += [
            Button("game", t("online.game", game=t(f"game.{self.game}")), pygame.Rect(x, y, half, fh)),
            Button("quick", t("online.quick"), pygame.Rect(x + half + gap, y, half, fh), primary=True),
            Button("host", t("online.host"), pygame.Rect(x, y + fh + gap, half - opened - gap, fh)),
            # the length of the series a table opened here plays (game/online/series.py), beside Open a table
            Button("best", t("online.best3" if self.best == 3 else "online.best1"),
                   pygame.Rect(x + half - opened, y + fh + gap, opened, fh)),
            Button("host_here", t("online.host_here"), pygame.Rect(x + half + gap, y + fh + gap, half, fh)),
            Button("lan", t("online.lan_on" if self.lan else "online.lan_off"),
                   pygame.Rect(x, y + 2 * (fh + gap), half, fh),
                   short=t("online.lan_on_short" if self.lan else "online.lan_off_short")),
            Button("ranked", t("online.ranked"), pygame.Rect(x + half + gap, y + 2 * (fh + gap), half, fh)),
        ]
        y += 3 * (fh + gap) + gap
        third = (fw - 2 * gap) // 3  # the code (7 characters), Join, and Watch: that table, else the running games
        self.fields["code"].rect = pygame.Rect(x, y + label_h, third, fh)
        rows.append(Button("join", t("online.join"), pygame.Rect(x + third + gap, y + label_h, third, fh),
                           primary=True))
        rows.append(Button("watch_live", t("watch.go"),
                           pygame.Rect(x + 2 * (third + gap), y + label_h, fw - 2 * (third + gap), fh)))
        below = y + label_h + fh + 2 * gap
        third = (fw - 2 * gap) // 3
        rows.append(Button("back", t("online.back"), pygame.Rect(x, below, third, fh)))
        rows.append(Button("identity", t("online.identity"), pygame.Rect(x + third + gap, below, third, fh),
                           short=t("online.identity_short")))
        rows.append(Button("board", t("online.board"), pygame.Rect(x + 2 * (third + gap), below, third, fh)))
        self.nearby_top = int(h * 0.16) + label_h
        nx = x + fw + 2 * gap
        nw = min(w - nx - 2 * gap, int(fw * 0.62))
        for i, seen in enumerate(self.nearby if self.keyboard is None else []):
            rows.append(Button(f"nearby{i}", self.nearby_label(seen),
                               pygame.Rect(nx, self.nearby_top + i * (fh + gap), nw, fh)))
        self.nearby_rect = pygame.Rect(nx, self.nearby_top, nw, fh)
        self.buttons.set(rows)
        self.place_keyboard()

    # --- actions --------------------------------------------------------------------------------------------
    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        self.error = ""
        if bid == "game":
            games = playable()
            self.game = games[(games.index(self.game) + 1) % len(games)] if self.game in games else games[0]
        elif bid == "lan":
            self.lan = not self.lan
        elif bid == "best":
            self.best = 4 - self.best  # one game <-> best of 3
        elif bid == "back":
            self.app.stack.pop()
            return
        elif bid == "identity":  # this device's recovery code, or another device's brought here
            self.app.push("identity")
            return
        elif bid == "watch_live":  # the running games on this server, to watch one
            self.watch_live()
            return
        elif bid == "resume" and self.saved is not None:
            saved, self.saved = self.saved, None  # if the seat is gone the waiting room says so; no second try
            self.app.push("lobby", url=saved.url, name=saved.name, resume=saved)
        elif bid == "board":  # the leaderboards of the server in the address field
            self.app.push("leaderboard", url=self.fields["server"].text.strip(), game=self.game)
            return
        elif bid in ("host", "host_here", "join", "quick", "ranked"):
            self.go(bid)
        elif bid.startswith("nearby") and int(bid[6:]) < len(self.nearby):
            self.go_nearby(self.nearby[int(bid[6:])])
        self.build()

    def nearby_label(self, seen: Nearby) -> str:
        if seen.code and seen.game:
            return self.t("online.nearby_table", name=seen.host, game=self.t(f"game.{seen.game}"))
        return self.t("online.nearby_server", name=seen.host)

    def go_nearby(self, seen: Nearby) -> None:
        """A table waiting nearby: join it; a server: it becomes the address to play on."""
        self.fields["server"].text = seen.url
        if seen.code:
            self.fields["code"].text = format_code(seen.code)
            self.go("join")

    def _checked(self, with_code: bool) -> tuple[str, str, str] | None:
        try:
            url = check_url(self.fields["server"].text)
        except ValueError:
            self.error = self.t("online.bad_url")
            return None
        name = " ".join(self.fields["name"].text.split())
        if not name:
            self.error = self.t("names.empty")
            return None
        code = normalize_code(self.fields["code"].text)
        if with_code and not is_code(code):
            self.error = self.t("online.bad_code")
            return None
        return url, name, code

    def go(self, how: str) -> None:
        checked = self._checked(with_code=how == "join")
        if checked is None:
            return
        url, name, code = checked
        self.app.settings.server, self.app.settings.online_name = url, name
        self.app._store_settings()  # remembered for next time, like the language
        if how == "join":
            self.app.push("lobby", url=url, name=name, code=code)
        elif how in ("quick", "ranked"):
            self.app.push("lobby", url=url, name=name, game=self.game, quick=True, ranked=how == "ranked")
        elif how == "host":
            self.app.push("lobby", url=url, name=name, game=self.game, best=self.best)
        else:
            self.host_here(url, name)

    def watch_live(self) -> None:
        try:
            self.app.settings.server = check_url(self.fields["server"].text)
        except ValueError:
            self.error = self.t("online.bad_url")
            self.build()
            return
        self.app._store_settings()
        code = normalize_code(self.fields["code"].text)
        self.app.push("watch", code=code if is_code(code) else "", live=True)

    def host_here(self, url: str, name: str) -> None:
        try:
            port = urlsplit(url).port
        except ValueError:
            port = None
        port = DEFAULT_PORT if port is None else port  # 0 is fine: the system picks a free port
        announce = Announcer(name, self.game) if self.lan and nearby_allowed(self.app) else None
        try:
            server = ServerThread("0.0.0.0" if self.lan else "127.0.0.1", port, announce=announce).start()
        except (OSError, RuntimeError) as exc:
            log.warning("the server could not start on port %s: %s", port, exc)
            self.error = failure_words(self.t, server_failure(exc), port=port)
            return
        # another device needs this computer's address on the network; "" says only this computer can join
        shown = (share_url(server.url) or "") if self.lan else ""
        self.app.push("lobby", url=server.url, name=name, game=self.game, server=server, shown_url=shown,
                      best=self.best)

    # --- input -------------------------------------------------------------------------------------------------
    def on_gesture(self, g: Gesture) -> None:
        if self.keyboard_tap(g) or self.buttons.gesture(g):
            return
        if g.kind == "tap":
            for key, f in self.fields.items():
                if f.rect.collidepoint(g.pos):
                    self.active = key
                    self.buttons.focus = None
                    if g.source == "touch":
                        self.show_keyboard(True)

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
        elif event.key == pygame.K_TAB and self.buttons.focus is None and self.active != "code":
            order = list(self.FIELDS)
            self.active = order[order.index(self.active) + 1]
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.buttons.focus is None:
            self.go("join" if self.active == "code" else "host")
        elif self.buttons.focus is not None or not self.fields[self.active].handle(event):
            self.buttons.key(event)

    # --- drawing -------------------------------------------------------------------------------------------------
    def next_deadline(self) -> float | None:
        blink = super().next_deadline() or 0.5
        return blink if self.browser is None else min(blink, 0.5)  # and servers nearby come and go

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        s = theme.ui_scale(h)
        surface.fill(theme.FELT)
        fonts = self.app.fonts
        title = fonts.render(self.t("online.title"), theme.font_px(64, s), theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, int(h * 0.03))))
        labels = {"server": "online.server", "name": "online.name", "code": "online.code"}
        for key, f in self.fields.items():
            img = fonts.render(self.t(labels[key]), theme.font_px(26, s), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(bottomleft=(f.rect.x, f.rect.y - 4)))
            f.draw(surface, fonts, focused=key == self.active and self.buttons.focus is None, now=self.app.now)
        if self.browser is not None and not self.keyboard:
            heading = self.t("online.nearby") if self.nearby else self.t("online.nearby_none")
            px = theme.font_px(26, s)
            lines = fonts.wrap(heading, px, self.nearby_rect.width)
            for i, part in enumerate(lines):
                img = fonts.render(part, px, theme.TEXT_DIM)
                bottom = self.nearby_top - 4 - (len(lines) - 1 - i) * img.get_height()
                surface.blit(img, img.get_rect(bottomleft=(self.nearby_rect.x, bottom)))
        self.buttons.draw(surface, fonts)
        if self.error:
            px = theme.font_px(26, s)
            y = next(b for b in self.buttons.buttons if b.id == "back").rect.bottom + 10
            for line in fonts.wrap(self.error, px, int(w * 0.8)):
                img = fonts.render(line, px, theme.BAD, bold=True)
                surface.blit(img, img.get_rect(midtop=(w // 2, y)))
                y += img.get_height()
        self.draw_keyboard(surface)
