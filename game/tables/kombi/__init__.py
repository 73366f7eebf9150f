"""Kombi-Duell (RULES.md §4) at the table: its registry entry. The table itself loads when a game opens."""
from __future__ import annotations

from game.tables.entry import TableEntry
from game.tables.kombi import text


def _load() -> type:
    from game.tables.kombi.table import KombiTable

    return KombiTable


ENTRY = TableEntry(id="kombi", fan=("7C", "7H", "7S"), text=text, load=_load, rules_pages=("kombi.rules",),
                   shots="tools.kombi_shots:kombi_shots", bench="tools.kombi_bench:bench_report")
