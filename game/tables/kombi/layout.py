"""Kombi-Duell geometry. A left column holds what names things: the opponent's plate (beside their
backs), the label of each row of scored combinations (beside that row), the draw pile and one's own
plate (beside one's hand). The rows to its right, top to bottom: the opponent's backs, their scored
combinations, the status, the exchange area, the preview, one's scored combinations and one's hand."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from sprites import theme

MINI = 0.7  # scored combinations, in card widths: small enough for a game's worth, large enough to read


@dataclass(frozen=True)
class Room:
    """What the words need, measured by the table: the left column's width, a label line, a status or
    preview line, and each plate's height (mine, theirs)."""

    column_w: int
    label_h: int
    line_h: int
    plate_mine_h: int
    plate_theirs_h: int


class KombiGeometry:
    """Every place on the Kombi board for one board size: the largest card for which the rows fit."""

    def __init__(self, board: pygame.Rect, scale: float, room: Room | None = None) -> None:
        self.board = b = pygame.Rect(board)
        self.scale = scale
        self.room = room or Room(int(220 * scale), int(30 * scale), int(30 * scale), 1, 1)
        self.pad = max(6, int(14 * scale))
        self.margin = max(6, int(b.h * 0.016))
        cw = int(min(b.h * 0.22, b.w / 6))
        while cw > 40 and self._spare(cw) < 0:
            cw -= 1
        self._place(cw)

    def _rows(self, cw: int) -> list[float]:
        """The heights of the rows, top to bottom."""
        room = self.room
        ch = cw * theme.CARD_RATIO
        mini_h = int(cw * MINI) * theme.CARD_RATIO
        oh = max(30, int(cw * 0.55)) * theme.CARD_RATIO
        lift = cw * 0.18  # a selected hand card stands up this far: it must not cover the scored row
        return [max(oh, room.plate_theirs_h), mini_h, room.label_h + ch, 2 * room.line_h, mini_h,
                max(ch + lift, room.plate_mine_h)]

    def _spare(self, cw: int) -> float:
        rows = self._rows(cw)
        return self.board.h - 2 * self.margin - sum(rows) - self.pad * (len(rows) - 1)

    def _place(self, cw: int) -> None:
        b, pad, room = self.board, self.pad, self.room
        self.cw = cw
        self.ch = ch = round(cw * theme.CARD_RATIO)
        self.mini = int(cw * MINI)
        self.ow = max(30, int(cw * 0.55))
        rows = self._rows(cw)
        gap = pad + max(0.0, self._spare(cw)) / (len(rows) - 1)
        centres: list[float] = []
        y: float = b.y + self.margin
        for h in rows:
            centres.append(y + h / 2)
            y += h + gap
        mid, message, hand = self._rows_at(centres)
        self.y_mid = mid + room.label_h / 2
        self.y_status, self.y_preview = message - room.line_h / 2, message + room.line_h / 2
        self.y_hand = b.bottom - self.margin - ch / 2
        self.column = pygame.Rect(b.x + self.margin, b.y, max(room.column_w, cw), b.h)
        self.right = pygame.Rect(self.column.right + pad, b.y, b.right - pad - self.column.right - pad, b.h)
        self.x_draw = self.column.centerx
        self.x_area: float = self.right.centerx
        self.draw_rect = pygame.Rect(0, 0, cw, ch)
        self.draw_rect.center = (int(self.x_draw), int(self.y_mid))
        mini_h = self.mini * theme.CARD_RATIO
        self.my_pile_zone = pygame.Rect(self.column.x, int(self.y_my_disc - mini_h / 2 - pad / 2),
                                        self.right.right - self.column.x, int(mini_h + pad))
        self.hand_zone = pygame.Rect(b.x, int(self.y_hand - ch * 0.75), b.w, int(ch * 1.5))
        self.plate_mine_at = (self.column.x, hand)
        self.plate_theirs_at = (self.column.x, self.plate_theirs_y)

    def _rows_at(self, centres: list[float]) -> tuple[float, float, float]:
        """Which row lies where (its centre); the middle, message and hand rows' centres."""
        self.y_opp, self.y_opp_disc, mid, message, self.y_my_disc, hand = centres
        self.scored_rows: tuple[float, ...] = (self.y_opp_disc, self.y_my_disc)  # each labelled where it lies
        self.plate_theirs_y = self.y_opp
        return mid, message, hand

    def area_x(self, i: int) -> float:
        return self.x_area + (i - 1) * self.cw * 1.18

    def hand_positions(self, n: int) -> list[float]:
        """One's hand, fanned from one's plate to the right, across the rows' width at most."""
        if n == 0:
            return []
        r = self.right
        step = min(self.cw * 0.78, (r.w - self.cw) / max(1, n - 1))
        return [r.x + self.cw / 2 + i * step for i in range(n)]

    def opp_positions(self, n: int, width: int, shown: bool) -> list[float]:
        """The opponent's cards, fanned from their plate to the right (face up, more apart, at the end)."""
        step = min(width * (0.62 if shown else 0.45), (self.right.w - width) / max(1, n - 1))
        lo = self.right.x + width / 2
        return [lo + i * step for i in range(n)]

    def pile_xs(self, sizes: list[int]) -> list[list[float]]:
        """Centre x of each card of each scored combination: combinations side by side from the left of
        the rows, each fanned so every index shows, squeezed evenly when a game's worth runs long."""
        overlap, gap = self.mini * 0.48, self.mini * 0.35
        total = sum(self.mini + overlap * (k - 1) + gap for k in sizes) - gap
        squeeze = min(1.0, (self.right.w - self.mini) / (total - self.mini)) if total > self.mini else 1.0
        x = self.right.x + self.mini / 2
        out = []
        for k in sizes:
            out.append([x + j * overlap * squeeze for j in range(k)])
            x += (self.mini + overlap * (k - 1) + gap) * squeeze
        return out
