"""The allow-list holds for every registered game: re-dealing the cards a seat may not see changes neither that seat's
observation nor the public view, card or not. Each game lists the cards a seat and an onlooker may see
(``GameState.visible_to``) and the observation's fields (``GameSpec.public`` / ``private``); this test trusts those
lists only, never the observation or ``hidden_from``, and the faults it exists for are injected below to show it
fails on each of them, for every game."""
from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache
from importlib import import_module
from typing import Any

import pytest

import rules
from rules.cards import Card
from rules.core import GameSpec, GameState

GAME_IDS = sorted(rules.GAMES)
SEEDS = (3, 11)
SAMPLES = 25  # states looked at per play-out, spread over it
REDEALS = 3  # re-deals per state and viewer


def _pick(state: GameState, rng: random.Random) -> Any:
    """A kind first, then an action of that kind (rare kinds get played, games end sooner)."""
    by_kind: dict[str, list[Any]] = {}
    for a in state.legal_actions():
        by_kind.setdefault(a.kind, []).append(a)
    return rng.choice(by_kind[rng.choice(sorted(by_kind))])


@cache
def sampled_states(game_id: str) -> tuple[GameState, ...]:
    out = []
    for seed in SEEDS:
        state, rng, seen = rules.new_game(game_id, seed=seed), random.Random(seed), []
        while True:
            seen.append(state)
            if state.is_over:
                break
            state = state.apply(_pick(state, rng))
        step = max(1, len(seen) // SAMPLES)
        out += seen[::step] + [seen[-1]]
    return tuple(out)


def reachable(state: GameState) -> bool:
    """Whether a re-dealt state is one the game can be in: the seat to move has a move. A re-deal may break what a
    seat's play has shown of its hand (a Cribbage player who did not say Go holds a card that fits the count)."""
    try:
        return bool(state.legal_actions()) == (not state.is_over)
    except (IndexError, KeyError, ValueError):
        return False


def redeals(state: GameState, viewer: int | None, rng: random.Random) -> Iterator[GameState]:
    """Other deals that agree with every card ``viewer`` (None: an onlooker) sees: the cards hidden from it renamed
    among themselves, where the game can be in the result."""
    hidden = sorted(state.pack - state.visible_to(viewer))
    for _ in range(REDEALS):
        order = hidden[:]
        rng.shuffle(order)
        other = state.redealt(dict(zip(hidden, order, strict=True)))
        if reachable(other):
            yield other


@dataclass(frozen=True)
class Problem:
    kind: str  # unlisted | hidden_from | shows | seat | public | redeal
    detail: str


def _shown(view: dict[str, Any], hidden: set[str]) -> list[str]:
    text = json.dumps(view)
    return sorted(c for c in hidden if f'"{c}"' in text)


def problems(state: GameState, spec: GameSpec, rng: random.Random) -> list[Problem]:
    """What the allow-list forbids at ``state``, from both seats' chairs."""
    out: list[Problem] = []
    listed = {*spec.public, *spec.private}
    public_cards = state.visible_to(None)
    for seat in (0, 1):
        obs = state.observe(seat)
        view = spec.public_view(obs)
        mine = state.visible_to(seat)
        if set(obs) != listed:
            out.append(Problem("unlisted", f"seat {seat}: fields {sorted(set(obs) ^ listed)} are not as listed"))
        if state.hidden_from(seat) != state.pack - mine:
            out.append(Problem("hidden_from", f"seat {seat}: hidden_from is not the pack less what it sees"))
        if shown := _shown(obs, state.pack - mine):
            out.append(Problem("shows", f"seat {seat} is shown {shown}"))
        if shown := _shown(view, state.pack - public_cards):
            out.append(Problem("shows", f"the public view from seat {seat}'s chair shows {shown}"))
        for other in redeals(state, seat, rng):
            if other.visible_to(seat) != mine:
                out.append(Problem("redeal", f"seat {seat}: the re-deal moved a card it sees"))
            elif other.observe(seat) != obs:
                changed = sorted(k for k in obs if other.observe(seat).get(k) != obs[k])
                out.append(Problem("seat", f"seat {seat}'s observation changes with cards it cannot see: {changed}"))
        for other in redeals(state, None, rng):
            again = spec.public_view(other.observe(seat))
            if other.visible_to(None) != public_cards:
                out.append(Problem("redeal", "an onlooker's re-deal moved a card it sees"))
            elif again != view:
                changed = sorted(k for k in view if again.get(k) != view[k])
                out.append(Problem("public", f"the public view from seat {seat}'s chair changes: {changed}"))
    return out


def all_problems(game_id: str) -> list[Problem]:
    rng = random.Random(game_id)
    spec = rules.GAMES[game_id]
    return [p for s in sampled_states(game_id) for p in problems(s, spec, rng)]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_redeal_changes_what_a_seat_or_an_onlooker_sees(game_id: str) -> None:
    found = all_problems(game_id)
    assert not found, sorted({p.detail for p in found})[:5]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_field_nobody_listed_is_absent_from_the_public_view(game_id: str) -> None:
    """The public view fails closed: built from the allow-list, so a field someone adds stays out until listed."""
    spec = rules.GAMES[game_id]
    obs = {**rules.new_game(game_id, seed=1).observe(0), "added_later": ["AS"]}
    view = spec.public_view(obs)
    assert "added_later" not in view and set(view) == {*spec.public, *spec.private}
    assert all(view[k] == blank for k, blank in spec.private.items())
    assert not set(spec.public) & set(spec.private)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_redeal_renames_the_hidden_cards_only(game_id: str) -> None:
    """The tool is not idle: a re-deal of the cards hidden from a seat changes the state where some are in it."""
    rng, moved = random.Random(1), 0
    for state in sampled_states(game_id):
        for viewer in (0, 1, None):
            for other in redeals(state, viewer, rng):
                moved += other != state
    assert moved > 0


# --- the faults the check is there for ---------------------------------------------------------------------------
def _faulty_spec(monkeypatch: pytest.MonkeyPatch, game_id: str, **changes: Any) -> None:
    package = import_module(rules.GAMES.package(game_id))
    monkeypatch.setattr(package, "GAME", replace(package.GAME, **changes))


def _state_class(game_id: str) -> type[GameState]:
    return type(rules.new_game(game_id, seed=1))


def _opponents_own(state: GameState, seat: int) -> set[str]:
    """The cards the opponent sees and an onlooker does not: its hand, by the game's own list."""
    return state.visible_to(1 - seat) - state.visible_to(None)


def _leak(monkeypatch: pytest.MonkeyPatch, game_id: str, field: str, what: Any) -> None:
    cls = _state_class(game_id)
    observe = cls.observe

    def leaky(self: GameState, seat: int) -> dict[str, Any]:
        return {**observe(self, seat), field: what(self, seat)}

    monkeypatch.setattr(cls, "observe", leaky)


def _ranks(state: GameState, seat: int) -> list[int]:
    return sorted(Card.parse(c).rank for c in _opponents_own(state, seat))


def _kinds(game_id: str) -> set[str]:
    return {p.kind for p in all_problems(game_id)}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_public_view_keeping_legal_is_caught(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = rules.GAMES[game_id]
    _faulty_spec(monkeypatch, game_id, public=(*spec.public, "legal"),
                 private={k: v for k, v in spec.private.items() if k != "legal"})
    assert "public" in _kinds(game_id)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_observation_adding_the_opponents_ranks_is_caught(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _leak(monkeypatch, game_id, "peek", _ranks)
    assert "unlisted" in _kinds(game_id)  # a field nobody listed
    spec = rules.GAMES[game_id]
    _faulty_spec(monkeypatch, game_id, public=(*spec.public, "peek"))
    assert "public" in _kinds(game_id)  # listed for anyone to see
    _faulty_spec(monkeypatch, game_id, public=spec.public, private={**spec.private, "peek": []})
    secret = any(set() < _opponents_own(s, seat) < s.pack - s.visible_to(seat)
                 for s in sampled_states(game_id) for seat in (0, 1))
    # listed as the seat's own: a leak wherever the seat cannot tell the opponent's hand from the rest of what it
    # cannot see (in Own Trumps every card is dealt and a seat sees its own and the pile: the rest is the opponent's)
    assert ("seat" in _kinds(game_id)) == secret


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hidden_from_under_reporting_while_the_observation_leaks_is_caught(
        game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    cls = _state_class(game_id)
    monkeypatch.setattr(cls, "hidden_from", lambda self, seat: set())
    _leak(monkeypatch, game_id, "peek", lambda s, seat: sorted(_opponents_own(s, seat)))
    spec = rules.GAMES[game_id]
    _faulty_spec(monkeypatch, game_id, private={**spec.private, "peek": []})
    kinds = _kinds(game_id)
    assert "hidden_from" in kinds and "shows" in kinds
