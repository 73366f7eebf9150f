"""Kombi-Duell as one half of a face-to-face table: the draw pile, the exchange area and one's scored
combinations side by side along the middle of the table, the turn and the preview under them (the
opponent's plate beside them), and one's hand along one's own edge. The opponent's hand and combinations
lie in the other half."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.tables.cardlayer import CardSprite
from game.tables.kombi.layout import KombiGeometry
from rules.kombi.types import kombi_obs
from sprites import theme

if TYPE_CHECKING:
    from game.tables.plates import PlateSeats
    from rules.shapes import Observation
else:
    PlateSeats = object  # mixed in front of the game's table: its base for the type checker only


class BandGeometry(KombiGeometry):
    """Three rows: the piles (draw pile and the opponent's plate | exchange area | one's combinations), the
    words (the turn, which may take two lines, or the preview of a selection in its place), the hand."""

    tallest = 0.32  # a half table's two rows of cards take most of its height: as large as the rows let them

    def _rows(self, cw: int) -> list[float]:
        room = self.room
        ch = cw * theme.CARD_RATIO
        return [room.label_h + ch, 2 * room.line_h, max(ch + cw * 0.18, room.plate_mine_h)]

    def _rows_at(self, centres: list[float]) -> tuple[float, float, float]:
        mid, message, hand = centres
        self.y_my_disc = mid + self.room.label_h / 2
        self.y_opp = self.y_opp_disc = self.board.y - self.ch  # across the middle: the other's moves come from there
        self.scored_rows = ()  # one's combinations are named over them (``KombiBand.draw_board``)
        self.plate_theirs_y = mid + self.room.label_h / 2  # beside the draw pile
        return mid, message, hand

    def _place(self, cw: int) -> None:
        super()._place(cw)
        pad = self.pad
        # the left column holds the opponent's plate and, right of it (its name over it), the draw pile
        self.column.w = self.room.column_w + pad + cw
        left = self.column.right + pad
        self.right = pygame.Rect(left, self.board.y, self.board.right - pad - left, self.board.h)
        self.x_draw = self.column.right - cw / 2
        self.draw_rect.center = (int(self.x_draw), int(self.y_mid))
        r = self.right
        self.x_area = r.x + cw / 2 + cw * 1.18  # the middle one of three, from the left of the rows
        self.pile_left = self.x_area + cw * 1.68 + 2 * pad
        top = int(self.y_mid - self.ch / 2 - self.room.label_h)
        self.my_pile_zone = pygame.Rect(int(self.pile_left - pad), top, int(r.right - self.pile_left + pad),
                                        int(self.room.label_h + self.ch + pad))

    def pile_xs(self, sizes: list[int], y: float | None = None) -> list[list[float]]:
        """One's combinations right of the exchange area, squeezed evenly when a game's worth runs long."""
        overlap, gap = self.mini * 0.48, self.mini * 0.35
        room = self.right.right - self.pile_left
        total = sum(self.mini + overlap * (k - 1) + gap for k in sizes) - gap
        squeeze = min(1.0, (room - self.mini) / (total - self.mini)) if total > self.mini else 1.0
        x = self.pile_left + self.mini / 2
        out = []
        for k in sizes:
            out.append([x + j * overlap * squeeze for j in range(k)])
            x += (self.mini + overlap * (k - 1) + gap) * squeeze
        return out


class KombiBand(PlateSeats):
    """Mixed in between BandTable and KombiTable (``ENTRY.band``)."""

    geo: BandGeometry


    def layout(self) -> None:
        super().layout()
        self.geo = BandGeometry(self.board, self.scale, self.geo.room)

    def sprites(self, seen: Observation) -> list[CardSprite]:
        """Everything but the opponent's hand and combinations, which lie in their own half."""
        obs = kombi_obs(seen)
        theirs = {c for combo in obs["discards"][1 - obs["seat"]] for c in combo["cards"]}
        return [s for s in super().sprites(seen) if not s.key.startswith("opp:") and s.key not in theirs]

    def draw_board(self, surface: pygame.Surface) -> None:
        super().draw_board(surface)
        geo = self.geo
        self.text(surface, self.t("kombi.scored"), 24, theme.TEXT_DIM, (geo.pile_left, geo.draw_rect.y - geo.pad),
                  "bottomleft")
