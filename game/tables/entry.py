"""What the rest of the app knows about one game's table: its registry entry (no game is named here)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class TableEntry:
    """One game's table package, described for the menu, translations, tools and the table loader.

    ``load`` imports the table class when a game opens, so start-up loads none of them. ``shots`` and
    ``bench`` name the tools (``module:function`` under tools/) that render the game's screenshots and
    measure it; the product never imports them.
    """

    id: str
    fan: tuple[str, ...]  # the cards the menu shows on the game's tile
    text: ModuleType  # the game's strings: EN and DE dictionaries
    load: Callable[[], type]
    rules_pages: tuple[str, ...] = ()  # text keys of the rules pages, in reading order
    shots: str = ""
    bench: str = ""

    @property
    def title_key(self) -> str:
        return f"game.{self.id}"

    @property
    def blurb_key(self) -> str:
        return f"game.{self.id}.blurb"
