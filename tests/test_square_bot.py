"""Card Square bots: legal and deterministic play from observations, memory, no stalling, an edge."""
from __future__ import annotations

import random

import pytest

import rules
from rules.bots import RandomBot, make_bot
from rules.cards import Card, standard_deck
from rules.core import Action
from rules.rng import derive
from rules.square.bot import HighestKnownBaseline, SquareBot, make
from rules.square.memory import recall
from tools.arena import play_out, win_rate
from tools.square_bench import bench_report

TURN_ENDERS = {"square.take", "square.swap", "square.discard", "square.peek", "square.spy",
               "square.jack", "square.queen_look", "square.knock"}


def deck_of(sq0, sq1, top=()):
    named = [*sq0, *sq1, *top]
    return named + [str(c) for c in standard_deck() if str(c) not in named]


def run(state, bots, seed=0, limit=3000):
    """Play to the end; return the final state and each seat's observations."""
    seen: tuple[list, list] = ([], [])
    rngs = (derive(seed, "bot", 0), derive(seed, "bot", 1))
    for _ in range(limit):
        if state.is_over:
            return state, seen
        seat = state.to_move
        seen[seat].append(state.observe(seat))
        action = bots[seat].choose(seen[seat], rngs[seat])
        assert action in state.legal_actions()
        state = state.apply(action)
    raise AssertionError("no end")


def test_registered_and_levels():
    assert isinstance(make_bot("square", 2), SquareBot)
    assert isinstance(make_bot("square", 1), SquareBot)
    assert isinstance(make_bot("square", 0), RandomBot)
    assert make(1).style.powers is False and make(5).style == make(2).style


@pytest.mark.parametrize("seed", range(6))
def test_bots_play_legal_games_to_the_end(seed):
    for bots in ((make(2), RandomBot()), (make(1), make(2)), (HighestKnownBaseline(), make(2)),
                 (make(2), make(2))):
        out = play_out("square", bots, seed)
        assert out.winners and out.actions < 1000


def test_choice_is_deterministic_and_depends_on_observations_only():
    first = play_out("square", (make(2), make(2)), 17)
    again = play_out("square", (make(2), make(2)), 17)
    assert first == again
    s = rules.new_game("square", seed=5)
    _, seen = run(s, (make(2), RandomBot()), seed=5)
    for k in range(1, len(seen[0]), 3):
        a = make(2).choose(seen[0][:k], random.Random(1))
        assert a == make(2).choose(seen[0][:k], random.Random(99))


def test_memory_follows_peeks_swaps_and_a_jack():
    # seat 0 looks at its bottom row, peeks at (1,1) with an 8, swaps a drawn 2 in at (1,2);
    # then seat 1's Jack moves seat 0's known card at (2,2) to seat 1's (1,1).
    s = rules.new_game("square", deck=deck_of(["5C", "6C", "7C", "QS"], ["2H", "AD", "4H", "6H"],
                                              ["8C", "3D", "2S", "JD"]), first=0)
    seen: list[dict] = []
    script = [(0, "look"), (0, "done"), (1, "skip_look"), (0, "draw"), (0, "peek", [1, 1]),
              (0, "done"), (1, "draw"), (1, "discard"), (0, "draw"), (0, "swap", [1, 2]),
              (1, "draw"), (1, "jack_swap", [1, 1], [2, 2]), (0, "draw")]
    for seat, kind, *pos in script:
        if seat == 0:
            seen.append(s.observe(0))
        data = {"kind": kind}
        if kind in ("peek", "swap"):
            data["pos"] = pos[0]
        if kind == "jack_swap":
            data["own"], data["opp"] = pos
        s = s.apply(rules.action_from_json("square", data))
    seen.append(s.observe(0))
    mem = recall(seen)
    c = Card.parse
    assert mem.known[0] == [c("5C"), c("2S"), c("7C"), None]
    assert mem.known[1] == [c("QS"), None, None, None]
    assert mem.drawn == s.drawn and c("3D") in mem.discard and c("JD") in mem.discard
    assert all(card == s.squares[o][i] for o in (0, 1) for i, card in enumerate(mem.known[o]) if card)


