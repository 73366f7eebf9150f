"""Kombi-Duell: a JSON action decoded strictly and normalised (the network and save files' way in)."""
from __future__ import annotations

from collections.abc import Mapping

from rules.cards import Card
from rules.core import Action, IllegalAction
from rules.kombi.combos import normalise_combos
from rules.kombi.refusals import KINDS


def _json_card(value: object, field: str) -> str:
    if not isinstance(value, str):
        raise IllegalAction("malformed", field=field)
    try:
        return str(Card.parse(value))
    except ValueError:
        raise IllegalAction("malformed", field=field) from None


def action_from_json(data: Mapping[str, object]) -> Action:
    """Decode a Kombi-Duell action strictly and normalise it (``"10D"`` -> ``"TD"``, combos sorted)."""
    if not isinstance(data, Mapping):
        raise IllegalAction("malformed", field="action")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise IllegalAction("unknown_kind", kind=str(kind)[:40])
    expected = {"draw": set(), "pass": set(), "exchange": {"hand", "area"}, "play": {"combos"}}[kind]
    keys = set(data) - {"kind"}
    if keys != expected:
        raise IllegalAction("malformed", field=kind)
    if kind == "exchange":
        return Action.make("exchange", hand=_json_card(data["hand"], "hand"),
                           area=_json_card(data["area"], "area"))
    if kind == "play":
        return _play_from_json(data["combos"])
    return Action.make(kind)


def _play_from_json(raw: object) -> Action:
    if not isinstance(raw, list) or not raw:
        raise IllegalAction("malformed", field="combos")
    combos = []
    for combo in raw:
        if not isinstance(combo, list) or not combo:
            raise IllegalAction("malformed", field="combos")
        combos.append([_json_card(c, "combos") for c in combo])
    return Action.make("play", combos=[[str(c) for c in combo] for combo in normalise_combos(combos)])
