"""What one cribbage seat has seen this hand, in the order OpenSpiel replays it (tools/ismcts_bridge.py).

Pure Python (no OpenSpiel), so the tests check it with the product's venv: ``hand_plays`` must give the very
order the engine played the hand in, from nothing but the seat's own observations.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.cards import RANK_CHARS, SUITS

Obs = dict[str, Any]


def os_id(card: str) -> int:
    """OpenSpiel's card id: suit (C D H S) * 13 + rank (A = 0 ... K = 12)."""
    return SUITS.index(card[1]) * 13 + RANK_CHARS.index(card[0])


def our_card(cid: int) -> str:
    return RANK_CHARS[cid % 13] + SUITS[cid // 13]


def value(card: str) -> int:
    return min(RANK_CHARS.index(card[0]) + 1, 10)


def hand_plays(seen: Sequence[Obs]) -> list[tuple[int, str]]:
    """Every play of the current hand so far, in order, as (seat, card), from the seat's observations.

    The seat is asked for each of its plays, so between two of its observations only its own card and the
    opponent's cards were played; a series that ended in between (its cards moved to ``played``) was the
    earlier series, then the seat's card, then the opponent's newly played cards."""
    obs = seen[-1]
    me, opp = obs["seat"], 1 - obs["seat"]
    ended: list[tuple[int, str]] = []
    prev = None
    for o in seen:
        if o["hand_no"] != obs["hand_no"] or o["phase"] != "play":
            continue
        if prev is not None:
            mine = set(prev["hand"]) - set(o["hand"])
            if len(mine) != 1:
                raise ValueError("the seat's hand did not lose exactly one card between two of its plays")
            done = sum(len(p) for p in o["played"])
            if done > len(ended):
                series = [(s["seat"], s["card"]) for s in prev["series"]]
                had = sum(1 for p, _ in ended if p == opp) + sum(1 for p, _ in series if p == opp)
                ended += series + [(me, mine.pop())] + [(opp, c) for c in o["played"][opp][had:]]
                if len(ended) != done:
                    raise ValueError("the ended series do not add up to the played cards")
        elif any(o["played"]):
            raise ValueError("a series ended before the seat's first play of the hand")
        prev = o
    return ended + [(s["seat"], s["card"]) for s in obs["series"]]


def opponent_floor(seen: Sequence[Obs], plays: list[tuple[int, str]]) -> int:
    """The opponent's unplayed cards are each worth more than this: it said Go at 31 minus it. Its Go's show
    in the seat's observations (``go``) while the series lasts, and in a series that ended below 31 on the
    seat's card while the opponent still held cards."""
    obs = seen[-1]
    me, opp = obs["seat"], 1 - obs["seat"]
    floor = 0
    for o in seen:
        if o["hand_no"] == obs["hand_no"] and o["phase"] == "play" and o["go"][opp]:
            floor = max(floor, 31 - o["count"])
    held = obs["hand_counts"][opp] + sum(1 for p, _ in plays if p == opp)  # before the hand's first play
    count, last = 0, None
    for seat, card in plays:
        if count + value(card) > 31:  # the series ended before this card
            if last == me and held > 0:
                floor = max(floor, 31 - count)
            count = 0
        count += value(card)
        held -= seat == opp
        last = seat
        if count == 31:
            count = 0
    return floor
