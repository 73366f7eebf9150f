"""Every game ends within its proved longest game (``GameSpec.max_actions``), whoever plays it and however.

The players here are adversaries of the termination rules: each one always takes one chosen kind of action
whenever it is legal (always exchange, always take the discard, always pick up, always pass ...), the rest of
the time it plays at random. Between them they try every loop a game's actions allow.
"""
from __future__ import annotations

import random

import pytest

import rules
from rules.core import Action, GameState

GAME_IDS = sorted(rules.GAMES)
SEEDS = (3, 11, 29)


def kinds_of(game_id: str, seeds: tuple[int, ...] = SEEDS) -> list[str]:
    """The action kinds a few random play-outs meet, in a fixed order."""
    seen: set[str] = set()
    for seed in seeds:
        state, rng = rules.new_game(game_id, seed=seed), random.Random(seed)
        for _ in range(rules.GAMES[game_id].max_actions):
            if state.is_over:
                break
            legal = state.legal_actions()
            seen.update(a.kind for a in legal)
            state = state.apply(rng.choice(legal))
    return sorted(seen)


def stubborn(kind: str, rng: random.Random):
    def choose(state: GameState) -> Action:
        legal = state.legal_actions()
        liked = [a for a in legal if a.kind == kind]
        return rng.choice(liked or legal)
    return choose


def length(game_id: str, seed: int, choose) -> int:
    """Actions until the game is over, played by ``choose`` for both seats; fails past the proved bound."""
    bound = rules.GAMES[game_id].max_actions
    state = rules.new_game(game_id, seed=seed)
    for n in range(bound + 1):
        if state.is_over:
            return n
        state = state.apply(choose(state))
    raise AssertionError(f"{game_id} seed {seed}: not over after {bound} actions, the proved longest game")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_play_ends_within_the_bound(game_id: str) -> None:
    for seed in range(6):
        choose = random.Random(seed).choice
        assert length(game_id, seed, lambda s, choose=choose: choose(s.legal_actions())) > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_player_stuck_on_one_kind_of_action_still_ends_the_game(game_id: str) -> None:
    kinds = kinds_of(game_id)
    assert kinds
    for kind in kinds:
        for seed in SEEDS:
            length(game_id, seed, stubborn(kind, random.Random(seed)))
