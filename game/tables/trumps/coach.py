"""Own Trumps' guided first game: choose your trump, lead, beat the top card, the second card, pick up."""
from __future__ import annotations

from game.tables.coach import button_rect
from game.tables.marks import Mark


def _beating(t) -> bool:
    return t.obs.get("phase") == "play" and bool(t.obs.get("pile"))


def marks() -> list[Mark]:
    return [
        Mark("trumps.coach.choose", ("choose_trump",)),
        Mark("trumps.coach.lead", ("play",), lambda t: t.obs.get("phase") == "play" and not t.obs.get("pile")),
        Mark("trumps.coach.beat", ("play",), _beating),
        Mark("trumps.coach.second", ("play",), lambda t: t.obs.get("phase") == "second"),
        Mark("trumps.coach.pickup", ("pick_up",), extra=lambda t: [button_rect(t, "pickup")]),
    ]
