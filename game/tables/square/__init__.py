"""Card Square (RULES.md §1) at the table: its registry entry. The table itself loads when a game opens."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.tables.entry import TableEntry
from game.tables.square import text

if TYPE_CHECKING:
    from game.tables.protocols import TableContract


def _load() -> type[TableContract]:
    from game.tables.square.table import SquareTable

    return SquareTable


def _coach() -> list:
    from game.tables.square.coach import marks

    return marks()


def _band() -> type:
    from game.tables.square.band import SquareBand

    return SquareBand


def _pages():
    from game.tables.square.howto import PAGES

    return PAGES


ENTRY = TableEntry(id="square", fan=("KS", "QD", "7H"), text=text, load=_load, rules_pages=_pages,
                   shots="tools.square_shots:square_shots", bench="tools.square_bench:bench_report", coach=_coach,
                   band=_band, midgame="square_midgame_jack")
