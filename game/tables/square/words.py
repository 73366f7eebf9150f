"""Card Square words: the public log (RULES.md §1.7, with positions), hints, the prompt for the
current selection, the reveal panel's text and the end screen's columns."""
from __future__ import annotations

from collections.abc import Callable

from game.tables.square.pick import POWERS, Pick
from rules.cards import Card, pretty_cards
from rules.core import Action, Event
from rules.square.actions import POSITIONS
from rules.square.state import card_value, power_of
from rules.square.types import SquareObs

T = Callable[..., str]


def pos_text(t: T, pos: list[int] | tuple[int, int] | int, owner: int, viewer: int) -> str:
    """A square's position in words ("top-left card"), as the viewer sees it on the screen."""
    r, c = _on_screen(pos, owner, viewer)
    return t(f"square.pos.{r}{c}")


def _on_screen(pos: list[int] | tuple[int, int] | int, owner: int, viewer: int) -> tuple[int, int]:
    """The rules number positions as their owner sees them; the opponent's square faces the viewer (its (1,1)
    lies at the viewer's bottom right), and the table labels no positions, so words follow the screen."""
    r, c = POSITIONS[pos] if isinstance(pos, int) else pos
    return (r, c) if owner == viewer else (3 - r, 3 - c)


def _owners(kind: str, seat: int) -> dict[str, int]:
    """Whose square each position field of a move by ``seat`` names (a spy's ``pos`` is the opponent's)."""
    return {"pos": 1 - seat if kind == "spy" else seat, "own": seat, "opp": 1 - seat}


def card_text(card: str) -> str:
    return pretty_cards([card])


def _there(value: str | None) -> str:
    """A field the observation fills wherever its words are asked for (a take needs a discard, a swap a drawn
    card, a reveal its kind)."""
    assert value is not None
    return value


def log_lines(t: T, names: list[str], e: Event, viewer: int) -> list[str]:
    """The sentences one public event adds to the log (a draw adds none: the move that resolves the
    drawn card says "drew from the draw pile and …"), positions as ``viewer`` sees them."""
    kind = e["type"].split(".", 1)[1]
    if kind == "end":
        return _end_lines(t, names, e)
    if kind in ("draw", "queen_look"):
        return []
    if kind == "takes_closed":
        return [t("square.log.takes_closed", turns=e["turns"])]
    seat = e["seat"]
    p = {"name": names[seat], "other": names[1 - seat]}
    if "card" in e:
        p["card"] = card_text(e["card"])
    if "discarded" in e:
        p["old"] = card_text(e["discarded"])
    owners = _owners(kind, seat)
    for k in ("pos", "own", "opp"):
        if k in e:
            p[k] = pos_text(t, e[k], owners[k], viewer)
    key = f"square.log.{kind}"
    if kind == "queen":
        key += ".swapped" if e["swapped"] else ".kept"
    return [t(key, **p)]


def _end_lines(t: T, names: list[str], e: Event) -> list[str]:
    out = [t("square.log.deck_empty")] if e["reason"] == "deck_empty" else []
    a, b = e["scores"]
    final = t("square.log.final", a=names[0], sa=a, b=names[1], sb=b)
    if len(e["winners"]) == 1:
        verdict = t("square.log.wins", name=names[e["winners"][0]])
    else:
        verdict = t("square.log.shared")
    return [*out, f"{final} {verdict}"]


def hint_text(t: T, names: list[str], seat: int, a: Action, obs: SquareObs) -> str:
    p: dict[str, object] = {"other": names[1 - seat]}
    owners = _owners(a.kind, seat)
    for k in ("pos", "own", "opp"):
        if a.get(k) is not None:
            p[k] = pos_text(t, a[k], owners[k], seat)
    if a.kind == "take":
        p["card"] = card_text(_there(obs["discard_top"]))
    return t(f"square.hint.{a.kind}", **p)


def choice_text(t: T, names: list[str], seat: int, a: Action, obs: SquareObs) -> str:
    """One button of the question a gesture with two meanings asks (a drawn 7 or 8 on one's own card)."""
    if a.kind in ("swap", "peek"):
        return t(f"square.choose.{a.kind}", card=card_text(_there(obs["drawn"])), pos=pos_text(t, a["pos"], seat, seat))
    return hint_text(t, names, seat, a, obs)


def confirm_text(t: T, names: list[str], seat: int, a: Action) -> str:
    """The question a drop that pairs two cards asks (a Jack's blind swap, a Queen's look)."""
    return t(f"square.confirm.{a.kind}", own=pos_text(t, a["own"], seat, seat),
             opp=pos_text(t, a["opp"], 1 - seat, seat), other=names[1 - seat])


