"""Card Square as one half of a face-to-face table: the turn and the prompt along the middle of the table,
then, side by side, the piles (one's plate under them), one's own square, the drawn card with the power zone
(or the reveal panel), and the opponent's square, smaller and turned to face its owner, with their plate
over it: in reach for spies and swaps from one's own half."""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pygame

from game.tables.cardlayer import CardSprite
from game.tables.square.layout import BIG, ZONE, SquareGeometry
from game.tables.square.sprites import slot_key
from sprites import theme

if TYPE_CHECKING:
    from game.tables.plates import PlateSeats
    from rules.shapes import Observation
    from sprites.plate import Plate
else:
    PlateSeats = object  # mixed in front of the game's table: its base for the type checker only

OPP = 0.72  # the opponent's square, relative to one's own


class BandGeometry(SquareGeometry):
    """Columns under the words: piles and plate | own square | drawn card | the opponent's square."""

    def __init__(self, board: pygame.Rect, scale: float, room) -> None:
        self.board = b = pygame.Rect(board)
        self.scale, self.room = scale, room
        self.pad = max(6, int(14 * scale))
        self.margin = max(6, int(b.h * 0.02))
        self.label_w = room.label_w
        self.stacked = self.top_stacked = self.corner_stacked = False
        self.middle = False  # no result card between squares on a half table: the band says the result
        cw = int(min(b.h * 0.4, b.w * 0.2))
        while cw > 36 and not self._band_fits(cw):
            cw -= 1
        self._band_place(max(36, cw))

    def _band_fits(self, cw: int) -> bool:
        self._band_place(cw)
        b, m, p, room = self.board, self.margin, self.pad, self.room
        under_piles = self.pile_bottom + p + room.plate_mine[1] <= self.my_square.bottom
        over_theirs = self.their_square.y - p - room.plate_theirs[1] >= b.y + m
        return self.right_end <= b.right - m and under_piles and over_theirs and self.my_square.y >= self.band.bottom

    def _band_place(self, cw: int) -> None:
        b, m, p, room, lw = self.board, self.margin, self.pad, self.room, self.label_w
        self.cw, self.ch = cw, round(cw * theme.CARD_RATIO)
        self.gap = max(4, int(cw * 0.06))
        self.big, self.zone_w = int(cw * BIG), int(cw * ZONE)
        self.ow = int(cw * OPP)
        self.oh = round(self.ow * theme.CARD_RATIO)
        self.ogap = max(3, int(self.ow * 0.06))
        side, high = 2 * cw + self.gap, 2 * self.ch + self.gap
        self.pile_step = self.pile_spacing(cw)
        # each pile's name on one line over it (the spacing keeps the two apart): the column holds both names
        labels = self.pile_label_widths
        left, right = max(cw, labels[0]) / 2, max(cw, labels[1]) / 2
        self.pile_w = self.top_w = int(left + self.pile_step + right)
        x = b.x + m
        col_a = max(self.pile_w, room.plate_mine[0])
        bottom = b.bottom - m
        self.my_square = pygame.Rect(x + col_a + p + lw, bottom - high, side, high)
        corner_x = self.my_square.right + lw + p
        corner_w = self.big + p + self.zone_w
        d_x = corner_x + corner_w + p
        oside, ohigh = 2 * self.ow + self.ogap, 2 * self.oh + self.ogap
        self.their_square = pygame.Rect(d_x + lw, bottom - ohigh, oside, ohigh)
        self.right_end = self.their_square.right + lw
        self.band_top = b.y + m
        self.band = pygame.Rect(x, self.band_top, corner_x + corner_w - x, room.band_h)
        self.x_draw = x + left
        self.x_discard = self.x_draw + self.pile_step
        self.y_mid = self.my_square.y + room.label_h + self.ch / 2
        self.pile_bottom = self.y_mid + self.ch / 2
        self.draw_rect = self.card_rect(self.x_draw, self.y_mid, cw)
        self.discard_rect = self.card_rect(self.x_discard, self.y_mid, cw)
        self.plate_mine_at = (x, self.my_square.bottom)
        self.plate_theirs_at = (self.their_square.centerx, self.their_square.y - p)
        self.corner = pygame.Rect(corner_x, self.my_square.y, corner_w, high)
        big_h = round(self.big * theme.CARD_RATIO)
        y = self.corner.y + (self.corner.h - room.label_h - big_h) / 2 + big_h / 2
        self.x_drawn = corner_x + self.big / 2
        self.drawn_mine = (self.x_drawn, y)
        self.drawn_theirs = (self.corner.centerx, y)  # where one's own drawn card is not: it is their turn
        self.power_zone = pygame.Rect(int(corner_x + self.big + p), int(y - big_h / 2), self.zone_w, big_h)
        self.panel = self.corner.inflate(0, -p)
        self.y_mine, self.y_theirs = self.my_square.centery, self.their_square.centery
        self.x_mid = self.my_square.centerx

    @property
    def pile_label_widths(self) -> tuple[int, int]:
        """A half table has no height for a name on two lines: each on one line, as wide as it is."""
        return max(int(self.pile_step), self.room.pile_labels[0]), max(int(self.pile_step), self.room.pile_labels[1])

    def slot(self, mine: bool, index: int) -> tuple[float, float]:
        if mine:
            return super().slot(True, index)
        row, col = divmod(index, 2)
        sq = self.their_square
        x0, y0 = sq.x + self.ow / 2, sq.y + self.oh / 2
        return x0 + (1 - col) * (self.ow + self.ogap), y0 + (1 - row) * (self.oh + self.ogap)

    def slot_rect(self, mine: bool, index: int) -> pygame.Rect:
        return self.card_rect(*self.slot(mine, index), self.cw if mine else self.ow)


class SquareBand(PlateSeats):
    """Mixed in between BandTable and SquareTable (``ENTRY.band``)."""

    geo: BandGeometry

    if TYPE_CHECKING:  # the Card Square table's (game/tables/square/table.py)
        def _plate(self, seat: int, turn: bool, knocked: bool, total: int | None) -> Plate: ...


    def layout(self) -> None:
        super().layout()
        # plates on one row: a half table has no height to spare under the piles or over their square
        me = self.view_seat
        full = [self.plate_look(self._plate(seat, turn=True, knocked=True, total=99), False).size for seat in (0, 1)]
        room = dataclasses.replace(self.geo.room, plate_mine=full[me], plate_theirs=full[1 - me])
        self.geo = BandGeometry(self.board, self.scale, room)

    def plate_place(self, seat: int) -> tuple[tuple[float, float], str, bool]:
        if seat == self.obs.get("seat", self.view_seat):
            return self.geo.plate_mine_at, "bottomleft", False
        return self.geo.plate_theirs_at, "midbottom", False

    def sprites(self, obs: Observation) -> list[CardSprite]:
        """The opponent's square at its own, smaller size."""
        opp = 1 - obs["seat"]
        theirs = {slot_key(opp, i, {}).rsplit(":", 1)[0] for i in range(4)}
        return [dataclasses.replace(s, w=self.geo.ow) if s.key.rsplit(":", 1)[0] in theirs else s
                for s in super().sprites(obs)]
