"""The Cribbage computer players: EV discards, lookahead pegging, a greedy baseline, and the bench report."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from math import comb

from rules.cards import Card, parse_cards, standard_deck
from rules.core import Action
from rules.cribbage.ev import DiscardOption, discard_table, discard_values
from rules.cribbage.score import peg_points, rank_points, value
from rules.cribbage.types import CribbageObs as Obs
from rules.cribbage.types import cribbage_legal, cribbage_seen
from rules.shapes import Observation

__all__ = ["CribbageBot", "DiscardOption", "HighestImmediateBaseline", "discard_table",
           "discard_values", "make"]

def _cut(obs: Obs, rng: random.Random) -> Action:
    """The depth is only a gesture (it reveals nothing), so the computer picks it at random, seeded."""
    return Action.from_dict(rng.choice(obs["legal"]))


def _play_action(card: Card) -> Action:
    return Action.make("play", card=str(card))


def _discard_action(pair: Sequence[str]) -> Action:
    return Action.make("discard", cards=list(pair))


class CribbageBot:
    """Level 1 discards for the kept hand alone and looks one card ahead; level 2+ counts the crib
    for or against itself and looks at its own answer to the opponent's reply as well."""

    def __init__(self, level: int = 2) -> None:
        self.level = level

    def choose(self, seen: Sequence[Observation], rng: random.Random) -> Action:
        mine = cribbage_seen(seen)
        obs = mine[-1]
        if not obs["legal"]:
            raise ValueError("asked to move without legal actions")
        if obs["cut"] is not None:
            return _cut(obs, rng)
        if obs["phase"] == "discard":
            best = discard_table(obs["hand"], obs["dealer"] == obs["seat"], with_crib=self.level >= 2)[0]
            return _discard_action(best.discard)
        return _play_action(choose_play(mine, deep=self.level >= 2))


# --- pegging lookahead ---------------------------------------------------------------------------

def _series(obs: Obs) -> list[Card]:
    return [Card.parse(x["card"]) for x in obs["series"]]


def opponent_pool(seen: Sequence[Obs]) -> tuple[list[Card], int]:
    """Cards the opponent may hold and how many they hold, narrowed by their earlier Go's this hand.

    A Go at count c means none of their cards was worth 31 - c or less, and they still hold a
    subset of those cards.
    """
    obs = seen[-1]
    opp = 1 - obs["seat"]
    known = set(parse_cards(obs["hand"])) | set(parse_cards(obs["my_discards"]))
    known |= {Card.parse(c) for pile in obs["played"] for c in pile} | set(_series(obs))
    if obs["starter"]:
        known.add(Card.parse(obs["starter"]))
    floor = 0
    for o in seen:
        if o["hand_no"] == obs["hand_no"] and o["phase"] == "play" and o["go"][opp]:
            floor = max(floor, 31 - o["count"])
    pool = [c for c in standard_deck() if c not in known and value(c) > floor]
    return pool, obs["hand_counts"][opp]


def _best_of(options: list[tuple[float, int]], pool_size: int, held: int) -> tuple[float, float]:
    """Expected value of the best option the opponent holds, and the chance they hold none.

    ``options`` are (value, how many pool cards give it); the opponent holds ``held`` cards drawn
    uniformly from the pool, and picks the best value among those they hold.
    """
    total = comb(pool_size, held) if held <= pool_size else 0
    if total == 0:
        return 0.0, 1.0
    expected, excluded, p_none_before = 0.0, 0, 1.0
    for val, count in sorted(options, key=lambda o: -o[0]):
        excluded += count
        p_none_after = comb(pool_size - excluded, held) / total
        expected += (p_none_before - p_none_after) * val
        p_none_before = p_none_after
    return expected, p_none_before


def _my_best(series: list[Card], count: int, rest: Sequence[Card]) -> float:
    """My best answer after the opponent's card; -1 when nothing fits (they likely take the go)."""
    fits = [peg_points([*series, c]) for c in rest if count + value(c) <= 31]
    if fits:
        return max(fits)
    return 0.0 if count == 31 else -1.0


def play_value(card: Card, hand: Sequence[Card], series: list[Card], count: int,
               pool: Sequence[Card], held: int, opp_out: bool, deep: bool) -> float:
    """Points this card scores, minus the opponent's expected best reply (net of my answer)."""
    s1, n1 = [*series, card], count + value(card)
    gain = float(peg_points(s1))
    rest = [c for c in hand if c != card]
    if n1 == 31:
        return gain
    ranks = Counter(c.rank for c in pool)
    options = []
    for rank, k in ranks.items():
        if n1 + min(rank, 10) <= 31 and not opp_out:
            s2 = [*s1, Card(rank, "C")]  # the suit never matters in the play
            reply = peg_points(s2) - (_my_best(s2, n1 + min(rank, 10), rest) if deep else 0.0)
            options.append((reply, k))
    against, p_none = _best_of(options, len(pool), held)
    fits = [peg_points([*s1, c]) for c in rest if n1 + value(c) <= 31]
    follow = max(fits) if fits else 1.0  # nobody can play: the go point is mine
    return gain - against + p_none * follow + 0.001 * value(card)  # ties: shed high cards first


def choose_play(seen: Sequence[Obs], deep: bool = True) -> Card:
    obs = seen[-1]
    legal = [Card.parse(a["card"]) for a in cribbage_legal(obs)]
    if len(legal) == 1:
        return legal[0]
    pool, held = opponent_pool(seen)
    opp_out = obs["go"][1 - obs["seat"]] or held == 0
    hand, series = parse_cards(obs["hand"]), _series(obs)
    return max(legal, key=lambda c: play_value(c, hand, series, obs["count"], pool, held, opp_out, deep))


# --- the baseline --------------------------------------------------------------------------------

def immediate_keep_points(keep: Sequence[Card]) -> int:
    """What four cards score right now, with no starter: fifteens, pairs, runs and a four-card flush."""
    flush = 4 if len({c.suit for c in keep}) == 1 else 0
    return rank_points(tuple(sorted(c.rank for c in keep))) + flush


class HighestImmediateBaseline:
    """Keeps the four cards scoring most right now and plays the card scoring most right now."""

    def choose(self, seen: Sequence[Observation], rng: random.Random) -> Action:
        obs = cribbage_seen(seen)[-1]
        if obs["cut"] is not None:
            return _cut(obs, rng)
        if obs["phase"] == "discard":
            hand = parse_cards(obs["hand"])
            pairs = [parse_cards(a["cards"]) for a in cribbage_legal(obs)]
            best = max(pairs, key=lambda p: immediate_keep_points([c for c in hand if c not in p]))
            return _discard_action([str(c) for c in best])
        series = _series(obs)
        legal = [Card.parse(a["card"]) for a in cribbage_legal(obs)]
        return _play_action(max(legal, key=lambda c: peg_points([*series, c])))


def make(level: int = 2) -> CribbageBot:
    """The computer opponent; level 1 is simpler, 2 and up the full player."""
    return CribbageBot(level)
