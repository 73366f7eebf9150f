"""A row of a list that is one target for a finger: its cells in columns (who plays, what, how far), the first at
the left, the last at the right, all in one size (the list's, set by its screen)."""
from __future__ import annotations

import pygame

from sprites import theme
from sprites.record import note_box
from sprites.text import Fonts
from sprites.widgets import Button, draw_focus_ring, draw_round_rect


class ListRow(Button):
    """A button whose label is two lines of two cells: the first line's left cell leads (gold, bold), the right
    cells stand at the right end; its height holds two lines at the list's size."""

    def __init__(self, id: str, cells: list[str], rect: pygame.Rect) -> None:
        super().__init__(id, " · ".join(cells), rect)
        self.cells = (cells + ["", "", "", ""])[:4]

    def inner(self) -> pygame.Rect:
        return self.rect.inflate(-round(self.rect.h * 0.36), 0)

    def placed(self, fonts: Fonts, px: int) -> list[tuple[int, pygame.Rect]]:
        """Each cell's place in ``cells`` and where its words stand (the first is bold)."""
        inner, line = self.inner(), fonts.line_height(px)
        top = self.rect.centery - line
        out = []
        for i, cell in enumerate(self.cells):
            if not cell:
                continue
            w, h = fonts.size(cell, px, bold=i == 0)
            x = inner.x if i % 2 == 0 else inner.right - w
            out.append((i, pygame.Rect(x, top + (i // 2) * line, w, h)))
        return out

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool = False, hovered: bool = False,
             pressed: bool = False) -> None:
        rect = self.rect
        radius = max(4, round(rect.h * 0.16))
        fill = theme.BUTTON_PRESSED if pressed else theme.BUTTON_HOVER if hovered else theme.BUTTON
        draw_round_rect(surface, fill, rect, radius)
        draw_round_rect(surface, theme.BUTTON_EDGE, rect, radius, max(1, round(rect.h / 50)))
        note_box(surface, rect)
        if focused:
            draw_focus_ring(surface, rect, radius, max(0.5, rect.h / 80))
        px = self.px or fonts.floor
        inks = {0: theme.GOLD, 1: theme.TEXT}
        for i, at in self.placed(fonts, px):
            surface.blit(fonts.render(self.cells[i], px, inks.get(i, theme.TEXT_DIM), bold=i == 0), at)

    def fits(self, fonts: Fonts, px: int) -> bool:
        """Whether both lines stand in the row at ``px``: each line's two cells apart, both lines in its height."""
        inner, gap = self.inner(), round(self.rect.h * 0.2)
        lines_ok = 2 * fonts.line_height(px) <= self.rect.h
        return lines_ok and all(fonts.size(self.cells[2 * i], px, bold=i == 0)[0] + gap
                                + fonts.size(self.cells[2 * i + 1], px)[0] <= inner.w for i in (0, 1))
