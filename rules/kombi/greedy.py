"""Kombi-Duell's greedy baseline: the move that scores most now, with no plan (what the levels are measured against)."""
from __future__ import annotations

import random
from collections.abc import Sequence

from rules.cards import Card
from rules.core import Action
from rules.kombi.combos import combo_points, mask_cards, play_sets
from rules.kombi.types import KombiActionJSON, kombi_legal, kombi_obs
from rules.shapes import Observation


def _points(play: KombiActionJSON) -> int:
    return sum(combo_points(c) for c in play["combos"])


def _best_after(hand: list[Card]) -> int:
    """The most one PLAY scores from ``hand``."""
    best = 0
    for masks in play_sets(hand):
        best = max(best, sum(combo_points(mask_cards(hand, m)) for m in masks))
    return best


class GreedyBaseline:
    """Plays the highest-scoring set of combinations whenever it can; else takes the exchange that lets it play
    most at once (while a PLAY is still open this turn); else draws; else passes."""

    def choose(self, seen: Sequence[Observation], rng: random.Random) -> Action:
        obs = kombi_obs(seen[-1])
        legal = kombi_legal(obs)
        plays = [a for a in legal if a["kind"] == "play"]
        if plays:
            best_play = max(plays, key=_points)
            return Action.from_dict(best_play)
        exchanges = [a for a in legal if a["kind"] == "exchange"]
        if exchanges and "play" not in obs["done"]:
            hand = [Card.parse(c) for c in obs["hand"]]
            best, pick = 0, None
            for a in exchanges:
                swapped = [Card.parse(a["area"]) if str(c) == a["hand"] else c for c in hand]
                got = _best_after(swapped)
                if got > best:
                    best, pick = got, a
            if pick is not None:
                return Action.from_dict(pick)
        for a in legal:
            if a["kind"] == "draw":
                return Action.from_dict(a)
        return Action.make("pass")
