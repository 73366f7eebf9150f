"""Questions about the table's history that the shared table asks before changing it."""
from __future__ import annotations

from typing import Any


def other_players_move(table: Any) -> int | None:
    """In hotseat, the seat whose finished move Back would take back, when that is not the player at the
    table now (so Back asks first); None when Back only takes back the player's own move."""
    if table.session.mode != "hotseat" or table.revealed_for is None:
        return None
    match = table.match
    for i in range(match.cursor - 1, -1, -1):
        seat = match.actor(i)
        if seat is not None and table.session.is_human(seat):
            return seat if seat != table.revealed_for else None
    return None
