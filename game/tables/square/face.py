"""The SquareTable as its drawing, sprites and hint words read it (they are imported by the table, so they type against
this protocol, never the table class)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.tables.protocols import TableFace

if TYPE_CHECKING:
    import pygame

    from game.tables.square.layout import SquareGeometry
    from game.tables.square.pick import Pick, Target
    from rules.square.types import SquareObs


class SquareFace(TableFace, Protocol):
    @property
    def geo(self) -> SquareGeometry: ...
    @property
    def pick(self) -> Pick: ...
    @property
    def obs(self) -> SquareObs: ...

    def hint_targets(self) -> set[Target]: ...
    def panel_rect(self) -> pygame.Rect: ...
    def panel_visible(self) -> bool: ...
    def panel_words(self) -> str: ...
    def power_visible(self) -> bool: ...
    def result_text(self) -> str: ...
