"""The TrumpsTable as its drawing, sprites and hint words read it (they are imported by the table, so they type against
this protocol, never the table class)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.tables.protocols import TableFace

if TYPE_CHECKING:
    import pygame

    from game.tables.trumps.layout import TrumpsGeometry
    from rules.core import Event
    from rules.trumps.types import TrumpsObs


class TrumpsFace(TableFace, Protocol):
    @property
    def geo(self) -> TrumpsGeometry: ...
    @property
    def obs(self) -> TrumpsObs: ...
    @property
    def selected(self) -> str | None: ...
    @property
    def lit(self) -> list[pygame.Rect]: ...

    def showing_beaters(self) -> bool: ...
    def describe(self, event: Event) -> str: ...
    def hint_cards(self) -> set[str]: ...
