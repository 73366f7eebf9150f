"""Kombi-Duell's guided first game: draw, the exchange area, play a combination, end the turn."""
from __future__ import annotations

from game.tables.coach import button_rect
from game.tables.marks import Mark


def marks() -> list[Mark]:
    return [
        Mark("kombi.coach.draw", ("draw",)),
        Mark("kombi.coach.exchange", ("exchange",)),
        Mark("kombi.coach.play", ("play",), extra=lambda t: [button_rect(t, "play")]),
        Mark("kombi.coach.pass", ("pass",), lambda t: bool(t.obs.get("done"))),  # once something was done
    ]
