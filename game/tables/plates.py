"""Player plates at a table: each game says what its two plates show (``plates``) and where each stands
beside that player's cards (``plate_place``); this draws them and answers their rectangles (for tests,
coach marks and layouts that make room for them)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from sprites.plate import Plate, PlateLook, plate_rect

if TYPE_CHECKING:
    from game.tables.base import TableScene
else:
    TableScene = object  # mixed in front of a TableScene: its base for the type checker only


class PlateSeats(TableScene):
    """Mixed into a table (before ``TableScene``): uses ``self.app.fonts`` and ``self.scale``."""

    def plates(self) -> list[Plate]:
        """Seat 0's plate and seat 1's, from the current view."""
        raise NotImplementedError

    def plate_place(self, seat: int) -> tuple[tuple[float, float], str, bool]:
        """Where seat's plate stands: a point, the plate's anchor at it, and whether its rows are stacked."""
        raise NotImplementedError

    def plate_look(self, plate: Plate, stacked: bool = True) -> PlateLook:
        return PlateLook(self.app.fonts, plate, self.scale, stacked)

    def plate_rect(self, seat: int) -> pygame.Rect:
        pos, anchor, stacked = self.plate_place(seat)
        return plate_rect(self.plate_look(self.plates()[seat], stacked), pos, anchor)

    def draw_plates(self, surface: pygame.Surface) -> dict[int, pygame.Rect]:
        out = {}
        for seat, plate in enumerate(self.plates()):
            pos, anchor, stacked = self.plate_place(seat)
            look = self.plate_look(plate, stacked)
            out[seat] = rect = plate_rect(look, pos, anchor)
            look.draw(surface, rect)
        self.plates_drawn = list(out.values())  # for the layout check: a hidden plate (the trump picker) is none
        return out
