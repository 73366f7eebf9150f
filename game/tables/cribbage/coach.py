"""Cribbage's guided first game: cut, two cards to the crib, the starter, the play toward 31, the show."""
from __future__ import annotations

from game.tables.coach import Step, card_rects, did, times

PENDING = ("discard", "starter")  # the starter is not cut yet


def _hand(t):
    return card_rects(t, t.obs.get("hand", []))


def _cut(t):
    due = t.strip_due()
    return due[0] if due is not None else None


def _crib(t):
    return [_hand(t), t.geo.crib_zone(t.obs.get("dealer") == t.obs.get("seat"))]


def steps() -> list[Step]:
    return [
        Step("cribbage.coach.cut", _cut, lambda t: did(t, "cut") and t.obs.get("cut") is None),
        Step("cribbage.coach.discard", _crib, lambda t: did(t, "discard")),
        Step("cribbage.coach.starter", _cut, lambda t: did(t, "discard") and t.obs.get("phase") not in PENDING),
        Step("cribbage.coach.play", lambda t: [t.geo.play_zone, _hand(t)], lambda t: did(t, "play")),
        Step("cribbage.coach.show", lambda t: t.geo.peg_rect, lambda t: times(t, "discard") >= 2),
    ]
