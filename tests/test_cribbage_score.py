"""Cribbage scoring: RULES.md §2.8 scenarios 1–20, the breakdown's parts, and a brute-force cross-check."""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import Card, standard_deck
from rules.cribbage.score import rank_points, score_total
from rules.cribbage.state import peg_parts, peg_points, score_hand


def kinds(breakdown) -> Counter:
    """Points per kind, e.g. {"fifteen": 16, "pair": 12, "nobs": 1}."""
    out: Counter = Counter()
    for p in breakdown.parts:
        out[p.kind] += p.points
    return out


# --- the show (§2.8 #1–13) -----------------------------------------------------------------------

def test_1_twenty_nine():
    b = score_hand(["5C", "5D", "5H", "JS"], "5S")
    assert b.total == 29
    assert kinds(b) == {"fifteen": 16, "pair": 12, "nobs": 1}


def test_1_contract_example():
    b = score_hand(["5H", "5D", "5C", "JS"], "5S", crib=False)
    assert b.total == 29
    assert len([p for p in b.parts if p.kind == "fifteen"]) == 8
    assert len([p for p in b.parts if p.kind == "pair"]) == 6
    assert b.summary().endswith("= 29")


def test_2_jack_starter_gives_no_nobs():
    b = score_hand(["5C", "5D", "5H", "5S"], "JD")
    assert b.total == 28
    assert "nobs" not in kinds(b)


def test_3_double_run():
    b = score_hand(["4C", "5D", "5H", "6S"], "KD")
    assert b.total == 16
    assert kinds(b) == {"fifteen": 8, "pair": 2, "run": 6}


def test_4_four_runs_of_three():
    b = score_hand(["3C", "3D", "4H", "4S"], "5D")
    assert b.total == 20
    assert kinds(b) == {"fifteen": 4, "pair": 4, "run": 12}
    assert len([p for p in b.parts if p.kind == "run"]) == 4


def test_5_triple_run():
    b = score_hand(["3C", "3D", "3H", "4S"], "5D")
    assert b.total == 21
    assert kinds(b) == {"fifteen": 6, "pair": 6, "run": 9}


def test_6_sevens_and_eights():
    b = score_hand(["7C", "8D", "7S", "8H"], "9H")
    assert b.total == 24
    assert kinds(b) == {"fifteen": 8, "pair": 4, "run": 12}


def test_7_runs_of_four_hide_the_runs_of_three():
    b = score_hand(["2C", "3D", "4S", "5H"], "5D")
    assert b.total == 12
    assert kinds(b) == {"run": 8, "pair": 2, "fifteen": 2}
    assert {p.points for p in b.parts if p.kind == "run"} == {4}


@pytest.mark.parametrize("starter, hand_total, crib_total", [("KS", 4, 0), ("KH", 5, 5)])
def test_8_flush_in_hand_and_crib(starter, hand_total, crib_total):
    cards = ["2H", "4H", "6H", "8H"]
    assert score_hand(cards, starter).total == hand_total
    assert score_hand(cards, starter, crib=True).total == crib_total


def test_9_three_held_cards_and_the_starter_are_no_flush():
    assert score_hand(["2H", "4H", "6H", "8S"], "KH").total == 0


@pytest.mark.parametrize("starter, total", [("KH", 3), ("KS", 2)])
def test_10_nobs(starter, total):
    assert score_hand(["JH", "2C", "4D", "9S"], starter).total == total


def test_11_flush_and_nobs_in_hand_and_crib():
    cards = ["4H", "5H", "6H", "JH"]
    assert score_hand(cards, "2H").total == 13
    assert score_hand(cards, "2H", crib=True).total == 13
    assert kinds(score_hand(cards, "2H")) == {"fifteen": 4, "run": 3, "flush": 5, "nobs": 1}
    assert score_hand(cards, "5S").total == 20
    assert score_hand(cards, "5S", crib=True).total == 16  # the crib loses the four-card flush


def test_12_runs_never_wrap():
    assert score_hand(["AC", "2D", "3S", "4H"], "5H").total == 7
    assert score_hand(["QC", "KD", "AS", "2H"], "3H").total == 7
    wrap = score_hand(["QC", "KD", "AS", "2H"], "3H")
    assert [p.cards for p in wrap.parts if p.kind == "run"] == [("AS", "2H", "3H")]
    b = score_hand(["JS", "QS", "KS", "AS"], "2H")
    assert b.total == 7
    assert kinds(b) == {"run": 3, "flush": 4}


def test_13_nineteen_hand():
    b = score_hand(["2C", "4D", "6S", "8H"], "JH")
    assert b.total == 0
    assert b.parts == ()
    assert b.summary() == "no points = 0"


