"""Own Trumps level 3's look-ahead: the greedy answer it plays for the opponent, and how it ranks lines."""
from __future__ import annotations

import random

from rules.core import Action
from rules.trumps.bot import WIN, GreedyBaseline, Search, make, position_from
from rules.trumps.core import NAMES
from rules.trumps.lookahead import WON, Lookahead, _greedy_turn, outcome, rank
from rules.trumps.state import from_position, new_game


def test_the_greedy_turn_is_the_greedy_baselines_turn():
    """Through the real rules: the model's greedy turn lands where the baseline's moves do."""
    greedy, rng, checked = GreedyBaseline(), random.Random(3), 0
    for seed in range(12):
        state = new_game(seed=seed, trumps=("S", "D"))
        while not state.is_over and checked < 400:
            seat = state.to_move
            search = Search((state.trump(0), state.trump(1)), seat)
            expected, end = _greedy_turn(search, position_from(state.observe(seat)))
            while not state.is_over and state.to_move == seat:
                state = state.apply(greedy.choose([state.observe(seat)], rng))
            if state.result == "repetition":  # the model keeps no record of positions
                break
            if end is None:
                assert (state.hands, state.pile, state.turn) == expected[:3]
            else:
                assert state.winners == ((seat,) if end > 0 else (1 - seat,) if end < 0 else (0, 1))
            checked += 1
    assert checked > 150


def test_a_win_against_the_greedy_answer_outranks_a_better_value_against_level_2():
    assert WON == WIN
    assert outcome(WIN + 3) == 1 and outcome(-WIN) == -1 and outcome(0) == 0 and outcome(-40) == 0
    assert rank(WIN + 1, -WIN - 9) > rank(-WIN - 1, WIN + 9)  # wins against greedy, loses against level 2
    assert rank(WIN + 1, WIN + 2) > rank(WIN + 9, WIN + 1)  # both win against greedy: level 2's answer decides
    assert rank(20, 0) > rank(-WIN - 1, WIN + 9)  # not losing to greedy beats losing to it


def test_level_3_plays_the_line_that_wins_against_the_greedy_answer():
    """Seed 2002 against the greedy baseline, ♣ the opponent's trump and ♥ mine: they hold Q♣ alone. A♣ makes
    them take the whole pile (22 cards) and wins against their greedy answer; played out with level 2 on both
    sides it loses (their new hand holds my top trumps), and so does every other card. Judged by the level-2
    answer alone, level 3 played K♣ here (they take three) and lost the game; A♣ won it."""
    hand = ["6C", "8D", "8S", "9S", "TD", "TS", "JD", "JS", "QD", "QH", "QS", "KC", "KD", "AC", "AD"]
    pile = ["6S", "6H", "TC", "KH", "6D", "7D", "9D", "7H", "8H", "AH", "KS", "9H", "TH", "7C", "AS", "JH", "7S",
            "8C", "9C", "JC"]
    state = from_position([["QC"], hand], pile, ("C", "H"), 1, "second")
    obs = state.observe(1)
    look = Lookahead((Search((0, 2), 0), Search((0, 2), 1)), 1)
    values = {NAMES[line[0]]: (look.value(p, e, greedy_opponent=True), look.value(p, e))
              for line, p, e in look.sides[1].lines(position_from(obs), True)}
    assert outcome(values["AC"][0]) == 1 and outcome(values["AC"][1]) == -1
    assert values["KC"][1] > values["AC"][1]  # the level-2 answer alone prefers K♣
    assert make(3).choose([obs], random.Random(0)) == Action.make("play", card="AC")


def test_level_3_looks_five_turns_past_each_line_within_its_step_budget():
    """Three turns after a line (the opponent's answer, my next turn, theirs) won 77.2% of 200 paired games
    against level 2; five turns (and twice the play-out steps to pay for them) won 93.5% (docs/decisions.md)."""
    bot = make(3)
    assert (bot.depth, bot.budget, bot.whole_turn) == (5, 800_000, True)
    assert make(2).depth == 0
