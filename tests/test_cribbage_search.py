"""Cribbage level 3: it counts its play-outs, repeats itself for a seed, falls back to level 2 without budget,
and deals itself only worlds that fit what it has seen."""
from __future__ import annotations

import random

import rules
from rules.bots import make_bot
from rules.cards import standard_deck
from rules.cribbage.ev import discard_table
from rules.cribbage.policy import model_discard, peg_choice
from rules.cribbage.search import CribbageSearchBot, View
from rules.rng import derive


def _history(seed: int, until) -> tuple[rules.GameState, list[dict]]:
    """A game between two level-2 players up to the first state ``until`` accepts; the seat to move's views."""
    level2 = make_bot("cribbage", 2)
    state, seen = rules.new_game("cribbage", seed=seed), ([], [])
    while True:
        seat = state.to_move
        seen[seat].append(state.observe(seat))
        if until(state):
            return state, seen[seat]
        state = state.apply(level2.choose(seen[seat], derive(seed, "l2", len(seen[seat]))))


def _a_play(state) -> bool:
    return state.phase == "play" and len({c.rank for c in state.hands[state.turn]}) >= 3 and bool(state.series)


def _a_discard(state) -> bool:
    return state.phase == "discard"


def _a_late_discard(state) -> bool:
    return state.phase == "discard" and max(state.points) >= 95  # discards are searched near the end


def test_level3_counts_its_playouts_and_repeats_itself():
    for until in (_a_play, _a_late_discard):
        _, seen = _history(3, until)
        bot = make_bot("cribbage", 3)
        assert isinstance(bot, CribbageSearchBot)
        first = bot.choose(seen, random.Random(5), budget=30)
        assert 0 < bot.last_playouts <= 30
        assert bot.choose(seen, random.Random(5), budget=30) == first
        bot.choose(seen, random.Random(5), budget=12)
        assert bot.last_playouts <= 12
        assert first.to_json() in seen[-1]["legal"]


def _best_total(seen) -> set[str]:
    from rules.cribbage.analysis import discard_rows

    obs = seen[-1]
    return set(discard_rows(obs["hand"], obs["dealer"] == obs["seat"])[0].discard)


def test_without_budget_level3_pegs_as_level2_and_discards_by_the_analysis():
    for seed in (3, 8):
        _, seen = _history(seed, _a_play)
        three = make_bot("cribbage", 3).choose(seen, random.Random(1), budget=0)
        assert three == make_bot("cribbage", 2).choose(seen, random.Random(1))
        _, seen = _history(seed, _a_late_discard)
        three = make_bot("cribbage", 3).choose(seen, random.Random(1), budget=0)
        assert set(three["cards"]) == _best_total(seen)


def test_early_discards_are_the_best_total_of_hand_crib_and_pegging():
    _, seen = _history(5, _a_discard)
    bot = make_bot("cribbage", 3)
    assert set(bot.choose(seen, random.Random(1))["cards"]) == _best_total(seen)
    assert bot.last_playouts == 0


def test_the_worlds_fit_the_view():
    state, seen = _history(11, lambda s: _a_play(s) and len(s.hands[1 - s.turn]) <= 3)
    me, opp = state.turn, 1 - state.turn
    view, rng = View(seen), random.Random(2)
    mine = {str(c) for c in state.hands[me]}
    for _ in range(20):
        world = view.play_world(rng)
        real, dealt = state.observe(me), world.observe(me)
        assert {k: v for k, v in dealt.items() if k != "last_cut"} == {k: v for k, v in real.items() if k != "last_cut"}
        theirs = {str(c) for c in (*world.hands[opp], *world.kept[opp], *world.discards[opp])}
        assert not theirs & mine and str(state.starter) not in theirs
        assert set(view.opp_played) <= set(world.kept[opp])  # what it played, it kept
        assert len(world.hands[opp]) == len(state.hands[opp])


def test_the_true_cards_pass_the_check_of_the_opponents_plays():
    # The opponent is level 2 here, so the worlds' check (would level 2 have played so?) accepts its real cards.
    for seed in (4, 6):
        state, seen = _history(seed, lambda s: _a_play(s) and len(s.series) >= 2)
        opp = 1 - state.turn
        assert View(seen)._played_so(list(state.hands[opp]), state.kept[opp], state.discards[opp])


def test_the_models_agree_with_level2_on_most_choices():
    rng, deck = random.Random(9), standard_deck()
    same = 0
    for i in range(60):
        six = sorted(rng.sample(deck, 6))
        same += {str(c) for c in model_discard(six, i % 2 == 0)} == set(discard_table(six, i % 2 == 0)[0].discard)
    assert same >= 50
    state, seen = _history(2, _a_play)
    assert peg_choice(state) == make_bot("cribbage", 2).choose(seen, random.Random(0))
