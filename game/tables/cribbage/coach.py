"""Cribbage's guided first game: each cut and why it happens, two cards to the crib, the play toward 31, the show."""
from __future__ import annotations

from game.tables.coach import button_rect
from game.tables.cribbage.words import show_step
from game.tables.marks import Mark


def _cut(purpose: str):
    return lambda t: (t.obs.get("cut") or {}).get("purpose") == purpose


def _confirm(t):
    return [button_rect(t, "confirm")]


def _counting(t) -> bool:
    """The show is being counted (after any held series of the play has been taken away)."""
    return t.seq.counting and t.seq.running and t.seq.hold is None


def _show(t):
    """The hands being counted with the starter, where they are going, and the board the pegs move on."""
    items = t.view.get("last_show") or []
    keys = {c for item in items for c in item["cards"]} | {item["starter"] for item in items}
    # each card on its own: the coach joins the touching ones, and the show's hand, crib and starter lie apart with
    # room between them for the caption (one rect around all of them left it none)
    return [*(s.rect() for k, s in t.cards.targets.items() if k in keys or k.startswith("crib:")), t.geo.peg_rect]


def _pace(t, on: bool) -> None:
    t.seq.paced = on  # the count waits for Next at each part while its mark is on show


def _next_part(t) -> bool:
    return bool(t.seq.step())


def _part_words(t) -> str:
    return show_step(t.t, t.session.names, t.seq.now())


def marks() -> list[Mark]:
    return [
        Mark("cribbage.coach.cut_for_deal", ("cut",), _cut("deal")),
        Mark("cribbage.coach.cut", ("cut",), _cut("cut")),
        Mark("cribbage.coach.discard", ("discard",), extra=_confirm),
        Mark("cribbage.coach.starter", ("cut",), _cut("starter")),
        Mark("cribbage.coach.play", ("play",), extra=_confirm),
        Mark("cribbage.coach.show", when=_counting, extra=_show, hold=_pace, step=_next_part, detail=_part_words),
    ]
