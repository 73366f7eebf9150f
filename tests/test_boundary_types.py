"""Typed boundaries (issue 38, item 4): each game's observation and action JSON have a TypedDict (rules/<g>/types.py:
``OBSERVATION``, ``ACTION``) that mypy checks where the table, the bots and the server read them; this holds the
real observations, public views and legal actions of seeded random play-outs to exactly those fields."""
from __future__ import annotations

import importlib
import random

import pytest

import rules
from rules.match import Match
from rules.shapes import Observation


def _types(game_id: str):
    package = rules.spec(game_id).new_game.__module__.rsplit(".", 1)[0]
    return importlib.import_module(f"{package}.types")


def _keys(typed: type) -> frozenset[str]:
    return frozenset(typed.__required_keys__) | frozenset(typed.__optional_keys__)


def test_the_shared_fields_are_every_observations():
    assert _keys(Observation) == {"game", "seat", "to_move", "legal", "scores", "over", "winners"}


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
def test_observations_public_views_and_actions_have_exactly_their_typed_fields(game_id):
    types = _types(game_id)
    fields, action_fields = _keys(types.OBSERVATION), _keys(types.ACTION)
    assert _keys(Observation) <= fields and "kind" in types.ACTION.__required_keys__
    rng = random.Random(7)
    for seed in range(3):
        match = Match(game_id, {"seed": seed})
        while True:
            for seat in (0, 1):
                for obs in (match.state.observe(seat), match.view(seat, private=False)):
                    assert set(obs) == fields, (game_id, set(obs) ^ fields)
                    for a in obs["legal"]:
                        assert "kind" in a and set(a) <= action_fields, (game_id, a)
            if match.state.is_over or match.cursor >= 60:
                break
            match.play(rng.choice(match.state.legal_actions()))
