"""Own Trumps properties over random games: 36 cards conserved, forced beating, every game ends."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.trumps.core import ALL, BEATERS, NAMES, index_of, pickup_size
from rules.trumps.state import PICK_UP, new_game

MAX_ACTIONS = 30_000
LONG_SEED = 236  # random play from this deal would last 8,060 actions: it ends at the move limit


def check(state) -> None:
    h0, h1 = state.hands
    pile = state.pile
    assert h0 & h1 == 0 and len(set(pile)) == len(pile)
    assert h0 | h1 | sum(1 << c for c in pile) == ALL and h0.bit_count() + h1.bit_count() + len(pile) == 36
    if state.is_over:
        assert state.legal_actions() == [] and state.winners
        return
    seat = state.to_move
    legal = state.legal_actions()
    assert legal
    if state.phase == "play" and pile:
        can_beat = bool(state.hands[seat] & BEATERS[state.trump(seat)][pile[-1]])
        assert (PICK_UP in legal) == (not can_beat or state.voluntary_pickup)
        beaters = BEATERS[state.trump(seat)][pile[-1]]
        assert all(beaters >> index_of(a["card"]) & 1 for a in legal if a != PICK_UP)
    else:
        assert PICK_UP not in legal
    obs = state.observe(seat)
    hidden = state.hidden_from(seat)
    assert not hidden & set(obs["hand"]) and not hidden & set(obs["pile"]) and not hidden & set(obs["beaters"])
    assert obs["scores"] == [h0.bit_count(), h1.bit_count()]


def playout(seed: int, pick, voluntary: bool = False, cap: int | None = None):
    state = new_game(seed=seed, voluntary_pickup=voluntary)
    actions = 0
    while not state.is_over:
        if cap is not None and actions >= cap:
            break
        assert actions < MAX_ACTIONS
        before = state
        action = pick(state.legal_actions())
        state = state.apply(action)
        if action == PICK_UP:
            n, _ = pickup_size(before.trump(before.to_move), before.pile[-1], len(before.pile))
            assert state.events[0]["count"] == n and len(state.pile) == len(before.pile) - n
            assert state.events[0]["cards"] == [NAMES[c] for c in reversed(before.pile)][:n]
        if state.phase != "choose_trump":
            check(state)
        actions += 1
    return state, actions


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_random_games_conserve_cards_and_end(seed):
    rng = random.Random(seed)
    state, _ = playout(seed, rng.choice)
    assert state.result in ("win", "draw", "repetition", "move_limit")
    if state.result == "win":
        assert state.scores[state.winners[0]] == 0


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_voluntary_pickup_option_keeps_every_invariant(seed):
    # With the pagat option a random player may pick up at will, which can make random games very
    # long; the invariants are checked over a bounded stretch (termination is a default-rules claim).
    rng = random.Random(seed)
    playout(seed, rng.choice, voluntary=True, cap=3000)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), lowest=st.booleans())
def test_stubborn_players_still_end(seed, lowest):
    """Always the first (or last) legal action: cycles are likely and the repetition rule must stop them."""
    state, _ = playout(seed, (lambda xs: xs[0]) if lowest else (lambda xs: xs[-1]))
    assert state.is_over


def test_long_game_replays_exactly():
    """A game that runs to the move limit (the repetition bookkeeping grows with it) replays to the same end."""
    rng = random.Random(LONG_SEED)
    state = new_game(seed=LONG_SEED, trumps=("H", "D"))
    actions = []
    while not state.is_over:
        actions.append(rng.choice(state.legal_actions()))
        state = state.apply(actions[-1])
    assert len(actions) > 2500 and state.result == "move_limit"
    again = new_game(seed=LONG_SEED, trumps=("H", "D"))
    for a in actions:
        again = again.apply(a)
    assert again.observe(0) == state.observe(0) and again.winners == state.winners
