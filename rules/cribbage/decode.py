"""Cribbage: a JSON action decoded strictly and normalised (the network and save files' way in)."""
from __future__ import annotations

from collections.abc import Mapping

from rules.cards import Card
from rules.core import Action, IllegalAction
from rules.cribbage.flow import MIN_PACKET

KINDS = ("cut", "discard", "play")
_FIELDS = {"cut": {"depth"}, "discard": {"cards"}, "play": {"card"}}


def _card(text: object, field: str) -> Card:
    if not isinstance(text, str):
        raise IllegalAction("malformed", field=field)
    try:
        return Card.parse(text)
    except ValueError:
        raise IllegalAction("malformed", field=field) from None


def action_from_json(data: Mapping[str, object]) -> Action:
    """Check the JSON shape and normalise (card spelling, discard order); malformed input is refused."""
    kind = data.get("kind") if isinstance(data, Mapping) else None
    if not isinstance(kind, str):
        raise IllegalAction("malformed", field="kind")
    if kind == "go":
        raise IllegalAction("no_go_move")
    if kind not in KINDS:
        raise IllegalAction("unknown_kind", kind=kind[:40])
    wrong = sorted((set(data) - {"kind"}) ^ _FIELDS[kind])  # a field missing or one too many
    if wrong:
        raise IllegalAction("malformed", field=wrong[0])
    if kind == "cut":
        depth = data["depth"]
        if not isinstance(depth, int) or isinstance(depth, bool) or not MIN_PACKET <= depth <= 52 - MIN_PACKET:
            raise IllegalAction("malformed", field="depth")
        return Action.make("cut", depth=depth)
    if kind == "discard":
        raw = data["cards"]
        if not isinstance(raw, (list, tuple)) or len(raw) != 2:
            raise IllegalAction("discard_two")
        a, b = sorted(_card(x, "cards") for x in raw)
        if a == b:
            raise IllegalAction("discard_two")
        return Action.make("discard", cards=[str(a), str(b)])
    return Action.make("play", card=str(_card(data["card"], "card")))
