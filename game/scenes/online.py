"""Menu -> Online: the form (server, name, game, host or join); the waiting room is game/scenes/lobby.py."""
from __future__ import annotations

import logging
import os
from dataclasses import replace
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
from sprites.compose import Column, Words, draw_panels, draw_words, label_room
from sprites.felt import felt
from sprites.roles import BODY, CAPTION, HEADING, TITLE, Typeset
from sprites.switch import Switch
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
        self.type = Typeset(app.fonts, app.size[1])  # the sizes of the screen's words (build sets them)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.words: list[Words] = []
        self.title_px = self.error_top = self.top = 0

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
        """A centred panel of two columns: where and as whom to play, and the ways to a table (left); a table
        to join or watch, the settings of a table opened here (a section of its own: more settings go there),
        the games nearby (right); the resume button above it, Back and the other screens in a row below."""
        w, h = self.size
        s = theme.ui_scale(h)
        t, fonts = self.t, self.app.fonts
        ts = self.type = Typeset(fonts, h)
        fh, gap, pad = max(44, round(58 * s)), max(8, round(14 * s)), max(10, round(24 * s))
        avail = h - (int(h * self.keyboard_share) + 8 if self.keyboard else 0)
        pw = min(w - 2 * gap, round(1560 * s))
        cw = (pw - 3 * pad) // 2
        self.title_px = ts.fit(TITLE, t.each("online.title"), pw)
        top = gap if self.keyboard else round(h * 0.02) + fonts.line_height(self.title_px, True) + gap
        rows: list[Button] = []
        if self.saved is not None and self.keyboard is None:
            label = t("online.resume", game=t(f"game.{self.saved.game}"), code=format_code(self.saved.code))
            rows.append(Button("resume", label, pygame.Rect((w - pw) // 2, top, pw, fh), primary=True))
            top += fh + gap
        heads = [*t.each("online.section.play"), *t.each("online.section.join"), *t.each("online.section.table"),
                 *t.each("online.nearby"), *t.each("online.nearby_none")]
        head_px = ts.fit(HEADING, heads, cw)
        cap_px = ts.fit(CAPTION, [x for k in ("online.server", "online.name", "online.code") for x in t.each(k)], cw)
        x0 = (w - pw) // 2
        left = Column(fonts, x0 + pad, top + pad, cw, gap)
        right = Column(fonts, x0 + 2 * pad + cw, top + pad, cw, gap)
        left.text(t("online.section.play"), HEADING, head_px, theme.GOLD)
        for key in ("server", "name"):
            left.text(t(f"online.{key}"), CAPTION, cap_px, theme.TEXT_DIM)
            self.fields[key].rect = left.take(fh)
        game_r = left.take(fh)
        quick_r, ranked_r = left.row(fh, (1, 1))
        host_r, here_r = left.row(fh, (1, 1))
        rows += [Button("game", t("online.game", game=t(f"game.{self.game}")), game_r),
                 Button("quick", t("online.quick"), quick_r, primary=True),
                 Button("ranked", t("online.ranked"), ranked_r),
                 Button("host", t("online.host"), host_r),
                 Button("host_here", t("online.host_here"), here_r, short=t("online.host_here_short"))]
        if self.keyboard is None:  # the length of the series a table opened here plays (game/online/series.py)
            rows.append(Switch("best", t("online.best3"), left.take(fh), self.best == 3))
        right.text(t("online.section.join"), HEADING, head_px, theme.GOLD)
        right.text(t("online.code"), CAPTION, cap_px, theme.TEXT_DIM)
        code_r, join_r, watch_r = right.row(fh, (1.1, 1, 1))
        self.fields["code"].rect = code_r
        rows += [Button("join", t("online.join"), join_r, primary=True), Button("watch_live", t("watch.go"), watch_r)]
        right.text(t("online.section.table"), HEADING, head_px, theme.GOLD)
        rows.append(Switch("lan", t("online.lan"), right.take(fh), self.lan, short=t("online.lan_short")))
        if self.browser is not None and self.keyboard is None:
            right.text(t("online.nearby") if self.nearby else t("online.nearby_none"), HEADING, head_px, theme.GOLD)
            for i, seen in enumerate(self.nearby):
                if right.y + fh > max(left.y, right.y) and i:
                    break  # what the panel holds beside the left column
                rows.append(Button(f"nearby{i}", self.nearby_label(seen), right.take(fh)))
        bottom = max(left.y, right.y) - gap + pad
        self.panel = pygame.Rect(x0, top, pw, bottom - top)
        self.words = left.words + right.words
        if self.keyboard is None:
            foot = Column(fonts, x0 + pw // 8, self.panel.bottom + gap, pw - pw // 4, gap).row(fh, (1, 1, 1))
            rows += [Button("back", t("online.back"), foot[0]),
                     Button("identity", t("online.identity"), foot[1], short=t("online.identity_short")),
                     Button("board", t("online.board"), foot[2])]
        self.buttons.set(rows)
        size = self.buttons.px = ts.labels([label_room(b) for b in rows], [self.every_label(b) for b in rows])
        body = ts.same(BODY, size)  # the fields' words and an error in the buttons' size: four sizes in all
        for f in self.fields.values():
            f.px = body
        self.error_top = rows[-1].rect.bottom + gap // 2
        end = self.error_top + 2 * fonts.line_height(body, True)  # room for an error of two lines
        self.shift(max(0, (avail - end) // 2) if self.keyboard is None else 0)
        self.place_keyboard()

    def shift(self, dy: int) -> None:
        """Move the laid-out screen down by ``dy`` (centred in the window's height)."""
        self.top = round(self.size[1] * 0.02) + dy
        for b in self.buttons.buttons:
            b.rect = b.rect.move(0, dy)
        for f in self.fields.values():
            f.rect = f.rect.move(0, dy)
        self.panel = self.panel.move(0, dy)
        self.words = [replace(wd, at=(wd.at[0], wd.at[1] + dy)) for wd in self.words]
        self.error_top += dy

    def every_label(self, b: Button) -> list[tuple[str, str]]:
        """A button's label and short form in the three languages (a screen's label size fits them all)."""
        keys = {"game": ("online.game", ""), "quick": ("online.quick", ""), "ranked": ("online.ranked", ""),
                "host": ("online.host", ""), "host_here": ("online.host_here", "online.host_here_short"),
                "join": ("online.join", ""),
                "watch_live": ("watch.go", ""), "lan": ("online.lan", "online.lan_short"), "best": ("online.best3", ""),
                "back": ("online.back", ""), "identity": ("online.identity", "online.identity_short"),
                "board": ("online.board", "")}
        if b.id not in keys:  # a place or a table's name: as it reads here
            return [(b.label, b.short)]
        key, short = keys[b.id]
        game = self.t(f"game.{self.game}")
        shorts = self.t.each(short) if short else ["", "", ""]
        return list(zip(self.t.each(key, game=game), shorts, strict=True))

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
        surface.blit(felt((w, h)), (0, 0))
        fonts, ts = self.app.fonts, self.type
        if self.keyboard is None:
            ts.line(surface, self.t("online.title"), TITLE, self.title_px, theme.GOLD, midtop=(w // 2, self.top))
        draw_panels(surface, [self.panel])
        draw_words(surface, fonts, self.words)
        for key, f in self.fields.items():
            f.draw(surface, fonts, focused=key == self.active and self.buttons.focus is None, now=self.app.now)
        self.buttons.draw(surface, fonts)
        if self.error:
            px, y = self.fields["name"].px or ts.px(BODY), self.error_top
            for line in fonts.wrap(self.error, px, self.panel.w)[:2]:
                y = ts.line(surface, line, BODY, px, theme.BAD, midtop=(w // 2, y)).bottom
        self.draw_keyboard(surface)
