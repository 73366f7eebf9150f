"""Card Square's belief over the unseen square cards: for each slot, how likely each card is, from what a seat saw.

A belief is the weighted determinizations of rules/square/search.py ``Deals``: every card the seat saw stays where
its memory puts it (initial look, peeks, spies, Queen looks, takes, its own swaps, and each of them carried along
by every blind Jack swap and Queen swap); every card that went face up is out of the unseen pool; the opponent's
slots honour the bounds its choices imply (``Facts``) and each deal is weighted by how many of its choices level 2
would not have made with those cards (rules/square/belief.py). A slot's expected value is the weighted mean over
the deals, so it only ever holds cards that are still unseen, each at most once per deal.
"""
from __future__ import annotations

import random

from rules.square.search import Deals
from rules.square.sim import RANK, VALUE

PARTICLES = 120  # determinizations weighed per decision (the Expert's belief budget, a work count)


class Belief:
    """Per slot (``owner * 4 + index``): the expected value and the share of each rank, over weighted deals."""

    def __init__(self, deals: Deals, rng: random.Random, particles: int = PARTICLES) -> None:
        deals.weigh(rng, particles)
        assert deals.particles is not None  # weigh() made them
        self.deals = deals
        total = sum(deals.weights)
        self.known = [deals.cards[k] is not None for k in range(8)]
        self.ev = [0.0] * 8
        self.sq = [0.0] * 8
        self.ranks = [[0.0] * 14 for _ in range(8)]  # [slot][rank 1..13]: probability
        holes = [k for k in range(8) if not self.known[k]]
        for k in range(8):
            card = deals.cards[k]
            if card is not None:  # seen: exact, whatever the deals' rounding
                self.ev[k], self.sq[k], self.ranks[k][RANK[card]] = VALUE[card], VALUE[card] ** 2, 1.0
        for sim, w in zip(deals.particles, deals.weights, strict=True):
            share = w / total
            for k in holes:
                card = sim.cards[k]
                v = VALUE[card]
                self.ev[k] += share * v
                self.sq[k] += share * v * v
                self.ranks[k][RANK[card]] += share

    def value(self, owner: int, index: int) -> float:
        """The expected value of the card at ``index`` of ``owner``'s square."""
        return self.ev[4 * owner + index]

    def spread(self, owner: int, index: int) -> float:
        """The variance of that card's value (0 for a card the seat has seen)."""
        k = 4 * owner + index
        return max(0.0, self.sq[k] - self.ev[k] ** 2)

    def rank_copies(self, rank: int) -> float:
        """The expected number of cards of ``rank`` in the slots the seat has not seen."""
        return sum(self.ranks[k][rank] for k in range(8) if not self.known[k])
