"""Card Square's Expert: its belief keeps what the seat saw (peeks, blind swaps, discards), never holds more copies
of a rank than are unseen, and the Expert decides from its own observations only, deterministically."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules.bots import RandomBot, make_bot
from rules.cards import Card, standard_deck
from rules.core import Action
from rules.rng import derive
from rules.square.expert import Expert
from rules.square.memory import recall
from rules.square.posterior import Belief
from rules.square.search import Deals
from rules.square.state import card_value, new_game
from tools.arena import play_out

# seat 0's square, seat 1's square, then the draw pile from its top: seat 0 (first) draws an 8, then a Jack
DECK = ["5S", "6S", "9H", "2C", "3D", "4D", "TS", "QH", "8C", "2H", "JD"]


def _deck() -> list[str]:
    rest = [str(c) for c in standard_deck() if str(c) not in DECK]
    return DECK + rest


def _belief(state, seen, seed: int = 0) -> Belief:
    deals = Deals(seen[-1], recall(seen))
    assert deals.ok
    return Belief(deals, random.Random(seed), 60)


def _play(actions):
    """Seat 0 starts; both look at their bottom row; then ``actions`` (seat 0's own and seat 1's), recording
    seat 0's observations."""
    state = new_game(deck=_deck(), first=0)
    seen: list = []
    for a in [Action.make("look"), Action.make("done"), Action.make("look"), Action.make("done"), *actions]:
        if state.to_move == 0:
            seen.append(state.observe(0))
        state = state.apply(a)
    seen.append(state.observe(0))
    return state, seen


def test_after_a_peek_the_belief_knows_the_card():
    state, seen = _play([Action.make("draw"), Action.make("peek", pos=(1, 1)), Action.make("done"),
                         Action.make("draw"), Action.make("discard")])
    belief = _belief(state, seen)
    assert belief.value(0, 0) == card_value(Card.parse("5S")) and belief.spread(0, 0) == 0
    assert belief.spread(0, 1) > 0  # (1,2) was never seen


def test_after_a_blind_swap_the_known_card_moved():
    # seat 0 knows its (2,1) = 9H from the look; its Jack sends it to seat 1's (1,1) and brings back an unseen card
    state, seen = _play([Action.make("draw"), Action.make("discard"), Action.make("draw"), Action.make("discard"),
                         Action.make("draw"), Action.make("jack_swap", own=(2, 1), opp=(1, 1))])
    assert state.squares[1][0] == Card.parse("9H")
    belief = _belief(state, seen)
    assert belief.value(1, 0) == 9 and belief.spread(1, 0) == 0
    assert belief.spread(0, 2) > 0  # what came back is unseen
    assert belief.value(0, 3) == card_value(Card.parse("2C"))


def test_a_discarded_rank_is_gone_from_the_belief():
    state, seen = _play([Action.make("draw"), Action.make("discard"), Action.make("draw"), Action.make("discard")])
    belief = _belief(state, seen)
    seen_eights = sum(str(c).startswith("8") for c in state.discard)
    assert seen_eights == 1
    assert belief.rank_copies(8) <= 3 + 1e-9


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(4, 60))
def test_the_belief_never_holds_more_copies_of_a_rank_than_are_unseen(seed, steps):
    state = rules.new_game("square", seed=seed)
    bots, seen = (make_bot("square", 2), RandomBot()), ([], [])
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_move
        seen[seat].append(state.observe(seat))
        state = state.apply(bots[seat].choose(seen[seat], rng))
    if state.is_over or state.phase not in ("turn", "drawn"):
        return
    seat = state.to_move
    seen[seat].append(state.observe(seat))
    mem = recall(seen[seat])
    deals = Deals(seen[seat][-1], mem)
    belief = Belief(deals, random.Random(1), 40)
    shown = [c for row in mem.known for c in row if c is not None] + list(mem.discard)
    shown += [mem.drawn] if mem.drawn else []
    for rank in range(1, 14):
        unseen = 4 - sum(c.rank == rank for c in shown)
        assert belief.rank_copies(rank) <= unseen + 1e-9
    for k in range(8):
        if belief.known[k]:
            assert belief.spread(k // 4, k % 4) == 0


def test_the_expert_reads_only_its_observations():
    """Two deals that differ only in cards seat 0 has not seen (seat 1's top row, the draw pile's bottom) give seat 0
    the same observations, so the Expert plays the same moves in both, move for move."""
    deck = _deck()
    other = deck[:]
    other[4], other[5] = other[5], other[4]  # seat 1's (1,1) and (1,2): nobody looked at them
    other[-1], other[-2] = other[-2], other[-1]
    for first in (0, 1):
        games = [new_game(deck=d, first=first) for d in (deck, other)]
        seen: list[list] = [[], []]
        expert, level2 = Expert(playouts=40, particles=30), make_bot("square", 2)
        for _ in range(40):
            if games[0].is_over or games[1].is_over:
                break
            if games[0].to_move != 0:
                moves = [level2.choose([g.observe(1)], random.Random(0)) for g in games]
                if moves[0] != moves[1]:
                    break  # level 2 saw a difference: the deals part ways here
                games = [g.apply(moves[0]) for g in games]
                continue
            obs = [g.observe(0) for g in games]
            if obs[0] != obs[1]:
                break
            for i in (0, 1):
                seen[i].append(obs[i])
            picks = [expert.choose(seen[i], derive(7, "bot", 0)) for i in (0, 1)]
            assert picks[0] == picks[1]
            games = [g.apply(picks[0]) for g in games]
        assert len(seen[0]) >= 3


def test_the_expert_is_deterministic_for_a_seed_and_plays_whole_games():
    for seed in (3, 4):
        outs = [play_out("square", (Expert(playouts=40, particles=30), make_bot("square", 2)), seed) for _ in (0, 1)]
        assert outs[0] == outs[1] and outs[0].winners


def test_level_3_is_the_expert():
    assert isinstance(make_bot("square", 3), Expert)
