"""The Own Trumps endgame solver agrees with plain minimax over the real rules, repetitions included."""
from __future__ import annotations

import random

import pytest

from rules.core import Action
from rules.trumps import from_position
from rules.trumps.core import NAMES
from rules.trumps.solver import PICK, Solver, key_of, solve_state, twice_seen
from rules.trumps.state import TrumpsState

CAP = 1500  # brute-force nodes: positions whose full game tree is bigger are left out of the set


class TooBig(Exception):
    pass


def brute(state: TrumpsState, counter: list[int], depth: int = 0) -> int:
    """The result for the seat to move (1 win, 0 draw, -1 loss): minimax over ``apply``, no table, no pruning."""
    counter[0] += 1
    if counter[0] > CAP or depth > 120:
        raise TooBig
    me = state.to_move
    best = -2
    for action in state.legal_actions():
        nxt = state.apply(action)
        if nxt.is_over:
            v = 0 if len(nxt.winners) == 2 else (1 if nxt.winners == (me,) else -1)
        else:
            v = brute(nxt, counter, depth + 1) * (1 if nxt.to_move == me else -1)
        best = max(best, v)
    return best


def generated(seed: int, cards: int) -> TrumpsState:
    rng = random.Random(seed)
    deck = list(NAMES)
    rng.shuffle(deck)
    split = rng.randint(1, cards - 1)
    trumps = rng.sample("CDHS", 2)
    phase = "second" if rng.random() < 0.3 else "play"
    return from_position([deck[:split], deck[split:cards]], deck[cards:], trumps, rng.randrange(2), phase)


def positions(cards: int, tries: int = 24):
    for seed in range(tries):
            state = generated(1000 * cards + seed, cards)
            counter = [0]
            try:
                value = brute(state, counter)
            except TooBig:
                continue
            yield state, value


@pytest.mark.parametrize("cards", range(2, 11))
def test_the_solver_agrees_with_brute_force_up_to_ten_cards(cards):
    checked = 0
    for state, value in positions(cards):
        solved = solve_state(state)
        assert solved is not None
        assert solved.value == value, (state.position_key, solved, value)
        # the move it names keeps the value
        nxt = state.apply(Action.make("pick_up") if solved.move == PICK else
                          Action.make("play", card=NAMES[solved.move]))
        if nxt.is_over:
            got = 0 if len(nxt.winners) == 2 else (1 if nxt.winners == (state.to_move,) else -1)
        else:
            try:
                got = brute(nxt, [0]) * (1 if nxt.to_move == state.to_move else -1)
            except TooBig:  # the move's subtree can be bigger than the position's pruned tree
                continue
        assert got == value
        checked += 1
    assert checked >= 3


def test_repetition_counts_of_the_game_are_respected():
    # seat 1 (trump D) leads 6S; seat 0 (trump H) cannot beat and picks it up: the start repeats.
    deck = [c for c in NAMES if c not in ("6S", "7S", "AH", "6C")]
    state = from_position([["6C", "7S"], ["6S", "AH"]], deck, ["C", "D"], 1)
    solver = Solver((state.trump(0), state.trump(1)), twice=twice_seen(state.seen.as_dict()))
    fresh = solver.solve(key_of(state.position_key))
    assert fresh is not None
    assert fresh.value == brute(state, [0])


@pytest.mark.parametrize("seed", range(3))
def test_a_position_met_twice_before_is_a_draw_on_entry(seed):
    """Walk a real game into a cycle and compare with brute force at every step of it."""
    rng = random.Random(seed)
    deck = list(NAMES)
    rng.shuffle(deck)
    state = from_position([deck[:3], deck[3:6]], deck[6:], ["H", "S"], 0)
    for _ in range(12):
        if state.is_over:
            break
        try:
            value = brute(state, [0])
        except TooBig:
            value = None
        solved = solve_state(state, budget=20_000)
        if value is not None and solved is not None:
            assert solved.value == value
        state = state.apply(rng.choice(state.legal_actions()))


def test_the_strongest_bot_plays_a_proven_move_in_the_endgame():
    from rules.trumps.bot import endgame_move, make

    kinds = set()
    for state, value in positions(6):
        kinds.add(value)
        seat = state.to_move
        seen = [state.observe(seat)]
        move = endgame_move(seen)
        if value < 0:  # every move loses against perfect play: the search chooses, not the proof
            assert move is None
            continue
        assert move is not None
        assert make(3).choose(seen, random.Random(1)) == move
        nxt = state.apply(move)
        if not nxt.is_over:
            try:
                got = brute(nxt, [0]) * (1 if nxt.to_move == seat else -1)
            except TooBig:
                continue
            assert got == value
    assert kinds >= {-1, 1}, "the positions should include proven wins and proven losses"
