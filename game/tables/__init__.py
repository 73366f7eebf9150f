"""One table per game; the registry maps a game id to its table class."""
from __future__ import annotations

import importlib

from game.session import Session

TABLES = {
    "kombi": "game.tables.kombi:KombiTable",
}


def playable() -> list[str]:
    """Games that have both rules and a table, in menu order."""
    import rules

    order = ["kombi", "square", "cribbage", "trumps"]
    return [g for g in order if g in TABLES and g in rules.GAMES]


def open_table(app, session: Session):
    module, cls = TABLES[session.game_id].split(":")
    return getattr(importlib.import_module(module), cls)(app, session)
