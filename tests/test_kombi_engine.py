"""The fast Kombi-Duell engine: one door for listed and decoded actions, read-only states, the play tables."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core import Action
from rules.kombi.plays import combo_masks, play_table
from rules.kombi.state import KombiState, action_from_json, new_game


def test_an_equal_action_decoded_from_json_does_what_the_listed_one_does() -> None:
    rng = random.Random(4)
    for seed in range(3):
        s = new_game(seed=seed)
        while not s.is_over:
            a = rng.choice(s.legal_actions())
            copy = action_from_json(a.to_json())
            assert copy == a
            t, u = s.apply(a), s.apply(copy)
            assert t == u and t.events == u.events and t.observe(0) == u.observe(0) and t.observe(1) == u.observe(1)
            s = t


def test_the_state_is_read_only_and_replace_makes_a_new_one() -> None:
    s = new_game(seed=3)
    with pytest.raises(AttributeError):
        s.hands = ((), ())  # type: ignore[misc]  # the write must be refused
    empty = s.replace(pile=())
    assert isinstance(empty, KombiState) and empty.pile == () and len(s.pile) == 35
    assert empty.hands == s.hands and empty.area == s.area and empty != s
    assert s.replace() == s and hash(s.replace()) == hash(s)


def test_events_follow_the_action_and_the_end() -> None:
    s = new_game(seed=3)
    assert s.events == ()
    t = s.apply(Action.make("pass")).apply(Action.make("pass"))
    assert [e["type"] for e in t.events] == ["kombi.pass", "kombi.end"] and t.is_over
    assert t.events == t.last_events and t.events is not t.events


@settings(max_examples=300, deadline=None)
@given(st.sets(st.integers(0, 51), min_size=0, max_size=10))
def test_the_quick_no_combination_check_agrees_with_the_full_listing(bits: set[int]) -> None:
    mask = sum(1 << b for b in bits)
    actions, infos = play_table(mask)
    assert bool(actions) == bool(combo_masks(mask)) and len(actions) == len(infos)
    for info in infos:
        assert info.used & ~mask == 0 and info.points == sum(p.points for p in info.played)
