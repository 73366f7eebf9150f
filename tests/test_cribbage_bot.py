"""Cribbage bots: legal and deterministic, discard EVs by definition, pegging lookahead, the baseline."""
from __future__ import annotations

import random

import pytest

from rules.bots import make_bot
from rules.cards import parse_cards, standard_deck
from rules.core import Action
from rules.cribbage.bot import (
    CribbageBot,
    HighestImmediateBaseline,
    choose_play,
    discard_table,
    discard_values,
    make,
    opponent_pool,
)
from rules.cribbage.state import new_game
from tools.arena import play_out
from tools.cribbage_bench import brute_force_ev, report


def play_obs(hand, series=(), count=None, seat=0, opp_cards=4, go=(False, False), starter="2C"):
    """A hand-made play-phase observation with only the fields the bot reads."""
    series = [{"seat": 1 - seat if i % 2 == 0 else seat, "card": c} for i, c in enumerate(series)]
    count = count if count is not None else sum(min(c.rank, 10) for c in parse_cards(x["card"] for x in series))
    legal = [{"kind": "play", "card": c} for c in hand if count + min(parse_cards([c])[0].rank, 10) <= 31]
    counts = [0, 0]
    counts[seat], counts[1 - seat] = len(hand), opp_cards
    return {"seat": seat, "phase": "play", "hand_no": 1, "legal": legal, "hand": list(hand), "cut": None,
            "my_discards": [], "played": [[], []], "series": series, "starter": starter, "count": count,
            "hand_counts": counts, "go": list(go), "dealer": 1 - seat}


# --- discards ------------------------------------------------------------------------------------

def test_discard_values_cover_all_fifteen_discards_best_first():
    hand = ["5H", "5D", "JS", "KC", "2D", "8C"]
    values = discard_values(hand, is_dealer=True)
    assert len(values) == 15 and len({pair for pair, _ in values}) == 15
    assert all(set(pair) <= set(hand) for pair, _ in values)
    assert [ev for _, ev in values] == sorted((ev for _, ev in values), reverse=True)
    best = discard_table(hand, is_dealer=True)[0]
    assert best.discard == ("2D", "8C") and set(best.keep) == {"5H", "5D", "JS", "KC"}
    assert best.ev == pytest.approx(best.hand_ev + best.crib_ev)


def test_the_crib_counts_for_the_dealer_and_against_the_non_dealer():
    hand = ["5H", "5D", "9S", "KC", "2D", "8C"]
    dealer = dict(discard_values(hand, is_dealer=True))
    pone = dict(discard_values(hand, is_dealer=False))
    # giving away two fives is worth a lot in one's own crib and costly in the opponent's
    assert dealer[("5D", "5H")] - pone[("5D", "5H")] > 15
    assert discard_values(hand, is_dealer=False)[0][0] != ("5D", "5H")


def test_ev_matches_the_definition_card_by_card():
    hand = parse_cards(["5H", "JD", "JS", "4C", "6D", "QD"])
    for is_dealer in (False, True):
        option = discard_table(hand, is_dealer)[0]
        direct = brute_force_ev(hand, parse_cards(option.discard), is_dealer)
        assert direct == pytest.approx(option.ev, abs=1e-9)


def test_bot_discards_the_best_ev_pair():
    s = new_game(seed=4, dealer=1).apply(Action.make("cut", depth=9))
    obs = s.observe(0)
    choice = CribbageBot(2).choose([obs], random.Random(0))
    assert tuple(choice["cards"]) == discard_values(obs["hand"], is_dealer=False)[0][0]


# --- pegging -------------------------------------------------------------------------------------

def test_leads_the_card_no_single_reply_makes_fifteen_with():
    assert str(choose_play([play_obs(["5H", "4C", "KD", "9S"])])) == "4C"


def test_takes_thirty_one_and_a_pair_royal():
    assert str(choose_play([play_obs(["7C", "2H", "3S"], series=["KD", "QS", "4H"])])) == "7C"
    assert str(choose_play([play_obs(["8C", "3H", "AS"], series=["8D", "8S"])])) == "8C"


def test_avoids_setting_up_fifteen_two():
    # at count 10 a 5 makes 15 for itself, so the bot takes it; at count 2 a 3 gives the opponent a 10 to 15
    assert str(choose_play([play_obs(["5C", "9H", "AS"], series=["KD"])])) == "5C"
    assert str(choose_play([play_obs(["3C", "AH", "6S"], series=["2D"])])) != "3C"


def test_a_go_narrows_the_opponents_cards():
    quiet = play_obs(["AC", "2C"], series=["KD", "9S", "8H"], count=27)
    after_go = dict(quiet, go=[False, True])
    pool, held = opponent_pool([quiet, after_go])
    assert held == 4 and all(min(c.rank, 10) > 4 for c in pool)
    assert len(opponent_pool([quiet])[0]) > len(pool)


def test_bot_moves_are_legal_and_deterministic():
    for level in (1, 2):
        bot, seen = make(level), [[], []]
        s = new_game(seed=level)
        for _ in range(70):
            seat = s.to_move
            seen[seat].append(s.observe(seat))
            a = bot.choose(seen[seat], random.Random(5))
            assert a == bot.choose(seen[seat], random.Random(5))
            assert a in s.legal_actions()
            s = s.apply(a)
    assert isinstance(make_bot("cribbage", 2), CribbageBot)


# --- the baseline and the bench ------------------------------------------------------------------

def test_baseline_keeps_the_best_four_now_and_plays_the_most_points_now():
    s = new_game(deck=["5H", "5D", "5C", "TS", "2D", "8C", *[str(c) for c in standard_deck()
                       if str(c) not in {"5H", "5D", "5C", "TS", "2D", "8C"}]], dealer=1)
    s = s.apply(Action.make("cut", depth=9))
    choice = HighestImmediateBaseline().choose([s.observe(0)], random.Random(0))
    assert choice.to_json() == {"kind": "discard", "cards": ["2D", "8C"]}  # keeps 5-5-5-10: 14 now
    obs = play_obs(["5C", "KH", "2S"], series=["TD"])
    assert HighestImmediateBaseline().choose([obs], random.Random(0)).to_json() == {"kind": "play", "card": "5C"}


def test_bot_beats_the_baseline_on_a_small_seeded_sample():
    wins = 0
    for i in range(6):
        bots = (make(2), HighestImmediateBaseline()) if i % 2 == 0 else (HighestImmediateBaseline(), make(2))
        out = play_out("cribbage", bots, seed=500 + i, start=lambda seed: new_game(seed=seed))
        wins += (i % 2) in out.winners
    assert wins >= 4


def test_bench_report_lines():
    lines = report(games=2, deals=3, check_hands=0)
    assert any("discard EV over 3 seeded deals" in x for x in lines)
    assert any(x.strip().startswith("as non-dealer n=3:") for x in lines)
    assert any("versus HighestImmediateBaseline over 2" in x for x in lines)
    assert any("think time" in x for x in lines)
