"""Own Trumps sprites: the hand as the player sorts it (by suit, one's trump first, the suits apart), the
opponent's backs, the pile with its top five fanned, their highlights (beaters, hint, pick-up), and where new
cards come from."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.tables.cardlayer import CardSprite
from rules.core import Event
from rules.trumps.types import TrumpsObs as Obs
from rules.trumps.types import offered_pickup
from sprites import theme

if TYPE_CHECKING:
    from game.tables.trumps.face import TrumpsFace

SUIT_ORDER = "CDHS"
PICKUP_GLOW = (255, 150, 110)  # the cards a pick-up would take


def hand_groups(table: TrumpsFace, cards: list[str]) -> list[list[str]]:
    """The hand in the player's order, in runs of one suit when it is sorted by suit (a gap between runs)."""
    ordered = table.ordered_hand(cards)
    if table.hand_order.by != "suit":
        return [ordered] if ordered else []
    groups: list[list[str]] = []
    for card in ordered:
        if groups and groups[-1][-1][-1] == card[-1]:
            groups[-1].append(card)
        else:
            groups.append([card])
    return groups


def pickup_cards(obs: Obs) -> list[str]:
    """The cards a pick-up would take now (the top ``count``), or none when no pick-up is offered."""
    if not any(a["kind"] == "pick_up" for a in obs["legal"]):
        return []
    n = offered_pickup(obs)["count"]
    return obs["pile"][-n:]


def build_sprites(table: TrumpsFace, obs: Obs) -> list[CardSprite]:
    if obs["phase"] == "choose_trump":
        return []
    geo, me = table.geo, obs["seat"]
    out = _hand_sprites(table, obs)
    shown = obs["hands"][1 - me] if obs["hands"] else None  # face up once the game is over
    for i, x in enumerate(geo.opp_xs(obs["hand_counts"][1 - me])):
        out.append(CardSprite(f"opp:{i}", shown[i] if shown else None, x, geo.y_opp, geo.ow, z=10 + i))
    pile = obs["pile"]
    taken = set(pickup_cards(obs)) if table.my_turn else set()
    hint = table.hint_cards()
    for depth, card in enumerate(reversed(pile)):
        x = geo.fan_x(depth)
        y = geo.y_pile
        if depth >= 5:  # buried under the fan: a slight stagger shows the pile's height
            k = min(depth - 4, 12)
            x, y = x - k * 0.6, y - k * 0.6
        glow = theme.GOLD if card in hint else PICKUP_GLOW if card in taken else None
        out.append(CardSprite(card, card, x, y, geo.cw, z=200 - depth, glow=glow))
    return out


def _hand_sprites(table: TrumpsFace, obs: Obs) -> list[CardSprite]:
    geo, me = table.geo, obs["seat"]
    groups = hand_groups(table, obs["hand"] or (obs.get("hands") or [[], []])[me])  # the end: hands are public
    out: list[CardSprite] = []
    if not groups:  # covered (hotseat hand-off): backs only
        n = obs["hand_counts"][me]
        places, w = geo.hand_places([n] if n else [])
        return [CardSprite(f"me:{i}", None, x, y, w, z=300 + i) for i, (x, y) in enumerate(places)]
    places, w = geo.hand_places([len(g) for g in groups])
    cue = table.showing_beaters()
    beaters = set(obs["beaters"]) if obs["phase"] == "play" else set()
    hint = table.hint_cards()
    cards = [c for g in groups for c in g]
    for i, (card, (x, y)) in enumerate(zip(cards, places, strict=True)):
        glow = None
        dim = False
        if card in hint:
            glow = theme.GOLD
        elif cue and obs["top"] is not None and obs["phase"] == "play":
            glow = theme.DROP_GLOW if card in beaters else None
            dim = card not in beaters
        out.append(CardSprite(card, card, x, y, w, z=300 + i, selected=card == table.selected, glow=glow,
                              dim=dim))
    return out


def build_origins(table: TrumpsFace, obs: Obs, events: tuple[Event, ...]) -> dict[str, tuple[float, float, bool]]:
    """New cards: the opponent's plays come face down from their hand and turn over; backs the opponent
    picks up come from the pile; a fresh deal flies out of the middle."""
    geo, me = table.geo, obs["seat"]
    opp_mid = (table.geo.board.centerx, geo.y_opp)
    out: dict[str, tuple[float, float, bool]] = {}
    for s in build_sprites(table, obs):
        if s.key in table.cards.targets:
            continue
        if s.key.startswith("opp:"):
            out[s.key] = (geo.fan_x(0), geo.y_pile, False)
        elif s.key.startswith("me:"):
            out[s.key] = (geo.board.centerx, geo.y_pile, False)
        else:
            actor = next((e.get("seat") for e in events if e.get("seat") is not None), me)
            src = opp_mid if actor != me else (geo.board.centerx, geo.y_hand)
            out[s.key] = (src[0], src[1], True)
    return out
