"""Card Square (RULES.md §1) at the table: its registry entry. The table itself loads when a game opens."""
from __future__ import annotations

from game.tables.entry import TableEntry
from game.tables.square import text


def _load() -> type:
    from game.tables.square.table import SquareTable

    return SquareTable


ENTRY = TableEntry(id="square", fan=("KS", "QD", "7H"), text=text, load=_load, rules_pages=("square.rules",),
                   shots="tools.square_shots:square_shots", bench="tools.square_bench:bench_report")
