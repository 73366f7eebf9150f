"""A small yes/no question over the current scene: the one confirmation dialog every scene asks for."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.scene import DialogScene
from sprites import theme
from sprites.widgets import Button, draw_panel


class ConfirmScene(DialogScene):
    """``text`` with two buttons; ``on_yes`` runs after the dialog has closed, ``on_no`` too (Esc is no)."""

    name = "confirm"
    opaque = False

    def __init__(self, app, text: str, on_yes: Callable[[], None], yes: str = "confirm.yes",
                 no: str = "confirm.no", on_no: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.text, self.on_yes, self.on_no = text, on_yes, on_no
        self.yes_label, self.no_label = self.t(yes), self.t(no)
        self.panel = pygame.Rect(0, 0, 10, 10)
        self.lines: list[str] = []
        self.px = 20
        self.gap = 10

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.ui_scale(h)
        fonts = self.app.fonts
        pw = min(int(w * 0.8), int(900 * max(s, 0.7)))
        self.px = max(theme.font_px(34, s), round(h * 0.026))
        self.lines = fonts.wrap(self.text, self.px, pw - int(60 * s) - 20, bold=True)  # drawn bold
        bw, bh, gap = min(int(pw * 0.42), int(320 * s) + 40), max(48, int(66 * s)), max(10, int(24 * s))
        text_h = len(self.lines) * fonts.get(self.px).get_linesize()
        self.gap = gap
        ph = gap * 4 + text_h + bh
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        y = self.panel.bottom - int(gap * 1.5) - bh
        self.buttons.set([
            Button("no", self.no_label, pygame.Rect(self.panel.centerx - bw - gap // 2, y, bw, bh)),
            Button("yes", self.yes_label, pygame.Rect(self.panel.centerx + gap // 2, y, bw, bh), primary=True),
        ])
        self.buttons.focus = 0  # Enter alone never confirms by accident

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        self.app.stack.pop()
        then = self.on_yes if bid == "yes" else self.on_no
        if then is not None:
            then()

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.press("no")
        else:
            self.buttons.key(event)

    def draw(self, surface: pygame.Surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 160))
        surface.blit(dim, (0, 0))
        draw_panel(surface, self.panel, alpha=255)
        pygame.draw.rect(surface, theme.GOLD, self.panel, width=2, border_radius=max(6, self.panel.h // 14))
        fonts = self.app.fonts
        line_h = fonts.get(self.px).get_linesize()
        y = self.panel.y + int(self.gap * 1.5)
        for i, line in enumerate(self.lines):
            img = fonts.render(line, self.px, theme.TEXT, bold=True)
            surface.blit(img, img.get_rect(midtop=(self.panel.centerx, y + i * line_h)))
        self.buttons.draw(surface, fonts)
