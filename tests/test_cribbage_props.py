"""Cribbage properties over random legal games (hypothesis): cards, secrecy, scores, the end."""
from __future__ import annotations

import json
import random
import re
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import standard_deck
from rules.cribbage.score import value
from rules.cribbage.state import CribbageState, new_game

PACK = [str(c) for c in standard_deck()]
CARD_STRING = re.compile(r'"([A2-9TJQK][CDHS])"')
SCORING = {"cribbage.play", "cribbage.go_point", "cribbage.his_heels", "cribbage.show"}


def cards_in(data) -> set[str]:
    return set(CARD_STRING.findall(json.dumps(data)))


def check_cards_conserved(s: CribbageState) -> None:
    dealt = [c for seat in (0, 1) for c in (*s.kept[seat], *s.discards[seat])]
    if s.phase == "discard":
        dealt += [c for seat in (0, 1) if not s.discards[seat] for c in s.hands[seat]]
    if s.starter is not None:
        dealt.append(s.starter)
    assert len(dealt) == len(set(dealt)) <= 13  # every dealt card once; the rest (39+) is the pack
    for seat in (0, 1):
        if s.discards[seat]:
            in_play = [*s.hands[seat], *s.earlier[seat], *(c for p, c in s.series if p == seat)]
            assert Counter(in_play) == Counter(s.kept[seat])
            assert len(s.kept[seat]) == 4 and len(s.discards[seat]) == 2
        assert s.hidden_from(seat) <= set(PACK)
        assert not {str(c) for c in s.hands[seat]} & s.hidden_from(seat)


def check_secrecy(s: CribbageState, views: list[dict]) -> None:
    for seat in (0, 1):
        hidden = s.hidden_from(seat)
        assert not cards_in(views[seat]) & hidden, f"seat {seat} sees hidden cards"
        if s.is_over:  # both hands face up
            assert views[seat]["hands"] == [[str(c) for c in sorted(h)] for h in s.hands]
            assert not {str(c) for c in s.hands[1 - seat]} & hidden
        else:
            assert {str(c) for c in s.hands[1 - seat]} <= hidden and views[seat]["hands"] is None
        if not s.shows:
            assert {str(c) for c in s.discards[1 - seat]} <= hidden  # the crib is face down
        assert not cards_in(list(s.events)) & hidden, "an event names a card that is not public"
        if s.starter is None and s.first_deck is not None and s.hand_no == 1:
            assert str(s.first_deck[12]) in hidden


def check_play_state(s: CribbageState, views: list[dict]) -> None:
    assert s.count == sum(value(c) for _, c in s.series) <= 31
    for seat, o in enumerate(views):
        assert o["pegs"][seat]["front"] == s.scores[seat] >= o["pegs"][seat]["back"]
        assert o["hand_counts"] == [len(s.hands[0]), len(s.hands[1])]
        assert (o["legal"] != []) == (seat == s.to_move)


def play_randomly(s: CribbageState, rng: random.Random) -> tuple[CribbageState, list]:
    actions, from_events = [], [0, 0]
    for _ in range(3000):
        if s.is_over:
            break
        action = rng.choice(s.legal_actions())
        actions.append(action)
        s = s.apply(action)
        for e in s.events:
            if e["type"] in SCORING:
                from_events[e["seat"]] += e["points"] if e["type"] != "cribbage.show" else e["total"]
        assert list(s.scores) == from_events, "scores recomputed from events differ"
        check_cards_conserved(s)
        views = [s.observe(0), s.observe(1)]
        check_secrecy(s, views)
        check_play_state(s, views)
    return s, actions


def check_end(s: CribbageState) -> None:
    assert s.is_over and len(s.winners) == 1
    winner = s.winners[0]
    assert s.scores[winner] >= 121 > s.scores[1 - winner]
    assert s.events[-1]["type"] == "cribbage.end" and s.legal_actions() == []


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31), policy=st.integers(0, 2**31))
def test_random_seeded_games_keep_the_invariants_and_end(seed: int, policy: int) -> None:
    s, actions = play_randomly(new_game(seed=seed), random.Random(policy))
    check_end(s)
    replay = new_game(seed=seed)
    for a in actions:
        replay = replay.apply(a)
    assert replay == s  # the game is its seed plus its actions


@settings(max_examples=5, deadline=None)
@given(deck=st.permutations(PACK), dealer=st.integers(0, 1), policy=st.integers(0, 2**31))
def test_random_fixed_deck_games_keep_the_invariants_and_end(deck, dealer, policy) -> None:
    start = new_game(seed=1, deck=list(deck), dealer=dealer)
    check_secrecy(start, [start.observe(0), start.observe(1)])
    s, _ = play_randomly(start, random.Random(policy))
    check_end(s)
