"""Own Trumps as one half of a face-to-face table: the opponent's plate, the pile with its pick-up
brackets and the cue along the middle of the table, the turn line beside one's plate, and the hand along
one's own edge. The opponent's hand lies in the other half."""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import pygame

from game.tables.cardlayer import CardSprite
from game.tables.trumps.layout import TrumpsGeometry
from sprites import theme

if TYPE_CHECKING:
    from game.tables.plates import PlateSeats
else:
    PlateSeats = object  # mixed in front of the game's table: its base for the type checker only


class BandGeometry(TrumpsGeometry):
    """No row of the opponent's backs; their plate stands left of the pile, over the brackets' words."""

    def _top_h(self, oh: float) -> float:
        return 0

    def _left_w(self) -> int:
        return max(self.room.bracket_w, self.room.plate_theirs[0])

    def tiles(self) -> list[pygame.Rect]:
        """The trump picker's suit tiles, as large as the band's height leaves room for."""
        b = self.board
        tw = int(min(b.w * 0.15, b.h * 0.3))
        th = int(tw * 1.25)
        gap = max(self.pad, int(tw * 0.14))
        x0 = b.centerx - (4 * tw + 3 * gap) // 2
        y = int(b.y + b.h * 0.52 - th / 2)
        return [pygame.Rect(x0 + i * (tw + gap), y, tw, th) for i in range(4)]


class TrumpsBand(PlateSeats):
    """Mixed in between BandTable and TrumpsTable (``ENTRY.band``)."""

    geo: BandGeometry


    def layout(self) -> None:
        super().layout()
        fonts, s = self.app.fonts, self.scale  # the turn and one line under it: a half table is short
        two = fonts.line_height(theme.font_px(30, s), True) + fonts.line_height(theme.font_px(26, s)) + self.geo.pad
        self.geo = BandGeometry(self.board, self.scale, dataclasses.replace(self.geo.room, band_h=two))
        self.geo.y_opp = self.board.y - self.geo.ch  # across the middle: the other's cards come from there

    def sprites(self, obs: dict[str, Any]) -> list[CardSprite]:
        return [s for s in super().sprites(obs) if not s.key.startswith("opp:")]

    def plate_place(self, seat: int) -> tuple[tuple[float, float], str, bool]:
        if seat == self.obs.get("seat", self.view_seat):
            return super().plate_place(seat)
        geo = self.geo
        return (geo.board.x + geo.margin, geo.y_pile), "midleft", True
