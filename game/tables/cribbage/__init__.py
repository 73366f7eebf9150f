"""Cribbage (RULES.md §2) at the table: its registry entry. The table itself loads when a game opens."""
from __future__ import annotations

from game.tables.cribbage import text
from game.tables.entry import TableEntry


def _load() -> type:
    from game.tables.cribbage.table import CribbageTable

    return CribbageTable


ENTRY = TableEntry(id="cribbage", fan=("5H", "5C", "JD"), text=text, load=_load, rules_pages=("cribbage.rules",),
                   shots="tools.cribbage_shots:cribbage_shots", bench="tools.cribbage_bench:report")
