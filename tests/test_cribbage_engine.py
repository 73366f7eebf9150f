"""The fast cribbage engine keeps the game exactly: seeded cards, states rebuilt field by field, the door."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

import rules
from rules.cards import standard_deck
from rules.core import Action, IllegalAction
from rules.cribbage import deal as seeded
from rules.rng import derive


def test_the_packs_are_the_seeded_shuffles():
    for seed in range(400):
        n = seed % 17 if seed % 2 else seed % 3 + 1
        labels, key = (("deal", n), seeded.DEAL) if seed % 2 else (("cut", "deal", n), seeded.CUT_FOR_DEAL)
        deck = standard_deck()
        derive(seed, *labels).shuffle(deck)
        assert seeded.pack(key % (seed, n)) == deck


def test_a_stream_that_runs_out_of_words_shuffles_the_ordinary_way(monkeypatch):
    # 60 words are too few for about one shuffle in three: those must still give the seeded order.
    monkeypatch.setattr(seeded, "_WORDS", 60)
    for seed in range(60):
        deck = standard_deck()
        derive(seed, "deal", 1).shuffle(deck)
        assert seeded.pack(seeded.DEAL % (seed, 1)) == deck


def test_the_starter_is_the_seeded_choice_among_the_undealt_cards():
    rng = random.Random(4)
    for seed in range(300):
        dealt = rng.sample(standard_deck(), 12)
        rest = [c for c in standard_deck() if c not in dealt]
        assert seeded.starter(seed, 3, dealt) == derive(seed, "cut", 3, "starter").choice(rest)


def _moment(seed: int, steps: int):
    """A seeded game after ``steps`` random actions, and the generator that picked them."""
    rng = random.Random(seed)
    s = rules.new_game("cribbage", seed=seed)
    for _ in range(steps):
        if s.is_over:
            break
        s = s.apply(rng.choice(s.legal_actions()))
    return s, rng


@pytest.mark.parametrize("seed", [2, 9, 31])
def test_a_state_rebuilt_field_by_field_plays_on_the_same(seed):
    # The engine keeps running data beside the fields (the play actions of each hand, the series' ranks);
    # a state made from the fields alone (as dataclasses.replace makes it) must continue identically.
    for steps in (5, 14, 19, 23, 40, 77):
        s, rng = _moment(seed, steps)
        twin = replace(s)
        assert twin == s
        for _ in range(40):
            if s.is_over:
                break
            assert twin.legal_actions() == s.legal_actions()
            assert twin.observe(0) == s.observe(0) and twin.observe(1) == s.observe(1)
            action = rng.choice(s.legal_actions())
            s, twin = s.apply(action), twin.apply(Action.from_dict(action.to_json()))
            assert twin == s and twin.events == s.events


def test_equal_actions_pass_the_door_like_the_listed_ones():
    s, _ = _moment(5, 30)
    while not s.is_over:
        listed = s.legal_actions()[-1]
        copy = rules.action_from_json("cribbage", listed.to_json())
        assert copy is not listed and copy == listed
        a, b = s.apply(listed), s.apply(copy)
        assert a == b and a.events == b.events
        s = a


def test_refused_plays_keep_their_reasons():
    s, rng = _moment(8, 0)
    while s.phase != "play":
        s = s.apply(rng.choice(s.legal_actions()))
    theirs = s.hands[1 - s.to_move][0]
    with pytest.raises(IllegalAction) as refused:
        s.apply(Action.make("play", card=str(theirs)))
    assert (refused.value.key, refused.value.params) == ("not_in_hand", {"card": str(theirs)})
    with pytest.raises(IllegalAction) as refused:
        s.apply(Action.make("go"))
    assert refused.value.key == "go_while_a_card_fits" and refused.value.game == "cribbage"


def test_events_are_built_once_and_only_when_read():
    s, rng = _moment(12, 10)
    while s.phase != "play":
        s = s.apply(rng.choice(s.legal_actions()))
    s = s.apply(s.legal_actions()[0])
    assert all(not isinstance(e, dict) for e in s.event_log)  # a play's events wait as (builder, *args)
    first = s.events
    assert first is s.events and first[0]["type"] == "cribbage.play"


@pytest.mark.parametrize("seed", [5, 17])
def test_no_action_adds_a_key_to_a_state(seed):
    """Every state's dict shares its keys with the others only while no action adds one (docs/decisions.md:
    a key added later makes every following dict a large one of its own, copied by each action)."""
    rng, s = random.Random(seed), rules.new_game("cribbage", seed=seed)
    keys = set(s.__dict__)
    while not s.is_over:
        assert isinstance(s.events, tuple)  # reading events and listing moves fill memos: keys already there
        s = s.apply(rng.choice(s.legal_actions()))
        assert set(s.__dict__) == keys
    assert isinstance(s.events, tuple)
    assert set(s.__dict__) == keys and s.is_over is True and s.__dict__["is_over"] is True
