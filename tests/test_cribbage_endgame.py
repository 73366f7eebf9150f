"""Cribbage level 3's play near 121 and its pegging tree: the win-chance table is a chance and grows with one's
own score, the solved play agrees with the engine, and level 3 pegs out where level 2 plays for points."""
from __future__ import annotations

import dataclasses
import random

import rules
from rules.bots import make_bot
from rules.cards import Card
from rules.cribbage.pegtree import Tree
from rules.cribbage.state import peg_points
from rules.cribbage.wintable import GOAL, chance, decode
from rules.rng import derive
from tools.cribbage_table import encode


def test_the_win_chance_is_monotone_and_the_two_seats_add_up():
    for dealer in (True, False):
        for a in range(0, GOAL, 3):
            for b in range(0, GOAL, 3):
                p = chance(a, b, dealer)
                assert 0.0 <= p <= 1.0
                assert chance(a + 1, b, dealer) >= p - 1e-9  # a point more never hurts
                assert chance(a, b + 1, dealer) <= p + 1e-9  # nor one more for the other
                assert abs(p + chance(b, a, not dealer) - 1.0) < 1e-9  # one of the two wins
    assert 0.5 < chance(0, 0, True) < 0.6  # the first deal is an edge, not a decision
    assert chance(GOAL, 120, False) == 1.0 and chance(120, GOAL, True) == 0.0
    assert chance(115, 115, False) > chance(115, 115, True)  # six each to go: the non-dealer counts first
    assert chance(119, 119, True) > chance(119, 119, False)  # two each: the dealer pegs them first more often


def test_the_stored_table_reads_back_what_the_tool_writes():
    rng = random.Random(3)
    table = [[rng.random() for _ in range(GOAL)] for _ in range(GOAL)]
    back = decode(encode(table))
    assert len(back) == GOAL and all(len(row) == GOAL for row in back)
    assert max(abs(x - y) for row, got in zip(table, back, strict=True) for x, y in zip(row, got, strict=True)) \
        <= 0.5 / 65535 + 1e-12


def test_the_solved_play_counts_as_the_rules_do():
    # My 5, their 10: fifteen two for them, and the last card.
    assert Tree().values((5,), (10,), (), 0) == [-3.0]
    # Count 20, my ace and 10 against their 10: the ace lets their 10 make 31 for two, then my 10 leads a new series
    # and is the last card (-1); the 10 leaves them no card that fits, and my ace makes 31 (+2, then their last card).
    assert Tree().values((1, 10), (10,), (10, 11), 20) == [-1.0, 1.0]
    # Level 2 as their model gives a margin the best reply cannot beat, and never above my best line's.
    unseen = tuple([0] + [4] * 13)
    for mine, theirs in (((3, 5, 9, 12), (4, 5, 6, 13)), ((1, 1, 7, 8), (2, 7, 7, 10))):
        best_reply = Tree().values(mine, theirs, (), 0)
        modelled = Tree(unseen).values(mine, theirs, (), 0)
        assert all(m >= b for m, b in zip(modelled, best_reply, strict=True))


def test_a_line_that_reaches_the_goal_stops_there():
    seen = []
    tree = Tree(None, lambda mine, theirs: seen.append((mine, theirs)) or float(mine >= 2), (2, 99))
    assert tree.values((6, 12), (4,), (4, 5, 6), 15) == [1.0, 0.0]  # the 6 pairs for two: the game is won
    assert (2, 0) in seen


def _first_missed_peg_out(seed: int):
    """The first play of a level-2 game where a card pegs two or more but level 2 lays another; the mover's
    views with the scores set to 119 (the mover) and 117."""
    level2 = make_bot("cribbage", 2)
    state, seen = rules.new_game("cribbage", seed=seed), ([], [])
    while not state.is_over:
        seat = state.to_move
        seen[seat].append(state.observe(seat))
        obs = seen[seat][-1]
        if state.phase == "play" and len(obs["legal"]) >= 2:
            series = [Card.parse(x["card"]) for x in obs["series"]]
            points = {a["card"]: peg_points([*series, Card.parse(a["card"])]) for a in obs["legal"]}
            if max(points.values()) >= 2 and points[level2.choose(seen[seat], random.Random(0))["card"]] < 2:
                scores = (119, 117) if seat == 0 else (117, 119)
                late = dataclasses.replace(state, points=scores, back=scores)
                return points, [*seen[seat][:-1], late.observe(seat)]
        state = state.apply(level2.choose(seen[seat], derive(seed, "l2", len(seen[seat]))))
    raise AssertionError("no such play in this game")


