"""Card Square geometry: three columns (piles | both squares | drawn card, power zone and panels) with
the status band between the squares; the opponent's square is turned to face its owner."""
from __future__ import annotations

import pygame

from sprites import theme


class SquareGeometry:
    """Every place on the Card Square board for one board size.

    Slots are addressed as (mine, index): ``mine`` is True for the view seat's square, index 0..3 is
    (1,1), (1,2), (2,1), (2,2) as seen by the square's owner. The view seat's row 2 is nearest the
    bottom edge; the opponent sits across the table, so its row 2 is at the top and its column 1 on
    the right, exactly as the cards would lie in front of it.
    """

    def __init__(self, board: pygame.Rect, scale: float) -> None:
        self.board = b = pygame.Rect(board)
        self.scale = scale
        self.pad = max(6, int(14 * scale))
        self.cw = max(36, int(min(b.h * 0.138, b.w / 9.4)))
        self.ch = round(self.cw * theme.CARD_RATIO)
        self.gap = max(4, int(self.cw * 0.08))
        self.big = int(self.cw * 1.2)  # the drawn card, shown larger to its drawer
        self.label_w = int(self.cw * 0.5)
        margin = max(6, int(b.h * 0.02))
        band = b.h - 2 * margin - 4 * self.ch - 3 * self.gap
        self.band = pygame.Rect(b.x, int(b.y + margin + 2 * self.ch + 1.5 * self.gap), b.w, band)
        self._columns()
        self._zones()

    def _columns(self) -> None:
        b, cw, pad = self.board, self.cw, self.pad
        left_w = 2 * cw + 2 * pad
        mid_w = 2 * cw + self.gap + 2 * (self.label_w + pad)
        self.zone_w = int(cw * 1.5)
        right_w = self.big + pad + self.zone_w
        spare = max(0, b.w - left_w - mid_w - right_w)
        gap = spare / 4
        self.left_x = b.x + gap
        self.x_mid = self.left_x + left_w + gap + mid_w / 2
        self.right_x = self.left_x + left_w + mid_w + 2 * gap
        self.left_end = self.left_x + left_w
        self.x_draw = self.left_x + cw / 2
        self.x_discard = self.left_x + left_w - cw / 2
        self.y_mid = self.band.centery
        self.status_x = self.x_mid  # the status lines are centred here

    def _zones(self) -> None:
        cw, ch, pad = self.cw, self.ch, self.pad
        self.y_mine = self.band.bottom + self.gap + ch  # centre of my square
        self.y_theirs = self.band.y - self.gap - ch
        self.draw_rect = self.card_rect(self.x_draw, self.y_mid, cw)
        self.discard_rect = self.card_rect(self.x_discard, self.y_mid, cw)
        self.x_drawn = self.right_x + self.big / 2
        self.drawn_mine = (self.x_drawn, self.y_mine)
        self.drawn_theirs = (self.right_x + (self.big + pad + self.zone_w) / 2, self.y_theirs)
        big_h = round(self.big * theme.CARD_RATIO)
        self.power_zone = pygame.Rect(int(self.right_x + self.big + pad), int(self.y_mine - big_h / 2),
                                      self.zone_w, big_h)
        right_w = int(self.big + pad + self.zone_w)
        panel_h = int(min(2 * ch + self.gap, self.board.bottom - self.band.bottom - pad))
        self.panel = pygame.Rect(int(self.right_x), int(self.y_mine - panel_h / 2), right_w, panel_h)
        square = pygame.Rect(0, 0, 2 * cw + self.gap, 2 * ch + self.gap)
        square.center = (int(self.x_mid), int(self.y_mine))
        self.my_square = square
        # a drawn card dropped anywhere on one's own half (square, drawn-card place, names) is drawn
        self.mine_zone = pygame.Rect(self.board.x, square.y - ch // 4, self.board.w,
                                     self.board.bottom - square.y + ch // 4)

    @staticmethod
    def card_rect(x: float, y: float, w: int) -> pygame.Rect:
        r = pygame.Rect(0, 0, w, round(w * theme.CARD_RATIO))
        r.center = (round(x), round(y))
        return r

    def slot(self, mine: bool, index: int) -> tuple[float, float]:
        """Centre of a square slot on the screen."""
        row, col = divmod(index, 2)  # 0-based, in the owner's orientation
        step_x, step_y = self.cw + self.gap, self.ch + self.gap
        dx = (col - 0.5) * step_x
        if mine:
            return self.x_mid + dx, self.band.bottom + self.gap / 2 + self.ch / 2 + row * step_y
        return self.x_mid - dx, self.band.y - self.gap / 2 - self.ch / 2 - row * step_y

    def slot_rect(self, mine: bool, index: int) -> pygame.Rect:
        return self.card_rect(*self.slot(mine, index), self.cw)

    def label_at(self, mine: bool, index: int) -> tuple[tuple[float, float], str]:
        """Where a slot's "(r,c)" label goes: beside the card on the square's outer side."""
        x, y = self.slot(mine, index)
        off = self.cw / 2 + self.pad / 2
        if x < self.x_mid:
            return (x - off, y), "midright"
        return (x + off, y), "midleft"

    def status_width(self) -> int:
        """How wide the status band's text may be, centred on the squares."""
        room = min(self.x_mid - self.left_end, self.board.right - self.x_mid) - self.pad
        return max(120, int(2 * room))
