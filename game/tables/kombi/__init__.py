"""Kombi-Duell (RULES.md §4) at the table: its registry entry. The table itself loads when a game opens."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.tables.entry import TableEntry
from game.tables.kombi import text

if TYPE_CHECKING:
    from game.tables.protocols import TableContract


def _load() -> type[TableContract]:
    from game.tables.kombi.table import KombiTable

    return KombiTable


def _coach() -> list:
    from game.tables.kombi.coach import marks

    return marks()


def _band() -> type:
    from game.tables.kombi.band import KombiBand

    return KombiBand


def _pages():
    from game.tables.kombi.howto import PAGES

    return PAGES


ENTRY = TableEntry(id="kombi", fan=("7C", "7H", "7S"), text=text, load=_load, rules_pages=_pages,
                   shots="tools.kombi_shots:kombi_shots", bench="tools.kombi_bench:bench_report", coach=_coach,
                   band=_band, midgame="kombi_table")
