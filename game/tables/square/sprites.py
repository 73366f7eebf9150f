"""Card Square sprites: where every card of the view lies, what face it shows (only what the view seat
may see), its highlight, and where a new card glides in from after a move."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.tables.cardlayer import CardSprite
from game.tables.square.pick import Target
from rules.core import Action, Event
from rules.square.actions import index_of
from rules.square.types import SquareObs as Obs
from sprites import theme

if TYPE_CHECKING:
    from game.tables.square.face import SquareFace

EYE = (126, 192, 255)  # the opponent is looking at this card (public: which card, never what)


def slot_versions(log: list[Event]) -> dict[tuple[int, int], int]:
    """How often the card in each (owner, slot) was replaced: part of the sprite key, so a card that
    arrives is a new sprite gliding in from where it came from, not the old one staying put."""
    ver: dict[tuple[int, int], int] = {}

    def bump(owner: int, pos: list[int]) -> None:
        key = (owner, index_of(pos))
        ver[key] = ver.get(key, 0) + 1

    for e in log:
        t = e["type"]
        if t in ("square.swap", "square.take"):
            bump(e["seat"], e["pos"])
        elif t == "square.jack" or (t == "square.queen" and e["swapped"]):
            bump(e["seat"], e["own"])
            bump(1 - e["seat"], e["opp"])
    return ver


def slot_key(owner: int, index: int, versions: dict[tuple[int, int], int]) -> str:
    return f"sq{owner}:{index}:{versions.get((owner, index), 0)}"


def drawn_key(obs: Obs) -> str:
    return f"drawn:{sum(1 for e in obs['log'] if e['type'] == 'square.draw')}"


def revealed_cards(obs: Obs) -> dict[tuple[int, int], str]:
    return {(r["owner"], index_of(r["pos"])): r["card"] for r in obs.get("revealed", [])}


def hint_targets(action: Action | None, obs: Obs) -> set[Target]:
    """What to light up for the computer's suggestion."""
    if action is None:
        return set()
    k = action.kind
    simple: dict[str, set[Target]] = {
        "draw": {"draw"}, "discard": {"drawn", "discard"}, "knock": {"knock"},
        "look": {("own", 2), ("own", 3)}, "skip_look": set(), "queen_keep": set(),
    }
    if k in simple:
        return simple[k]
    with_own = {"take": "discard", "swap": "drawn", "peek": "power"}  # and one's own card at ``pos``
    if k in with_own:
        return {with_own[k], ("own", index_of(action["pos"]))}
    if k == "spy":
        return {"power", ("opp", index_of(action["pos"]))}
    if k in ("jack_swap", "queen_look"):
        return {"power", ("own", index_of(action["own"])), ("opp", index_of(action["opp"]))}
    # done and queen_swap: the cards being looked at
    me = obs["seat"]
    return {("own" if o == me else "opp", i) for o, i in revealed_cards(obs)}


def hint_keys(action: Action | None, obs: Obs) -> set[str]:
    """The sprites the hint lights (a tap on one plays it): its cards; the power zone and Knock are no cards."""
    me, versions, out = obs["seat"], slot_versions(obs["log"]), set()
    for target in hint_targets(action, obs):
        if isinstance(target, tuple):
            out.add(slot_key(me if target[0] == "own" else 1 - me, target[1], versions))
        elif target == "draw":
            out.add("draw:top")
        elif target == "discard" and obs["discard_top"] is not None:
            out.add(f"disc:{obs['discard_top']}")
        elif target == "drawn" and obs["drawn_by"] is not None:
            out.add(drawn_key(obs))
    return out


def build_sprites(table: SquareFace, obs: Obs) -> list[CardSprite]:
    geo, me = table.geo, obs["seat"]
    versions = slot_versions(obs["log"])
    shown = revealed_cards(obs)
    looking = {(e["owner"], index_of(e["pos"])) for e in obs["inspecting"]}
    chosen = table.pick.targets() if table.my_turn else set()
    hint = hint_targets(table.hint, obs)
    out: list[CardSprite] = []
    for owner in (0, 1):
        for i, slot in enumerate(obs["squares"][owner]):
            target = ("own" if owner == me else "opp", i)
            card = slot["card"] or shown.get((owner, i))
            glow = (theme.DROP_GLOW if target in chosen else theme.GOLD if (owner, i) in shown
                    else EYE if (owner, i) in looking else theme.GOLD if target in hint else None)
            x, y = geo.slot(owner == me, i)
            # chosen slots glow rather than lift: a lifted card would cover the row behind it
            out.append(CardSprite(slot_key(owner, i, versions), card, x, y, geo.cw, z=10 + i, glow=glow))
    if obs["draw_count"]:
        out.append(CardSprite("draw:top", None, geo.x_draw, geo.y_mid, geo.cw, z=5,
                              glow=theme.GOLD if "draw" in hint else None))
    top = obs["discard_top"]
    if top is not None:
        glow = theme.DROP_GLOW if "discard" in chosen else theme.GOLD if "discard" in hint else None
        out.append(CardSprite(f"disc:{top}", top, geo.x_discard, geo.y_mid, geo.cw, z=6,
                              selected=table.pick.mode == "take" and table.my_turn, glow=glow))
    holder = obs["drawn_by"]
    if holder is not None:
        x, y = geo.drawn_mine if holder == me else geo.drawn_theirs
        width = geo.big if holder == me else geo.cw
        card = obs["drawn"] if holder == me else None
        glow = theme.GOLD if "drawn" in hint else None
        out.append(CardSprite(drawn_key(obs), card, x, y, width, z=40, glow=glow))
    return out


def build_origins(table: SquareFace, obs: Obs, events: tuple[Event, ...]) -> dict[str, tuple[float, float, bool]]:
    """Where the cards a move brought onto the table come from (x, y, flip on the way)."""
    geo, me = table.geo, obs["seat"]
    versions = slot_versions(obs["log"])

    def at(owner: int, pos: list[int]) -> tuple[float, float]:
        return geo.slot(owner == me, index_of(pos))

    def key(owner: int, pos: list[int]) -> str:
        return slot_key(owner, index_of(pos), versions)

    out: dict[str, tuple[float, float, bool]] = {}
    for e in events:
        t, seat = e["type"], e.get("seat", -1)  # -1: an event of nobody's
        hand = geo.drawn_mine if seat == me else geo.drawn_theirs
        if t == "square.draw":
            out[drawn_key(obs)] = (geo.x_draw, geo.y_mid, seat == me)
        elif t == "square.swap":
            out[key(seat, e["pos"])] = (*hand, False)
            out[f"disc:{e['discarded']}"] = (*at(seat, e["pos"]), True)
        elif t == "square.take":
            out[key(seat, e["pos"])] = (geo.x_discard, geo.y_mid, False)
            out[f"disc:{e['discarded']}"] = (*at(seat, e["pos"]), True)
        elif t in ("square.discard", "square.peek", "square.spy", "square.jack", "square.queen_look"):
            out[f"disc:{e['card']}"] = (*hand, seat != me)
        if t == "square.jack" or (t == "square.queen" and e["swapped"]):
            out[key(seat, e["own"])] = (*at(1 - seat, e["opp"]), False)
            out[key(1 - seat, e["opp"])] = (*at(seat, e["own"]), False)
    return {k: v for k, v in out.items() if k not in table.cards.targets}
