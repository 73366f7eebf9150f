"""The table's toast: a short message in the game's message area, drawn above every layer for its time."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from sprites import theme
from sprites.record import floating
from sprites.widgets import draw_panel

if TYPE_CHECKING:
    from game.tables.protocols import TableCore
else:
    TableCore = object  # a base for the type checker only: TableScene supplies every member

TOAST_SECONDS = 3.2


def _area(a: pygame.Rect, b: pygame.Rect) -> int:
    inter = a.clip(b)
    return inter.w * inter.h


class TableToasts(TableCore):
    """Mixed into ``TableScene``: ``self.toast`` is (text, seconds left, is_error) or None."""

    toast: tuple[str, float, bool] | None
    status_rect: pygame.Rect | None = None  # the status panel as last drawn (a table that draws one sets it)

    def show_toast(self, text: str, error: bool = False) -> None:
        self.toast = (text, TOAST_SECONDS, error)
        self.app.invalidate()

    def _on_top(self) -> bool:
        top = self.app.stack.top
        return top is self or self in getattr(top, "bands", ())

    def tick_floating(self, dt: float) -> bool:
        """The toast's time runs (under a dialog too: the app ticks it there); True when it has just gone."""
        if not self.toast:
            return False
        text, left, err = self.toast
        self.toast = (text, left - dt, err) if left - dt > 1e-6 else None  # its timer is due: gone
        return self.toast is None

    def floating_deadline(self) -> float | None:
        """Seconds until the toast goes, if one shows."""
        return self.toast[1] if self.toast else None

    def draw_floating(self, surface: pygame.Surface) -> None:
        """The toast, above every other layer (the app calls this after the scenes over the table)."""
        with floating(surface):  # a toast floats over the board for a moment
            self._draw_toast(surface)

    def kept_clear(self) -> list[pygame.Rect]:
        """The table's own notes a toast stands beside (an online table's 'waiting for Ben')."""
        return []

    def _clear_spot(self, box: pygame.Rect) -> pygame.Rect:
        """``box``, or where it covers least when the table's notes or a scene over the table keep places clear
        (the coach's caption and what it lights): first nothing kept clear, then as little of the cards and plates."""
        clear = self.kept_clear() + [r for s in self.app.stack.visible() if s is not self
                                     for r in getattr(s, "keep_clear", lambda: [])()]
        if not any(box.colliderect(r) for r in clear):
            return box
        key = (tuple(box), tuple(tuple(r) for r in clear))
        if getattr(self, "_toast_spot", (None,))[0] != key:
            report = self.table_report()
            soft = report.get("cards", []) + report.get("plates", [])
            best: tuple[float, pygame.Rect] | None = None
            for fy in range(13):
                for fx in range(13):
                    r = box.copy()
                    r.center = (self.board.x + self.board.w * fx // 12, self.board.y + self.board.h * fy // 12)
                    r.clamp_ip(self.board)
                    cost = (1e6 * sum(_area(r, c) for c in clear) + sum(_area(r, c) for c in soft)
                            + abs(r.centerx - box.centerx) + abs(r.centery - box.centery))
                    if best is None or cost < best[0]:
                        best = (cost, r)
            assert best is not None
            self._toast_spot = (key, best[1])
        return self._toast_spot[1]

    def _draw_toast(self, surface: pygame.Surface) -> None:
        if not self.toast:
            return
        text, _, err = self.toast
        fonts = self.app.fonts
        geo = self.geo  # the message area (between the piles and the hand), never on the cards or plates
        width = int(geo.message_w - 40 * self.scale)
        px = fonts.fit_px(text, theme.font_px(30, self.scale), width, True)  # one line where the scale allows
        lines = fonts.wrap(text, px, width, True)
        imgs = [fonts.render(line, px, theme.TEXT, bold=True) for line in lines]
        w = max(i.get_width() for i in imgs) + int(40 * self.scale)
        h = sum(i.get_height() for i in imgs) + int(24 * self.scale)
        box = pygame.Rect(0, 0, w, h)
        box.center = geo.message_center
        box.clamp_ip(self.board)
        status = self.status_rect
        if status is not None and box.colliderect(status):
            box = box.union(status)  # over the status panel: all of it, so no half line peeks out around it
        self.toast_rect = box = self._clear_spot(box)
        draw_panel(surface, box, alpha=255)  # opaque: the words under it must not show through
        pygame.draw.rect(surface, theme.BAD if err else theme.GOLD, box, width=max(2, int(3 * self.scale)),
                         border_radius=max(6, int(14 * self.scale)))
        y = box.centery - sum(i.get_height() for i in imgs) // 2
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()
