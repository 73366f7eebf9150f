"""Which card sprites the Cribbage table shows for a view, and where new ones come from (deal, cut,
the opponent's hand, the crib)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.tables.cardlayer import CardSprite
from rules.cards import Card
from rules.cribbage.types import CribbageObs as Obs
from sprites import theme

if TYPE_CHECKING:
    from game.tables.cribbage.face import CribbageFace



def value(card: str) -> int:
    return min(Card.parse(card).rank, 10)


def build_sprites(table: CribbageFace, view: Obs) -> list[CardSprite]:
    if view.get("last_show"):
        return show_sprites(table, view)
    g = table.geo
    me, opp = view["seat"], 1 - view["seat"]
    out: list[CardSprite] = []
    shown = view["hands"][opp] if view["hands"] else None  # face up once the game is over
    out += [CardSprite(f"opp:{i}", shown[i] if shown else None, x, g.y_opp, g.sw, z=10 + i)
            for i, x in enumerate(g.opp_xs(view["hand_counts"][opp]))]
    out += hand_sprites(table, view)
    mine = view["dealer"] == me
    out += [CardSprite(f"crib:{i}", None, *g.crib_xy(i, mine), g.sw, z=30 + i) for i in range(view["crib_count"])]
    if view["starter"]:
        out.append(CardSprite(view["starter"], view["starter"], g.x_deck, g.y_mid, g.cw, z=60))
    for i, s in enumerate(view["series"]):
        out.append(CardSprite(s["card"], s["card"], *g.series_xy(i, max(4, len(view["series"]))), g.cw, z=200 + i))
    for seat in (0, 1):
        played = view["played"][seat]
        for i, c in enumerate(played):
            out.append(CardSprite(c, c, *g.earlier_xy(i, seat == me, len(played)), g.sw, z=150 + i, dim=True))
    cfd = view.get("cut_for_deal")
    if cfd:
        for k, cut in enumerate(cfd["cards"]):
            if cut is not None:
                out.append(CardSprite(cut, cut, *g.cut_for_deal_xy(k), g.cw, z=80 + k))
    return out


def hand_sprites(table: CribbageFace, view: Obs) -> list[CardSprite]:
    g = table.geo
    me = view["seat"]
    hand = table.ordered_hand(view["hand"])
    if not hand:
        return [CardSprite(f"me:{i}", None, x, g.y_hand, g.cw, z=100 + i)
                for i, x in enumerate(g.hand_xs(view["hand_counts"][me]))]
    hint = table.hint_cards()
    playing = view["phase"] == "play" and table.my_turn and not table.seq.showing
    out = []
    for i, (c, x) in enumerate(zip(hand, g.hand_xs(len(hand)), strict=True)):
        out.append(CardSprite(c, c, x, g.y_hand, g.cw, z=100 + i, selected=c in table.selected,
                              glow=theme.GOLD if c in hint else None,
                              dim=playing and view["count"] + value(c) > 31))
    return out


def show_sprites(table: CribbageFace, view: Obs) -> list[CardSprite]:
    """The show: the starter, then non-dealer's hand, dealer's hand and the crib side by side."""
    g = table.geo
    seq = table.seq
    items = view["last_show"]
    out: list[CardSprite] = []
    lit = seq.highlight
    starter = items[0]["starter"]
    out.append(CardSprite(starter, starter, g.x_deck, g.y_show, g.cw, z=60,
                          glow=theme.GOLD if starter in lit else None))
    for n, item in enumerate(items):
        dim = not item["counted"] or not seq.reached(n)
        if item["kind"] == "crib" and not seq.reached(n):  # face down in its own place until it is counted
            out += [CardSprite(f"crib:{i}", None, *g.show_card_xy(n, i), g.cw, z=30 + i) for i in range(4)]
            continue
        for i, c in enumerate(item["cards"]):
            out.append(CardSprite(c, c, *g.show_card_xy(n, i), g.cw, z=100 + 10 * n + i, dim=dim,
                                  glow=theme.GOLD if c in lit else None))
    return out


def build_origins(table: CribbageFace, view: Obs, events: tuple) -> dict[str, tuple[float, float, bool]]:
    """Start points for sprites that are new in this view (x, y, flip face up on the way)."""
    g = table.geo
    old = table.cards.targets
    me = view["seat"]
    anim = table.cut.anim
    reveal = table.cut.reveal_point(g.strip_w(anim.zone) if anim is not None else g.sw)
    deal_src = g.strip_zone("cut").center
    opp_src = (g.b.centerx, g.y_opp)
    crib_src = [table.cards.position(k) for k in sorted(old) if k.startswith("crib:")]
    discard_src = _discard_sources(table, view, events)
    out: dict[str, tuple[float, float, bool]] = {}
    for s in build_sprites(table, view):
        if s.key in old:
            continue
        if s.key.startswith(("opp:", "me:")):
            out[s.key] = (*deal_src, False)
        elif s.key.startswith("crib:"):
            src = discard_src.pop(0) if discard_src else opp_src
            out[s.key] = (*src, False)
        elif s.card is None:
            continue
        elif reveal is not None and _revealed(view, s.card):
            out[s.key] = (*reveal, True)
        elif s.card in view.get("hand", []):
            out[s.key] = (*deal_src, True)
        elif view.get("last_show"):
            if crib_src:
                x, y = crib_src.pop(0)
                out[s.key] = (x, y, True)
        else:
            mine = any(x["card"] == s.card and x["seat"] == me for x in view["series"])
            if not mine:
                out[s.key] = (*opp_src, True)
    return out


def _revealed(view: Obs, card: str) -> bool:
    cfd = view.get("cut_for_deal")
    return card == view.get("starter") or bool(cfd and card in cfd["cards"])


def _discard_sources(table: CribbageFace, view: Obs, events: tuple) -> list[tuple[float, float]]:
    """Where new crib backs fly from: the two cards I just gave, or the opponent's hand."""
    g = table.geo
    out: list[tuple[float, float]] = []
    for e in events:
        if e.get("type") != "cribbage.discard":
            continue
        if e["seat"] == view["seat"]:
            for c in view.get("my_discards", []):
                if c in table.cards.targets:
                    out.append(table.cards.position(c))
            out += [(g.b.centerx, g.y_hand)] * (2 - min(2, len(out)))
        else:
            out += [(g.b.centerx, g.y_opp)] * 2
    return out
