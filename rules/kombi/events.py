"""Kombi-Duell's public log: the event of one action, built from the small record the state keeps of it."""
from __future__ import annotations

from typing import Any

from rules.core import Event
from rules.kombi.plays import NAME_OF_BIT, PlayInfo

Record = tuple[Any, ...]  # what one action did: (kind, seat, details...)


def action_event(record: Record) -> Event:
    """The event of the action ``record`` describes; a new dict on each call."""
    kind, p = record[0], record[1]
    if kind == "draw":
        return {"type": "kombi.draw", "seat": p}
    if kind == "exchange":
        return {"type": "kombi.exchange", "seat": p, "gave": NAME_OF_BIT[record[2]], "took": NAME_OF_BIT[record[3]]}
    if kind == "play":
        info: PlayInfo = record[2]
        return {"type": "kombi.play", "seat": p, "combos": [[str(c) for c in x.cards] for x in info.played],
                "points": info.points}
    return {"type": "kombi.pass", "seat": p, "full": record[2]}
