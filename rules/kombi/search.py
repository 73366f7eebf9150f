"""Kombi-Duell level 3: determinized Monte Carlo over level 2's best first steps, fed only by observations.

Each iteration deals the cards the bot cannot see (the opponent's hand and the draw pile) at random, builds
that game with the game's own state class, tries every candidate step in it and plays each to the end with a
quick policy for both sides (play the best combinations, draw, pass). The candidates are level 2's planner's
best few first steps; the one with the best average result is played, and level 2's choice unless another
one is clearly better. ``budget`` counts play-outs, never time: a seed always gives the same move.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rules.cards import standard_deck
from rules.core import Action
from rules.kombi.bot import STYLES, Planner, _view
from rules.kombi.state import DRAW, PASS, KombiState, Played, action_from_json

CANDIDATES = 4  # level 2's best first steps tried
MARGIN = 0.15  # how much better (in win share) another step must do to overrule level 2 (0.04 lost: 43%)
PLAYOUT_CAP = 400  # actions; a quick-policy game is far shorter
PACK = {str(c): c for c in standard_deck()}


def sample_state(obs: dict[str, Any], rng: random.Random) -> KombiState:
    """A game consistent with ``obs``: the unseen cards dealt at random to the opponent and the draw pile."""
    me = obs["seat"]
    hand = tuple(PACK[c] for c in obs["hand"])
    area = tuple(PACK[c] for c in obs["exchange"])
    discards = tuple(tuple(Played(tuple(PACK[c] for c in p["cards"]), p["kind"], p["points"]) for p in pile)
                     for pile in obs["discards"])
    seen = set(hand) | set(area) | {c for pile in discards for p in pile for c in p.cards}
    pool = [c for c in standard_deck() if c not in seen]
    rng.shuffle(pool)
    n = obs["hand_counts"][1 - me]
    hands = (hand, tuple(pool[:n])) if me == 0 else (tuple(pool[:n]), hand)
    return KombiState(hands=hands, area=area, pile=tuple(pool[n:]), discards=(discards[0], discards[1]),
                      points=(obs["scores"][0], obs["scores"][1]), first=obs["first"], current=obs["to_move"],
                      done=tuple(obs["done"]), last_full_pass=obs["last_full_pass"])


def quick_move(state: KombiState) -> Action:
    """The play-out policy: the best-scoring play, else a draw, else pass; and end the game when ahead."""
    legal = state.legal_actions()
    me = state.current
    lead = state.points[me] - state.points[1 - me]
    if not state.done and state.last_full_pass and lead > 0:
        return PASS  # a full pass now ends the game with a win
    for a in legal:
        if a.kind == "play":
            return a  # plays are listed most points first
    return DRAW if legal[0] is DRAW else PASS


def playout(state: KombiState, me: int) -> float:
    """Play to the end with the quick policy: 1 for a win, 0.5 for a draw, 0 for a loss (plus a little margin)."""
    for _ in range(PLAYOUT_CAP):
        if state.is_over:
            break
        state = state.apply(quick_move(state))
    margin = state.points[me] - state.points[1 - me]
    if not state.is_over:
        return 0.5 + margin / 1000
    win = 0.5 if margin == 0 else float(margin > 0)
    return win + margin / 1000


class KombiSearchBot:
    """Level 3: level 2's planner proposes, determinized play-outs decide."""

    def __init__(self, budget: int = 240, candidates: int = CANDIDATES) -> None:
        self.budget = budget  # play-outs per decision
        self.candidates = candidates
        self.margin = MARGIN
        self.last_playouts = 0

    def choose(self, seen: Sequence[dict[str, Any]], rng: random.Random, budget: int | None = None) -> Action:
        obs = seen[-1]
        legal = obs["legal"]
        if not legal:
            raise ValueError("asked to move without legal actions")
        ranked = Planner(_view(seen), STYLES[2]).ranked()
        moves: list[Action] = []
        for _, a in ranked:
            if a not in moves and a.to_json() in legal:
                moves.append(a)
            if len(moves) == self.candidates:
                break
        self.last_playouts = 0
        if len(moves) < 2:
            return moves[0] if moves else action_from_json(legal[-1])
        total = [0.0] * len(moves)
        rounds = max(1, (self.budget if budget is None else budget) // len(moves))
        for _ in range(rounds):
            world = sample_state(obs, rng)  # one deal for every candidate: they are compared on equal cards
            for i, a in enumerate(moves):
                total[i] += playout(world.apply(a), obs["seat"])
                self.last_playouts += 1
        best = max(range(len(moves)), key=lambda i: (total[i], -i))
        return moves[best] if total[best] > total[0] + self.margin * rounds else moves[0]


def make(budget: int = 240) -> KombiSearchBot:
    return KombiSearchBot(budget)


__all__ = ["KombiSearchBot", "make", "playout", "quick_move", "sample_state"]
