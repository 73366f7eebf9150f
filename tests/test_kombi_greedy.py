"""Kombi-Duell's greedy baseline: the most points now, else the exchange that lets it score, else a draw."""
from __future__ import annotations

import random

from rules.core import Action
from rules.kombi.greedy import GreedyBaseline


def _choose(obs: dict) -> Action:
    return GreedyBaseline().choose([obs], random.Random(0))


def test_it_plays_the_highest_scoring_set_of_combinations():
    triple = {"kind": "play", "combos": [["7C", "7D", "7H"]]}
    run = {"kind": "play", "combos": [["4S", "5S", "6S", "7S"]]}
    both = {"kind": "play", "combos": [["7C", "7D", "7H"], ["4S", "5S", "6S"]]}
    obs = {"legal": [{"kind": "draw"}, triple, run, both, {"kind": "pass"}], "done": [],
           "hand": ["7C", "7D", "7H", "4S", "5S", "6S", "7S"]}
    assert _choose(obs) == Action.from_dict(both)  # 10 + 6 beats 8 and 10


def test_it_exchanges_only_for_a_play_it_can_make_this_turn_else_draws():
    legal = [{"kind": "draw"}, {"kind": "exchange", "hand": "2C", "area": "9H"},
             {"kind": "exchange", "hand": "2C", "area": "KD"}, {"kind": "pass"}]
    obs = {"legal": legal, "done": [], "hand": ["2C", "KH", "KS", "5D"]}
    assert _choose(obs) == Action.make("exchange", hand="2C", area="KD")  # K K K: a triple at once
    assert _choose({**obs, "done": ["play"]}) == Action.make("draw")  # no PLAY left this turn: no reason to
    assert _choose({**obs, "hand": ["2C", "3H", "8S", "5D"]}) == Action.make("draw")
    assert _choose({"legal": [{"kind": "pass"}], "done": ["draw", "exchange"], "hand": ["2C"]}) == Action.make("pass")
