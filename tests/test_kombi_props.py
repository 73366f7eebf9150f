"""Kombi-Duell properties over random games and random hands (hypothesis)."""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import Card, standard_deck
from rules.core import Action
from rules.kombi.combos import best_split, combo_points
from rules.kombi.state import KombiState, combo_kind, new_game, play_action

MAX_ACTIONS = 3000
PACK = [str(c) for c in standard_deck()]


def random_action(state: KombiState, rng: random.Random) -> Action:
    """A kind first (a pass a third as likely as each other kind), then an action of that kind: games
    get long enough to fill hands and thin the pile, yet end, and every kind gets played."""
    by_kind: dict[str, list[Action]] = {}
    for a in state.legal_actions():
        by_kind.setdefault(a.kind, []).append(a)
    kinds = sorted(by_kind)
    kind = rng.choices(kinds, weights=[1 if k == "pass" else 3 for k in kinds])[0]
    return rng.choice(by_kind[kind])


def simple_points(cards: list[str]) -> int:
    """Points written straight from RULES.md §4.5, for valid combinations."""
    if len({c[0] for c in cards}) == 1:
        return {3: 10, 4: 15}[len(cards)]
    return 2 * len(cards)


def check_invariants(state: KombiState) -> None:
    cards = [str(c) for h in state.hands for c in h] + [str(c) for c in state.area]
    cards += [str(c) for c in state.pile]
    cards += [str(c) for pile in state.discards for played in pile for c in played.cards]
    assert Counter(cards) == Counter(PACK)
    for seat in (0, 1):
        obs = state.observe(seat)
        assert len(obs["hand"]) <= 10 and len(obs["exchange"]) == 3
        assert obs["hand_counts"] == [len(h) for h in state.hands]
        for mine in obs["discards"]:
            for combo in mine:
                assert combo_kind(combo["cards"]) == combo["kind"] is not None
                assert combo["points"] == simple_points(combo["cards"])
        totals = [sum(c["points"] for c in pile) for pile in obs["discards"]]
        assert obs["scores"] == totals == list(state.scores)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), policy=st.integers(0, 2**31))
def test_random_games_keep_the_invariants_and_end(seed: int, policy: int) -> None:
    state, rng = new_game(seed=seed), random.Random(policy)
    check_invariants(state)
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        state = state.apply(random_action(state, rng))
        check_invariants(state)
    assert state.is_over, "no end after MAX_ACTIONS random actions"
    top = max(state.scores)
    assert state.winners == tuple(s for s in (0, 1) if state.scores[s] == top)
    assert state.events[-1]["type"] == "kombi.end"


def is_ring_stretch(cards: list[Card]) -> bool:
    """Brute force: some start s makes the ranks exactly s, s+1, … (mod 13) on the 2…A ring."""
    if len(cards) < 3 or len({c.suit for c in cards}) != 1:
        return False
    ring = {(c.rank - 2) % 13 for c in cards}
    return any(ring == {(s + k) % 13 for k in range(len(cards))} for s in range(13))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from("CDHS"), st.sets(st.integers(1, 13), min_size=1, max_size=13))
def test_sequence_rule_matches_the_ring_definition(suit: str, ranks: set[int]) -> None:
    cards = [Card(r, suit) for r in ranks]
    assert (combo_kind(cards) == "sequence") == is_ring_stretch(cards)


def brute_force_plays(hand: list[Card]) -> set[Action]:
    valid = [combo for n in range(3, len(hand) + 1) for combo in combinations(hand, n) if combo_kind(combo)]
    plays: set[Action] = set()

    def extend(start: int, used: frozenset[Card], chosen: list[tuple[Card, ...]]) -> None:
        for i in range(start, len(valid)):
            if used.isdisjoint(valid[i]):
                chosen.append(valid[i])
                plays.add(play_action(chosen))
                extend(i + 1, used | set(valid[i]), chosen)
                chosen.pop()

    extend(0, frozenset(), [])
    return plays


# Few ranks across all suits, around the ring's wrap, so random hands are rich in combinations.
DENSE = [c for c in PACK if c[0] in "QKA23"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(DENSE), min_size=7, max_size=7, unique=True))
def test_legal_plays_are_exactly_every_disjoint_set(hand: list[str]) -> None:
    rest = [c for c in PACK if c not in hand]
    state = new_game(deck=hand + rest, first=0)
    legal = [a for a in state.legal_actions() if a.kind == "play"]
    assert len(legal) == len(set(legal))
    assert set(legal) == brute_force_plays([Card.parse(c) for c in hand])


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(DENSE), min_size=1, max_size=9, unique=True))
def test_best_split_covers_the_selection_with_the_most_points(selection: list[str]) -> None:
    split = best_split(selection)
    cards = [Card.parse(c) for c in selection]
    covers = [p for p in brute_force_plays(cards)
              if sorted(c for combo in p["combos"] for c in combo) == sorted(selection)]
    if not covers:
        assert split is None
        return
    assert split is not None and sorted(c for combo in split for c in combo) == sorted(cards)
    assert all(combo_kind(c) for c in split)
    best = max(sum(combo_points(c) for c in p["combos"]) for p in covers)
    assert sum(combo_points(c) for c in split) == best