def test_level3_pegs_out_at_119_where_level2_plays_for_points():
    points, seen = _first_missed_peg_out(19)
    assert points[make_bot("cribbage", 2).choose(seen, random.Random(0))["card"]] < 2
    three = make_bot("cribbage", 3)
    card = three.choose(seen, random.Random(0))["card"]
    assert points[card] >= 2
    assert three.choose(seen, random.Random(0))["card"] == card  # the same seed, the same card


def _pegged(state) -> tuple[int, int]:
    """Points each seat pegged in the action that made ``state`` (the play, go points; not the show)."""
    got = [0, 0]
    for e in state.events:
        if e["type"] in ("cribbage.play", "cribbage.go_point"):
            got[e["seat"]] += e["points"]
    return got[0], got[1]


def _engine_best(state, me: int) -> float:
    """My best margin in the rest of the play, both seats seeing every card, by the game's own engine."""
    values = []
    for action in state.legal_actions():
        nxt = state.apply(action)
        p = _pegged(nxt)
        v = p[me] - p[1 - me]
        if nxt.phase == "play" and nxt.hand_no == state.hand_no:
            v += _engine_best(nxt, me) if nxt.turn == me else -_engine_best(nxt, 1 - me)
        values.append(v)
    return max(values)


def test_the_solved_play_agrees_with_the_engine():
    level2, checked = make_bot("cribbage", 2), 0
    for seed in range(1, 6):
        state, seen = rules.new_game("cribbage", seed=seed), ([], [])
        while not state.is_over and max(state.points) < 90:
            seat = state.to_move
            seen[seat].append(state.observe(seat))
            if state.phase == "play" and len(state.hands[seat]) <= 3 and len(state.legal_actions()) >= 2:
                mine = tuple(c.rank for c in state.hands[seat])
                theirs = tuple(c.rank for c in state.hands[1 - seat])
                series = tuple(c.rank for _, c in state.series)
                tree = Tree().values(mine, theirs, series, state.count)
                for action, v in zip(state.legal_actions(), tree, strict=True):
                    nxt = state.apply(action)
                    p = _pegged(nxt)
                    want = p[seat] - p[1 - seat]
                    if nxt.phase == "play" and nxt.hand_no == state.hand_no:
                        want += _engine_best(nxt, seat) if nxt.turn == seat else -_engine_best(nxt, 1 - seat)
                    assert v == want, (seed, mine, theirs, series, action)
                    checked += 1
            state = state.apply(level2.choose(seen[seat], derive(seed, "l2", len(seen[seat]))))
    assert checked >= 20


def _pone_discard(seed: int, scores: tuple[int, int]):
    """The non-dealer's first discard view of a seeded deal (seat 0 deals), the scores set to ``scores``."""
    from rules.core import Action
    from rules.cribbage.state import new_game

    state = new_game(seed=seed, dealer=0).apply(Action.make("cut", depth=20))
    assert state.phase == "discard" and state.to_move == 1
    return state.hands[1], dataclasses.replace(state, points=scores, back=scores).observe(1)


def test_level3_keeps_a_hand_that_counts_out_where_the_most_points_may_fall_short():
    # The non-dealer counts first: needing ``need`` at the show, a hand that counts ``need`` with every starter
    # wins before the dealer (at 108, with hand and crib to come) counts; the keep worth the most points falls
    # short with some starters. Far from 121 the Expert keeps the points.
    from rules.cribbage.ev import unseen_pool
    from rules.cribbage.score import score_total

    two, three = make_bot("cribbage", 2), make_bot("cribbage", 3)
    for seed, need in ((21, 4), (109, 6)):
        hand, late = _pone_discard(seed, (108, GOAL - need))
        pool = unseen_pool(hand)

        def counts(drop, hand=hand, pool=pool):
            keep = [c for c in hand if str(c) not in drop]
            return [score_total(keep, starter) for starter in pool]

        points = two.choose([late], random.Random(0))["cards"]
        assert sum(c < need for c in counts(points)) >= len(pool) // 3  # short with a third of the starters
        for r in range(3):
            game = three.choose([late], random.Random(r))["cards"]
            assert min(counts(game)) >= need, (seed, r, game)
        _, early = _pone_discard(seed, (60, 60))
        assert three.choose([early], random.Random(0))["cards"] == points
