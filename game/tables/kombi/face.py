"""The KombiTable as its drawing, sprites and hint words read it (they are imported by the table, so they type against
this protocol, never the table class)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.tables.protocols import TableFace

if TYPE_CHECKING:
    from game.tables.kombi.layout import KombiGeometry
    from rules.core import Event
    from rules.kombi.types import KombiObs


class KombiFace(TableFace, Protocol):
    @property
    def geo(self) -> KombiGeometry: ...
    @property
    def obs(self) -> KombiObs: ...
    @property
    def selected(self) -> set[str]: ...

    draw_headline: str  # the end screen's words when nobody wins alone (the result card says them too)

    def combos_text(self, combos: list[list[str]]) -> str: ...
    def describe(self, event: Event) -> str: ...
