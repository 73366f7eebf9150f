"""Card Square properties over random legal games: cards conserved, secrets kept, games end, replay."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules.cards import standard_deck
from rules.core import Action
from rules.match import Match
from rules.square.state import SquareState, new_game

ALL = {str(c) for c in standard_deck()}
PROPS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def strings(obj) -> set[str]:
    if isinstance(obj, dict):
        return set().union(set(), *(strings(v) for v in obj.values()))
    if isinstance(obj, list):
        return set().union(set(), *(strings(v) for v in obj))
    return {obj} if isinstance(obj, str) else set()


def choose(s: SquareState, rng: random.Random, knock_after: int, turns: int) -> Action:
    """Random legal play; past ``knock_after`` turns a player knocks whenever it may (§1.6 #13:
    the rules have no turn limit, so the driver supplies the eventual knock)."""
    legal = s.legal_actions()
    knock = Action.make("knock")
    if turns >= knock_after and knock in legal:
        return knock
    return rng.choice(legal)


def playout(seed: int, knock_after: int):
    """Yield (state before, action, state after) for one random game."""
    s = new_game(seed=seed)
    rng = random.Random(seed)
    turns = 0
    while not s.is_over:
        a = choose(s, rng, knock_after, turns)
        nxt = s.apply(a)
        turns += nxt.phase == "turn" and nxt.current != s.current
        yield s, a, nxt
        s = nxt


def cards_on_table(s: SquareState) -> list[str]:
    out = [*s.squares[0], *s.squares[1], *s.draw, *s.discard]
    if s.drawn is not None:
        out.append(s.drawn)
    return [str(c) for c in out]


@PROPS
@given(seed=st.integers(0, 10**6), knock_after=st.integers(0, 60))
def test_52_cards_are_conserved(seed, knock_after):
    for _, _, s in playout(seed, knock_after):
        table = cards_on_table(s)
        assert len(table) == 52 and set(table) == ALL


@PROPS
@given(seed=st.integers(0, 10**6), knock_after=st.integers(0, 60))
def test_no_observation_shows_a_card_its_seat_may_not_see(seed, knock_after):
    ever_public: set[str] = set()
    secret_of: dict[int, set[str]] = {0: set(), 1: set()}  # what only the *other* seat has seen
    for before, a, s in playout(seed, knock_after):
        ever_public |= {str(c) for c in s.discard}
        actor = before.current
        if a.kind == "swap":  # the drawer's card went face down: the opponent never saw it
            secret_of[1 - actor].add(str(before.drawn))
        if s.reveal and s.current == actor:  # a look, peek, spy or Queen look of the actor
            secret_of[1 - actor] |= {str(s.squares[o][i]) for o, i in s.reveal}
        for seat in (0, 1):
            seen = strings(s.observe(seat))
            assert not seen & s.hidden_from(seat)
            if not s.is_over:
                mine_now = {str(s.squares[o][i]) for o, i in s.reveal} if s.current == seat else set()
                assert not seen & (secret_of[seat] - ever_public - mine_now)
                must_hide = {str(c) for c in s.draw}
                if s.drawn is not None and s.current != seat:
                    must_hide.add(str(s.drawn))
                assert must_hide <= s.hidden_from(seat)
                unrevealed = {str(s.squares[o][i]) for o in (0, 1) for i in range(4)
                              if not (s.current == seat and (o, i) in s.reveal)}
                assert unrevealed - ever_public <= s.hidden_from(seat)


@PROPS
@given(seed=st.integers(0, 10**6), knock_after=st.integers(0, 40))
def test_random_play_ends_once_players_knock(seed, knock_after):
    steps = list(playout(seed, knock_after))
    final = steps[-1][2]
    assert final.is_over and final.end_reason in ("knock", "deck_empty")
    # the knocker's opponent gets one turn: a handful of actions after the cap at most
    assert len(steps) <= 2 + 5 * (knock_after + 2)
    assert set(final.winners) <= {0, 1} and final.winners
    low = min(final.scores)
    assert set(final.winners) == {i for i in (0, 1) if final.scores[i] == low}


@PROPS
@given(seed=st.integers(0, 10**6), knock_after=st.integers(0, 30))
def test_json_round_trip_replay_and_undo(seed, knock_after):
    steps = list(playout(seed, knock_after))
    actions = [a for _, a, _ in steps]
    for a in actions:
        assert rules.action_from_json("square", a.to_json()) == a
    m = Match("square", {"seed": seed}, actions)
    assert m.state == steps[-1][2]
    again = Match.from_json(m.to_json())
    assert again.state == m.state and again.log() == m.log()
    if actions:
        m.undo()
        m.redo()
        assert m.state == steps[-1][2]


def test_endless_taking_from_the_discard_pile_is_closed_after_ten_turns():
    """docs/decisions.md "Every game ends": players who only take from the discard pile are made to draw."""
    s = new_game(seed=3)
    s = s.apply(Action.make("skip_look")).apply(Action.make("skip_look"))
    s = s.apply(Action.make("draw")).apply(Action.make("discard"))
    count = len(s.draw)
    for _ in range(10):
        s = s.apply(Action.make("take", pos=(1, 1)))
    assert not s.is_over and len(s.draw) == count
    assert {a.kind for a in s.legal_actions()} == {"draw", "knock"}
