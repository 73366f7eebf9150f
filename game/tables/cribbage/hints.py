"""Cribbage hints with their reasons, and the selection described before it is confirmed."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.seats import seen_by
from game.tables.cribbage import words
from rules.cards import Card, pretty_cards
from rules.core import Action
from rules.cribbage.state import peg_parts
from rules.cribbage.types import CribbageObs, PartJSON, cribbage_seen

if TYPE_CHECKING:
    from game.tables.cribbage.face import CribbageFace


def hint_text(table: CribbageFace, a: Action) -> str:
    obs, t = table.obs, table.t
    if a.kind == "cut":
        return t("cribbage.hint.cut")
    if a.kind == "discard":
        from rules.cribbage.analysis import discard_rows

        dealer = obs["dealer"] == obs["seat"]
        row = next(r for r in discard_rows(obs["hand"], dealer) if set(r.discard) == set(a["cards"]))
        return words.discard_hint(t, row, dealer)
    return words.play_hint(t, a["card"], parts_for(obs, a["card"]), play_net(table, a))


def parts_for(obs: CribbageObs, card: str) -> list[PartJSON]:
    """What playing ``card`` now would score, part by part."""
    series = [s["card"] for s in obs["series"]] + [card]
    return [{"kind": p.kind, "cards": list(p.cards), "points": p.points} for p in peg_parts(series)]


def play_net(table: CribbageFace, a: Action) -> float | None:
    """The points a play is worth after the opponent's best reply, as the computer reckons it."""
    from rules.cribbage.bot import opponent_pool, play_value

    obs = table.obs
    if len(obs["legal"]) <= 1:
        return None
    seen = cribbage_seen(seen_by(table.match, obs["seat"], {}))
    pool, held = opponent_pool(seen)
    hand = [Card.parse(c) for c in obs["hand"]]
    series = [Card.parse(s["card"]) for s in obs["series"]]
    opp_out = obs["go"][1 - obs["seat"]] or held == 0
    return play_value(Card.parse(a["card"]), hand, series, obs["count"], pool, held, opp_out, True)


def selection_text(table: CribbageFace) -> str:
    """The selection in words; before a cut, why this cut happens."""
    obs, t, selected = table.obs, table.t, table.selected
    if (cut := obs.get("cut")) is not None:
        if obs.get("last_show"):  # the counted hands still lie there: the turn line alone, the words have no room
            return ""
        dealer = table.session.names[obs["dealer"]] if obs["dealer"] is not None else ""
        return t(f"cribbage.why.{cut['purpose']}", dealer=dealer)
    if obs["phase"] == "discard" and selected and obs["dealer"] is not None:  # a discard: the dealer is known
        crib = t("cribbage.crib_of", name=table.session.names[obs["dealer"]])
        if len(selected) == 1:
            return t("cribbage.preview.one_more", crib=crib, cards=pretty_cards(selected))
        keep = [c for c in obs["hand"] if c not in selected]
        return t("cribbage.preview.discard", crib=crib, cards=pretty_cards(sorted(selected, key=Card.parse)),
                 keep=words.keep_text(keep))
    if obs["phase"] == "play" and selected:
        card = selected[0]
        count = obs["count"] + min(Card.parse(card).rank, 10)
        if count > 31:
            return t("cribbage.preview.too_high", card=pretty_cards([card]), count=count)
        parts = parts_for(obs, card)
        what = words.play_breakdown(t, parts) if parts else t("cribbage.hint.nothing_now")
        return t("cribbage.preview.play", card=pretty_cards([card]), count=count, what=what)
    return ""
