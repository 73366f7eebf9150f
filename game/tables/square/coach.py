"""Card Square's guided first game: look at your two near cards, draw, swap or discard, the power cards, knock."""
from __future__ import annotations

from game.tables.coach import Step, button_rect, did, union

POWERS = ("peek", "spy", "jack_swap", "queen_look")


def _near(t):
    geo = t.geo
    panel = t.panel_rect() if t.panel_visible() else None
    return [union([geo.slot_rect(True, 2), geo.slot_rect(True, 3)]), panel]


def _resolve(t):
    geo = t.geo
    drawn = geo.card_rect(*geo.drawn_mine, geo.big) if t.obs.get("drawn_by") == t.obs.get("seat") else None
    return [drawn, geo.my_square, geo.discard_rect]


def _power(t):
    return [t.geo.power_zone, *_resolve(t)[:1]] if t.power_visible() else t.geo.power_zone


def steps() -> list[Step]:
    return [
        Step("square.coach.look", _near, lambda t: did(t, "look", "skip_look")),
        Step("square.coach.remember", lambda t: button_rect(t, "done"), lambda t: did(t, "done", "skip_look")),
        Step("square.coach.draw", lambda t: t.geo.draw_rect, lambda t: did(t, "draw", "take")),
        Step("square.coach.resolve", _resolve, lambda t: did(t, "swap", "discard", *POWERS)),
        Step("square.coach.powers", _power, lambda t: did(t, *POWERS)),
        Step("square.coach.knock", lambda t: button_rect(t, "knock"), lambda t: did(t, "knock")),
    ]
