"""Card Square gestures (rules/square/gestures.py): what a drag or tap between two places of the table means,
from the seat's observation alone — one move, the moves it may still become, or a refusal with a key."""
from __future__ import annotations

import pytest

import rules
from rules.core import Action, IllegalAction
from rules.gesture import Choice, Spot, find_action
from rules.square.state import new_game
from tests.test_square_rules import deck_of, play, started

SPEC = rules.GAMES["square"]
SQ0, SQ1 = ["5C", "6C", "9S", "QS"], ["2H", "AD", "4H", "6H"]
DRAW, DISCARD, PILE = Spot("draw"), Spot("discard"), Spot("power", 0)


def A(kind: str, **kw) -> Action:
    return Action.make(kind, **kw)


def own(i: int | None = None) -> Spot:
    return Spot("square", 0, slot=i)


def theirs(i: int) -> Spot:
    return Spot("square", 1, slot=i)


def holding(card: str):
    """Seat 0 holding ``card``, drawn from the draw pile; 3♦ lies on the discard pile."""
    s = play(started(SQ0, SQ1, top=["3D", "8H", card]), A("draw"), A("discard"), A("draw"), A("discard"),
             A("draw"))
    obs = s.observe(0)
    assert obs["drawn"] == card
    return obs, Spot("drawn", 0, (card,))


def means(obs, source, target=None):
    return find_action(SPEC, obs, source, target)


def test_the_drawn_card_on_an_own_card_swaps_and_a_seven_or_eight_may_peek_instead():
    obs, drawn = holding("5D")
    assert means(obs, drawn, own(2)) == A("swap", pos=(2, 1))
    obs, drawn = holding("7D")
    assert means(obs, drawn, own(2)) == Choice((A("swap", pos=(2, 1)), A("peek", pos=(2, 1))))
    assert means(obs, drawn, DISCARD) == A("discard")
    assert means(obs, drawn, PILE).options == tuple(A("peek", pos=p) for p in ((1, 1), (1, 2), (2, 1), (2, 2)))


def test_a_jack_or_queen_aimed_at_an_opponent_card_waits_for_an_own_card():
    obs, drawn = holding("JD")
    aimed = means(obs, drawn, theirs(0))
    assert isinstance(aimed, Choice) and {a["opp"] for a in aimed.options} == {(1, 1)}
    assert len(aimed.options) == 4 and len(means(obs, drawn, PILE).options) == 16
    assert means(obs, own(3), theirs(0)) == A("jack_swap", own=(2, 2), opp=(1, 1))
    obs, _ = holding("QD")
    assert means(obs, theirs(1), own(0)) == A("queen_look", own=(1, 1), opp=(1, 2))


def test_gestures_that_mean_nothing_legal_are_refused_with_a_key():
    obs, drawn = holding("7D")
    assert means(obs, drawn, theirs(0)) == A("spy", pos=(1, 1))  # the door refuses it: not_a_spy_card
    for source, target, key in [(drawn, DRAW, "no_putting_back"), (DISCARD, theirs(0), "take_own")]:
        with pytest.raises(IllegalAction, match=key):
            means(obs, source, target)
    obs, drawn = holding("5D")
    with pytest.raises(IllegalAction, match="no_power"):
        means(obs, drawn, PILE)


def test_the_discard_pile_goes_into_ones_own_square_and_taps_act_by_phase():
    s = play(started(SQ0, SQ1, top=["3D"]), A("draw"), A("discard"))
    obs = s.observe(1)
    mine = Spot("square", 1, slot=1)
    assert means(obs, DISCARD, mine) == A("take", pos=(1, 2))
    assert len(means(obs, DISCARD).options) == 4  # a tap: the card it replaces is still to be chosen
    assert means(obs, DRAW, Spot("square", 1)) == A("draw")
    with pytest.raises(IllegalAction, match="draw_first"):
        means(obs, mine)
    look = new_game(deck=deck_of(SQ0, SQ1), first=0).observe(0)
    assert means(look, own(3)) == A("look")
    with pytest.raises(IllegalAction, match="look_first"):
        means(look, own(0))
    seen = play(new_game(deck=deck_of(SQ0, SQ1), first=0), A("look")).observe(0)
    assert means(seen, own(2)) == A("done")
    with pytest.raises(IllegalAction, match="confirm_first"):
        means(seen, own(1))
