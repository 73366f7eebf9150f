"""Online -> Leaderboard: a game's best established ratings on the server, and this player's own rating and place
(the board comes from the server's ``/leaderboard`` JSON in a thread: game/online/standing.py)."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.online.keyfile import KeyFile
from game.online.play import NETWORK_POLL
from game.online.standing import RatingFile, Standing, rating_words
from game.scene import DialogScene
from game.tables import entry, playable
from sprites import theme
from sprites.compose import Column, Fan, draw_panels, draw_words
from sprites.felt import felt
from sprites.roles import BODY, HEADING, TITLE, Typeset
from sprites.widgets import Button

if TYPE_CHECKING:
    from game.online.messages import BoardLine


class LeaderboardScene(DialogScene):
    name = "leaderboard"

    def __init__(self, app, url: str, game: str | None = None) -> None:
        super().__init__(app)
        self.url = url
        self.game = game if game in playable() else playable()[0]
        keys = KeyFile().load()  # a device that never played online has no rating to look up
        self.player = None if keys is None else keys.player
        self.standing = self._fetch()
        self.shown: Standing | None = None  # the fetch whose answer has been drawn
        self.size = app.size
        self.type = Typeset(app.fonts, app.size[1])  # the sizes of the board's words (resize sets them)
        self.fan = Fan(entry(self.game).fan, tilt=12)  # the game's own cards beside its board
        self.fan_area = self.panel = pygame.Rect(0, 0, 0, 0)
        self.title_px = 0

    def _fetch(self) -> Standing:
        return Standing(self.url, self.game, self.player, RatingFile()).start()

    def resize(self, size: tuple[int, int]) -> None:
        """The game's cards beside a panel with the board; the game to show and Back in a row below."""
        self.size = size
        w, h = size
        s = theme.ui_scale(h)
        t, fonts = self.t, self.app.fonts
        ts = self.type = Typeset(fonts, h)
        bh, gap = max(44, round(58 * s)), max(8, round(14 * s))
        bw = min(int(w * 0.3), int(360 * s))
        y = h - round(h * 0.04) - bh
        x0 = (w - 2 * bw - gap) // 2
        game = t(f"game.{self.game}")
        rows = [Button("game", t("online.game", game=game), pygame.Rect(x0, y, bw, bh)),
                Button("back", t("online.back"), pygame.Rect(x0 + bw + gap, y, bw, bh), primary=True)]
        self.buttons.set(rows)
        self.buttons.px = ts.labels([b.rect for b in rows],
                                    [list(zip(t.each("online.game", game=game), ["", "", ""], strict=True)),
                                     list(zip(t.each("online.back"), ["", "", ""], strict=True))])
        self.title_px = ts.fit(TITLE, [t("board.title", game=game)], w - 2 * gap)
        top = round(h * 0.03) + fonts.line_height(self.title_px, True) + gap
        total = min(w - 2 * gap, round(1640 * s))
        fan_w = round(total * 0.3)
        self.fan_area = pygame.Rect((w - total) // 2, top, fan_w, y - gap - top)
        self.panel = pygame.Rect(self.fan_area.right + gap, top, total - fan_w - gap, y - gap - top)
        if self.fan.cards != entry(self.game).fan:
            self.fan = Fan(entry(self.game).fan, tilt=12)

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        if bid == "back":
            self.app.stack.pop()
            return
        games = playable()
        self.game = games[(games.index(self.game) + 1) % len(games)]
        self.standing = self._fetch()
        self.resize(self.size)

    def is_mine(self, line: BoardLine) -> bool:
        """Is this board line the player's own? (A name on a board is bound to one key, so the name says it.)"""
        me = str(self.app.settings.online_name or "").casefold()
        return bool(me) and str(line["name"]).casefold() == me

    def update(self, dt: float) -> None:
        if self.shown is not self.standing and (self.standing.board is not None or self.standing.failed):
            self.shown = self.standing
            self.app.invalidate()  # the board came (from a thread): draw it now, not at the next input

    def next_deadline(self) -> float | None:
        return NETWORK_POLL if self.standing.board is None and not self.standing.failed else None

    def draw(self, surface: pygame.Surface) -> None:
        """The board as a table in the panel: the player's own rating above it (gold), then place, name and
        rating, one line each in the body size, as many as the panel holds."""
        w, h = self.size
        surface.blit(felt((w, h)), (0, 0))
        fonts, t, ts = self.app.fonts, self.t, self.type
        ts.line(surface, t("board.title", game=t(f"game.{self.game}")), TITLE, self.title_px, theme.GOLD,
                midtop=(w // 2, round(h * 0.03)))
        pad = max(10, round(24 * theme.ui_scale(h)))
        room = self.panel  # the most the board may take; it takes what its lines need, centred there
        col = Column(fonts, room.x + pad, 0, room.w - 2 * pad, pad // 2)
        body = ts.same(BODY, self.buttons.px or ts.px(BODY))  # the board's words in its buttons' size
        board = self.standing.board
        if board is None:
            col.text(t("board.failed" if self.standing.failed else "board.loading"), BODY, body,
                     theme.BAD if self.standing.failed else theme.TEXT)
        else:
            col.text(rating_words(t, self.game, board["me"], board["players"]), HEADING, ts.px(HEADING), theme.GOLD)
            if not board["top"]:
                col.text(t("board.empty", game=t(f"game.{self.game}")), BODY, body, theme.TEXT_DIM)
        line = fonts.line_height(body) + pad // 3
        shown = [] if board is None else board["top"][:max(0, (room.h - 2 * pad - col.y) // line)]
        tall = col.y + len(shown) * line + 2 * pad  # what one's own place and the board's lines need
        dy = room.y + (room.h - tall) // 2
        panel = pygame.Rect(room.x, dy, room.w, tall)
        fan = self.fan_area
        self.fan.draw(surface, self.app.cards, fan.inflate(-fan.w // 10, 0))
        draw_panels(surface, [panel])
        words = [replace(wd, at=(wd.at[0], wd.at[1] + dy + pad)) for wd in col.words]
        draw_words(surface, fonts, words)
        self.buttons.draw(surface, fonts)
        y = dy + pad + col.y
        place_x, name_x, right = col.x + round(col.w * 0.1), col.x + round(col.w * 0.14), col.x + col.w
        for entry_ in shown:  # what the panel holds; one's own place is above
            color = theme.GOLD if self.is_mine(entry_) else theme.TEXT
            ts.line(surface, f"{entry_['place']}.", BODY, body, theme.TEXT_DIM, topright=(place_x, y))
            ts.line(surface, entry_["name"], BODY, body, color, topleft=(name_x, y))
            ts.line(surface, str(entry_["rating"]), BODY, body, color, topright=(right, y))
            y += line
