"""Kombi-Duell as one half of a face-to-face table: the turn line along the middle of the table, then the
draw pile, the exchange area and one's scored combinations side by side, and the hand along one's own edge.
The opponent's hand and combinations lie in the other half; their points and card count are named here."""
from __future__ import annotations

from typing import Any

import pygame

from game.tables.cardlayer import CardSprite
from sprites import theme
from sprites.widgets import draw_panel


class KombiBand:
    """Mixed in between BandTable and KombiTable (``ENTRY.band``)."""

    def layout(self) -> None:
        b, s = self.board, self.scale
        fonts = self.app.fonts
        self.pad = p = max(6, int(14 * s))
        line = fonts.get(theme.font_px(28, s), True).get_linesize()
        label = fonts.get(theme.font_px(26, s), True).get_linesize()
        ch = (b.h - 5 * p - 2 * line - label) / 2  # the pile row and the hand share what the words leave
        self.cw = max(36, int(min(ch / theme.CARD_RATIO, b.w / 10.5)))
        ch = self.cw * theme.CARD_RATIO
        self.y_status = b.y + p + line / 2
        row_top = b.y + 2 * p + line + label
        self.y_mid = row_top + ch / 2
        self.y_preview = self.y_mid + ch / 2 + p + line / 2
        self.y_hand = b.bottom - p - ch / 2
        self.x_draw = b.x + 2 * p + 8 + self.cw / 2  # the stacked backs stand out to the upper left
        self.x_area = self.x_draw + self.cw * 2.18 + 3 * p  # the middle one of the three
        self.mini = max(30, int(self.cw * 0.6))
        self.pile_left = self.x_area + self.cw * 1.68 + 3 * p
        self.y_my_disc = self.y_mid
        self.my_pile_zone = pygame.Rect(int(self.pile_left - p), int(row_top - label - p),
                                        int(b.right - self.pile_left), int(ch + label + 2 * p))
        self.y_opp = self.y_opp_disc = b.y - ch  # across the middle of the table: the other's moves come from there
        self.hand_zone = pygame.Rect(b.x, int(self.y_hand - ch * 0.75), b.w, int(ch * 1.5))
        self.draw_rect = pygame.Rect(0, 0, self.cw, int(ch))
        self.draw_rect.center = (int(self.x_draw), int(self.y_mid))

    def sprites(self, obs: dict[str, Any]) -> list[CardSprite]:
        """Everything but the opponent's hand and combinations, which lie in their own half."""
        theirs = {c for combo in obs["discards"][1 - obs["seat"]] for c in combo["cards"]}
        return [s for s in super().sprites(obs) if not s.key.startswith("opp:") and s.key not in theirs]

    def draw_plates(self, surface: pygame.Surface) -> None:
        """Over one's combinations: one's points; beside them the other player's points and cards."""
        obs, p = self.obs, self.pad
        me, opp = obs["seat"], 1 - obs["seat"]
        y = self.draw_rect.y - p
        self.text(surface, self.t("kombi.discards", name=self.name(me), score=obs["scores"][me]), 26, theme.TEXT,
                  (self.pile_left, y), "bottomleft", bold=True)
        other = (f"{self.t('kombi.discards', name=self.name(opp), score=obs['scores'][opp])}  ·  "
                 f"{self.t.n('kombi.hand_count', obs['hand_counts'][opp])}")
        self.text(surface, other, 24, theme.TEXT_DIM, (self.board.right - p, y), "bottomright")

    def _status(self, surface: pygame.Surface) -> None:
        """The turn line on a strip along the middle of the table, apart from the names under it."""
        if not self.match.state.is_over:
            h = self.app.fonts.get(theme.font_px(28, self.scale), True).get_linesize() + self.pad // 2
            strip = pygame.Rect(self.board.x + self.pad, 0, self.board.w - 2 * self.pad, h)
            strip.centery = int(self.y_status)
            draw_panel(surface, strip, alpha=150)
        super()._status(surface)
