"""Cribbage in words: log sentences, breakdowns built from the scoring parts, the show's spoken count,
hints with their reasons and the end screen's columns — all through the translator."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules.cards import Card, pretty_cards
from rules.core import Event
from rules.cribbage.state import GAME_POINTS

if TYPE_CHECKING:
    from game.services import Words as T
    from game.tables.cribbage.show import Beat
    from rules.cribbage.analysis import DiscardRow
    from rules.cribbage.types import PartJSON, ShowJSON

PAIR_NAMES = {1: "pair", 3: "pair_royal", 6: "double_pair_royal"}


def number(t: T, n: int) -> str:
    """A count as players say it ("fifteen two"): words up to 31, digits beyond."""
    key = f"cribbage.num.{n}"
    word = t(key)
    return str(n) if word == key else word


def decimal(t: T, x: float) -> str:
    return f"{x:.1f}".replace(".", t("cribbage.decimal_point"))


def rank_of(card: str) -> int:
    return Card.parse(card).rank


# --- breakdowns ------------------------------------------------------------------------------------

def show_breakdown(t: T, parts: Sequence[PartJSON], total: int) -> str:
    """'two fifteens for 4, pair for 2, run of 3 for 3 = 9', grouped from the parts in the language."""
    bits: list[str] = []
    fifteens = [p for p in parts if p["kind"] == "fifteen"]
    if fifteens:
        n = len(fifteens)
        bits.append(t("cribbage.bd.fifteen") if n == 1 else t.n("cribbage.bd.fifteens", n, points=2 * n))
    pairs = Counter(rank_of(p["cards"][0]) for p in parts if p["kind"] == "pair")
    for _, n in sorted(pairs.items()):
        bits.append(t(f"cribbage.bd.{PAIR_NAMES.get(n, 'pair')}", points=2 * n))
    runs = Counter(len(p["cards"]) for p in parts if p["kind"] == "run")
    for size, n in sorted(runs.items()):
        bits.append(t("cribbage.bd.run", size=size) if n == 1 else
                    t.n("cribbage.bd.runs", n, size=size, points=n * size))
    for p in parts:
        if p["kind"] == "flush":
            bits.append(t("cribbage.bd.flush", points=p["points"]))
        elif p["kind"] == "nobs":
            bits.append(t("cribbage.bd.nobs"))
    if not bits:
        return t("cribbage.bd.nothing")
    return t("cribbage.bd.total", parts=", ".join(bits), total=total)


def play_breakdown(t: T, parts: Sequence[PartJSON]) -> str:
    """What one card scored in the play: '15 for 2', 'pair royal for 6, run of 3 for 3'."""
    bits = []
    for p in parts:
        if p["kind"] == "run":
            bits.append(t("cribbage.bd.run", size=len(p["cards"])))
        else:
            bits.append(t(f"cribbage.play.{p['kind']}", points=p["points"]))
    return ", ".join(bits)


def spoken(t: T, part: PartJSON, running: int) -> str:
    """One step of the count as it is said aloud: 'fifteen four', 'a pair is six'."""
    n = number(t, running)
    kind = part["kind"]
    if kind in ("run", "flush"):
        return t(f"cribbage.say.{kind}", size=number(t, len(part["cards"])), total=n)
    return t(f"cribbage.say.{kind}", total=n)


def spoken_count(t: T, parts: Sequence[PartJSON], upto: int) -> str:
    running, said = 0, []
    for p in parts[:upto]:
        running += p["points"]
        said.append(spoken(t, p, running))
    return ", ".join(said)


def running_total(parts: Sequence[PartJSON], upto: int) -> int:
    return sum(p["points"] for p in parts[:upto])


def show_step(t: T, names: Sequence[str], now: tuple[Beat, ShowJSON] | None) -> str:
    """The step of the count on show, explained for a newcomer: whose count starts, what one part scores and
    why, the total. ``now``: the show sequence's (beat, item), or None when no count runs."""
    if now is None:
        return ""
    beat, item = now
    whose = t(f"cribbage.whose.{item['kind']}", name=names[item["seat"]])
    if not item["counted"]:
        return t("cribbage.not_counted", whose=whose)
    if beat.kind == "intro":
        return t("cribbage.pace.intro", whose=whose)
    if beat.kind == "total":
        return t("cribbage.pace.total", whose=whose, total=item["total"])
    part = item["parts"][beat.part]
    return t(f"cribbage.pace.{part['kind']}", cards=pretty_cards(part["cards"]), points=part["points"],
             n=len(part["cards"]))


# --- the log -----------------------------------------------------------------------------------------

def shown(score: int) -> int:
    """A score as the players see it: the game stops at 121, so a last count's extra points are not shown."""
    return min(int(score), GAME_POINTS)


