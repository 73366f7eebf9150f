"""Own Trumps' guided first game: choose your trump, beat the top card, or pick up."""
from __future__ import annotations

from game.tables.coach import Step, button_rect, card_rects, did, union


def _tiles(t):
    return union(t.geo.tiles()) if t.obs.get("phase") == "choose_trump" else None


def _beat(t):
    # the arrow points at the hand (what to drag); the pile is lit too, the caption may touch its margin
    return [card_rects(t, t.obs.get("hand", [])), t.geo.pile_zone]


def steps() -> list[Step]:
    return [
        Step("trumps.coach.choose", _tiles, lambda t: did(t, "choose_trump")),
        Step("trumps.coach.beat", _beat, lambda t: did(t, "play")),
        Step("trumps.coach.pickup", lambda t: button_rect(t, "pickup"), lambda t: did(t, "pick_up")),
    ]