def test_parts_name_their_cards_and_summary_reads_plainly():
    b = score_hand(["4C", "5D", "6S", "KD"], "6H")
    for part in b.parts:
        assert all(isinstance(c, str) and len(c) == 2 for c in part.cards)
        assert part.points > 0
    assert ("pair", ("6S", "6H"), 2) in [(p.kind, p.cards, p.points) for p in b.parts]
    assert b.summary() == "three 15s for 6, pair for 2, double run of 3 for 6 = 14"
    assert score_hand(["4C", "5D", "6S", "KD"], "2H").summary() == "two 15s for 4, run of 3 for 3 = 7"
    assert score_hand(["6C", "7D", "8S", "6H"], "KD").summary() == "15 for 2, pair for 2, double run of 3 for 6 = 10"
    assert b.to_json()["total"] == 14


def test_bad_hands_are_refused():
    with pytest.raises(ValueError, match="4 cards"):
        score_hand(["4C", "5D", "6S"], "KD")
    with pytest.raises(ValueError, match="five different"):
        score_hand(["4C", "5D", "6S", "KD"], "KD")


# --- the play (§2.8 #14–20) ----------------------------------------------------------------------

def each_card(cards: list[str]) -> list[int]:
    return [peg_points(cards[: i + 1]) for i in range(len(cards))]


@pytest.mark.parametrize("series, expected", [
    (["5C", "5D", "5H"], [0, 2, 8]),                      # 14: fifteen + pair royal
    (["4C", "6D", "5H"], [0, 0, 5]),                      # 15: fifteen + run out of order
    (["3C", "4D", "2H", "5S", "6C"], [0, 0, 3, 4, 5]),    # 16
    (["4C", "5D", "5H", "6S"], [0, 0, 2, 0]),             # 17: duplicates break the run
    (["4C", "5D", "6H", "4S"], [0, 0, 5, 3]),             # 17: 5-6-4 is a run
    (["7C", "7D", "8H", "7S"], [0, 2, 0, 0]),             # 18: a broken pair counts nothing
    (["TC", "KD"], [0, 0]),                               # 18: 10 and K are no pair
    (["QC", "KD", "AH"], [0, 0, 0]),                      # 18: no wrap
    (["KC", "QD", "JH"], [0, 0, 3]),                      # 18: run at count 30
    (["7C", "8D", "8H", "8S"], [0, 2, 2, 8]),             # 19: 31 for 2 + pair royal
    (["9C", "8D", "7H", "6S", "AC"], [0, 0, 3, 4, 2]),    # 20: 31, the ace breaks the run
])
def test_play_scenarios(series, expected):
    assert each_card(series) == expected


def test_play_parts_kinds():
    assert [(p.kind, p.points) for p in peg_parts(["7C", "8D", "8H", "8S"])] == [
        ("thirty_one", 2), ("pair_royal", 6)]
    assert [(p.kind, p.points) for p in peg_parts(["2C", "2D", "2H", "2S"])] == [("double_pair_royal", 12)]
    run = peg_parts(["4C", "6D", "5H"])
    assert [(p.kind, p.cards) for p in run] == [("fifteen", ("4C", "6D", "5H")), ("run", ("4C", "6D", "5H"))]
    assert peg_parts([]) == []
    with pytest.raises(ValueError, match="31"):
        peg_points(["KC", "KD", "KH", "5S"])


# --- independent brute force ---------------------------------------------------------------------

def brute_force(hand: list[Card], starter: Card, crib: bool) -> int:
    """Walk every subset of the five cards once and classify it; written apart from the real scorer."""
    five = [*hand, starter]
    points, runs_by_size = 0, Counter()
    for mask in range(1, 32):
        subset = [five[i] for i in range(5) if mask >> i & 1]
        if sum(min(c.rank, 10) for c in subset) == 15:
            points += 2
        if len(subset) == 2 and subset[0].rank == subset[1].rank:
            points += 2
        ranks = sorted(c.rank for c in subset)
        if len(subset) >= 3 and all(b - a == 1 for a, b in zip(ranks, ranks[1:], strict=False)):
            runs_by_size[len(subset)] += 1
    if runs_by_size:
        size = max(runs_by_size)
        points += size * runs_by_size[size]
    hand_suits = {c.suit for c in hand}
    if len(hand_suits) == 1 and starter.suit in hand_suits:
        points += 5
    elif len(hand_suits) == 1 and not crib:
        points += 4
    points += sum(1 for c in hand if c.rank == 11 and c.suit == starter.suit)
    return points


five_cards = st.lists(st.sampled_from(standard_deck()), min_size=5, max_size=5, unique=True)


