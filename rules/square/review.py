"""Card Square review: the expected change of one's own square sum (lower is better) of each exchange.

A slot the seat knows counts its card's value; a slot it does not know counts the average of the cards it has
not seen (its memory, ``rules.square.memory``, rebuilt from its own observations). A drawn card can replace a
slot or be discarded; a draw is worth what the best of those would bring, averaged over the unseen cards.
"""
from __future__ import annotations

from collections.abc import Sequence

from rules.cards import Card
from rules.core import Action
from rules.match import Match
from rules.review import Moment, decisions, seen_at
from rules.shapes import Observation
from rules.square.memory import Memory, recall
from rules.square.state import card_value
from rules.square.types import SquareObs, square_seen

SLACK = 1.0  # points of expected square sum
POSITIONS = ((1, 1), (1, 2), (2, 1), (2, 2))


def slot_values(mem: Memory) -> list[float]:
    pool = mem.pool()
    avg = sum(card_value(c) for c in pool) / len(pool) if pool else 0.0
    return [float(card_value(c)) if c is not None else avg for c in mem.known[mem.me]]


def _pos(action: Action) -> int:
    pos: tuple[int, int] = action["pos"]
    r, c = pos
    return (r - 1) * 2 + (c - 1)


def options(obs: SquareObs, mem: Memory) -> dict[Action, float]:
    """The expected change of the square sum for each judged option of this decision."""
    slots = slot_values(mem)
    legal = [Action.from_dict(a) for a in obs["legal"]]
    out: dict[Action, float] = {}
    if obs["phase"] == "drawn" and mem.drawn is not None:
        v = card_value(mem.drawn)
        for a in legal:
            if a.kind == "swap":
                out[a] = v - slots[_pos(a)]
            elif a.kind == "discard":
                out[a] = 0.0
    elif obs["phase"] == "turn":
        top = obs.get("discard_top")
        for a in legal:
            if a.kind == "take" and top:
                out[a] = card_value(Card.parse(top)) - slots[_pos(a)]
            elif a.kind == "draw":
                pool = mem.pool()
                out[a] = (sum(min(0.0, min(card_value(c) - s for s in slots)) for c in pool) / len(pool)
                          if pool else 0.0)
    return out


def judge(seen: Sequence[Observation], chosen: Action, index: int) -> Moment | None:
    mine = square_seen(seen)
    obs = mine[-1]
    values = options(obs, recall(mine))
    if chosen not in values or len(values) < 2:
        return None
    best = min(values, key=lambda a: values[a])
    lost = values[chosen] - values[best]
    if lost < SLACK:
        return Moment(index, chosen, params={"change": f"{values[chosen]:+.1f}"})
    return Moment(index, chosen, best, lost, "review.square.change",
                  {"change": f"{values[chosen]:+.1f}", "best": f"{values[best]:+.1f}"})


def review(match: Match, seat: int) -> list[Moment]:
    out = []
    for i in decisions(match, seat):
        m = judge(seen_at(match, seat, i), match.actions[i], i)
        if m is not None:
            out.append(m)
    return out
