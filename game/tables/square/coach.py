"""Card Square's guided first game: look at your two near cards, draw or take, swap or discard, the power cards,
the Queen's choice, knock."""
from __future__ import annotations

from game.tables.coach import button_rect
from game.tables.marks import Mark
from rules.square.actions import BOTTOM, index_of

POWERS = ("peek", "spy", "jack_swap", "queen_look")


def _near(t):
    geo = t.geo
    return [*(geo.slot_rect(True, i) for i in BOTTOM), button_rect(t, "look")]


def _revealed(t):
    """The cards to remember, face up now, and Done."""
    mine = t.obs.get("seat")
    geo = t.geo
    out = [geo.slot_rect(r["owner"] == mine, index_of(r["pos"])) for r in t.obs.get("revealed", [])]
    return [*out, button_rect(t, "done")]


def marks() -> list[Mark]:
    return [
        Mark("square.coach.look", ("look",), extra=_near),
        Mark("square.coach.remember", ("done",), extra=_revealed),
        Mark("square.coach.draw", ("draw",)),
        Mark("square.coach.powers", POWERS),
        Mark("square.coach.resolve", ("swap", "discard")),
        Mark("square.coach.queen", ("queen_swap", "queen_keep")),
        Mark("square.coach.take", ("take",)),
        Mark("square.coach.knock", ("knock",)),
    ]
