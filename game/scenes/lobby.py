"""The online waiting room: connect, open or join the table, show the code, start when both sit.

It owns the client thread (and, for "Host on this computer", the server thread) until the game starts;
then it hands both to the online table and steps aside.
"""
from __future__ import annotations

import sys

import pygame

from game.clipboard import copy
from game.online.address import answers, share_url
from game.online.client import STATUS, OnlineClient
from game.online.failures import failure_words
from game.online.hosting import ServerThread
from game.online.keyfile import KeyFile, Keys
from game.online.messages import ServerMsg
from game.online.play import NETWORK_POLL, online_table
from game.online.protocol import ProtocolError, check_url, format_code, normalize_code, player_name
from game.online.remote import RemoteMatch
from game.online.seatfile import SavedSeat, SeatFile
from game.online.standing import RatingFile, Standing, rating_words
from game.scene import DialogScene
from game.session import Session
from game.tables import entry, playable
from sprites import theme
from sprites.compose import Fan, draw_panels
from sprites.felt import felt
from sprites.roles import BODY, HEADING, NUMERAL, TITLE, Role, Typeset
from sprites.widgets import Button


def _identity(name: str) -> tuple[Keys, str] | None:
    """The app's keys and the name they claim (a name the server would refuse anyway claims nothing)."""
    try:
        return KeyFile().load_or_make(), player_name(name)
    except ProtocolError:
        return None


