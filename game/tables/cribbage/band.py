"""Cribbage as one half of a face-to-face table: the peg board along the middle of the table, then the
starter, the count and the cards of the play (the opponent's plate at the end of that row), the turn line,
and one's plate, hand and the crib along one's own edge. The opponent's hand lies in the other half."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.tables.cardlayer import CardSprite
from game.tables.cribbage.layout import CribGeometry
from sprites import theme

if TYPE_CHECKING:
    from game.tables.cribbage.board import PegBoard
    from game.tables.plates import PlateSeats
    from rules.shapes import Observation
else:
    PlateSeats = object  # mixed in front of the game's table: its base for the type checker only


class BandGeometry(CribGeometry):
    """The band's rows: peg board, one line of words (the pack's name at its left; the turn, or a selection's
    preview in its place, in the middle), the play, the hand (with the crib, whoever's it is, and one's
    earlier cards of the hand before it)."""

    def __init__(self, board: pygame.Rect, scale: float, plates: tuple[int, int], label_h: int,
                 line_h: int, crib_label_w: int = 0) -> None:
        b = self.b = pygame.Rect(board)
        self.plates = plates
        self.crib_label_w = crib_label_w  # the crib's name, on one line left of it
        w, h = b.w, b.h
        self.scale = scale
        self.pad = p = max(6, int(14 * scale))
        peg_h = 2 * line_h + p  # two tracks, each as high as its score
        row = max(label_h, line_h)
        # the play and the hand share the rest (a lifted hand card rises over the pad between them)
        ch = (h - peg_h - row - 4 * p) / 2
        self.cw = max(36, int(min(ch / theme.CARD_RATIO, w / 9)))
        self.ch = self.cw * theme.CARD_RATIO
        self.sw = max(28, int(self.cw * 0.62))
        self.sh = self.sw * theme.CARD_RATIO
        self.y_opp = b.y - self.ch  # across the middle of the table: the other's cards come from there
        self.peg_rect = pygame.Rect(b.x + p, b.y + p, w - 2 * p, peg_h)
        self.y_status = self.y_preview = self.peg_rect.bottom + p + row / 2
        self.y_mid = self.peg_rect.bottom + 2 * p + row + self.ch / 2
        self.y_hand = b.bottom - p - self.ch / 2
        self.x_deck = b.x + w * 0.085
        self.x_count = b.x + w * 0.215
        self.x_series = b.x + w * 0.31
        self.x_earlier = b.right - 3 * p - plates[1] - self.sw * 1.6  # the opponent's plate ends this row
        self.x_crib = b.right - w * 0.08
        self.play_zone = pygame.Rect(int(self.x_count - self.cw * 0.6), int(self.y_mid - self.ch * 0.55),
                                     int(self.x_earlier - self.sw * 0.7 - self.x_count + self.cw * 0.6),
                                     int(self.ch * 1.1))
        self.hand_zone = pygame.Rect(b.x, int(self.y_hand - self.ch * 0.75), b.w, int(self.ch * 1.5))

    @property
    def message_w(self) -> int:
        """The words' line: clear of the pack's name at the left, centred on the board."""
        return int(self.b.w - 2 * (self.x_deck + self.cw / 2 + self.pad - self.b.x))

    def crib_center(self, dealer_is_me: bool) -> tuple[float, float]:
        return self.x_crib, self.y_hand  # beside one's hand: both players put their cards there

    def crib_label_over(self, mine: bool) -> bool:
        return False  # whoever's it is, by one's hand and named left of it: the play's row stays clear over it

    def series_xy(self, i: int, n: int = 8) -> tuple[float, float]:
        room = self.x_earlier - self.sw * 0.8 - self.x_series  # the opponent's earlier cards end this row
        step = min(self.cw * 1.08, (room - self.cw) / max(1, n - 1))
        return self.x_series + self.cw / 2 + i * step, self.y_mid

    def earlier_xy(self, i: int, mine: bool, n: int = 4) -> tuple[float, float]:
        """One's own before the crib, by one's hand; the other player's (whose hand is in the other half) at
        the end of the play's row."""
        if mine:
            right = self.crib_zone(True).x - self.pad // 2 - self.crib_label_w - self.pad
            return right - self.sw / 2 - (n - 1 - i) * self.sw * 0.62, self.y_hand
        return self.x_earlier + i * self.sw * 0.36, self.y_mid

    def earlier_w(self, n: int) -> float:
        return super().earlier_w(n) + self.crib_label_w + self.pad  # the crib's name before them


class CribbageBand(PlateSeats):
    """Mixed in between BandTable and CribbageTable (``ENTRY.band``)."""

    geo: BandGeometry
    pegboard: PegBoard


    def layout(self) -> None:
        super().layout()
        fonts, s = self.app.fonts, self.scale
        label = fonts.get(theme.font_px(22, s)).get_linesize()
        line = fonts.get(theme.font_px(28, s), True).get_linesize()
        crib = max(fonts.size(self.t("cribbage.crib_of", name=name), theme.font_px(22, s))[0]
                   for name in self.session.names)
        self.geo = BandGeometry(self.board, s, self.geo.plates, label, line, crib)
        self.pegboard.layout(self.geo.peg_rect, self.view_seat)

    def sprites(self, obs: Observation) -> list[CardSprite]:
        return [s for s in super().sprites(obs) if not s.key.startswith("opp:")]

    def plate_place(self, seat: int) -> tuple[tuple[float, float], str, bool]:
        if seat == self.view_seat:
            return super().plate_place(seat)
        g = self.geo
        return (g.b.right - g.pad, g.y_mid), "midright", True
