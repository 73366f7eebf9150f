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

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.ui_scale(h)
        self.panel = pygame.Rect(int(w * 0.08), int(h * 0.06), int(w * 0.84), int(h * 0.88))
        bw, bh = min(int(w * 0.3), int(320 * s)), max(48, int(60 * s))
        self.buttons.set([Button("close", self.t("rules.close"),
                                 pygame.Rect(self.panel.centerx - bw // 2, self.panel.bottom - bh - 16, bw, bh),
                                 primary=True)])
        self.buttons.focus = 0

    def on_gesture(self, g: Gesture) -> None:
        self.buttons.gesture(g)

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 160))
        surface.blit(dim, (0, 0))
        draw_panel(surface, self.panel, alpha=248)
        s = theme.ui_scale(surface.get_height())
        fonts = self.app.fonts
        title = fonts.render(self.t("rules.title", game=self.t(f"game.{self.game_id}")), theme.font_px(48, s),
                             theme.GOLD, bold=True)
        surface.blit(title, (self.panel.x + 30, self.panel.y + 24))
        px = theme.font_px(28, s)
        y = self.panel.y + 40 + title.get_height()
        line_h = fonts.get(px).get_linesize()
        for para in self.t(f"{self.game_id}.rules").split("\n"):
            for line in fonts.wrap(para, px, self.panel.w - 60):
                surface.blit(fonts.render(line, px, theme.TEXT), (self.panel.x + 30, y))
                y += line_h
            y += line_h // 2
        self.buttons.draw(surface, fonts)
