"""Own Trumps words: the public log (a beat and its second card make one sentence), the beating rule for
whoever is to move, status lines, hints and the end columns. Refusals are the rules' keys, worded in text.py."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.tables.turnline import headlines
from rules.cards import SUIT_SYMBOLS, Card, pretty_cards
from rules.core import Action, Event
from rules.trumps.types import Pickup, offered_pickup, pile_top
from rules.trumps.types import TrumpsObs as Obs

if TYPE_CHECKING:
    from game.services import Words as T



def card_text(card: str) -> str:
    return pretty_cards([card])


def cards_text(t: T, n: int) -> str:
    return t.n("trumps.cards", n)


def suit_named(t: T, suit: str) -> str:
    return t("trumps.suit_named", sym=SUIT_SYMBOLS[suit], name=t(f"trumps.suit.{suit}"))


def top_kind(top: str, trump: str) -> str:
    """How the top card stands to a player with ``trump``: ``plain``, ``trump`` or ``ace`` (§3.4)."""
    c = Card.parse(top)
    if c.suit != trump:
        return "plain"
    return "ace" if c.rank == 1 else "trump"


def why_text(t: T, pickup: Pickup) -> str:
    """Why a pick-up takes this many cards, for the player picking up: "your trump: 5 cards"."""
    return t(f"trumps.why.{pickup['reason']}", cards=cards_text(t, pickup["count"]))


# --- the log -------------------------------------------------------------------------------------------
def log_lines(t: T, names: list[str], events: list[Event]) -> list[str]:
    """One sentence per public event, except that a beat and the second card after it read as one."""
    out: list[str] = []
    i = 0
    last_card = ""
    while i < len(events):
        e = events[i]
        nxt = events[i + 1] if i + 1 < len(events) else None
        if e["type"] == "trumps.end":
            out.append(end_line(t, names, e, last_card))
            i += 1
            continue
        last_card = e.get("card", last_card)
        if e["type"] == "trumps.beat" and nxt is not None and nxt["type"] == "trumps.second":
            last_card = nxt["card"]
            out.append(t("trumps.log.beat_second", name=names[e["seat"]], beaten=card_text(e["beaten"]),
                         card=card_text(e["card"]), second=card_text(nxt["card"])))
            i += 2
            continue
        out.extend(event_lines(t, names, e, last=nxt is not None and nxt["type"] == "trumps.end"))
        i += 1
    return out


def event_lines(t: T, names: list[str], e: Event, last: bool = False) -> list[str]:
    kind = e["type"].split(".", 1)[1]
    if kind == "choose_trump":
        return [t("trumps.log.choose", name=names[e["seat"]], suit=suit_named(t, e["suit"]))]
    if kind == "deal":
        return [t("trumps.log.deal", dealer=names[e["dealer"]], first=names[e["first"]])]
    if kind == "six_transfer":
        if not e["moves"]:
            return [t("trumps.log.no_six")]
        return [t("trumps.log.six", giver=names[m["from"]], taker=names[m["to"]], card=card_text(m["card"]))
                for m in e["moves"]]
    if kind == "lead":
        return [t("trumps.log.lead", name=names[e["seat"]], card=card_text(e["card"]))]
    if kind == "beat":
        key = "trumps.log.beat_last" if last else "trumps.log.beat"
        return [t(key, name=names[e["seat"]], beaten=card_text(e["beaten"]), card=card_text(e["card"]))]
    if kind == "second":  # only reached when its beat is not the event before (never in a real log)
        return [t("trumps.log.lead", name=names[e["seat"]], card=card_text(e["card"]))]
    if kind == "pick_up":
        cards = e["cards"]
        top = card_text(cards[0]) if cards else ""
        return [t(f"trumps.log.pickup.{e['reason']}", name=names[e["seat"]], cards=cards_text(t, e["count"]),
                  top=top, list=", ".join(card_text(c) for c in cards))]
    return []


def end_line(t: T, names: list[str], e: Event, last_card: str) -> str:
    """The end of the game; ``last_card`` is the card the winner went out with."""
    reason = e["reason"]
    if reason in ("repetition", "move_limit"):
        return t(f"trumps.log.end.{reason}")
    seat = e["seat"]
    other = 1 - seat
    if reason == "draw_check":
        card = card_text(last_card) if last_card else "…"  # an end event read on its own does not name the card
        return t("trumps.log.end.draw_check", name=names[seat], other=names[other], card=card)
    return t("trumps.log.end.out", name=names[seat], other=names[other],
             cards=cards_text(t, e["hand_counts"][other]))


# --- rules in words -------------------------------------------------------------------------------------
def rule_line(t: T, top: str, trump: str, you: bool, name: str) -> str:
    """Which cards beat ``top`` for the player to move (with ``trump``)."""
    kind = top_kind(top, trump)
    whose = "you" if you else "other"
    return t(f"trumps.rule.{kind}.{whose}", suit=SUIT_SYMBOLS[Card.parse(top).suit], trump=SUIT_SYMBOLS[trump],
             name=name)


def beaters_line(t: T, n: int) -> str:
    if n == 0:
        return t("trumps.beaters.none")
    return t("trumps.beaters.one") if n == 1 else t.n("trumps.beaters.many", n)


# --- what to do now -------------------------------------------------------------------------------------
def my_prompt(t: T, obs: Obs) -> str:
    """The second status line for the player to move."""
    phase, top = obs["phase"], obs["top"]
    if phase == "second":
        return t("trumps.status.second")
    if top is None:
        return t("trumps.status.lead")
    if obs["beaters"]:
        return t("trumps.status.beat", top=card_text(top))
    return t("trumps.status.pickup", top=card_text(top), why=why_text(t, offered_pickup(obs)))


def other_prompt(t: T, obs: Obs, name: str) -> str:
    phase, top = obs["phase"], obs["top"]
    if phase == "second":
        return t("trumps.status.other_second", name=name)
    if top is None:
        return t("trumps.status.other_lead", name=name)
    return t("trumps.status.other_beat", name=name, top=card_text(top))


def result_line(t: T, names: list[str], obs: Obs) -> str:
    if obs["result"] in ("repetition", "move_limit"):
        return t(f"trumps.status.{obs['result']}_end")
    if len(obs["winners"]) == 2:
        return t("trumps.status.draw_check")
    return t("trumps.status.win", name=names[obs["winners"][0]])


def hint_text(t: T, obs: Obs, a: Action) -> str:
    if a.kind == "choose_trump":
        return t("trumps.hint.choose", suit=suit_named(t, a["suit"]))
    if a.kind == "pick_up":
        return t("trumps.hint.pick_up", top=card_text(pile_top(obs)), why=why_text(t, offered_pickup(obs)))
    card = card_text(a["card"])
    if obs["phase"] == "second":
        return t("trumps.hint.second", card=card)
    if obs["top"] is None:
        return t("trumps.hint.lead", card=card)
    return t("trumps.hint.beat", card=card, top=card_text(obs["top"]))


# --- the end screen -------------------------------------------------------------------------------------
def end_columns(t: T, obs: Obs, log: list[Event]) -> list[list[str]]:
    """Per player: the result with the cards left, the trump, and how often they picked up."""
    cols: list[list[str]] = []
    winners, counts = obs["winners"], obs["scores"]
    for seat in (0, 1):
        left = cards_text(t, counts[seat])
        if obs["result"] in ("repetition", "move_limit"):
            rows = [t(f"trumps.end.draw_{obs['result']}", cards=left)]
        elif len(winners) == 2:
            rows = [t("trumps.end.draw")]
        elif seat in winners:
            rows = [t("trumps.end.win")]
        else:
            rows = [t("trumps.end.loss", cards=left)]
        trump = obs["trumps"][seat]
        if trump is not None:
            rows.append(t("trumps.end.trump", suit=suit_named(t, trump)))
        picks = [e for e in log if e["type"] == "trumps.pick_up" and e["seat"] == seat]
        taken = cards_text(t, sum(e["count"] for e in picks))
        if not picks:
            rows.append(t("trumps.end.no_pickups"))
        elif len(picks) == 1:
            rows.append(t("trumps.end.pickups_one", cards=taken))
        else:
            rows.append(t.n("trumps.end.pickups", len(picks), cards=taken))
        cols.append(rows)
    return cols


def cue_cases(t: T, name: str) -> list[list[list[tuple[str, int, bool]]]]:
    """What the cue beside the pile keeps saying where it is short (its first lines, without the pile's size
    and the legend), case by case: each line as the (text, base size, bold) choices it may be. A half table
    measures the longest to size its column."""
    card = "10♦"
    rules = {whose: [(t(f"trumps.rule.{kind}.{whose}", suit="♦", trump="♠", name=name), 24, False)
                     for kind in ("plain", "trump", "ace")] for whose in ("you", "other")}
    beaters = [(t("trumps.beaters.none"), 24, True), (t("trumps.beaters.one"), 24, True),
               (t.n("trumps.beaters.many", 10), 24, True)]
    to_beat = [(t("trumps.to_beat", card=card), 36, True)]
    said = [(t("trumps.cue.second_you", beaten=card, other=name), 24, False),
            (t("trumps.cue.second_other", name=name, beaten=card, other=name), 24, False)]
    return [[to_beat, rules["you"], beaters], [to_beat, rules["other"]],
            [[(t("trumps.cue.second"), 36, True)], said], [[(t("trumps.pile_empty"), 32, True)]]]


def status_cases(t: T, name: str) -> list[list[list[tuple[str, int, bool]]]]:
    """The status panel's lines in the same form: the turn, then what to do."""
    card = "10♦"
    why = t("trumps.why.trump_ace", cards=cards_text(t, 36))
    mine = [t("trumps.status.lead"), t("trumps.status.beat", top=card), t("trumps.status.second"),
            t("trumps.status.pickup", top=card, why=why)]
    other = [t("trumps.status.other_lead", name=name), t("trumps.status.other_beat", name=name, top=card),
             t("trumps.status.other_second", name=name)]
    yours, thinking, theirs = headlines(t, name)
    return [[[(yours, 30, True)], [(p, 26, False) for p in mine]],
            [[(theirs, 30, True), (thinking, 30, True)], [(p, 24, False) for p in other]]]