class LobbyScene(DialogScene):
    """The waiting room: connect, open or join the table, show the code, start the game when both sit."""

    name = "lobby"

    def __init__(self, app, url: str, name: str, game: str | None = None, code: str | None = None,
                 server: ServerThread | None = None, shown_url: str | None = None, demo: bool = False,
                 resume: SavedSeat | None = None, quick: bool = False, ranked: bool = False, best: int = 1) -> None:
        super().__init__(app)
        self.best = best  # games in the series of the table opened here (game/online/series.py)
        self.url, self.player, self.game, self.code = url, name, game, code
        self.quick = quick  # quick match: the server seats us with the next player of this game
        self.ranked = ranked  # ... of similar rating, and the result changes both ratings (game/online/ranked.py)
        # the address to tell the other player: never a loopback one; "" when only this computer can join
        self.shown_url = (share_url(url) or "") if shown_url is None else shown_url
        # a server typed as 127.0.0.1 may listen there only: never offer an address nobody answers at
        self.server_local = shown_url is None and self.shown_url not in ("", url) and not answers(self.shown_url)
        if self.server_local:
            self.shown_url = ""
        self.server, self.demo = server, demo
        self.lan_off = server is not None and server.host not in ("0.0.0.0", "")  # hosted here for this computer
        self.resume = resume
        if resume is not None:
            self.game, self.code = resume.game, resume.code
        self.hosting = code is None if resume is None else resume.seat == 0
        keep = None if demo else SeatFile()  # when the computer plays the seat, nobody needs to come back to it
        # who this player is, without a password: the app's key, made on first use (game/online/keyfile.py)
        # (a ranked game needs it even when the computer plays the seat: the rating is the key's)
        identity = None if demo and not ranked else _identity(resume.name if resume else name)
        self.me = None if identity is None else identity[0].player
        self.standing: Standing | None = None  # this player's rating in the game, from the server's board
        self.client = OnlineClient(url, seat_file=keep, resume=resume, identity=identity)
        self.match: RemoteMatch | None = None
        self.asked = False
        self.handed_over = False
        self.copied = False
        self.error = ""
        self.size = app.size
        self.type = Typeset(app.fonts, app.size[1])  # the sizes of the room's words (resize sets them)
        self.fan = Fan(entry(self.game).fan if self.game in playable() else (), tilt=12)  # the game's own cards

    def enter(self) -> None:
        self.client.start()

    def exit(self) -> None:
        if not self.handed_over:
            self.client.close(leave=self.resume is None)  # Back from a comeback keeps the seat for later
            if self.server is not None:
                self.server.stop(wait=0)

    def resize(self, size: tuple[int, int]) -> None:
        """Copy (while the code shows) and Back in a row at the foot; the words in a panel above (``draw``)."""
        self.size = size
        w, h = size
        s = theme.ui_scale(h)
        bw, bh, gap = min(int(w * 0.3), int(360 * s)), max(48, int(62 * s)), max(8, int(16 * s))
        self.type = Typeset(self.app.fonts, h)
        y = int(h * 0.86) - bh // 2
        rows = [Button("back", self.t("online.back"), pygame.Rect((w - bw) // 2, y, bw, bh))]
        words = [list(zip(self.t.each("online.back"), ["", "", ""], strict=True))]
        if self.shows_code:
            label = "online.copied" if self.copied else "online.copy"
            rows = [Button("copy", self.t(label), pygame.Rect(w // 2 + gap // 2, y, bw, bh), primary=True),
                    Button("back", self.t("online.back"), pygame.Rect(w // 2 - gap // 2 - bw, y, bw, bh))]
            words.insert(0, [*zip(self.t.each("online.copy"), ["", "", ""], strict=True),
                             *zip(self.t.each("online.copied"), ["", "", ""], strict=True)])
        self.buttons.set(rows)
        self.buttons.px = self.type.labels([b.rect for b in rows], words)

    @property
    def shows_code(self) -> bool:
        return self.match is not None and self.hosting and not self.quick and not self.error

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        if bid == "copy" and self.code:
            copy(self.app, format_code(self.code))
            self.copied = True
            self.resize(self.size)
            return
        self.app.stack.pop()


    # --- the conversation with the server ------------------------------------------------------------------------
    def next_deadline(self) -> float | None:
        return NETWORK_POLL  # messages come from the client thread, which cannot wake the loop

    def update(self, dt: float) -> None:
        for msg in self.client.poll():
            self.handle(msg)
        m = self.match
        if m is not None and m.started and m.status in ("playing", "over") and not self.handed_over:
            self.start_game(m)

    def handle(self, msg: ServerMsg) -> None:
        kind = msg["type"]
        if kind == STATUS and msg["status"] == "connected" and not self.asked:
            self.asked = True
            if self.resume is not None:
                pass  # the client itself asks for the seat back with its token
            elif self.code:
                self.client.send("join", code=self.code, name=self.player)
            elif self.quick:
                self.client.send("ranked" if self.ranked else "quick", game=self.game, name=self.player)
            else:
                self.client.send("create", game=self.game, name=self.player,
                                 **({"best": self.best} if self.best > 1 else {}))  # an older server knows no series
        elif kind == STATUS and msg["status"] == "failed":
            self.error = self.error or failure_words(self.t, msg.get("kind", ""), self.url)
        elif kind == "seated" and (self.match is None or self.ranked and msg["code"] != self.code):
            # (ranked: a host still waiting moves to the table of a host who waited longer: game/online/ranked.py)
            self.code, self.game = msg["code"], msg["game"]
            self.match = RemoteMatch(msg["game"], msg["seat"], self.client.send, self.t)
            if self.me is not None:
                self.standing = Standing(self.url, msg["game"], self.me, RatingFile()).start()
                if self.ranked:
                    self.match.rated = (self.url, self.me)
            self.resize(self.size)  # the code's Copy button
            if self.server is not None and self.server.announcer is not None:  # nearby players see the table
                self.server.announcer.update(code=self.code, game=self.game)
            if self.app.opts.headless and self.hosting:
                print(f"CODE {self.code}", flush=True)  # a second headless app joins with this code
        elif kind == "error" and self.match is None:
            key = "online.error.seat_gone" if msg.get("ref") == "resume" else f"online.error.{msg['code']}"
            self.error = self.t(key) if self.t.has(key) else self.t("online.error.other")  # never the server's English
        if self.match is not None:
            self.match.feed([msg])
        if self.error and any(b.id == "copy" for b in self.buttons.buttons):
            self.resize(self.size)
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
        session = Session(m.game_id, "online", names, m, self.app.opts.level, seats)  # type: ignore[arg-type]  # a RemoteMatch stands in
        self.handed_over = True
        if self.server is not None and self.server.announcer is not None:
            self.server.announcer.update(code="")  # the table is full: nearby players see only the server now
        self.app.stack.replace(online_table(self.app, session, self.client, self.server))

    # --- drawing --------------------------------------------------------------------------------------------------
    def said(self) -> list[tuple[str, Role, tuple[int, int, int]]]:
        """What the waiting room says now, line by line: its role and colour."""
        t = self.t
        out: list[tuple[str, Role, tuple[int, int, int]]] = []
        if self.error:
            out.append((self.error, BODY, theme.BAD))
        elif self.quick and self.match is not None:
            out.append((t("online.looking_ranked" if self.ranked else "online.looking", game=t(f"game.{self.game}")),
                        HEADING, theme.GOLD))
            out.append((t("online.ranked_hint" if self.ranked else "online.looking_hint"), BODY, theme.TEXT_DIM))
        elif self.match is None or not self.hosting:
            out.append((t("online.joining", code=format_code(self.code)) if self.code
                        else t("online.connecting", url=self.url), BODY, theme.TEXT))
        else:
            out.append((t("online.your_code"), HEADING, theme.TEXT_DIM))
            out.append((format_code(self.code or ""), NUMERAL, theme.TEXT))
            if self.shown_url:
                out.append((t("online.address", url=self.shown_url), BODY, theme.TEXT))
                out.append((t("online.tell_code"), BODY, theme.TEXT_DIM))
            else:
                why = ("online.only_here_lan_off" if self.lan_off
                       else "online.only_here_server" if self.server_local else "online.only_here")
                out.append((t(why), BODY, theme.TEXT))
            out.append((t("online.waiting_join"), HEADING, theme.GOLD))
            if self.best > 1:  # the joiner learns it at the table: the host hears it here
                out.append((t("online.best3"), BODY, theme.TEXT_DIM))
        mine = None if self.standing is None else self.standing.mine
        if self.game and (mine is not None or self.ranked and self.standing is not None and self.standing.board):
            out.append((rating_words(t, self.game, mine), BODY, theme.TEXT))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        """The title, then a panel with what the room says (the code large), centred above the buttons."""
        w, h = self.size
        surface.blit(felt((w, h)), (0, 0))
        fonts, t, ts = self.app.fonts, self.t, self.type
        title = t("online.title") + "  ·  " + t(f"game.{self.game}") if self.game else t("online.title")
        title_px = ts.fit(TITLE, [title], int(w * 0.94))
        top = ts.line(surface, title, TITLE, title_px, theme.GOLD, midtop=(w // 2, int(h * 0.05))).bottom
        width = min(int(w * 0.86), round(1400 * theme.ui_scale(h)))
        pad = max(10, round(24 * theme.ui_scale(h)))
        body = ts.same(BODY, self.buttons.px or ts.px(BODY))  # the room's words in its buttons' size
        sizes = {BODY: body, HEADING: ts.px(HEADING), NUMERAL: ts.fit(NUMERAL, ["MMM MMM"], width - 2 * pad)}
        lines = [(part, role, color) for text, role, color in self.said()
                 for part in fonts.wrap(text, sizes[role], width - 2 * pad, role.bold)]
        gap = pad // 2
        tall = sum(fonts.line_height(sizes[r], r.bold) for _, r, _ in lines) + gap * (len(lines) - 1) + 2 * pad
        room = self.buttons.buttons[0].rect.y - top
        fan = max(0, min(round(h * 0.26), room - tall - 2 * pad))  # the game's cards above the words, room allowing
        start = top + max(0, (room - fan - tall - pad) // 2)  # the cards and the panel as one group, centred
        panel = pygame.Rect((w - width) // 2, start + fan + pad, width, tall)
        if self.game in playable() and fan > 0:
            if self.fan.cards != entry(self.game).fan:  # a join learns its game from the server
                self.fan = Fan(entry(self.game).fan, tilt=12)
            self.fan.draw(surface, self.app.cards, pygame.Rect(panel.x, start, panel.w, fan))
        draw_panels(surface, [panel])
        y = panel.y + pad
        for part, role, color in lines:
            y = ts.line(surface, part, role, sizes[role], color, midtop=(w // 2, y)).bottom + gap
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
    if o.quick_match or o.ranked_match:
        return LobbyScene(app, url, name, game=o.game or playable()[0], demo=o.demo, quick=True, ranked=o.ranked_match)
    return LobbyScene(app, url, name, game=o.game or playable()[0], demo=o.demo)
