"""What the rest of the app knows about one game's table: its registry entry (no game is named here)."""
from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from game.tables.pages import Page  # the pages load with the how-to-play scene, not at start-up
    from game.tables.protocols import TableContract


class TableEntry(NamedTuple):
    """One game's table package, described for the menu, translations, tools and the table loader.

    ``load`` imports the table class when a game opens, so start-up loads none of them. ``shots`` and
    ``bench`` name the tools (``module:function`` under tools/) that render the game's screenshots and
    measure it; the product never imports them. ``coach`` imports the coach marks of a first game, ``band``
    the mix-in that lays the table out as one half of a face-to-face table. A NamedTuple: it loads at
    start-up, where a dataclass costs ~0.6 ms to build.
    """

    id: str
    fan: tuple[str, ...]  # the cards the menu shows on the game's tile
    text: ModuleType  # the game's English strings: STRINGS, a tuple of N_()/NP_() marks (game/locale translates)
    load: Callable[[], type[TableContract]]  # the table class: mypy checks it against the contract
    # the how-to-play pages (game.tables.pages.Page), imported when asked; the last page is always <id>.rules
    rules_pages: Callable[[], tuple[Page, ...]] = lambda: ()
    shots: str = ""
    bench: str = ""
    coach: Callable[[], list] | None = None  # the guided first game's marks (game/tables/marks.py's Mark)
    band: Callable[[], type] | None = None  # the compact layout of one face-to-face half (game/tables/band.py)
    # the shot of the middle of a game (a name its ``shots`` script saves) that tools/table_share.py measures;
    # by default the table ``make shots`` renders mid-game for a game without a script of its own
    midgame: str = ""

    @property
    def midgame_shot(self) -> str:
        return self.midgame or f"{self.id}_table"

    @property
    def title_key(self) -> str:
        return f"game.{self.id}"

    @property
    def blurb_key(self) -> str:
        return f"game.{self.id}.blurb"