def describe(t: T, names: Sequence[str], e: Event) -> str:
    kind = e["type"].split(".", 1)[1]
    name = names[e["seat"]] if "seat" in e and e["seat"] is not None else ""
    if kind == "cut_for_deal":
        return t("cribbage.log.cut_for_deal", name=name, card=pretty_cards([e["card"]]))
    if kind == "cut_tie":
        return t("cribbage.log.cut_tie", cards=pretty_cards(e["cards"]))
    if kind == "first_dealer":
        return t("cribbage.log.first_dealer", name=names[e["dealer"]], cards=pretty_cards(e["cards"]))
    if kind == "cut":
        return t("cribbage.log.cut", name=name, depth=e["depth"], of=e["of"])
    if kind == "deal":
        return t("cribbage.log.deal", name=names[e["dealer"]], n=e["hand_no"])
    if kind == "discard":
        return t("cribbage.log.discard", name=name)
    if kind == "starter":
        return t("cribbage.log.starter", name=name, card=pretty_cards([e["card"]]), depth=e["depth"], of=e["of"])
    if kind == "his_heels":
        return t("cribbage.log.his_heels", name=name, score=shown(e["scores"][e["seat"]]))
    if kind == "play":
        card = pretty_cards([e["card"]])
        if not e["points"]:
            return t("cribbage.log.play", name=name, card=card, count=e["count"])
        return t("cribbage.log.play_points", name=name, card=card, count=e["count"],
                 what=play_breakdown(t, e["parts"]), score=shown(e["scores"][e["seat"]]))
    if kind == "go":
        return t("cribbage.log.go", name=name, count=e["count"])
    if kind == "go_point":
        return t(f"cribbage.log.point_{e['reason']}", name=name, score=shown(e["scores"][e["seat"]]))
    if kind == "reset":
        return t(f"cribbage.log.reset_{e['reason']}")
    if kind == "show":
        whose = t(f"cribbage.whose.{e['kind']}", name=name)
        return t("cribbage.log.show", whose=whose, cards=pretty_cards(e["cards"]),
                 starter=pretty_cards([e["starter"]]), what=show_breakdown(t, e["parts"], e["total"]),
                 score=shown(e["scores"][e["seat"]]))
    if kind == "end":
        w = e["winners"][0]
        return t(f"cribbage.log.end_{e['during']}", name=names[w], a=names[0], sa=shown(e["scores"][0]), b=names[1],
                 sb=shown(e["scores"][1]))
    return str(e)


def callout(t: T, names: Sequence[str], events: Sequence[Event]) -> list[tuple[str, bool]]:
    """Short lines for the play area after an action: (text, is_points)."""
    out: list[tuple[str, bool]] = []
    for e in events:
        kind = e["type"].split(".", 1)[1]
        if kind == "play" and e["points"]:
            out.append((t("cribbage.call.points", name=names[e["seat"]], what=play_breakdown(t, e["parts"])),
                        True))
        elif kind == "go":
            out.append((t("cribbage.call.go", name=names[e["seat"]]), False))
        elif kind == "go_point":
            out.append((t(f"cribbage.call.point_{e['reason']}", name=names[e["seat"]]), True))
        elif kind == "his_heels":
            out.append((t("cribbage.call.his_heels", name=names[e["seat"]]), True))
        elif kind == "reset" and e["reason"] == "31":
            out.append((t("cribbage.call.reset"), False))
    return out


# --- the end screen ------------------------------------------------------------------------------

def end_columns(t: T, events: Sequence[Event]) -> list[list[str]]:
    """Each player's score and how it arose: pegging, hands, cribs, his heels, the best count."""
    peg, hands, cribs, heels = [0, 0], [0, 0], [0, 0], [0, 0]
    best: list[Event | None] = [None, None]
    for e in events:
        kind = e["type"].split(".", 1)[1]
        if kind == "play" or kind == "go_point":
            peg[e["seat"]] += e["points"]
        elif kind == "his_heels":
            heels[e["seat"]] += e["points"]
        elif kind == "show":
            (cribs if e["kind"] == "crib" else hands)[e["seat"]] += e["total"]
            b = best[e["seat"]]
            if b is None or e["total"] > b["total"]:
                best[e["seat"]] = e
    cols = []
    for s in (0, 1):
        lines = [t("cribbage.end.pegging", n=peg[s]), t("cribbage.end.hands", n=hands[s]),
                 t("cribbage.end.cribs", n=cribs[s])]
        if heels[s]:
            lines.append(t("cribbage.end.heels", n=heels[s]))
        b = best[s]
        if b is not None:
            lines.append(t("cribbage.end.best", total=b["total"],
                           cards=pretty_cards(b["cards"]) + " + " + pretty_cards([b["starter"]])))
        cols.append(lines)
    return cols


# --- hints -----------------------------------------------------------------------------------------

def keep_text(cards: Sequence[str]) -> str:
    """'5-5-J-K': the kept ranks in order, as on a scorer's pad."""
    return "-".join(Card.parse(c).rank_label for c in sorted(cards, key=lambda c: Card.parse(c).rank))


def discard_hint(t: T, row: DiscardRow, is_dealer: bool) -> str:
    """``row``: a ``rules.cribbage.analysis.DiscardRow`` (the numbers of the discard analysis). The points expected
    are the keep's in hand and crib, the value the review gives the same keep; the pegging is said apart."""
    crib = decimal(t, row.crib)
    peg = ("+" if row.pegging >= 0 else "−") + decimal(t, abs(row.pegging))
    ev = row.hand + (row.crib if is_dealer else -row.crib)
    return t("cribbage.hint.discard", cards=pretty_cards(row.discard), keep=keep_text(row.keep),
             ev=decimal(t, ev), hand=decimal(t, row.hand), crib=("+" if is_dealer else "−") + crib, peg=peg)


def play_hint(t: T, card: str, parts: Sequence[PartJSON], net: float | None) -> str:
    now = play_breakdown(t, parts) if parts else t("cribbage.hint.nothing_now")
    if net is None:
        return t("cribbage.hint.only", card=pretty_cards([card]))
    return t("cribbage.hint.play", card=pretty_cards([card]), now=now, net=("+" if net >= 0 else "−")
             + decimal(t, abs(net)))
