"""The scrollable game log: one readable sentence per public event, newest at the bottom.

A line can be picked (a tap, or the keyboard: ``selected``) so the table can go back to that moment
(game/tables/logjump.py); ``line_at`` finds the sentence under a point with the same geometry as ``draw``."""
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
        self.selected: int | None = None  # the sentence picked with the keyboard (an index into ``lines``)
        self._wrapped: list[str] = []
        self._owner: list[int] = []  # the sentence each wrapped row belongs to
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
            if self.selected is not None and self.selected >= len(self.lines):
                self.selected = len(self.lines) - 1 if self.lines else None

    def _wrap(self, fonts: Fonts, px: int, width: int) -> list[str]:
        key = (len(self.lines), self.lines[-1] if self.lines else "", px, width)
        if key != self._wrap_key:
            if self._line_cache_for != (px, width):
                self._line_cache, self._line_cache_for = {}, (px, width)
            out: list[str] = []
            owner: list[int] = []
            for n, line in enumerate(self.lines):
                wrapped = self._line_cache.get(line)
                if wrapped is None:  # each sentence is wrapped once, not on every new line
                    indent = max(fonts.size("• ", px)[0], fonts.size("   ", px)[0])  # the lines are indented
                    parts = fonts.wrap(line, px, width - indent)
                    wrapped = ["• " + parts[0] if parts else "•"] + ["   " + p for p in parts[1:]]
                    self._line_cache[line] = wrapped
                out.extend(wrapped)
                owner.extend([n] * len(wrapped))
            self._wrapped, self._owner, self._wrap_key = out, owner, key
        return self._wrapped

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, self.scroll + dy * 2)

    def _rows(self, fonts: Fonts, scale: float) -> tuple[int, int, list[tuple[pygame.Rect, int, str]]]:
        """(title bottom, text size, the visible rows as (rect, sentence index, text)), as drawn."""
        pad = max(6, int(12 * scale))
        title_h = fonts.get(theme.font_px(30, scale)).get_linesize()
        px = theme.font_px(25, scale)
        top = self.rect.y + pad * 2 + title_h
        wrapped = self._wrap(fonts, px, self.rect.w - pad * 3)
        line_h = fonts.get(px).get_linesize()
        fit = max(1, (self.rect.bottom - pad - top) // line_h)
        if self.selected is not None:  # keep the picked sentence in view
            rows = [i for i, o in enumerate(self._owner) if o == self.selected]
            if rows:
                end_wanted = len(wrapped) - self.scroll
                if rows[0] < end_wanted - fit:
                    self.scroll = len(wrapped) - rows[0] - fit
                elif rows[-1] >= end_wanted:
                    self.scroll = len(wrapped) - rows[-1] - 1
        self.scroll = max(0, min(self.scroll, max(0, len(wrapped) - fit)))
        end = len(wrapped) - self.scroll
        start = max(0, end - fit)
        while 0 < start < end - 1 and self._owner[start] == self._owner[start - 1]:
            start += 1  # the log starts at a sentence's beginning, not in the middle of one
        if 0 < start and self._owner[start] == self._owner[start - 1]:
            # a sentence longer than the panel (a face-to-face half's one row): its beginning, not its last words
            while start > 0 and self._owner[start - 1] == self._owner[start]:
                start -= 1
            end = start + fit
        out = [(pygame.Rect(self.rect.x + pad // 2, top + (i - start) * line_h, self.rect.w - pad, line_h),
                self._owner[i], wrapped[i]) for i in range(start, end)]
        return top, px, out

    def line_at(self, pos: tuple[int, int], fonts: Fonts, scale: float) -> int | None:
        """The sentence (index into ``lines``) drawn under ``pos``, if any."""
        if not self.rect.collidepoint(pos):
            return None
        for rect, owner, _ in self._rows(fonts, scale)[2]:
            if rect.collidepoint(pos):
                return owner
        return None

    def draw(self, surface: pygame.Surface, fonts: Fonts, title: str, scale: float) -> None:
        draw_panel(surface, self.rect)
        pad = max(6, int(12 * scale))
        title_img = fonts.render(title, theme.font_px(30, scale), theme.GOLD, bold=True)
        surface.blit(title_img, (self.rect.x + pad, self.rect.y + pad))
        top, px, rows = self._rows(fonts, scale)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(self.rect.x, top, self.rect.w, self.rect.bottom - top))
        last = len(self.lines) - 1
        for rect, owner, line in rows:
            if owner == self.selected:
                pygame.draw.rect(surface, theme.GOLD, rect, width=max(1, int(2 * scale)),
                                 border_radius=max(2, int(4 * scale)))
            color = theme.TEXT if owner == last and self.scroll == 0 else theme.TEXT_DIM
            surface.blit(fonts.render(line, px, color), (self.rect.x + pad, rect.y))
        surface.set_clip(clip)
        if self.scroll:
            more = fonts.render(f"+{self.scroll}", px, theme.GOLD)
            surface.blit(more, more.get_rect(bottomright=(self.rect.right - pad, self.rect.bottom - pad // 2)))
