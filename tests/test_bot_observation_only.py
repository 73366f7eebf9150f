"""The strongest computer level sees observations only: the same view gives the same, legal move, whatever
the hidden cards really are; and the same seed gives the same move."""
from __future__ import annotations

import rules
from rules.bots import make_bot
from rules.cards import standard_deck
from rules.core import Action
from rules.rng import derive


def _deck_strings() -> list[str]:
    deck = [str(c) for c in standard_deck()]
    derive(4, "test-deck").shuffle(deck)
    return deck


def _choose(state: rules.GameState, seat: int, level: int = 3) -> Action:
    return make_bot(state.game_id, level).choose([state.observe(seat)], derive(1, "bot"))


def test_kombi_same_view_same_move_whatever_the_hidden_cards():
    deck = _deck_strings()
    other = deck[:7] + deck[14:17] + deck[7:14][::-1] + deck[17:]  # swap seat 1's hand with the pile's top
    other = other[:7] + other[10:17] + other[7:10] + other[17:]
    a = rules.new_game("kombi", deck=deck, first=0)
    b = rules.new_game("kombi", deck=other, first=0)
    assert a.observe(0) == b.observe(0) and a.hidden_from(0) != set() and a.hands[1] != b.hands[1]
    move = _choose(a, 0)
    assert move == _choose(b, 0) and move in a.legal_actions()


def test_cribbage_same_view_same_move_whatever_the_hidden_cards():
    deck = _deck_strings()
    other = deck[:6] + deck[13:20] + deck[6:13] + deck[20:]  # the dealer's six and the starter differ
    a = rules.new_game("cribbage", deck=deck, dealer=0)
    b = rules.new_game("cribbage", deck=other, dealer=0)
    a, b = (s.apply(Action.make("cut", depth=20)) for s in (a, b))
    assert a.to_move == 1 and a.observe(1) == b.observe(1)
    move = _choose(a, 1)
    assert move == _choose(b, 1) and move in a.legal_actions()


def test_every_game_the_same_seed_gives_the_same_moves():
    for game_id in rules.GAMES:
        state = rules.new_game(game_id, seed=9)
        for _ in range(3):
            if state.is_over:
                break
            seat = state.to_move
            one = _choose(state, seat)
            assert one == _choose(state, seat) and one in state.legal_actions()
            state = state.apply(one)
