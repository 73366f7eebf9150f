"""Own Trumps computer players: legal, deterministic, built on observations only, and stronger than baselines."""
from __future__ import annotations

import json
import random

import pytest

from rules.bots import RandomBot, make_bot
from rules.trumps.bot import WIN, GreedyBaseline, Search, position_from
from rules.trumps.core import NAMES
from rules.trumps.state import from_position, new_game
from tools.arena import play_out, win_rate


def test_every_level_plays_legal_moves_to_the_end():
    for level in (1, 2, 3):
        for seed in (3, 4):
            out = play_out("trumps", (make_bot("trumps", level), RandomBot()), seed)  # apply refuses illegal moves
            assert out.winners


def test_same_observations_and_seed_give_the_same_move():
    state = new_game(seed=21, trumps=("S", "C"))
    for _ in range(6):  # a few moves in, so there is a pile to beat
        state = state.apply(state.legal_actions()[0])
    seen = [json.loads(json.dumps(state.observe(state.to_move)))]  # plain JSON: nothing but the observation
    for level in (1, 2, 3):
        moves = {make_bot("trumps", level).choose(seen, random.Random(5)) for _ in range(3)}
        assert len(moves) == 1
    a = play_out("trumps", (make_bot("trumps", 3), make_bot("trumps", 2)), 17)
    b = play_out("trumps", (make_bot("trumps", 3), make_bot("trumps", 2)), 17)
    assert a == b


def test_the_opponents_hand_is_deduced_from_the_observation():
    state = new_game(seed=8)
    rng = random.Random(8)
    for _ in range(40):
        if state.is_over:
            break
        if state.phase != "choose_trump":
            seat = state.to_move
            hands, pile, turn, _ = position_from(state.observe(seat))
            assert hands == state.hands and pile == state.pile and turn == seat
        state = state.apply(rng.choice(state.legal_actions()))


def test_the_play_out_is_the_greedy_game():
    """The search's fast play-out must agree with two greedy players going through the real rules."""
    rng = random.Random(0)
    for seed in range(12):
        state = new_game(seed=seed, trumps=("C", "H"))
        value = Search((0, 2), 0).playout(position_from(state.observe(state.to_move)))
        greedy = GreedyBaseline()
        while not state.is_over:
            state = state.apply(greedy.choose([state.observe(state.to_move)], rng))
        if state.result == "repetition":
            continue
        expected = 0 if state.result == "draw" else (
            WIN + state.scores[1] if state.winners == (0,) else -(WIN + state.scores[0]))
        assert value == expected, seed


def test_the_search_avoids_the_draw_check_that_greedy_walks_into():
    """P (♥) beats 9♣ holding Q♣ and 6♥ against one 7♥: Q♣ then 6♥ is a draw (7♥ beats 6♥), 6♥ then Q♣ wins."""
    rest = [c for c in NAMES if c not in ("QC", "6H", "7H", "9C")]
    state = from_position([["QC", "6H"], ["7H"]], [*rest, "9C"], ("H", "D"), 0)
    seen = [state.observe(0)]
    assert GreedyBaseline().choose(seen, random.Random(0))["card"] == "QC"
    for level in (1, 2, 3):
        choice = make_bot("trumps", level).choose(seen, random.Random(0))
        assert choice["card"] == "6H"
        after = state.apply(choice)
        assert after.apply(after.legal_actions()[0]).winners == (0,)


@pytest.mark.parametrize("level,villain,games,floor", [
    (1, RandomBot(), 30, 0.85), (2, GreedyBaseline(), 40, 0.65),
])
def test_small_sample_advantage(level, villain, games, floor):
    """Measured over 200 games: level 1 wins ~98% against random, level 2 ~85% against greedy."""
    assert win_rate("trumps", make_bot("trumps", level), villain, games, first_seed=300) >= floor


def test_greedy_baseline_beats_with_the_cheapest_and_leads_the_lowest():
    rest = [c for c in NAMES if c not in ("KC", "6H", "8S", "JC", "9C", "AS")]
    state = from_position([["KC", "6H", "8S", "JC", "AS"], rest], ["9C"], ("H", "D"), 0)
    g = GreedyBaseline()
    assert g.choose([state.observe(0)], random.Random(0))["card"] == "JC"  # not K♣, not the trump 6♥
    state = state.apply(g.choose([state.observe(0)], random.Random(0)))
    assert g.choose([state.observe(0)], random.Random(0))["card"] == "8S"  # the lowest non-trump
