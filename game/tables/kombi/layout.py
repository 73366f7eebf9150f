"""Kombi-Duell geometry. A left column holds what names things: the opponent's plate (beside their
backs), the label of one's row of scored combinations (beside it), the draw pile and one's own plate
(beside one's hand). The rows to its right, top to bottom: the opponent's backs with their scored
combinations right of them, the exchange area, one message line (the turn, or the preview of a selection),
one's scored combinations and one's hand."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from sprites import theme

MINI = 0.66  # scored combinations, in card widths: small enough for a game's worth, large enough to read
OPP_SHARE = 0.45  # the opponent's backs take the left of the top row, their scored combinations the rest


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
        self.margin = max(6, int(b.h * 0.008))
        cw = int(min(b.h * self.tallest, b.w / 6))
        while cw > 40 and self._spare(cw) < 0:
            cw -= 1
        self._place(cw)

    tallest = 0.2  # the card's height at most, of the board's: a fifth (times the card's ratio: 28%)

    def _rows(self, cw: int) -> list[float]:
        """The heights of the rows, top to bottom."""
        room = self.room
        ch = cw * theme.CARD_RATIO
        mini_h = int(cw * MINI) * theme.CARD_RATIO
        oh = max(30, int(cw * 0.45)) * theme.CARD_RATIO
        lift = cw * 0.1  # a selected hand card stands up this far: it must not cover the scored row
        return [max(oh, mini_h, room.plate_theirs_h), room.label_h + ch, room.line_h, mini_h,
                max(ch + lift, room.plate_mine_h)]

    def _spare(self, cw: int) -> float:
        rows = self._rows(cw)
        return self.board.h - 2 * self.margin - sum(rows) - self.pad * (len(rows) - 1)

    def _place(self, cw: int) -> None:
        b, pad, room = self.board, self.pad, self.room
        self.cw = cw
        self.ch = ch = round(cw * theme.CARD_RATIO)
        self.mini = int(cw * MINI)
        self.ow = max(30, int(cw * 0.45))
        rows = self._rows(cw)
        gap = pad + max(0.0, self._spare(cw)) / (len(rows) - 1)
        centres: list[float] = []
        y: float = b.y + self.margin
        for h in rows:
            centres.append(y + h / 2)
            y += h + gap
        mid, message, hand = self._rows_at(centres)
        self.y_mid = mid + room.label_h / 2
        self.y_status = self.y_preview = message  # one message at a time: a selection's preview replaces the turn
        self.y_hand = b.bottom - self.margin - ch / 2
        self.column = pygame.Rect(b.x + self.margin, b.y, max(room.column_w, cw), b.h)
        self.right = pygame.Rect(self.column.right + pad, b.y, b.right - pad - self.column.right - pad, b.h)
        self.x_draw: float = self.column.centerx
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
        top, mid, message, self.y_my_disc, hand = centres
        self.y_opp = self.y_opp_disc = top  # their combinations beside their backs: the plate names both
        self.scored_rows: tuple[float, ...] = (self.y_my_disc,)  # labelled where it lies
        self.plate_theirs_y = top
        return mid, message, hand

    @property
    def message_w(self) -> int:
        return self.right.w

    @property
    def message_center(self) -> tuple[int, int]:
        """Where a message (a toast) stands: on the message line, off the cards."""
        return int(self.right.centerx), int(self.y_status)

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
        step = min(width * (0.62 if shown else 0.45), (self.right.w * OPP_SHARE - width) / max(1, n - 1))
        lo = self.right.x + width / 2
        return [lo + i * step for i in range(n)]

    def pile_xs(self, sizes: list[int], y: float | None = None) -> list[list[float]]:
        """Centre x of each card of each scored combination: combinations side by side from the left of
        the rows (the opponent's, in row ``y``, right of their backs), each fanned so every index shows,
        squeezed evenly when a game's worth runs long."""
        overlap, gap = self.mini * 0.48, self.mini * 0.35
        left = self.right.x + (self.right.w * (OPP_SHARE + 0.03) if y == self.y_opp_disc else 0)
        room = self.right.right - left
        total = sum(self.mini + overlap * (k - 1) + gap for k in sizes) - gap
        squeeze = min(1.0, (room - self.mini) / (total - self.mini)) if total > self.mini else 1.0
        x = left + self.mini / 2
        out = []
        for k in sizes:
            out.append([x + j * overlap * squeeze for j in range(k)])
            x += (self.mini + overlap * (k - 1) + gap) * squeeze
        return out
