"""The hotseat hand-off cover: opaque, so no card of the table shows until the next player confirms."""
from __future__ import annotations

import pygame

from game.input import Gesture
from game.scene import ButtonGroup, Scene
from sprites import theme
from sprites.widgets import Button, draw_panel


class CoverScene(Scene):
    """Hotseat hand-off. Opaque: nothing of the table, and no card face at all, is drawn under it."""

    name = "cover"

    def __init__(self, app, table, seat: int) -> None:
        super().__init__(app)
        self.table, self.seat = table, seat
        self.who = table.session.names[seat]
        # Face to face nobody passes the device: the cover faces the player whose turn it is.
        self.keys = ("cover.facing.title", "cover.facing.sub") if getattr(table, "face_to_face", False) \
            else ("cover.title", "cover.sub")
        self.buttons = ButtonGroup(lambda _bid: self.confirm())
        self.armed = False  # ignore the release of the press that ended the previous turn

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.ui_scale(h)
        bw, bh = min(int(w * 0.4), int(460 * s)), max(48, int(72 * s))
        top = max(int(h * 0.66), self._flow(w, h)[-1])  # under the words, however many lines they take
        self.buttons.set([Button("show", self.t("cover.show"), pygame.Rect((w - bw) // 2, top, bw, bh),
                                 primary=True)])

    def _flow(self, w: int, h: int) -> tuple[int, int, int, int]:
        """Tops of the title, the lines under it, the "all cards hidden" line and the button, one under the other."""
        s, fonts = theme.ui_scale(h), self.app.fonts
        title_y = int(h * 0.40)
        sub_y = title_y + fonts.line_height(theme.font_px(64, s), True)
        px = theme.font_px(30, s)
        lines = fonts.wrap(self.t(self.keys[1], name=self.who), px, int(w * 0.8))
        hid_y = sub_y + len(lines) * fonts.line_height(px) + int(6 * s)
        return title_y, sub_y, hid_y, hid_y + fonts.line_height(theme.font_px(24, s)) + int(12 * s)

    def recap(self, limit: int = 5) -> list[str]:
        """The public moves since this seat last acted, as the log tells them (the last ``limit``)."""
        match = self.table.match
        if not hasattr(match, "actor"):  # a match kept elsewhere (online) has no cover anyway
            return []
        log = match.log()
        last = max((i for i, _e in log if match.actor(i) == self.seat), default=None)
        if last is None:
            return []
        return self.table.log_lines([e for i, e in log if i > last])[-limit:]

    def confirm(self) -> None:
        self.app.stack.pop()
        self.table.reveal(self.seat)

    def on_gesture(self, g: Gesture) -> None:
        if g.kind == "press":
            self.armed = True
        elif g.kind in ("tap", "drop") and self.armed:
            self.confirm()

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.app.push("pause", table=self.table)
            return
        self.confirm()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = theme.ui_scale(h)
        surface.fill(theme.FELT_DARK)
        fonts = self.app.fonts
        title_y, sub_y, hid_y, _ = self._flow(w, h)
        # the hidden hand, fanned as large as the room over the words allows; the words and the button on a panel
        art = self.app.cards.get(max(40, int(min(h * 0.15, (title_y - h * 0.06) / theme.CARD_RATIO))))
        for i in range(5):
            img = art.back()
            center = (w // 2 + (i - 2) * art.width * 0.5, title_y / 2 + abs(i - 2) * art.width * 0.05)
            surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))
        button = self.buttons.buttons[0].rect
        pad = int(24 * s)
        draw_panel(surface, pygame.Rect(int(w * 0.07), title_y - pad, w - 2 * int(w * 0.07),
                                        button.bottom + 2 * pad - title_y), alpha=200)
        title = fonts.render(self.t(self.keys[0], name=self.who), theme.font_px(64, s), theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, title_y)))
        px = theme.font_px(30, s)
        for i, line in enumerate(fonts.wrap(self.t(self.keys[1], name=self.who), px, int(w * 0.8))):
            img = fonts.render(line, px, theme.TEXT)
            surface.blit(img, img.get_rect(midtop=(w // 2, sub_y + i * img.get_height())))
        hid = fonts.render(self.t("cover.hidden"), theme.font_px(24, s), theme.TEXT_DIM)
        surface.blit(hid, hid.get_rect(midtop=(w // 2, hid_y)))
        self.buttons.draw(surface, fonts)
        lines = self.recap()
        if lines:
            px = theme.font_px(24, s)
            y = self.buttons.buttons[0].rect.bottom + int(20 * s)
            head = fonts.render(self.t("cover.since"), px, theme.GOLD, bold=True)
            surface.blit(head, head.get_rect(midtop=(w // 2, y)))
            y += head.get_height()
            for line in lines:
                for part in fonts.wrap(line, px, int(w * 0.8)):
                    if y + head.get_height() > h:
                        return
                    img = fonts.render(part, px, theme.TEXT)
                    surface.blit(img, img.get_rect(midtop=(w // 2, y)))
                    y += img.get_height()
