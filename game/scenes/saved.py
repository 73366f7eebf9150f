"""Continue: every kept game, newest first, each with its game, its players and when it was last played, and the
online seat kept when the player left a running online game (first); one tap opens it. A damaged file is set
aside and said so here, and the list shows what is left."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

import pygame

from game.resume import continue_game, continue_online, describe, describe_seat, kept_seat
from game.scene import DialogScene
from sprites import theme
from sprites.widgets import Button

if TYPE_CHECKING:
    from game.services import MenuLike


class SavedScene(DialogScene):
    name = "saved"

    def __init__(self, app, notice: str = "") -> None:
        super().__init__(app)
        self.size = app.size
        self.notice = notice
        self.rows = [app.saves.summary(info) for info in app.saves.latest()]
        self.seat = kept_seat()

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        s = theme.ui_scale(h)
        bh, gap = max(44, int(62 * s)), max(8, int(14 * s))
        top = int(h * 0.04) + self.app.fonts.get(theme.font_px(56, s), True).get_linesize() + gap * 2
        back = pygame.Rect(0, 0, min(int(w * 0.3), int(360 * s)), bh)
        back.midbottom = (w // 2, h - gap * 2)
        notice_h = self.app.fonts.get(theme.font_px(26, s)).get_linesize() * 2 + gap if self.notice else 0
        room = back.y - gap - notice_h - top
        rw = min(int(w * 0.9), int(1300 * max(s, 0.75)))
        fit = max(1, (room + gap) // (44 + gap))  # rows of finger height one column holds
        labels = [("online", describe_seat(self.t, self.seat))] if self.seat is not None else []
        labels += [(f"row:{i}", describe(self.t, row)) for i, row in enumerate(self.rows)]
        cols = min(3, -(-len(labels) // fit))  # more columns as games are kept; beyond three the oldest wait
        per_col = max(1, min(fit, -(-len(labels) // max(1, cols))))
        row_h = max(44, min(bh, (room - (per_col - 1) * gap) // per_col))
        cw = (rw - (max(1, cols) - 1) * gap) // max(1, cols)
        buttons = []
        for i, (bid, label) in enumerate(labels[:per_col * max(1, cols)]):
            col, r = divmod(i, per_col)
            rect = pygame.Rect((w - rw) // 2 + col * (cw + gap), top + r * (row_h + gap), cw, row_h)
            buttons.append(Button(bid, label, rect))
        buttons.append(Button("back", self.t("saved.back"), back))
        self.buttons.set(buttons)

    def enter(self) -> None:
        self.resize(self.size)

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        if bid == "back":
            self.app.stack.pop()
            return
        if bid == "online" and self.seat is not None:
            self.app.stack.pop()
            continue_online(self.app, self.seat)
            return
        info = self.rows[int(bid[4:])].info
        self.app.stack.pop()
        why = continue_game(self.app, info)
        if why is None:
            return
        if self.app.saves.latest():  # set aside: the list comes back without it, and says why
            self.app.push("saved", notice=why)
        elif (menu := cast("MenuLike | None", self.app.stack.find("menu"))) is not None:
            menu.notice = why

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        s = theme.ui_scale(h)
        surface.fill(theme.FELT)
        fonts = self.app.fonts
        title = fonts.render(self.t("saved.title"), theme.font_px(56, s), theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, int(h * 0.04))))
        self.buttons.draw(surface, fonts)
        if self.notice:
            px = theme.font_px(26, s)
            back = self.buttons.buttons[-1].rect
            lines = fonts.wrap(self.notice, px, int(w * 0.8))[:2]
            y = back.y - max(8, int(14 * s)) - len(lines) * fonts.get(px).get_linesize()
            for line in lines:
                img = fonts.render(line, px, theme.BAD)
                surface.blit(img, img.get_rect(midtop=(w // 2, y)))
                y += fonts.get(px).get_linesize()
