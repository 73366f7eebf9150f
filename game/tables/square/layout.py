"""Card Square geometry: the two squares sit diagonally, one's own at the bottom left and the opponent's
at the top right, turned to face its owner. Side by side they may share the board's middle height, so the
cards can be far larger than with one square above the other. The top-left corner holds the piles, the
opponent's plate (beside their square) and the status lines; the bottom-right corner one's own plate
(beside one's square), the drawn card with the power zone or the reveal panel, and the opponent's drawn
card under their square."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from sprites import theme

BIG = 1.15  # the drawn card is shown larger to its drawer
ZONE = 1.3  # the power zone's width, in card widths


@dataclass(frozen=True)
class Room:
    """What the words need, measured by the table: room beside each square (none since the "(r,c)" labels
    went), a pile label line, the status lines, and each plate's size (mine, theirs)."""

    label_w: int
    label_h: int
    band_h: int
    plate_mine: tuple[int, int]
    plate_theirs: tuple[int, int]
    pile_labels: tuple[int, int] = (0, 0)  # the widths of the two piles' names (each on one line over its pile)
    drawn_label: int = 0  # the width of one's drawn card's name (under it, wrapped to the card's width)


class SquareGeometry:
    """Every place on the Card Square board for one board size.

    Slots are addressed as (mine, index): ``mine`` is True for the view seat's square, index 0..3 is
    (1,1), (1,2), (2,1), (2,2) as seen by the square's owner. The view seat's row 2 is nearest the
    bottom edge; the opponent sits across the table, so its row 2 is at the top and its column 1 on
    the right, exactly as the cards would lie in front of it.
    """

    def __init__(self, board: pygame.Rect, scale: float, room: Room | None = None) -> None:
        self.board = b = pygame.Rect(board)
        self.scale = scale
        self.room = room or Room(int(40 * scale), int(26 * scale), int(90 * scale), (1, 1), (1, 1))
        self.pad = max(6, int(14 * scale))
        self.margin = max(6, int(b.h * 0.015))
        self.label_w = self.room.label_w
        # A tall, narrow board cannot hold the squares side by side: there one stands above the other,
        # with the piles, the drawn card and the status between them.
        # Side by side, the status lines take the middle of the table between the squares when it is wide
        # enough: the column of piles over one's square then holds no words, and the cards grow.
        self.middle = True
        middle = self._largest_card(False)
        self.middle = False
        diagonal, stacked = self._largest_card(False), self._largest_card(True)
        self.stacked = stacked > max(diagonal, middle) * 1.1
        self.middle = not self.stacked and middle > diagonal
        self._place(stacked if self.stacked else max(diagonal, middle), self.stacked)

    # --- the card size: the largest for which every corner's content fits ------------------------------
    def _largest_card(self, stacked: bool) -> int:
        b = self.board
        cw = int(min(b.h * 0.3, b.w * 0.25))
        while cw > 36 and not self._fits(cw, stacked):
            cw -= 1
        return max(36, cw)

    def _fits(self, cw: int, stacked: bool) -> bool:
        self._place(cw, stacked)
        room, pad, b = self.room, self.pad, self.board
        if b.x + self.margin + room.plate_theirs[0] > self.plate_theirs_at[0] and stacked:
            return False  # beside their square, the opponent's plate
        if self.plate_mine_at[0] + room.plate_mine[0] > b.right - self.margin and stacked:
            return False
        if not stacked and self.plate_mine_at[0] - pad > self.their_square.x - self.label_w:
            return False  # side by side, labels included
        if self.top_w < (self.pile_w if self.top_stacked else self.pile_w + pad + room.plate_theirs[0]):
            return False
        if self.middle and not stacked:  # the piles over one's square, the words in the middle
            if self.pile_bottom + pad > self.my_square.y or self.band.w < b.w * 0.3 or self.band.h < room.band_h:
                return False
        elif self.band.y < self.band_top or self.band.bottom > self.my_square.y - pad \
                or self.band.colliderect(self.corner):
            return False
        if self.corner.w < self.big + pad + int(self.zone_w * 0.8):  # the corner is right of the plate, or above it
            return False
        big_h = round(self.big * theme.CARD_RATIO)
        return self.corner.h >= big_h + self.drawn_lines() * room.label_h

    def drawn_lines(self) -> int:
        """The lines of one's drawn card's name: one, or two where it is wider than the card."""
        return 1 if self.room.drawn_label <= self.big + self.pad else 2

    def _place(self, cw: int, stacked: bool = False) -> None:
        b, pad, room = self.board, self.pad, self.room
        self.cw = cw
        self.ch = ch = round(cw * theme.CARD_RATIO)
        self.gap = max(4, int(cw * 0.06))
        self.big = int(cw * BIG)
        self.zone_w = int(cw * ZONE)
        side = 2 * cw + self.gap
        high = 2 * ch + self.gap
        self.my_square = pygame.Rect(b.x + self.margin + self.label_w, b.bottom - self.margin - high, side, high)
        self.their_square = pygame.Rect(b.right - self.margin - self.label_w - side, b.y + self.margin, side, high)
        self.plate_mine_at = (self.my_square.right + self.label_w + pad, self.my_square.bottom)
        self.plate_theirs_at = (self.their_square.x - self.label_w - pad, self.their_square.y)
        # the piles: top left, their labels above them; on a narrow board under the opponent's plate;
        # stacked, between the squares
        self.pile_step = self.pile_spacing(cw)
        self.pile_w = cw + self.pile_step
        self.top_w: float = (b.w - 2 * self.margin if stacked
                             else self.their_square.x - self.label_w - pad - b.x - self.margin)
        self.top_stacked = not stacked and self.top_w < self.pile_w + pad + room.plate_theirs[0]
        top: float = b.y + self.margin + (room.plate_theirs[1] + pad if self.top_stacked else 0)
        if stacked:  # the piles and the drawn card, then the status, spread over the height between the squares
            top = max(self.their_square.bottom, b.y + self.margin + room.plate_theirs[1]) + pad
            row_h = room.label_h + max(ch, round(self.big * theme.CARD_RATIO))
            top += max(0, self.my_square.y - top - row_h - room.band_h - 2 * pad) / 3
        self.x_draw = b.x + self.margin + cw / 2
        self.x_discard = self.x_draw + self.pile_step
        self.y_mid = top + room.label_h + ch / 2
        self.pile_bottom = self.y_mid + ch / 2
        self.draw_rect = self.card_rect(self.x_draw, self.y_mid, cw)
        self.discard_rect = self.card_rect(self.x_discard, self.y_mid, cw)
        self._corner(stacked, top)
        # the status lines: under the piles (and the opponent's plate, or the drawn card), above one's square
        self.band_top = max(self.pile_bottom, b.y + self.margin + room.plate_theirs[1]) + pad
        if stacked:
            self.band_top = max(self.band_top, self.corner.bottom + pad)
        spare = self.my_square.y - pad - self.band_top - room.band_h
        self.band = pygame.Rect(b.x + self.margin, int(self.band_top + spare / 2), int(self.top_w), room.band_h)
        if self.middle and not stacked:
            self.band = self._middle_band()

    def _middle_band(self) -> pygame.Rect:
        """The status lines in the middle of the table: right of the piles and one's square, left of the
        opponent's square, under their plate and over one's plate and the drawn-card corner."""
        b, pad, room = self.board, self.pad, self.room
        left = max(self.discard_rect.right, self.my_square.right) + pad
        right = self.their_square.x - pad
        top = b.y + self.margin + room.plate_theirs[1] + pad
        bottom = min(self.corner.y, self.plate_mine_at[1] - room.plate_mine[1]) - pad
        return pygame.Rect(int(left), int(top), int(right - left), int(bottom - top))

    def _corner(self, stacked: bool, top: float) -> None:
        """Where the drawn card and the power zone (or the reveal panel) go: in the bottom-right corner, by
        one's plate or above it on a narrow board; stacked, right of the piles."""
        b, pad, room = self.board, self.pad, self.room
        x0 = self.plate_mine_at[0]
        big_h = round(self.big * theme.CARD_RATIO)
        self.corner_stacked = b.right - self.margin - x0 < room.plate_mine[0] + pad + self.big + pad + self.zone_w
        if stacked:
            left = b.x + self.margin + self.pile_w + pad
            area = pygame.Rect(left, top, b.right - self.margin - left, self.drawn_lines() * room.label_h + big_h)
            self.drawn_theirs = (area.right - self.cw / 2, top + room.label_h + self.ch / 2)
        else:
            left = x0 if self.corner_stacked else x0 + room.plate_mine[0] + pad
            bottom = b.bottom - self.margin - (room.plate_mine[1] + pad if self.corner_stacked else 0)
            area = pygame.Rect(left, self.their_square.bottom + pad, b.right - self.margin - left,
                               bottom - self.their_square.bottom - pad)
            self.drawn_theirs = (self.their_square.centerx, self.their_square.bottom + pad + self.ch / 2)
        self.corner = area
        y = area.y + (area.h - self.drawn_lines() * room.label_h - big_h) / 2 + big_h / 2
        self.x_drawn = area.x + self.big / 2
        self.drawn_mine = (self.x_drawn, y)
        widest = self.zone_w * (2 if stacked else 1.25)  # a narrow board gives it the rest of its row
        self.power_zone = pygame.Rect(int(area.x + self.big + pad), int(y - big_h / 2),
                                      int(min(widest, area.right - area.x - self.big - pad)), big_h)
        self.panel = area.inflate(0, -pad)
        self.y_mine = self.my_square.centery
        self.y_theirs = self.their_square.centery
        self.x_mid = self.my_square.centerx

    @property
    def pile_label_widths(self) -> tuple[int, int]:
        """How wide each pile's name may run before it wraps: the spacing of the piles."""
        return int(self.pile_step), int(self.pile_step)

    def pile_spacing(self, cw: int) -> float:
        """From the draw pile's centre to the discard pile's: a card and a gap, or more where their names
        are wider than the cards (each name stays on one line)."""
        return max(cw + self.pad, sum(self.room.pile_labels) / 2 + self.pad)

    @property
    def message_w(self) -> int:
        return self.band.w

    @property
    def message_center(self) -> tuple[int, int]:
        """Where a message (a toast) stands: over the status band, between the piles and one's square."""
        return self.band.center

    @staticmethod
    def card_rect(x: float, y: float, w: int) -> pygame.Rect:
        r = pygame.Rect(0, 0, w, round(w * theme.CARD_RATIO))
        r.center = (round(x), round(y))
        return r

    def slot(self, mine: bool, index: int) -> tuple[float, float]:
        """Centre of a square slot on the screen."""
        row, col = divmod(index, 2)  # 0-based, in the owner's orientation
        sq = self.my_square if mine else self.their_square
        step_x, step_y = self.cw + self.gap, self.ch + self.gap
        x0, y0 = sq.x + self.cw / 2, sq.y + self.ch / 2
        if mine:
            return x0 + col * step_x, y0 + row * step_y
        return x0 + (1 - col) * step_x, y0 + (1 - row) * step_y

    def slot_rect(self, mine: bool, index: int) -> pygame.Rect:
        return self.card_rect(*self.slot(mine, index), self.cw)
