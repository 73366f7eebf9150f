"""Cribbage review: expected points lost by a discard (``rules.cribbage.ev``) and pegging points given away.

A discard is judged by the exact expected value of hand and crib over the cards the seat could not see. A
pegging card is worth the points it scores now minus what the opponent could score straight back, averaged
over the cards the seat could not see (a card the opponent may hold).
"""
from __future__ import annotations

from rules.cards import Card, pretty_cards, standard_deck
from rules.core import Action
from rules.cribbage.ev import discard_table
from rules.cribbage.score import peg_points
from rules.cribbage.types import CribbageObs, cribbage_obs
from rules.match import Match
from rules.review import Moment, decisions

DISCARD_SLACK = 0.05  # expected points: closer than this to the best discard is as good
PEG_SLACK = 0.5  # pegging points (own now minus the opponent's expected reply)
GOAL = 31


def _value(card: Card) -> int:
    return min(card.rank, 10)


def judge_discard(obs: CribbageObs, chosen: Action, index: int) -> Moment:
    options = discard_table(obs["hand"], obs["dealer"] == obs["seat"])
    mine = next(o for o in options if set(o.discard) == set(chosen["cards"]))
    best = options[0]
    lost = best.ev - mine.ev
    if lost < DISCARD_SLACK:
        return Moment(index, chosen, params={"ev": f"{mine.ev:.1f}"})
    better = Action.make("discard", cards=list(best.discard))
    return Moment(index, chosen, better, lost, "review.cribbage.discard",
                  {"loss": f"{lost:.1f}", "keep": pretty_cards(best.keep), "ev": f"{best.ev:.1f}"})


def unseen(obs: CribbageObs) -> list[Card]:
    known = set(obs["hand"]) | set(obs.get("my_discards") or []) | {s["card"] for s in obs["series"]}
    known |= {c for cards in obs["played"] for c in cards}
    if starter := obs.get("starter"):
        known.add(starter)
    return [c for c in standard_deck() if str(c) not in known]


def peg_value(obs: CribbageObs, card: str, pool: list[Card]) -> tuple[int, float]:
    """Points ``card`` scores now, and the opponent's expected points straight back."""
    series = [s["card"] for s in obs["series"]] + [card]
    now = peg_points(series)
    count = obs["count"] + _value(Card.parse(card))
    if obs["hand_counts"][1 - obs["seat"]] == 0 or not pool:
        return now, 0.0
    back = sum(peg_points([*series, str(c)]) for c in pool if count + _value(c) <= GOAL)
    return now, back / len(pool)


def judge_play(obs: CribbageObs, chosen: Action, index: int) -> Moment:
    legal = [Action.from_dict(a) for a in obs["legal"]]
    if len(legal) < 2:
        return Moment(index, chosen)
    pool = unseen(obs)
    values = {a: peg_value(obs, a["card"], pool) for a in legal}
    net = {a: now - back for a, (now, back) in values.items()}
    best = max(legal, key=lambda a: net[a])
    lost = net[best] - net[chosen]
    if lost < PEG_SLACK:
        return Moment(index, chosen)
    (now, back), (best_now, best_back) = values[chosen], values[best]
    if best_now > now:
        return Moment(index, chosen, best, lost, "review.cribbage.missed", {"points": best_now - now})
    return Moment(index, chosen, best, lost, "review.cribbage.gave", {"points": f"{back - best_back:.1f}"})


def review(match: Match, seat: int) -> list[Moment]:
    out = []
    for i in decisions(match, seat):
        action = match.actions[i]
        if action.kind == "discard":
            out.append(judge_discard(cribbage_obs(match.state_at(i).observe(seat)), action, i))
        elif action.kind == "play":
            out.append(judge_play(cribbage_obs(match.state_at(i).observe(seat)), action, i))
    return out
