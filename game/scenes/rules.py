"""The rules of one game, over whatever scene opened them."""
from __future__ import annotations

import pygame

from game.input import Gesture
from game.scene import ButtonGroup, Scene
from sprites import theme
from sprites.widgets import Button, draw_panel


class RulesScene(Scene):
    name = "rules"
    opaque = False

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.buttons = ButtonGroup(lambda _bid: self.app.stack.pop())
        self.panel = pygame.Rect(0, 0, 10, 10)
        self.pad, self.px, self.title_h = 12, 20, 40  # set by resize

    def resize(self, size: tuple[int, int]) -> None:
        """A panel as tall as the rules need (largest type that fits), in the middle of the window."""
        w, h = size
        s = theme.ui_scale(h)
        fonts = self.app.fonts
        self.pad = max(12, int(30 * s))
        pw = int(w * 0.84)
        bw, bh = min(int(w * 0.3), int(320 * s)), max(48, int(60 * s))
        self.title_h = fonts.line_height(theme.font_px(48, s), True)
        room = int(h * 0.92) - self.title_h - bh - 4 * self.pad
        text = self.t(f"{self.game_id}.rules")
        self.px = next((px for px in (theme.font_px(b, s) for b in (34, 30, 26, 22))
                        if self._text_h(text, px, pw) <= room), theme.font_px(22, s))
        ph = min(int(h * 0.96), self.title_h + self._text_h(text, self.px, pw) + bh + 4 * self.pad)
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        self.buttons.set([Button("close", self.t("rules.close"),
                                 pygame.Rect(self.panel.centerx - bw // 2, self.panel.bottom - bh - self.pad, bw, bh),
                                 primary=True)])
        self.buttons.focus = 0

    def _text_h(self, text: str, px: int, pw: int) -> int:
        fonts = self.app.fonts
        line_h = fonts.get(px).get_linesize()
        indent = fonts.size("•  ", px)[0]
        return sum(len(fonts.wrap(p, px, pw - 2 * self.pad - indent)) * line_h + line_h // 2
                   for p in text.split("\n"))

    def on_gesture(self, g: Gesture) -> None:
        self.buttons.gesture(g)

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 190))
        surface.blit(dim, (0, 0))
        draw_panel(surface, self.panel, alpha=255)  # opaque: nothing below shows through the words
        s = theme.ui_scale(surface.get_height())
        fonts, px, pad = self.app.fonts, self.px, self.pad
        title = fonts.render(self.t("rules.title", game=self.t(f"game.{self.game_id}")), theme.font_px(48, s),
                             theme.GOLD, bold=True)
        surface.blit(title, (self.panel.x + pad, self.panel.y + pad))
        y = self.panel.y + 2 * pad + self.title_h
        line_h = fonts.get(px).get_linesize()
        indent = fonts.size("•  ", px)[0]
        for para in self.t(f"{self.game_id}.rules").split("\n"):  # a list of paragraphs, not a wall of text
            surface.blit(fonts.render("•", px, theme.GOLD, bold=True), (self.panel.x + pad, y))
            for line in fonts.wrap(para, px, self.panel.w - 2 * pad - indent):
                surface.blit(fonts.render(line, px, theme.TEXT), (self.panel.x + pad + indent, y))
                y += line_h
            y += line_h // 2
        self.buttons.draw(surface, fonts)
