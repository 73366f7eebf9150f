"""Online -> Leaderboard: a game's best established ratings on the server, and this player's own rating and place
(the board comes from the server's ``/leaderboard`` JSON in a thread: game/online/standing.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.online.keyfile import KeyFile
from game.online.play import NETWORK_POLL
from game.online.standing import RatingFile, Standing, rating_words
from game.scene import DialogScene
from game.tables import playable
from sprites import theme
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

    def _fetch(self) -> Standing:
        return Standing(self.url, self.game, self.player, RatingFile()).start()

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        s = theme.ui_scale(h)
        bw, bh, gap = min(int(w * 0.3), int(360 * s)), max(44, int(58 * s)), max(8, int(14 * s))
        y = int(h * 0.88) - bh // 2
        x0 = (w - 2 * bw - gap) // 2
        self.buttons.set([Button("game", self.t("online.game", game=self.t(f"game.{self.game}")),
                                 pygame.Rect(x0, y, bw, bh)),
                          Button("back", self.t("online.back"), pygame.Rect(x0 + bw + gap, y, bw, bh), primary=True)])

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
        w, h = self.size
        s = theme.ui_scale(h)
        surface.fill(theme.FELT)
        fonts, t = self.app.fonts, self.t
        y = int(h * 0.06)

        def text(words: str, px: int, color, x: int, bold: bool = False, right: bool = False) -> int:
            img = fonts.render(words, theme.font_px(px, s), color, bold=bold)
            surface.blit(img, img.get_rect(topright=(x, y)) if right else img.get_rect(topleft=(x, y)))
            return img.get_height()

        title = fonts.render(t("board.title", game=t(f"game.{self.game}")), theme.font_px(44, s), theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, y)))
        y += title.get_height() + int(16 * s)
        board = self.standing.board
        left, right = int(w * 0.2), int(w * 0.8)
        if board is None:
            words = t("board.failed" if self.standing.failed else "board.loading")
            for part in fonts.wrap(words, theme.font_px(30, s), int(w * 0.8)):
                y += text(part, 30, theme.BAD if self.standing.failed else theme.TEXT, left) + int(8 * s)
        else:
            y += text(rating_words(t, self.game, board["me"], board["players"]), 30, theme.GOLD, left,
                      bold=True) + int(14 * s)
            if not board["top"]:
                y += text(t("board.empty", game=t(f"game.{self.game}")), 28, theme.TEXT_DIM, left)
            bottom = int(h * 0.88) - max(44, int(58 * s))
            for line in board["top"]:
                if y + theme.font_px(28, s) > bottom:
                    break  # what the window holds; one's own place is above
                color = theme.GOLD if self.is_mine(line) else theme.TEXT
                text(f"{line['place']}.", 28, theme.TEXT_DIM, left + int(60 * s), right=True)
                text(line["name"], 28, color, left + int(80 * s))
                y += text(str(line["rating"]), 28, color, right, bold=True, right=True) + int(4 * s)
        self.buttons.draw(surface, fonts)
