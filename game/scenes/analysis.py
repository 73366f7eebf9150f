"""A table of numbers over the game table (e.g. Cribbage's discard analysis), thought in the worker process.

The table below supplies it: ``table.analysis_request()`` returns a Future (the worker's answer) and a function
that turns the answer into a ``Grid``. Until the answer comes the panel says so; the frame loop never computes
it. Close (or Esc) returns to the game; nothing here changes the game.
"""
from __future__ import annotations

import logging
from typing import Any, NamedTuple

import pygame

from game.scene import DialogScene
from sprites import theme
from sprites.widgets import Button, draw_dialog

log = logging.getLogger(__name__)


class Grid(NamedTuple):
    title: str
    headers: list[str]
    rows: list[list[str]]
    marked: int | None  # the row drawn highlighted
    note: str


class AnalysisScene(DialogScene):
    name = "analysis"
    opaque = False

    def __init__(self, app, table: Any) -> None:
        super().__init__(app)
        self.future, self.format = table.analysis_request()
        self.grid: Grid | None = None
        self.failed = False
        self.panel = pygame.Rect(0, 0, 10, 10)
        self.px = 20
        self.title_lines: list[str] = []
        self.note_lines: list[str] = []

    def wants_frame(self) -> bool:
        return self.grid is None and not self.failed

    def update(self, dt: float) -> None:
        if self.grid is not None or self.failed or not self.future.done():  # frames go on meanwhile, headless too
            return
        try:
            self.grid = self.format(self.future.result())
        except Exception as exc:  # a worker that died: say so, the game goes on
            log.warning("analysis failed: %s", exc)
            self.failed = True
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.ui_scale(h)
        fonts = self.app.fonts
        rows = len(self.grid.rows) if self.grid else 1
        bh = max(44, int(56 * s))
        pw = min(int(w * 0.94), max(int(900 * s), 440))
        self.px = px = max(13, min(theme.font_px(26, s), int((h * 0.92 - bh) / (rows + 6) / 1.3)))
        inner = pw - 2 * px
        self.title_lines = fonts.wrap(self.grid.title, px, inner, bold=True) if self.grid else []
        self.note_lines = fonts.wrap(self.grid.note, self.note_px, inner) if self.grid else []
        line = fonts.get(px).get_linesize()
        note_h = len(self.note_lines) * fonts.get(self.note_px).get_linesize()
        ph = min(h - 8, line * (rows + 2 + len(self.title_lines)) + note_h + bh + int(40 * s))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        bw = min(int(pw * 0.4), int(280 * s) + 40)
        rect = pygame.Rect(self.panel.centerx - bw // 2, self.panel.bottom - bh - int(12 * s), bw, bh)
        self.buttons.set([Button("close", self.t("analysis.close"), rect, primary=True)])
        self.buttons.focus = 0

    @property
    def note_px(self) -> int:
        return max(12, int(self.px * 0.85))

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        self.app.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        draw_dialog(surface, self.panel, 30)
        fonts, px, p = self.app.fonts, self.px, self.panel
        line = fonts.get(px).get_linesize()
        x0, y = p.x + px, p.y + px // 2
        if self.grid is None:
            text = self.t("analysis.failed" if self.failed else "analysis.thinking")
            img = fonts.render(text, px, theme.TEXT, bold=True)
            surface.blit(img, img.get_rect(midtop=(p.centerx, y + line)))
            self.buttons.draw(surface, fonts)
            return
        g = self.grid
        for text in self.title_lines:
            title = fonts.render(text, px, theme.GOLD, bold=True)
            surface.blit(title, title.get_rect(midtop=(p.centerx, y)))
            y += line
        y += line // 3
        widths = [max(fonts.size(r[i], px)[0] for r in [g.headers, *g.rows]) for i in range(len(g.headers))]
        free = max(0, p.w - 2 * px - sum(widths))
        gap = free // max(1, len(widths) - 1) if len(widths) > 1 else 0
        for k, row in enumerate([g.headers, *g.rows]):
            if k - 1 == g.marked:
                pygame.draw.rect(surface, theme.GOLD, pygame.Rect(p.x + px // 2, y - 2, p.w - px, line + 2),
                                 width=2, border_radius=6)
            x = x0
            for i, cell in enumerate(row):
                color = theme.GOLD if k == 0 or k - 1 == g.marked else theme.TEXT
                img = fonts.render(cell, px, color, bold=k == 0 or k - 1 == g.marked)
                # the first column reads left to right, the numbers line up on the right
                surface.blit(img, img.get_rect(topleft=(x, y)) if i == 0 else img.get_rect(topright=(x + widths[i], y)))
                x += widths[i] + gap
            y += line
        y += line // 3
        for text in self.note_lines:
            note = fonts.render(text, self.note_px, theme.TEXT)
            surface.blit(note, note.get_rect(midtop=(p.centerx, y)))
            y += fonts.get(self.note_px).get_linesize()
        self.buttons.draw(surface, fonts)
