"""Kombi-Duell's guided first game: draw, the exchange area, select and play a combination, end the turn."""
from __future__ import annotations

from game.tables.coach import Step, button_rect, card_rects, did


def _hand(table):
    return card_rects(table, table.obs.get("hand", []))


def _exchange(table):
    return card_rects(table, table.obs.get("exchange", []))


def steps() -> list[Step]:
    return [
        Step("kombi.coach.draw", lambda t: t.draw_rect, lambda t: did(t, "draw")),
        Step("kombi.coach.exchange", _exchange, lambda t: did(t, "exchange")),
        Step("kombi.coach.select", _hand, lambda t: bool(t.selected) or did(t, "play")),
        Step("kombi.coach.play", lambda t: button_rect(t, "play"), lambda t: did(t, "play")),
        Step("kombi.coach.pass", lambda t: button_rect(t, "pass"), lambda t: did(t, "pass")),
    ]