def test_memory_matches_the_table_throughout_random_games():
    for seed in range(8):
        state = rules.new_game("square", seed=seed)
        seen: list[dict] = []
        bots = (make(2), RandomBot())
        rng = derive(seed, "t")
        while not state.is_over:
            seat = state.to_move
            obs = state.observe(seat)
            if seat == 0:
                seen.append(obs)
                mem = recall(seen)
                for o in (0, 1):
                    for i, card in enumerate(mem.known[o]):
                        assert card is None or card == state.squares[o][i]
                state = state.apply(bots[0].choose(seen, rng))
            else:
                state = state.apply(bots[1].choose([obs], rng))


def test_never_stalls_it_draws_or_knocks_within_a_few_turns():
    for seed in range(10):
        final, _ = run(rules.new_game("square", seed=seed), (make(2), make(2)), seed)
        for seat in (0, 1):
            ends = [e["type"] for e in final.log if e.get("seat") == seat and e["type"] in TURN_ENDERS]
            streak = 0
            for kind in ends:
                streak = streak + 1 if kind == "square.take" else 0
                assert streak <= 2


def opening(power_card: str):
    """Seat 0 looks at its bottom row (K♣, Q♠) and draws ``power_card``; returns (state, seen)."""
    s = rules.new_game("square", deck=deck_of(["5C", "6C", "KC", "QS"], ["2H", "AD", "4H", "6H"],
                                              [power_card]), first=0)
    seen = []
    for seat, kind in ((0, "look"), (0, "done"), (1, "skip_look"), (0, "draw")):
        if seat == 0:
            seen.append(s.observe(0))
        s = s.apply(Action.make(kind))
    seen.append(s.observe(0))
    return s, seen


def test_queen_targets_its_worst_known_card_and_swaps_only_for_a_lower_one():
    s, seen = opening("QC")
    bot = make(2)
    look = bot.choose(seen, random.Random(0))
    assert look.kind == "queen_look" and look["own"] == (2, 2)  # its known Queen is its worst card
    s = s.apply(look)
    seen.append(s.observe(0))
    revealed = seen[-1]["revealed"]
    assert revealed[0]["card"] == "QS" and revealed[1]["card"] in {"2H", "AD", "4H", "6H"}
    assert bot.choose(seen, random.Random(0)) == Action.make("queen_swap")


def test_jack_trades_a_known_high_card_away():
    s, seen = opening("JD")
    choice = make(2).choose(seen, random.Random(0))
    assert choice.kind == "jack_swap" and choice["own"] == (2, 2)


def test_baseline_swaps_onto_its_highest_known_card_or_discards():
    s = rules.new_game("square", deck=deck_of(["5C", "6C", "9C", "4S"], ["2H", "AD", "4H", "6H"],
                                              ["3D", "5D", "JH"]), first=0)
    base, seen = HighestKnownBaseline(), []

    def own_move(state):
        seen.append(state.observe(0))
        return state.apply(base.choose(seen, random.Random(0)))

    s = own_move(own_move(s))  # look, done
    s = s.apply(Action.make("skip_look"))
    s = own_move(own_move(s))  # draw 3D, swap it onto the known 9C
    assert str(s.squares[0][2]) == "3D" and str(s.discard[-1]) == "9C"
    s = s.apply(Action.make("draw")).apply(Action.make("swap", pos=(1, 1)))
    s = own_move(s)  # draws JH: higher than every known card
    seen.append(s.observe(0))
    assert base.choose(seen, random.Random(0)) == Action.make("discard")


def test_small_sample_advantage():
    assert win_rate("square", make(2), RandomBot(), 40, first_seed=300) >= 0.75
    assert win_rate("square", make(2), HighestKnownBaseline(), 40, first_seed=300) >= 0.65


def test_bench_report_measures():
    lines = bench_report(6)
    assert "vs RandomBot" in lines[0] and "%" in lines[0]
    assert any("vs HighestKnownBaseline" in line for line in lines)
    assert any(line.startswith("think time") and "median" in line and "p99" in line for line in lines)
    assert any(line.startswith("ceiling against random play") for line in lines)
    assert any(line.startswith("level 3 vs level 2") and "±" in line for line in lines)
    assert "median" in lines[-1] and "max" in lines[-1]
