"""The table registry: each game's table package, in menu order. A new game is one more line here."""
from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

import rules
from game.tables import cribbage, kombi, square, trumps
from game.tables.entry import TableEntry

if TYPE_CHECKING:
    from game.session import Session

ENTRIES: dict[str, TableEntry] = {g.ENTRY.id: g.ENTRY for g in (kombi, square, cribbage, trumps)}


def playable() -> list[str]:
    """Games that have both rules and a table, in menu order."""
    return [g for g in ENTRIES if g in rules.GAMES]


def entry(game_id: str) -> TableEntry:
    return ENTRIES[game_id]


def catalogues() -> tuple[ModuleType, ...]:
    """Every game's string catalogue, for the translator."""
    return tuple(e.text for e in ENTRIES.values())


def table_class(game_id: str) -> type:
    return ENTRIES[game_id].load()


def open_table(app, session: Session):
    return table_class(session.game_id)(app, session)
