"""Card Square level 3: its simulator plays level 2's rules, its inference explains level 2, its search is
deterministic, works from observations only and keeps to its budget."""
from __future__ import annotations

import random

import rules
from rules.bots import RandomBot, make_bot
from rules.rng import derive
from rules.square.belief import ID, History
from rules.square.facts import Facts
from rules.square.memory import recall
from rules.square.search import Deals, SearchBot, move_of
from rules.square.sim import Sim
from tools.arena import play_out


def _games(seeds, bots=None):
    """(state, observations of the seat to move) at every decision of level-2 games."""
    for seed in seeds:
        state = rules.new_game("square", seed=seed)
        bots_ = bots or (make_bot("square", 2), make_bot("square", 2))
        seen: tuple[list, list] = ([], [])
        rngs = (derive(seed, "bot", 0), derive(seed, "bot", 1))
        while not state.is_over:
            seat = state.to_move
            seen[seat].append(state.observe(seat))
            yield state, seen[seat]
            state = state.apply(bots_[seat].choose(seen[seat], rngs[seat]))


def _true_sim(state) -> Sim:
    facts = Facts(state.log)
    return Sim([ID[c] for c in state.squares[0] + state.squares[1]], [ID[c] for c in reversed(state.draw)],
               [ID[c] for c in state.discard], facts.know, facts.over,
               -1 if state.knocked_by is None else state.knocked_by, state.to_move, facts.streak)


def test_the_simulator_makes_level_2s_choices():
    level2, checked, same = make_bot("square", 2), 0, 0
    for state, seen in _games(range(6)):
        if state.phase in ("turn", "drawn"):
            sim = _true_sim(state)
            mine = sim.turn_move() if state.phase == "turn" else sim.drawn_move(ID[state.drawn])
            checked += 1
            same += mine == move_of(level2.choose(seen, random.Random(0)))
    assert checked > 100 and same == checked


def test_the_true_cards_explain_every_choice_of_a_level_2_opponent():
    for state, _ in _games(range(4)):
        if state.phase == "turn":
            history = History(state.log, state.to_move)
            assert history.misses([ID[c] for c in state.squares[0] + state.squares[1]]) == 0


def test_determinizations_keep_what_the_seat_knows():
    for state, seen in _games(range(3)):
        if state.phase != "turn":
            continue
        mem = recall(seen)
        deals = Deals(seen[-1], mem)
        assert deals.ok
        sim = deals.deal(random.Random(1))
        for owner in (0, 1):
            for i, card in enumerate(mem.known[owner]):
                if card is not None:
                    assert sim.cards[4 * owner + i] == ID[card]
        assert sorted(sim.cards + sim.draw + sim.disc) == list(range(52))
        assert len(sim.draw) == len(state.draw)


def test_level_3_is_deterministic_and_keeps_to_its_budget():
    bot = SearchBot(playouts=60)
    searched = 0
    for state, seen in _games([7]):
        if state.to_move != 0 or state.phase != "turn" or searched >= 2:
            continue
        a = bot.choose(seen, random.Random(5))
        assert a == bot.choose(seen, random.Random(5)) and a in state.legal_actions()
        assert bot.last_playouts <= bot.playouts
        searched += bot.last_playouts > 0
    assert searched


def test_a_random_opponent_is_recognised():
    found = {True: 0, False: 0}
    for bots, random_opp in (((make_bot("square", 2), RandomBot()), True), ((make_bot("square", 2),) * 2, False)):
        for state, seen in _games(range(40, 47), bots):
            if state.to_move == 0 and state.phase == "turn" and len(History(state.log, 0).choices) >= 8:
                deals = Deals(seen[-1], recall(seen))
                deals.deal(random.Random(0))
                found[random_opp] += deals.opponent_random == random_opp
    assert found[True] >= 2 and found[False] >= 2


def test_level_3_plays_whole_games():
    for seed in (1, 2):
        out = play_out("square", (make_bot("square", 3), RandomBot()), seed)
        assert out.winners and out.actions < 1000