@settings(max_examples=400, deadline=None)
@given(five_cards, st.booleans())
def test_score_hand_agrees_with_brute_force(cards, crib):
    hand, starter = cards[:4], cards[4]
    expected = brute_force(hand, starter, crib)
    b = score_hand([str(c) for c in hand], str(starter), crib=crib)
    assert b.total == expected
    assert score_total(hand, starter, crib) == expected


def test_rank_points_agree_with_the_subset_walk_on_every_rank_multiset():
    # rank_points (histogram runs, subset-sum fifteens) against the subset walk for all 6,175 possible
    # multisets of five ranks. Suits cycle C D H S C, so the four held cards never make a flush.
    for ranks in combinations_with_replacement(range(1, 14), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        cards = [Card(r, "CDHS"[i % 4]) for i, r in enumerate(ranks)]
        nobs = sum(1 for c in cards[:4] if c.rank == 11 and c.suit == cards[4].suit)
        assert rank_points(ranks) == brute_force(cards[:4], cards[4], crib=True) - nobs


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(standard_deck()), min_size=1, max_size=8, unique=True))
def test_peg_points_against_a_direct_reading(cards):
    if sum(min(c.rank, 10) for c in cards) > 31:
        return
    last = cards[-1]
    count = sum(min(c.rank, 10) for c in cards)
    expected = 2 * (count in (15, 31))
    same = 0
    for c in reversed(cards):
        if c.rank != last.rank:
            break
        same += 1
    expected += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    best_run = 0
    for n in range(3, len(cards) + 1):
        tail = sorted(c.rank for c in cards[-n:])
        if tail == list(range(tail[0], tail[0] + n)):
            best_run = n
    assert peg_points([str(c) for c in cards]) == expected + best_run


# --- the itemised breakdown against its definition -------------------------------------------------

def reference_parts(hand: list[Card], starter: Card, crib: bool) -> list[tuple[str, tuple[str, ...], int]]:
    """The parts by definition, in the counting order: every subset of the five cards (held cards first,
    then the starter) by size and then position for the fifteens, the pairs by position, the longest runs
    by position with their cards by rank, then the flush and nobs. Written apart from the real scorer."""
    five = [*hand, starter]
    names = [str(c) for c in five]
    parts = []
    for size in range(2, 6):
        for idx in combinations(range(5), size):
            if sum(min(five[i].rank, 10) for i in idx) == 15:
                parts.append(("fifteen", tuple(names[i] for i in idx), 2))
    parts += [("pair", (names[a], names[b]), 2) for a, b in combinations(range(5), 2)
              if five[a].rank == five[b].rank]
    for size in (5, 4, 3):
        runs = [idx for idx in combinations(range(5), size)
                if sorted(five[i].rank for i in idx) == list(range(min(five[i].rank for i in idx),
                                                                   min(five[i].rank for i in idx) + size))]
        if runs:
            parts += [("run", tuple(names[i] for i in sorted(idx, key=lambda i: five[i].rank)), size)
                      for idx in runs]
            break
    if len({c.suit for c in hand}) == 1:
        if starter.suit == hand[0].suit:
            parts.append(("flush", tuple(names), 5))
        elif not crib:
            parts.append(("flush", tuple(names[:4]), 4))
    parts += [("nobs", (names[i], names[4]), 1) for i in range(4)
              if hand[i].rank == 11 and hand[i].suit == starter.suit]
    return parts


@settings(max_examples=1500, deadline=None)
@given(five_cards, st.booleans())
def test_score_hand_lists_the_parts_of_the_definition_in_its_order(cards, crib):
    hand, starter = cards[:4], cards[4]
    b = score_hand(hand, starter, crib=crib)
    assert [(p.kind, p.cards, p.points) for p in b.parts] == reference_parts(hand, starter, crib)
    assert b.cards == tuple(str(c) for c in hand) and b.starter == str(starter) and b.crib is crib
    assert score_hand([str(c) for c in hand], str(starter), crib) == b  # strings or cards alike


def test_score_hand_on_every_rank_multiset_in_a_shuffled_order():
    # Each rank multiset once (the table's entries), its cards in a shuffled seat order, so the mapping from
    # the rank-sorted table back to the hand's own order is checked on every entry. Suits cycle C D H S C
    # over the sorted ranks, so equal ranks never share a suit.
    rng = random.Random(5)
    for ranks in combinations_with_replacement(range(1, 14), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        cards = [Card(r, "CDHS"[i % 4]) for i, r in enumerate(ranks)]
        rng.shuffle(cards)
        hand, starter = cards[:4], cards[4]
        assert [tuple(p) for p in score_hand(hand, starter).parts] == reference_parts(hand, starter, False)
