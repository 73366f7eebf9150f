"""Cribbage (RULES.md §2) at the table: its registry entry. The table itself loads when a game opens."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.tables.cribbage import text

if TYPE_CHECKING:
    from game.tables.protocols import TableContract
from game.tables.entry import TableEntry


def _load() -> type[TableContract]:
    from game.tables.cribbage.table import CribbageTable

    return CribbageTable



def _coach() -> list:
    from game.tables.cribbage.coach import marks

    return marks()


def _band() -> type:
    from game.tables.cribbage.band import CribbageBand

    return CribbageBand


def _pages():
    from game.tables.cribbage.howto import PAGES

    return PAGES


ENTRY = TableEntry(id="cribbage", fan=("5H", "5C", "JD"), text=text, load=_load, rules_pages=_pages,
                   shots="tools.cribbage_shots:cribbage_shots", bench="tools.cribbage_bench:report", coach=_coach,
                   band=_band, midgame="cribbage_play")
