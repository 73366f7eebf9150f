"""Card Square as one half of a face-to-face table: the turn and the prompt along the middle of the table,
then the piles, one's own square, the drawn card with the power zone (or the reveal panel), and the
opponent's square, smaller and turned to face its owner — in reach for spies and swaps."""
from __future__ import annotations

import dataclasses
from typing import Any

import pygame

from game.tables.cardlayer import CardSprite
from game.tables.square import draw
from game.tables.square.layout import SquareGeometry
from game.tables.square.sprites import slot_key
from sprites import theme

OPP = 0.72  # the opponent's square, relative to one's own


class BandGeometry(SquareGeometry):
    """Columns: piles | own square | drawn card and power zone | the opponent's square, under the words."""

    def __init__(self, board: pygame.Rect, scale: float, line_h: int) -> None:
        self.board = b = pygame.Rect(board)
        self.scale = scale
        self.pad = p = max(6, int(14 * scale))
        words_h = 2 * line_h + p  # the turn line and the prompt
        by_h = (b.h - words_h - 3 * p) / (2 * theme.CARD_RATIO + 0.08)
        by_w = (b.w - 13 * p) / 10.0  # piles 2, own square 3.08, drawn and zone 2.7, opponent's 2.22 card widths
        self.cw = max(36, int(min(by_h, by_w)))
        self.ch = round(self.cw * theme.CARD_RATIO)
        self.gap = max(4, int(self.cw * 0.08))
        self.big = int(self.cw * 1.2)
        self.label_w = int(self.cw * 0.5)
        self.zone_w = int(self.cw * 1.5)
        self.ow = int(self.cw * OPP)
        self.oh = round(self.ow * theme.CARD_RATIO)
        self.ogap = max(3, int(self.ow * 0.08))
        self.band = pygame.Rect(b.x, b.y + p, b.w, words_h)
        self.y_mine = self.y_theirs = self.y_mid = (self.band.bottom + p + b.bottom - p) / 2
        left_w = 2 * self.cw + 3 * p
        own_w = 2 * self.cw + self.gap + 2 * (self.label_w + p)
        right_w = self.big + p + self.zone_w
        opp_w = 2 * self.ow + self.ogap + 2 * (int(self.ow * 0.5) + p)
        gap = max(p, (b.w - left_w - own_w - right_w - opp_w) / 5)
        self.left_x = b.x + gap
        self.left_end = self.left_x + left_w
        self.x_mid = self.left_end + gap + own_w / 2
        self.right_x = self.left_end + 2 * gap + own_w
        self.x_opp = self.right_x + right_w + gap + opp_w / 2
        self.x_draw = self.left_x + p + self.cw / 2
        self.x_discard = self.left_end - p - self.cw / 2
        self.status_x = (b.x + self.right_x + right_w) / 2  # the words over piles, own square and drawn card
        self._words_w = int(self.right_x + right_w - b.x - 2 * p)
        self._band_zones(right_w)

    def _band_zones(self, right_w: float) -> None:
        b, cw, ch, p = self.board, self.cw, self.ch, self.pad
        self.draw_rect = self.card_rect(self.x_draw, self.y_mid, cw)
        self.discard_rect = self.card_rect(self.x_discard, self.y_mid, cw)
        self.x_drawn = self.right_x + self.big / 2
        self.drawn_mine = (self.x_drawn, self.y_mine)
        self.drawn_theirs = (self.right_x + right_w / 2, self.y_mine)  # where one's own drawn card is not
        big_h = round(self.big * theme.CARD_RATIO)
        self.power_zone = pygame.Rect(int(self.right_x + self.big + p), int(self.y_mine - big_h / 2), self.zone_w,
                                      big_h)
        panel_h = int(min(2 * ch + self.gap, b.bottom - self.band.bottom - p))
        self.panel = pygame.Rect(int(self.right_x), int(self.y_mine - panel_h / 2), int(right_w), panel_h)
        square = pygame.Rect(0, 0, 2 * cw + self.gap, 2 * ch + self.gap)
        square.center = (int(self.x_mid), int(self.y_mine))
        self.my_square = square
        # a drawn card dropped anywhere on one's own square or the drawn card's place is drawn
        self.mine_zone = pygame.Rect(int(self.left_end), self.band.bottom, int(self.right_x + right_w - self.left_end),
                                     b.bottom - self.band.bottom)

    def slot(self, mine: bool, index: int) -> tuple[float, float]:
        row, col = divmod(index, 2)
        if mine:
            return (self.x_mid + (col - 0.5) * (self.cw + self.gap),
                    self.y_mine + (row - 0.5) * (self.ch + self.gap))
        return (self.x_opp - (col - 0.5) * (self.ow + self.ogap),
                self.y_mine - (row - 0.5) * (self.oh + self.ogap))

    def slot_rect(self, mine: bool, index: int) -> pygame.Rect:
        return self.card_rect(*self.slot(mine, index), self.cw if mine else self.ow)

    def label_at(self, mine: bool, index: int) -> tuple[tuple[float, float], str]:
        x, y = self.slot(mine, index)
        off = (self.cw if mine else self.ow) / 2 + self.pad / 2
        centre = self.x_mid if mine else self.x_opp
        return ((x - off, y), "midright") if x < centre else ((x + off, y), "midleft")

    def status_width(self) -> int:
        return self._words_w


class SquareBand:
    """Mixed in between BandTable and SquareTable (``ENTRY.band``)."""

    def layout(self) -> None:
        line = self.app.fonts.get(theme.font_px(30, self.scale), True).get_linesize()
        self.geo = BandGeometry(self.board, self.scale, line)

    def sprites(self, obs: dict[str, Any]) -> list[CardSprite]:
        """The opponent's square at its own, smaller size."""
        opp = 1 - obs["seat"]
        theirs = {slot_key(opp, i, {}).rsplit(":", 1)[0] for i in range(4)}
        return [dataclasses.replace(s, w=self.geo.ow) if s.key.rsplit(":", 1)[0] in theirs else s
                for s in super().sprites(obs)]

    def draw_board(self, surface: pygame.Surface) -> None:
        draw._piles(self, surface)
        self.plates(surface)
        draw._slot_labels(self, surface)
        draw._drop_targets(self, surface)
        draw._preview_lines(self, surface)
        if self.power_visible():
            draw._power_zone(self, surface)
        if self.panel_visible():
            draw._panel(self, surface)
        draw._status(self, surface)

    def plates(self, surface: pygame.Surface) -> None:
        """One's name under the piles, the opponent's over their square (who knocked and the sums are in the
        status lines and on the cards)."""
        geo, obs = self.geo, self.obs
        me = obs["seat"]
        for seat in (me, 1 - me):
            color = theme.GOLD if obs["current"] == seat and not obs["over"] else theme.TEXT
            if seat == me:
                text = self.t("square.you", name=self.name(seat))
                pos = ((geo.left_x + geo.left_end) / 2, geo.slot_rect(True, 3).bottom)
            else:
                text, pos = self.name(seat), (geo.x_opp, geo.slot_rect(False, 3).y - geo.pad // 2)
            self.text(surface, text, 26, color, pos, "midbottom", bold=True)
