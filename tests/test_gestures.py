"""Gestures answered by the rules (rules/gesture.py), the same way for every registered game: each legal action
has a gesture that means it, a gesture means only what the seat's observation allows, and what it cannot mean is
refused with a key of the game's (worded in every language, tests/test_refusal_words.py)."""
from __future__ import annotations

import random

import pytest

import rules
from rules.core import Action, GameState, IllegalAction
from rules.gesture import Choice, Spot, find_action, legal_set

GAME_IDS = sorted(rules.GAMES)


def positions(game_id: str, seeds=(2, 5, 13), every: int = 3):
    """States met by random play (every few actions), with the observation of the seat to move."""
    for seed in seeds:
        state, rng = rules.new_game(game_id, seed=seed), random.Random(seed)
        for n in range(rules.GAMES[game_id].max_actions):
            if state.is_over:
                break
            if n % every == 0:
                yield state, state.observe(state.to_move)
            state = state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_legal_action_is_made_by_its_gesture_or_a_button(game_id: str) -> None:
    spec = rules.GAMES[game_id]
    kinds_by_gesture, kinds_by_button = set(), set()
    for state, obs in positions(game_id):
        legal = legal_set(spec, obs)
        for action in state.legal_actions():
            gesture = spec.gesture_for(obs, action)
            if gesture is None:
                kinds_by_button.add(action.kind)
                continue
            kinds_by_gesture.add(action.kind)
            got = find_action(spec, obs, *gesture, legal=legal)
            assert got == action or (isinstance(got, Choice) and action in got.options), (action, gesture, got)
    assert kinds_by_gesture, "a game played only by buttons has no gestures to answer"
    assert not kinds_by_gesture & kinds_by_button, "an action kind is a gesture sometimes and a button others"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_gesture_means_only_legal_actions_or_is_refused_by_the_door(game_id: str) -> None:
    """Every pair of spots the legal actions use, tried in every position: the answer is a legal action, a
    choice of legal actions, an action the door refuses with one of the game's keys, or a refusal itself."""
    spec = rules.GAMES[game_id]
    for state, obs in positions(game_id, seeds=(7,), every=5):
        legal = legal_set(spec, obs)
        spots: set[Spot] = set()
        for action in state.legal_actions():
            gesture = spec.gesture_for(obs, action)
            if gesture is not None:
                spots.update(s for s in gesture if s is not None)
        for source in spots:
            for target in [None, *spots]:
                try:
                    got = find_action(spec, obs, source, target, legal=legal)
                except IllegalAction as exc:
                    assert exc.key.isidentifier()
                    continue
                check_answer(state, got, legal)


def check_answer(state: GameState, got: Action | Choice, legal: frozenset[Action]) -> None:
    if isinstance(got, Choice):
        assert len(got.options) > 1 and set(got.options) <= legal
    elif got not in legal:
        with pytest.raises(IllegalAction) as refused:
            state.apply(got)
        assert refused.value.game == state.game_id and refused.value.key.isidentifier()
