"""Own Trumps as one half of a face-to-face table: the two players' plates (name, trump, cards) on the left,
the pile with its pick-up brackets in the middle, the turn and what beats the top card on the right, and
the hand along one's own edge. The opponent's hand lies in the other half."""
from __future__ import annotations

from typing import Any

import pygame

from game.tables.cardlayer import CardSprite
from game.tables.trumps import draw, words
from game.tables.trumps.layout import FAN, TrumpsGeometry
from sprites import theme


class BandGeometry(TrumpsGeometry):
    """Every place of the band: the upper row (plates | brackets and pile | words) over the hand."""

    def __init__(self, board: pygame.Rect, scale: float, label_h: int, bracket_w: int) -> None:
        self.board = b = pygame.Rect(board)
        self.scale = scale
        self.pad = p = max(6, int(14 * scale))
        row_h = theme.font_px(22, scale) + p * 0.4
        ch = (b.h - label_h - 3 * row_h - 5 * p) / 2  # the pile row (its label, brackets) and the hand
        self.cw = max(36, int(min(ch / theme.CARD_RATIO, b.w / 9)))
        self.ch = round(self.cw * theme.CARD_RATIO)
        self.ow = max(28, int(self.cw * 0.55))
        self.y_hand = b.bottom - p - self.ch / 2
        self.hand_top = self.y_hand - self.ch / 2
        self.y_pile = b.y + 2 * p + label_h + self.ch / 2
        self.y_opp = self.opp_bottom = b.y - self.ch  # across the middle: the other's cards come from there
        self.step = self.cw * 0.42
        fan_w = self.cw + self.step * (FAN - 1)
        rest = b.w - fan_w - bracket_w - 6 * p
        self.info_right = b.x + p + int(rest * 0.42)  # the plates and the turn line left of the brackets
        self.x_top = self.info_right + bracket_w + 2 * p + fan_w - self.cw / 2
        pile_w = int(fan_w + self.cw * 0.5)
        self.pile_zone = pygame.Rect(0, 0, pile_w + 2 * p, self.ch + 2 * p)
        self.pile_zone.midright = (int(self.x_top + self.cw / 2 + p), int(self.y_pile))
        self.cue_left = int(self.x_top + self.cw / 2 + p * 2)
        self.cue_w = int(b.right - p - self.cue_left)
        self.bracket_y = self.y_pile + self.ch / 2 + p * 2
        self.y_status = self.y_name = self.y_pile

    def tiles(self) -> list[pygame.Rect]:
        """The trump picker's suit tiles, as large as the band's height leaves room for."""
        b = self.board
        tw = int(min(b.w * 0.15, b.h * 0.3))
        th = int(tw * 1.25)
        gap = max(self.pad, int(tw * 0.14))
        x0 = b.centerx - (4 * tw + 3 * gap) // 2
        y = int(b.y + b.h * 0.52 - th / 2)
        return [pygame.Rect(x0 + i * (tw + gap), y, tw, th) for i in range(4)]


class TrumpsBand:
    """Mixed in between BandTable and TrumpsTable (``ENTRY.band``)."""

    def layout(self) -> None:
        fonts, s = self.app.fonts, self.scale
        px = theme.font_px(22, s)
        labels = [self.t("trumps.bracket.3"), self.t("trumps.bracket.5"), self.t("trumps.all", n=36)]
        bracket_w = max(fonts.size(text, px, True)[0] for text in labels)
        self.geo = BandGeometry(self.board, s, fonts.get(px, True).get_linesize(), bracket_w)

    def sprites(self, obs: dict[str, Any]) -> list[CardSprite]:
        return [s for s in super().sprites(obs) if not s.key.startswith("opp:")]

    def draw_board(self, surface: pygame.Surface) -> None:
        if self.obs["phase"] == "choose_trump":
            super().draw_board(surface)
            return
        geo = self.geo
        y = self.plate(surface, self.obs["seat"], geo.board.y + geo.pad)
        self.plate(surface, 1 - self.obs["seat"], y + geo.pad)
        draw._pile_slot(self, surface)
        draw._brackets(self, surface)
        lines = [ln for ln in draw.status_lines(self) + draw.cue_lines(self) if ln[0]]
        draw.draw_lines(self, surface, lines, geo.cue_left, geo.cue_w, (geo.board.y + geo.hand_top) / 2)

    def plate(self, surface: pygame.Surface, seat: int, top: float) -> float:
        """A player's name over their trump badge and card count; returns the bottom."""
        obs, geo = self.obs, self.geo
        x = geo.board.x + geo.pad
        color = theme.GOLD if obs["to_move"] == seat else theme.TEXT
        name = draw._name_text(self, seat)
        r = self.text(surface, name, 30 if seat == obs["seat"] else 26, color, (x, top), "topleft", bold=True)
        mid = r.bottom + geo.pad * 0.3 + theme.font_px(24, self.scale) * 0.55
        right = x
        if obs["trumps"][seat]:
            right = draw.trump_badge(self, surface, obs["trumps"][seat], (x, mid), 24).right + geo.pad
        count = self.text(surface, words.cards_text(self.t, obs["hand_counts"][seat]), 24, theme.TEXT_DIM,
                          (right, mid), "midleft")
        return max(count.bottom, mid + theme.font_px(24, self.scale) * 0.55)
