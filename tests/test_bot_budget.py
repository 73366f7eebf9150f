"""The searching level honours its budget (counted in work, never time) and a seed gives one move."""
from __future__ import annotations

import random

import rules
from rules.bots import make_bot
from rules.kombi.search import KombiSearchBot
from rules.trumps.state import new_game as trumps_game


def _trumps_view(seed: int = 21) -> list[dict]:
    state = trumps_game(seed=seed, trumps=("S", "C"))
    for _ in range(6):
        state = state.apply(state.legal_actions()[0])
    return [state.observe(state.to_move)]


def test_trumps_level3_stops_deepening_when_its_budget_is_spent():
    seen = _trumps_view()
    bot = make_bot("trumps", 3)
    level2 = make_bot("trumps", 2)
    # No budget left for the look-ahead: every line keeps its level-2 value, so it is level 2's move.
    assert bot.choose(seen, random.Random(1), budget=0) == level2.choose(seen, random.Random(1))
    small_work = bot.last_work
    assert small_work == level2.last_work
    bot.choose(seen, random.Random(1), budget=small_work + 1)
    some = bot.last_work
    bot.choose(seen, random.Random(1))
    assert small_work < some <= bot.last_work


def test_trumps_level3_same_seed_same_move():
    seen = _trumps_view(5)
    moves = {make_bot("trumps", 3).choose(seen, random.Random(7)) for _ in range(2)}
    assert len(moves) == 1


def _kombi_view() -> list[dict]:
    state = rules.new_game("kombi", seed=12)
    for _ in range(6):
        state = state.apply(state.legal_actions()[0])
    return [state.observe(state.to_move)]


def test_kombi_level3_counts_its_playouts_and_repeats_itself():
    seen = _kombi_view()
    bot = make_bot("kombi", 3)
    assert isinstance(bot, KombiSearchBot)
    first = bot.choose(seen, random.Random(3), budget=40)
    assert 0 < bot.last_playouts <= 40
    assert bot.choose(seen, random.Random(3), budget=40) == first
    bot.choose(seen, random.Random(3), budget=8)
    assert bot.last_playouts <= 8
    assert first.to_json() in seen[-1]["legal"]
