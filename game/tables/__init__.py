"""One table per game; the registry maps a game id to its table class."""
from __future__ import annotations

from game.session import Session


def _tables() -> dict[str, type]:
    # Imported here, not at module level, because each table imports the scene machinery.
    from game.tables.cribbage import CribbageTable
    from game.tables.kombi import KombiTable
    from game.tables.square import SquareTable
    from game.tables.trumps import TrumpsTable

    return {
        "kombi": KombiTable,
        "square": SquareTable,
        "cribbage": CribbageTable,
        "trumps": TrumpsTable,
    }


def playable() -> list[str]:
    """Games that have both rules and a table, in menu order."""
    import rules

    tables = _tables()
    return [g for g in ("kombi", "square", "cribbage", "trumps") if g in tables and g in rules.GAMES]


def table_class(game_id: str) -> type:
    return _tables()[game_id]


def open_table(app, session: Session):
    return table_class(session.game_id)(app, session)