def prompt(t: T, names: list[str], obs: SquareObs, pick: Pick) -> str:
    """What the player to move can do now, or what the previewed move would do."""
    seat, phase = obs["seat"], obs["phase"]
    other = names[1 - seat]
    if phase == "look":
        return t("square.prompt.look")
    if phase in ("reveal", "queen"):
        return t(f"square.prompt.{phase}")
    if phase == "turn":
        if pick.mode == "take":
            top = card_text(_there(obs["discard_top"]))
            if pick.own is None:
                return t("square.prompt.take_where", card=top)
            return t("square.preview.take", card=top, pos=pos_text(t, pick.own, seat, seat))
        can_knock = obs["knocked_by"] is None
        if not any(a["kind"] == "take" for a in obs["legal"]):  # an empty discard pile, or taking closed for now
            return t("square.prompt.turn_first" if can_knock else "square.prompt.turn_first_final")
        return t("square.prompt.turn" if can_knock else "square.prompt.turn_final")
    card = card_text(obs["drawn"]) if obs["drawn"] else "?"
    if pick.action() is not None:
        p = {"card": card, "other": other}
        owners = _owners("", seat)  # own and opp only
        for k in ("own", "opp"):
            if getattr(pick, k) is not None:
                p[k] = pos_text(t, getattr(pick, k), owners[k], seat)
        return t(f"square.preview.{pick.mode}", **p)
    if pick.mode in POWERS:
        step = "own" if pick.mode in ("jack_swap", "queen_look") and pick.own is None and pick.opp is not None \
            else "opp" if pick.own is not None else "start"
        return t(f"square.prompt.{pick.mode}.{step}", other=other)
    if pick.mode == "swap":
        return t("square.prompt.swap_where", card=card)
    key = "square.prompt.drawn_power" if power_of(obs["drawn"]) else "square.prompt.drawn"
    return t(key, card=card)


def power_label(t: T, names: list[str], seat: int, card: str) -> str:
    return t(f"square.power.{power_of(card)}", other=names[1 - seat])


def panel_text(t: T, names: list[str], obs: SquareObs) -> str:
    """The reveal panel: what the acting seat sees right now (its eyes only)."""
    seat, kind = obs["seat"], obs["reveal_kind"]
    if obs["phase"] == "look":
        return t("square.panel.look_offer")
    shown = obs["revealed"]
    if kind == "look":
        return t("square.panel.look", c1=card_text(shown[0]["card"]), c2=card_text(shown[1]["card"]))
    if kind == "queen":
        own, opp = shown
        return t("square.panel.queen", own=pos_text(t, own["pos"], seat, seat), c1=card_text(own["card"]),
                 other=names[1 - seat], opp=pos_text(t, opp["pos"], 1 - seat, seat), c2=card_text(opp["card"]))
    r = shown[0]
    return t(f"square.panel.{kind}", pos=pos_text(t, r["pos"], _owners(_there(kind), seat)["pos"], seat),
             card=card_text(r["card"]), value=card_value_text(r["card"]), other=names[1 - seat])


def card_value_text(card: str) -> str:
    return str(card_value(Card.parse(card))).replace("-", "−")


def watching(t: T, names: list[str], obs: SquareObs) -> str:
    """What the other player is doing, in public terms (shown while it is not one's turn)."""
    actor = obs["current"]
    name = names[actor]
    if obs["inspecting"]:
        kind = obs["reveal_kind"]
        spots = [t("square.watch.spot", name=names[e["owner"]], pos=pos_text(t, e["pos"], e["owner"], obs["seat"]))
                 for e in obs["inspecting"]]
        return t(f"square.watch.{kind}", name=name, spots=", ".join(spots))
    if obs["drawn_by"] is not None:
        return t("square.watch.drawn", name=name)
    return ""


def end_columns(t: T, obs: SquareObs) -> list[list[str]]:
    """Each square's four cards with their values, and the sum."""
    cols: list[list[str]] = []
    for seat in (0, 1):
        cards = [s["card"] for s in obs["squares"][seat] if s["card"] is not None]
        if len(cards) < len(obs["squares"][seat]):
            cols.append([])
            continue
        order = range(4) if seat == obs["seat"] else range(3, -1, -1)  # as the squares lie on the screen
        rows = [f"{_corner(t, i, seat, obs['seat'])}  {card_text(cards[i])} = {card_value_text(cards[i])}"
                for i in order]
        values = " + ".join(card_value_text(cards[i]) for i in order).replace("+ −", "− ")
        rows.append(t("square.end.sum", values=values, total=obs["scores"][seat]))
        if obs["knocked_by"] == seat:
            rows.append(t("square.end.knocked"))
        cols.append(rows)
    return cols


def _corner(t: T, index: int, owner: int, viewer: int) -> str:
    """The end screen's short name of a position (a column of four under the square's owner)."""
    r, c = _on_screen(index, owner, viewer)
    return t(f"square.corner.{r}{c}")
