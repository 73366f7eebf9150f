"""The Online screens: the form (server, name, game, host or join) and the waiting room with the join code.

The waiting room owns the client thread (and, for "Host on this computer", the server thread) until the
game starts; then it hands both to the online table and steps aside.
"""
from __future__ import annotations

import socket
import sys
from typing import Any
from urllib.parse import urlsplit

import pygame

from game.input import Gesture
from game.online.client import STATUS, OnlineClient
from game.online.hosting import ServerThread
from game.online.play import online_table
from game.online.protocol import check_url, format_code, is_code, normalize_code
from game.online.remote import RemoteMatch
from game.online.seatfile import SavedSeat, SeatFile
from game.scene import ButtonGroup, DialogScene, Scene
from game.session import Session
from game.tables import playable
from sprites import theme
from sprites.keyboard import OnScreenKeyboard
from sprites.widgets import Button, TextField

DEFAULT_PORT = 8765


def lan_address() -> str:
    """This computer's address on the local network, for the other device to type in."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # a documentation address; a UDP connect sends no packet
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


class OnlineScene(Scene):
    """Menu -> Online: where to play, under which name, and whether to open a table or join one."""

    name = "online"
    FIELDS = ("server", "name", "code")

    def __init__(self, app) -> None:
        super().__init__(app)
        games = playable()
        self.game = app.opts.game if app.opts.game in games else (games[0] if games else "kombi")
        self.fields = {"server": TextField(pygame.Rect(0, 0, 10, 10), app.settings.server, max_len=60),
                       "name": TextField(pygame.Rect(0, 0, 10, 10), self.t("names.default1"), max_len=16),
                       "code": TextField(pygame.Rect(0, 0, 10, 10), "", max_len=9)}
        self.active = "name"
        self.lan = True
        self.error = ""
        self.keyboard: OnScreenKeyboard | None = None
        self.buttons = ButtonGroup(self.press)
        self.size = app.size
        self.saved: SavedSeat | None = None  # a game this app was seated at when it last closed

    def enter(self) -> None:
        pygame.key.start_text_input()
        self.saved = SeatFile().load()
        self.build()

    def exit(self) -> None:
        pygame.key.stop_text_input()

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.build()

    def build(self) -> None:
        w, h = self.size
        s = theme.ui_scale(h)
        fw, fh, gap = min(int(w * 0.56), int(760 * s)), max(44, int(62 * s)), max(8, int(14 * s))
        x = (w - fw) // 2
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
        rows += [
            Button("game", t("online.game", game=t(f"game.{self.game}")), pygame.Rect(x, y, fw, fh)),
            Button("host", t("online.host"), pygame.Rect(x, y + fh + gap, half, fh), primary=True),
            Button("host_here", t("online.host_here"), pygame.Rect(x + half + gap, y + fh + gap, half, fh)),
            Button("lan", t("online.lan_on" if self.lan else "online.lan_off"),
                   pygame.Rect(x, y + 2 * (fh + gap), fw, fh)),
        ]
        y += 3 * (fh + gap) + gap
        self.fields["code"].rect = pygame.Rect(x, y + label_h, half, fh)
        rows.append(Button("join", t("online.join"), pygame.Rect(x + half + gap, y + label_h, half, fh),
                           primary=True))
        rows.append(Button("back", t("online.back"), pygame.Rect((w - half) // 2, y + label_h + fh + 2 * gap,
                                                                 half, fh)))
        self.buttons.set(rows)
        if self.keyboard is not None:
            kb_h = int(h * 0.36)
            self.keyboard = OnScreenKeyboard(pygame.Rect(int(w * 0.05), h - kb_h - 8, int(w * 0.9), kb_h),
                                             layout=self.t.lang)

    # --- actions --------------------------------------------------------------------------------------------
    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        self.error = ""
        if bid == "game":
            games = playable()
            self.game = games[(games.index(self.game) + 1) % len(games)] if self.game in games else games[0]
        elif bid == "lan":
            self.lan = not self.lan
        elif bid == "back":
            self.app.stack.pop()
            return
        elif bid == "resume" and self.saved is not None:
            saved, self.saved = self.saved, None  # if the seat is gone the waiting room says so; no second try
            self.app.stack.push(LobbyScene(self.app, saved.url, saved.name, resume=saved))
        elif bid in ("host", "host_here", "join"):
            self.go(bid)
        self.build()

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
        self.app.settings.server = url
        self.app._store_settings()  # remembered for next time, like the language
        if how == "join":
            self.app.stack.push(LobbyScene(self.app, url, name, code=code))
        elif how == "host":
            self.app.stack.push(LobbyScene(self.app, url, name, game=self.game))
        else:
            self.host_here(url, name)

    def host_here(self, url: str, name: str) -> None:
        try:
            port = urlsplit(url).port
        except ValueError:
            port = None
        port = DEFAULT_PORT if port is None else port  # 0 is fine: the system picks a free port
        try:
            server = ServerThread("0.0.0.0" if self.lan else "127.0.0.1", port).start()
        except (OSError, RuntimeError) as exc:
            self.error = self.t("online.server_failed", why=str(exc))
            return
        shown = f"ws://{lan_address()}:{server.port}" if self.lan else server.url
        self.app.stack.push(LobbyScene(self.app, server.url, name, game=self.game, server=server, shown_url=shown))

    # --- input -------------------------------------------------------------------------------------------------
    def on_gesture(self, g: Gesture) -> None:
        if g.kind == "tap" and self.keyboard is not None and self.keyboard.rect.collidepoint(g.pos):
            self.type_key(self.keyboard.press(g.pos))
            return
        if self.buttons.gesture(g):
            return
        if g.kind == "tap":
            for key, f in self.fields.items():
                if f.rect.collidepoint(g.pos):
                    self.active = key
                    self.buttons.focus = None
                    if g.source == "touch" and self.keyboard is None:
                        self.keyboard = OnScreenKeyboard(pygame.Rect(0, 0, 10, 10), layout=self.t.lang)
                        self.build()

    def type_key(self, key: str | None) -> None:
        if key is None:
            return
        f = self.fields[self.active]
        if key == "\b":
            f.backspace()
        elif key == "\n":
            self.keyboard = None
            self.build()
        else:
            f.insert(key)
        self.error = ""

    def on_text(self, text: str) -> None:
        self.fields[self.active].insert(text)
        self.error = ""

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
        self.buttons.draw(surface, fonts)
        if self.error:
            px = theme.font_px(26, s)
            y = self.buttons.buttons[-1].rect.bottom + 10
            for line in fonts.wrap(self.error, px, int(w * 0.8)):
                img = fonts.render(line, px, theme.BAD, bold=True)
                surface.blit(img, img.get_rect(midtop=(w // 2, y)))
                y += img.get_height()
        if self.keyboard is not None:
            self.keyboard.draw(surface, fonts)


class LobbyScene(DialogScene):
    """The waiting room: connect, open or join the table, show the code, start the game when both sit."""

    name = "lobby"

    def __init__(self, app, url: str, name: str, game: str | None = None, code: str | None = None,
                 server: ServerThread | None = None, shown_url: str | None = None, demo: bool = False,
                 resume: SavedSeat | None = None) -> None:
        super().__init__(app)
        self.url, self.player, self.game, self.code = url, name, game, code
        self.server, self.shown_url, self.demo = server, shown_url or url, demo
        self.resume = resume
        if resume is not None:
            self.game, self.code = resume.game, resume.code
        self.hosting = code is None if resume is None else resume.seat == 0
        keep = None if demo else SeatFile()  # when the computer plays the seat, nobody needs to come back to it
        self.client = OnlineClient(url, seat_file=keep, resume=resume)
        self.match: RemoteMatch | None = None
        self.asked = False
        self.handed_over = False
        self.error = ""
        self.size = app.size

    def enter(self) -> None:
        self.client.start()

    def exit(self) -> None:
        if not self.handed_over:
            self.client.close(leave=self.resume is None)  # Back from a comeback keeps the seat for later
            if self.server is not None:
                self.server.stop(wait=0)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        s = theme.ui_scale(h)
        bw, bh = min(int(w * 0.3), int(360 * s)), max(48, int(62 * s))
        self.buttons.set([Button("back", self.t("online.back"), pygame.Rect((w - bw) // 2, int(h * 0.82), bw, bh))])

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        self.app.stack.pop()


    # --- the conversation with the server ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for msg in self.client.poll():
            self.handle(msg)
        m = self.match
        if m is not None and m.started and m.status in ("playing", "over") and not self.handed_over:
            self.start_game(m)

    def handle(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == STATUS and msg["status"] == "connected" and not self.asked:
            self.asked = True
            if self.resume is not None:
                pass  # the client itself asks for the seat back with its token
            elif self.code:
                self.client.send("join", code=self.code, name=self.player)
            else:
                self.client.send("create", game=self.game, name=self.player)
        elif kind == STATUS and msg["status"] == "failed":
            self.error = self.t("online.failed", why=msg.get("reason") or "?")
        elif kind == "seated" and self.match is None:
            self.code, self.game = msg["code"], msg["game"]
            self.match = RemoteMatch(msg["game"], msg["seat"], self.client.send, self.t)
            if self.app.opts.headless and self.hosting:
                print(f"CODE {self.code}", flush=True)  # a second headless app joins with this code
        elif kind == "error" and self.match is None:
            key = "online.error.seat_gone" if msg.get("ref") == "resume" else f"online.error.{msg['code']}"
            self.error = self.t(key) if self.t.has(key) else msg["message"]
        if self.match is not None:
            self.match.feed([msg])
        if self.error and self.app.opts.headless:  # nobody can read the screen: say it and stop
            print(f"ONLINE-ERROR {self.error}", file=sys.stderr, flush=True)
            self.app.running = False

    def start_game(self, m: RemoteMatch) -> None:
        if m.game_id not in playable():  # the server offers a game this app has no table for yet
            self.handed_over = True  # once: the error stays on screen
            self.client.close(leave=True)
            self.error = self.t("online.error.unknown_game")
            return
        names = [n or "?" for n in m.names]
        seats = ["remote", "remote"]
        seats[m.seat] = "bot" if self.demo else "human"
        session = Session(m.game_id, "online", names, m, self.app.opts.level, seats)  # type: ignore[arg-type]
        self.handed_over = True
        self.app.stack.replace(online_table(self.app, session, self.client, self.server))

    # --- drawing --------------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        s = theme.ui_scale(h)
        surface.fill(theme.FELT)
        fonts = self.app.fonts
        t = self.t
        y = int(h * 0.1)

        def line(text: str, px: int, color, bold: bool = False) -> None:
            nonlocal y
            img = fonts.render(text, theme.font_px(px, s), color, bold=bold)
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += img.get_height() + int(12 * s)

        line(t("online.title") + "  ·  " + t(f"game.{self.game}") if self.game else t("online.title"), 48,
             theme.GOLD, bold=True)
        if self.error:
            for part in fonts.wrap(self.error, theme.font_px(30, s), int(w * 0.8)):
                line(part, 30, theme.BAD, bold=True)
        elif self.match is None or not self.hosting:
            line(t("online.joining", code=format_code(self.code)) if self.code
                 else t("online.connecting", url=self.url), 32, theme.TEXT)
        else:
            line(t("online.your_code"), 32, theme.TEXT_DIM)
            line(format_code(self.code or ""), 150, theme.TEXT, bold=True)
            line(t("online.address", url=self.shown_url), 32, theme.TEXT)
            line(t("online.tell_code"), 26, theme.TEXT_DIM)
            line(t("online.waiting_join"), 32, theme.GOLD, bold=True)
        self.buttons.draw(surface, fonts)


def lobby_from_options(app) -> LobbyScene:
    """``--server URL --host-table`` or ``--join CODE``: straight into the waiting room (headless games)."""
    o = app.opts
    name = o.name or (app.t("names.default1") if o.host_table else app.t("names.default2"))
    try:
        url = check_url(o.server)
    except ValueError:
        url = o.server  # connecting fails and the waiting room says why
    if o.join:
        return LobbyScene(app, url, name, code=normalize_code(o.join), demo=o.demo)
    return LobbyScene(app, url, name, game=o.game or "kombi", demo=o.demo)
