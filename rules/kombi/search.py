"""Kombi-Duell level 3: determinized Monte Carlo over level 2's best first steps, fed only by observations.

Each iteration deals the cards the bot cannot see (the opponent's hand and the draw pile) at random, keeping
the cards it watched the opponent take from the exchange area in the opponent's hand, builds that game as a
state and plays every candidate step in it to the end with a quick policy for both seats
(:mod:`rules.kombi.rollout`). The candidates are level 2's planner's best few first steps; they are compared
on the same deals, and another step replaces level 2's choice only when it does better by more than the noise
of the comparison. ``budget`` counts play-outs, never time: a seed always gives the same move.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Literal

from rules.cards import Card
from rules.core import Action
from rules.kombi.bot import STYLES, Planner, View, _view
from rules.kombi.plays import BIT_OF_NAME, CARD_OF_BIT, Played
from rules.kombi.rollout import FEED, joining, playout, quick_move
from rules.kombi.state import KombiState, action_from_json
from rules.kombi.types import KombiObs, PlayedJSON, kombi_seen
from rules.shapes import Observation

CANDIDATES = 4  # level 2's best first steps tried
BUDGET = 240  # play-outs per decision
SPREAD = 12.0  # level 2's value of a candidate is at most this far below its best
Z = 2.0  # how many standard errors better another step must do to overrule the first choice
BATCH = 8  # deals between looks at the race
DROP_Z = 0.5  # a step whose mean paired gain plus this many standard errors is not above zero drops out
_ALL = frozenset(range(52))


def _cards(obs: KombiObs, key: Literal["hand", "exchange"]) -> set[int]:
    return {BIT_OF_NAME[c] for c in obs[key]}


def _discarded(obs: KombiObs) -> set[int]:
    return {BIT_OF_NAME[c] for pile in obs["discards"] for combo in pile for c in combo["cards"]}


def known_cards(seen: Sequence[KombiObs]) -> frozenset[int]:
    """The cards the opponent must hold now: a card this seat saw (in its hand or the exchange area) that
    is nowhere in sight at a later observation can only have gone to the opponent's hand, since the draw
    pile never takes a card back; it stays known until it shows up again."""
    known: set[int] = set()
    before: set[int] | None = None
    for obs in seen:
        sight = _cards(obs, "hand") | _cards(obs, "exchange")
        visible = sight | _discarded(obs)
        if before is not None:
            known |= before - visible
        known -= visible
        before = sight
    return frozenset(known)


class Sampler:
    """Deals worlds consistent with one observation: the ``known`` cards in the opponent's hand, the other
    unseen cards at random in the rest of that hand and the draw pile. What the observation shows is
    decoded once."""

    def __init__(self, obs: KombiObs, known: frozenset[int] = frozenset()) -> None:
        self.me = obs["seat"]
        self.hand = tuple(BIT_OF_NAME[c] for c in obs["hand"])
        self.area = tuple(BIT_OF_NAME[c] for c in obs["exchange"])
        self.count = obs["hand_counts"][1 - self.me]
        self.held = tuple(sorted(known)[:self.count])
        gone = _discarded(obs)
        self.pool = sorted(_ALL - set(self.hand) - set(self.area) - gone - set(self.held))
        self.gone = _mask(gone)
        self.discards = tuple(tuple(_played(p) for p in pile) for pile in obs["discards"])
        to_move = obs["to_move"]
        assert to_move is not None  # worlds are dealt for a game that runs
        self.rest = (obs["scores"][0], obs["scores"][1]), obs["first"], to_move, tuple(obs["done"]), \
            obs["last_full_pass"]
        self.quiet = obs["quiet"]

    def world(self, rng: random.Random) -> KombiState:
        pool = list(self.pool)
        rng.shuffle(pool)
        split = self.count - len(self.held)
        other = self.held + tuple(pool[:split])
        hands = (self.hand, other) if self.me == 0 else (other, self.hand)
        points, first, to_move, done, full_pass = self.rest
        s = KombiState.__new__(KombiState)
        s._set(hands, (_mask(hands[0]), _mask(hands[1]), self.gone), self.area, tuple(pool[split:]), 0,
               (self.discards[0], self.discards[1]), points, first, to_move, done, full_pass, None, None)
        s._quiet = self.quiet
        return s


def sample_state(obs: KombiObs, rng: random.Random, known: frozenset[int] = frozenset()) -> KombiState:
    """A game consistent with ``obs`` (see :class:`Sampler`)."""
    return Sampler(obs, known).world(rng)


def _mask(bits: Iterable[int]) -> int:
    return sum(1 << b for b in bits)


def _played(entry: PlayedJSON) -> Played:
    return Played(tuple(Card.parse(c) for c in entry["cards"]), entry["kind"], entry["points"])


class InformedPlanner(Planner):
    """Level 2's planner that remembers what the opponent took from the exchange area: an exchange that
    puts a card joining one of those cards into the area costs :data:`FEED` points (the opponent is
    collecting them and would take it)."""

    def __init__(self, view: View, known: frozenset[int]) -> None:
        super().__init__(view, STYLES[2])
        self.known = known
        self._feeding = joining(_mask(known))

    def _options(self, hand: tuple[Card, ...], area: tuple[Card, ...], done: tuple[str, ...],
                 gained: int) -> list[tuple[float, Action]]:
        options = super()._options(hand, area, done, gained)
        if not self.known:
            return options
        feeding = self._feeding
        return [(value - FEED if a.kind == "exchange" and feeding >> BIT_OF_NAME[a["hand"]] & 1 else value, a)
                for value, a in options]


class _TurnFinisher:
    """Level 2's choice for the rest of the bot's own turn in a sampled world, so that every candidate is
    followed by the same player: the quick policy only takes over from the opponent's turn. Level 2 sees
    only what the bot would see, so its choice depends on the world only through a drawn card; each
    position is planned once."""

    def __init__(self, stalled: bool, known: frozenset[int]) -> None:
        self.stalled = stalled
        self.known = known
        self.plans: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[str, ...], int], Action] = {}

    def __call__(self, state: KombiState, me: int) -> KombiState:
        if state._end is not None or state._current != me:
            return state
        hand, area, gone = state._hands[me], state._area, state._masks[2]
        lead = state._points[me] - state._points[1 - me]
        key = (hand, area, state._done, lead)
        action = self.plans.get(key)
        if action is None:
            seen = set(hand) | set(area)
            pool = frozenset(CARD_OF_BIT[b] for b in range(52) if b not in seen and not gone >> b & 1)
            view = View(tuple(CARD_OF_BIT[b] for b in hand), tuple(CARD_OF_BIT[b] for b in area), pool,
                        len(state._deck) - state._top, lead, state._done, state._full_pass, self.stalled,
                        not state._exchange_open())
            planned = InformedPlanner(view, self.known).best()
            listed = {a: a for a in state.legal_actions()}
            action = self.plans[key] = listed.get(planned, state.legal_actions()[-1])
        return state.apply(action)


class KombiSearchBot:
    """Level 3: level 2's planner proposes, determinized play-outs decide."""

    def __init__(self, budget: int = BUDGET, candidates: int = CANDIDATES, z: float = Z,
                 spread: float = SPREAD) -> None:
        self.budget = budget  # play-outs per decision
        self.candidates = candidates
        self.z = z
        self.spread = spread
        self.last_playouts = 0

    def choose(self, seen: Sequence[Observation], rng: random.Random, budget: int | None = None) -> Action:
        mine = kombi_seen(seen)
        obs = mine[-1]
        legal = obs["legal"]
        if not legal:
            raise ValueError("asked to move without legal actions")
        known = known_cards(mine)
        view = _view(mine)
        ranked = InformedPlanner(view, known).ranked()
        top = ranked[0][0]
        moves: list[Action] = []
        for value, a in ranked:
            # Only steps level 2 itself finds close: the rest are clearly worse, or break its rules
            # against stalling (valued minus infinity).
            if value < top - self.spread or len(moves) == self.candidates:
                break
            if a not in moves and a.to_json() in legal:
                moves.append(a)
        self.last_playouts = 0
        if len(moves) < 2:
            return moves[0] if moves else action_from_json(legal[-1])
        me = obs["seat"]
        results: list[list[float]] = [[] for _ in moves]
        alive = list(range(len(moves)))
        canon: list[Action] = []
        finish = _TurnFinisher(view.stalled, known)
        known_mask = _mask(known)
        sampler = Sampler(obs, known)
        left = self.budget if budget is None else budget
        while len(alive) > 1 and left >= len(alive):
            world = sampler.world(rng)  # one deal for every candidate: they are compared on equal cards
            if not canon:
                listed = {a: a for a in world.legal_actions()}
                canon = [listed[a] for a in moves]  # the state's own action objects: applied without a search
            for i in alive:
                results[i].append(playout(finish(world.apply(canon[i]), me), me, known_mask))
            left -= len(alive)
            self.last_playouts += len(alive)
            if len(results[0]) % BATCH == 0:
                # A step that is not doing better than the first choice by now stops using the budget.
                alive = [0] + [i for i in alive[1:] if self._edge(results[i], results[0], -DROP_Z) > 0]
        return moves[self._pick(results, alive)]

    def _pick(self, results: list[list[float]], alive: list[int]) -> int:
        """The first choice unless another still in the race does better on the same deals by more than
        ``z`` standard errors of the paired difference."""
        best, best_edge = 0, 0.0
        for i in alive[1:] if len(results[0]) > 1 else ():
            edge = self._edge(results[i], results[0], self.z)
            if edge > best_edge:
                best, best_edge = i, edge
        return best

    @staticmethod
    def _edge(mine: list[float], first: list[float], z: float) -> float:
        """The mean paired difference less ``z`` standard errors (plus, for a negative ``z``)."""
        n = len(first)
        diffs = [a - b for a, b in zip(mine, first, strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
        sd: float = (var / n) ** 0.5  # a float: the variance is never negative
        return mean - z * sd


def make(budget: int = BUDGET) -> KombiSearchBot:
    return KombiSearchBot(budget)


__all__ = ["InformedPlanner", "KombiSearchBot", "Sampler", "known_cards", "make", "playout", "quick_move",
           "sample_state"]
