"""The cribbage expert's discard: the pegging simulation, its shipped table, and the discard analysis."""
from __future__ import annotations

import pytest

import rules
from rules.bots import make_bot
from rules.cribbage import pegtable
from rules.cribbage.advice import analyse
from rules.cribbage.analysis import discard_rows
from rules.cribbage.ev import discard_table
from rules.cribbage.pegsim import play
from rules.rng import derive


def _to_play(seed: int):
    """A game from ``seed`` played by level 2 up to the first card of the first hand's play."""
    s, bot, seen = rules.new_game("cribbage", seed=seed), make_bot("cribbage", 2), ([], [])
    while s.phase != "play":
        seat = s.to_move
        seen[seat].append(s.observe(seat))
        s = s.apply(bot.choose(seen[seat], derive(seed, "b", seat)))
    return s, bot, seen


@pytest.mark.parametrize("seed", range(12))
def test_the_rank_simulation_pegs_exactly_as_level_2_does_in_the_engine(seed):
    s, bot, seen = _to_play(seed)
    dealer, pone = s.dealer, 1 - s.dealer
    hands = [tuple(sorted(c.rank for c in s.hands[i])) for i in (0, 1)]
    sees = [(*(c.rank for c in s.discards[i]), s.starter.rank) for i in (0, 1)]
    pegged, hand_no = [0, 0], s.hand_no
    while s.hand_no == hand_no and s.phase == "play" and not s.is_over:
        seat = s.to_move
        seen[seat].append(s.observe(seat))
        s = s.apply(bot.choose(seen[seat], derive(seed, "b", seat)))
        for e in s.events:
            if e["type"] in ("cribbage.play", "cribbage.go_point") and e.get("points"):
                pegged[e["seat"]] += e["points"]
    assert play(hands[pone], hands[dealer], sees[pone], sees[dealer]) == (pegged[pone], pegged[dealer])


def test_the_table_holds_every_four_ranks_for_both_roles_as_the_tool_makes_them():
    from tools.cribbage_pegtable import KEEPS, entry

    table = pegtable._table()
    assert len(table) == len(KEEPS) == 1820
    from rules.cribbage.pegtable_data import DEALS

    for keep in ((1, 2, 3, 4), (5, 5, 10, 13)):
        dealer, pone = entry((keep, DEALS))
        assert table[keep] == (round(dealer, 2), round(pone, 2))
    assert pegtable.pegging((4, 3, 2, 1), dealer=False) == table[(1, 2, 3, 4)][1]  # any order


def test_each_row_adds_hand_crib_and_pegging_and_the_best_comes_first():
    six = ["5H", "5D", "JS", "KC", "2D", "8C"]
    for dealer in (True, False):
        rows = discard_rows(six, dealer)
        assert len(rows) == 15 and len({r.discard for r in rows}) == 15
        evs = {o.discard: o for o in discard_table(six, dealer)}
        for r in rows:
            o = evs[r.discard]
            assert (r.hand, r.crib) == (o.hand_ev, o.crib_ev)
            keep = sorted(rules.cards.Card.parse(c).rank for c in r.keep)
            assert r.pegging == pegtable.pegging(keep, dealer)
            assert r.total == pytest.approx(r.hand + (r.crib if dealer else -r.crib) + r.pegging)
        assert [r.total for r in rows] == sorted((r.total for r in rows), reverse=True)


def test_the_analysis_marks_the_discard_the_expert_makes():
    s = rules.new_game("cribbage", seed=7)
    while s.phase != "discard":
        s = s.apply(rules.core.Action.from_dict(s.observe(s.to_move)["legal"][0]))
    seen = [s.observe(s.to_move)]
    rows, pick = analyse(seen, (0, "hint", 3))
    expert = make_bot("cribbage", 3).choose(seen, derive(0, "hint", 3))
    assert len(rows) == 15 and set(pick) == set(expert["cards"])
    rows, pick = analyse([s.observe(1 - s.to_move)], (0, "hint", 3))
    assert len(rows) == 15 and pick is None  # the other seat's six: its numbers, no move of its own to mark
