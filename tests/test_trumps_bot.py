"""The Own Trumps computer player: legal, deterministic, clearly stronger than random and greedy play."""
from __future__ import annotations

import random

from rules.bots import RandomBot, make_bot
from rules.bots.arena import play_out, win_rate
from rules.bots.trumps import GreedyBaseline
from rules.core import Action
from rules.trumps import new_game


def test_only_legal_moves_and_deterministic():
    bot = make_bot("trumps", 2)
    for seed in range(3):
        state = new_game(seed=seed)
        seen: list[dict] = []
        for _ in range(60):
            if state.is_over:
                break
            obs = state.observe(state.to_move)
            seen = seen + [obs]
            a = bot.choose(seen, random.Random(seed))
            assert a.to_json() in obs["legal"]
            assert a == bot.choose(seen, random.Random(seed)), "same observations and stream, same move"
            state = state.apply(Action.from_dict(a.to_json()))


def test_bot_games_end_and_replay_identically():
    bots = (make_bot("trumps", 1), make_bot("trumps", 2))
    first = [play_out("trumps", bots, seed) for seed in range(4)]
    assert first == [play_out("trumps", bots, seed) for seed in range(4)]


def test_stronger_than_random_and_greedy_in_a_small_sample():
    bot = make_bot("trumps", 2)
    assert win_rate("trumps", bot, RandomBot(), 16, first_seed=500) >= 0.8
    assert win_rate("trumps", bot, GreedyBaseline(), 16, first_seed=500) >= 0.55
