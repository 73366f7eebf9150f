"""Own Trumps (RULES.md §3) at the table: its registry entry. The table itself loads when a game opens."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.tables.entry import TableEntry
from game.tables.trumps import text

if TYPE_CHECKING:
    from game.tables.protocols import TableContract


def _load() -> type[TableContract]:
    from game.tables.trumps.table import TrumpsTable

    return TrumpsTable



def _coach() -> list:
    from game.tables.trumps.coach import marks

    return marks()


def _band() -> type:
    from game.tables.trumps.band import TrumpsBand

    return TrumpsBand


def _pages():
    from game.tables.trumps.howto import PAGES

    return PAGES


ENTRY = TableEntry(id="trumps", fan=("AH", "6D", "KC"), text=text, load=_load, rules_pages=_pages,
                   shots="tools.trumps_shots:trumps_shots", bench="tools.trumps_bench:bench_report", coach=_coach,
                   band=_band, midgame="trumps_beat_second")
