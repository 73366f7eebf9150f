"""The scrollable game log: one readable sentence per public event, newest at the bottom."""
from __future__ import annotations

import pygame

from sprites import theme
from sprites.text import Fonts
from sprites.widgets import draw_panel


class LogPanel:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.lines: list[str] = []
        self.scroll = 0  # lines scrolled up from the bottom
        self._wrapped: list[str] = []
        self._wrap_key: tuple | None = None
        self._line_cache: dict[str, list[str]] = {}
        self._line_cache_for: tuple[int, int] | None = None

    def set_lines(self, lines: list[str]) -> None:
        if lines != self.lines:
            grew = len(lines) > len(self.lines)
            self.lines = list(lines)
            self._wrap_key = None
            if grew:
                self.scroll = 0

    def _wrap(self, fonts: Fonts, px: int, width: int) -> list[str]:
        key = (len(self.lines), self.lines[-1] if self.lines else "", px, width)
        if key != self._wrap_key:
            if self._line_cache_for != (px, width):
                self._line_cache, self._line_cache_for = {}, (px, width)
            out: list[str] = []
            for line in self.lines:
                wrapped = self._line_cache.get(line)
                if wrapped is None:  # each sentence is wrapped once, not on every new line
                    parts = fonts.wrap(line, px, width)
                    wrapped = ["• " + parts[0] if parts else "•"] + ["   " + p for p in parts[1:]]
                    self._line_cache[line] = wrapped
                out.extend(wrapped)
            self._wrapped, self._wrap_key = out, key
        return self._wrapped

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, self.scroll + dy * 2)

    def draw(self, surface: pygame.Surface, fonts: Fonts, title: str, scale: float) -> None:
        draw_panel(surface, self.rect)
        pad = max(6, int(12 * scale))
        px_title = theme.font_px(30, scale)
        px = theme.font_px(25, scale)
        title_img = fonts.render(title, px_title, theme.GOLD, bold=True)
        surface.blit(title_img, (self.rect.x + pad, self.rect.y + pad))
        top = self.rect.y + pad * 2 + title_img.get_height()
        wrapped = self._wrap(fonts, px, self.rect.w - pad * 3)
        line_h = fonts.get(px).get_linesize()
        fit = max(1, (self.rect.bottom - pad - top) // line_h)
        self.scroll = min(self.scroll, max(0, len(wrapped) - fit))
        end = len(wrapped) - self.scroll
        visible = wrapped[max(0, end - fit): end]
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(self.rect.x, top, self.rect.w, self.rect.bottom - top))
        for i, line in enumerate(visible):
            color = theme.TEXT if i == len(visible) - 1 and self.scroll == 0 else theme.TEXT_DIM
            surface.blit(fonts.render(line, px, color), (self.rect.x + pad, top + i * line_h))
        surface.set_clip(clip)
        if self.scroll:
            more = fonts.render(f"+{self.scroll}", px, theme.GOLD)
            surface.blit(more, more.get_rect(bottomright=(self.rect.right - pad, self.rect.bottom - pad // 2)))
