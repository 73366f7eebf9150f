"""The log drawer of a face-to-face half: a tap on the half's small log panel (one or two sentences in view on a
small tablet) opens the log over that half's board, large enough for the last several sentences the right way up
for that player; a tap on a sentence goes back to it (as on the panel), any other tap closes it."""
from __future__ import annotations

import pygame

from game.tables.logpanel import LogPanel
from sprites import theme
from sprites.text import Fonts

SHARE = 0.55  # of the board's width the open drawer takes, against the side column (the log's own edge)


class LogDrawer:
    """Whether the drawer is open, where it lies and its panel (the lines are the table's log's)."""

    def __init__(self) -> None:
        self.open = False
        self.panel = LogPanel()

    def place(self, board: pygame.Rect, log_w: int, pad: int) -> None:
        """Over the board's right part, next to the side column the small panel stands in, the board's height."""
        w = min(board.w - 2 * pad, max(log_w, int(board.w * SHARE)))
        self.panel.rect = pygame.Rect(board.right - pad - w, board.y + pad, w, board.h - 2 * pad)
        self.panel._wrap_key = None

    def sync(self, log: LogPanel) -> None:
        self.panel.set_lines(log.lines)
        self.panel.selected = log.selected

    def draw(self, surface: pygame.Surface, fonts: Fonts, title: str, scale: float) -> None:
        """An opaque ground first: the cards under it must not show through the words."""
        rect = self.panel.rect
        pygame.draw.rect(surface, theme.FELT_DARK, rect, border_radius=max(6, min(rect.w, rect.h) // 14))
        self.panel.draw(surface, fonts, title, scale)
        self._mark(surface, scale, opened=True)

    def draw_opener(self, surface: pygame.Surface, log_rect: pygame.Rect, scale: float) -> None:
        """The small panel's sign that it opens: a chevron pointing where the drawer comes out (drawn, no glyph)."""
        self._mark(surface, scale, opened=False, rect=log_rect)

    def _mark(self, surface: pygame.Surface, scale: float, opened: bool, rect: pygame.Rect | None = None) -> None:
        r = rect or self.panel.rect
        pad = max(6, int(12 * scale))
        size = max(8, int(22 * scale))
        x, y = r.right - pad - size, r.y + pad + size // 4
        width = max(2, int(4 * scale))
        if opened:  # a cross: the drawer closes
            pygame.draw.line(surface, theme.GOLD, (x, y), (x + size, y + size), width)
            pygame.draw.line(surface, theme.GOLD, (x, y + size), (x + size, y), width)
            return
        for dx in (0, size // 2):  # two chevrons pointing left, towards the board
            tip = x + dx
            pygame.draw.lines(surface, theme.GOLD, False, [(tip + size // 2, y), (tip, y + size // 2),
                                                           (tip + size // 2, y + size)], width)
