"""Card Square rules: every scenario of RULES.md §1.8 with explicit decks, refusals, JSON, events."""
from __future__ import annotations

import json

import pytest

import rules
from rules.cards import standard_deck
from rules.core import Action, IllegalAction
from rules.match import Match
from rules.square.state import SquareState, card_value, new_game, square_sum


def refused(key: str):
    """Expect the rules to refuse with ``key`` (the words are the program's: tests/test_refusal_words.py)."""
    return pytest.raises(IllegalAction, match=f"^{key}( |$)")


def A(kind: str, **kw) -> Action:
    return rules.action_from_json("square", {"kind": kind, **{k: list(v) for k, v in kw.items()}})


def deck_of(sq0: list[str], sq1: list[str], top: list[str] = ()) -> list[str]:
    """Squares in (1,1),(1,2),(2,1),(2,2) order, then the named draw-pile cards, then the rest."""
    named = [*sq0, *sq1, *top]
    rest = [str(c) for c in standard_deck() if str(c) not in named]
    return named + rest


def started(sq0, sq1, top=(), first=0) -> SquareState:
    """A dealt game past the initial look phase (both seats skip)."""
    s = new_game(deck=deck_of(sq0, sq1, list(top)), first=first)
    return play(s, A("skip_look"), A("skip_look"))


def play(s, *actions):
    for a in actions:
        s = s.apply(a)
    return s


def strings(obj) -> set[str]:
    if isinstance(obj, dict):
        return set().union(*(strings(v) for v in obj.values())) if obj else set()
    if isinstance(obj, list):
        return set().union(*(strings(v) for v in obj)) if obj else set()
    return {obj} if isinstance(obj, str) else set()


SQ0 = ["5C", "6C", "7C", "QS"]
SQ1 = ["2H", "AD", "4H", "6H"]


# --- §1.8 #1 scoring ----------------------------------------------------------------------------
def test_scoring_values_and_sums():
    assert square_sum(["KS", "KH", "AC", "2D"]) == 1
    assert square_sum(["JC", "QD", "TH", "9S"]) == 39
    assert square_sum(["KC", "KD", "KH", "KS"]) == -4
    assert [card_value(c) for c in standard_deck()[:13]] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, -1]


def test_scores_at_game_end_use_the_squares():
    s = started(["KS", "KH", "AC", "2D"], ["JC", "QD", "TH", "9S"], top=["5H"])
    s = play(s, A("knock"), A("draw"), A("discard"))
    assert s.is_over and s.scores == (1, 39) and s.winners == (0,)
    end = s.events[-1]
    assert end == {"type": "square.end", "reason": "knock", "scores": [1, 39], "winners": [0],
                   "squares": [["KS", "KH", "AC", "2D"], ["JC", "QD", "TH", "9S"]]}


def test_scores_stay_hidden_while_the_game_runs():
    s = started(["KS", "KH", "AC", "2D"], ["JC", "QD", "TH", "9S"])
    assert s.scores == (0, 0) and s.winners == ()
    assert s.observe(0)["scores"] == [0, 0]


# --- setup and the initial look ----------------------------------------------------------------
def test_explicit_deck_deals_squares_and_draw_pile_in_order():
    deck = deck_of(SQ0, SQ1, ["9D"])
    s = new_game(deck=deck)
    assert [str(c) for c in s.squares[0]] == SQ0 and [str(c) for c in s.squares[1]] == SQ1
    assert str(s.draw[0]) == "9D" and len(s.draw) == 44 and s.discard == ()
    assert s.first == 0 and s.to_move == 0 and s.phase == "look"


def test_seeded_deal_is_reproducible_and_first_comes_from_the_seed():
    a, b = new_game(seed=11), new_game(seed=11)
    assert a == b
    firsts = {new_game(seed=n).first for n in range(20)}
    assert firsts == {0, 1}
    assert new_game(seed=11, first=1).first == 1


@pytest.mark.parametrize("bad", [dict(), dict(deck=["AS"] * 52), dict(seed=1, first=2),
                                 dict(deck=deck_of(SQ0, SQ1)[:51])])
def test_bad_setups_raise(bad):
    with pytest.raises(ValueError):
        new_game(**bad)


def test_initial_look_start_player_first_then_the_other_privately():
    s = new_game(deck=deck_of(SQ0, SQ1), first=1)
    assert s.to_move == 1 and s.legal_actions() == [A("look"), A("skip_look")]
    s = s.apply(A("look"))
    o1, o0 = s.observe(1), s.observe(0)
    assert o1["revealed"] == [{"owner": 1, "pos": [2, 1], "card": "4H"},
                              {"owner": 1, "pos": [2, 2], "card": "6H"}]
    assert o0["revealed"] == [] and not strings(o0) & {"4H", "6H"}
    assert o0["inspecting"] == [{"owner": 1, "pos": [2, 1]}, {"owner": 1, "pos": [2, 2]}]
    assert s.events == ({"type": "square.look", "seat": 1, "positions": [[2, 1], [2, 2]]},)
    assert s.legal_actions() == [A("done")]
    s = s.apply(A("done"))
    assert s.to_move == 0 and s.phase == "look" and s.observe(1)["revealed"] == []
    s = s.apply(A("skip_look"))
    assert s.events == ({"type": "square.skip_look", "seat": 0},)
    assert s.phase == "turn" and s.to_move == 1


# --- §1.8 #2 first turn ------------------------------------------------------------------------
def test_first_turn_take_is_refused_draw_and_knock_are_legal():
    s = started(SQ0, SQ1)
    assert s.legal_actions() == [A("draw"), A("knock")]
    with refused("discard_empty"):
        s.apply(A("take", pos=(1, 1)))


# --- §1.8 #3 peek ------------------------------------------------------------------------------
def test_peek_shows_the_card_only_to_the_drawer_until_confirmed():
    s = started(SQ0, SQ1, top=["8C"])
    s = play(s, A("draw"))
    assert s.observe(0)["drawn"] == "8C" and s.observe(1)["drawn"] is None
    assert s.observe(1)["drawn_by"] == 0 and "8C" not in strings(s.observe(1))
    assert A("peek", pos=(1, 1)) in s.legal_actions() and A("spy", pos=(1, 1)) not in s.legal_actions()
    s = s.apply(A("peek", pos=(1, 1)))
    assert s.observe(0)["revealed"] == [{"owner": 0, "pos": [1, 1], "card": "5C"}]
    assert s.observe(1)["revealed"] == [] and "5C" not in strings(s.observe(1))
    assert "5C" in s.hidden_from(1) and "5C" not in s.hidden_from(0)
    assert s.observe(1)["discard_top"] == "8C"
    assert s.events == ({"type": "square.peek", "seat": 0, "card": "8C", "owner": 0, "pos": [1, 1]},)
    assert "5C" not in json.dumps(s.events)
    s = s.apply(A("done"))
    assert s.to_move == 1 and s.observe(0)["revealed"] == [] and "5C" in s.hidden_from(0)


# --- §1.8 #4 swap, then the swapped-out Queen has no power -------------------------------------
def test_swap_puts_the_drawn_card_face_down_and_the_old_one_on_the_discard():
    s = started(SQ0, SQ1, top=["9D", "3S"])
    s = play(s, A("draw"), A("swap", pos=(2, 2)))
    assert str(s.squares[0][3]) == "9D" and str(s.discard[-1]) == "QS"
    assert s.events == ({"type": "square.swap", "seat": 0, "pos": [2, 2], "discarded": "QS"},)
    assert s.observe(0)["revealed"] == [] and s.phase == "turn" and s.to_move == 1
    assert "9D" not in strings(s.observe(1)) and "9D" not in strings(s.observe(0))
    s = s.apply(A("take", pos=(1, 1)))
    assert str(s.squares[1][0]) == "QS" and str(s.discard[-1]) == "2H"
    assert s.phase == "turn" and s.to_move == 0
    with refused("malformed"):
        rules.action_from_json("square", {"kind": "take"})


# --- §1.8 #5 take the discard ------------------------------------------------------------------
def test_take_discard_swaps_it_in_and_cannot_be_discarded_again():
    s = started(SQ0, ["2H", "KS", "4H", "6H"], top=["3D"])
    s = play(s, A("draw"), A("discard"))
    assert s.events == ({"type": "square.discard", "seat": 0, "card": "3D"},)
    s = s.apply(A("take", pos=(1, 2)))
    assert str(s.squares[1][1]) == "3D" and str(s.discard[-1]) == "KS"
    assert s.events == ({"type": "square.take", "seat": 1, "card": "3D", "pos": [1, 2],
                         "discarded": "KS"},)
    assert s.to_move == 0 and A("discard") not in s.legal_actions()
    with refused("draw_first"):
        s.apply(A("discard"))


# --- §1.8 #6 Jack ------------------------------------------------------------------------------
def test_jack_blind_swaps_one_own_and_one_opponent_card():
    s = started(SQ0, SQ1, top=["JH"])
    s = play(s, A("draw"), A("jack_swap", own=(1, 2), opp=(1, 1)))
    assert str(s.squares[0][1]) == "2H" and str(s.squares[1][0]) == "6C"
    assert str(s.discard[-1]) == "JH"
    for seat in (0, 1):
        assert not strings(s.observe(seat)) & {"2H", "6C"}
    assert s.events == ({"type": "square.jack", "seat": 0, "card": "JH", "own": [1, 2], "opp": [1, 1]},)


def test_jack_cannot_swap_two_own_cards():
    s = play(started(SQ0, SQ1, top=["JH"]), A("draw"))
    bad = Action.make("jack_swap", own=(1, 2), opp=(1, 2), extra=(1, 1))
    with refused("malformed"):
        s.apply(bad)
    assert len([a for a in s.legal_actions() if a.kind == "jack_swap"]) == 16


# --- §1.8 #7 Queen -----------------------------------------------------------------------------
@pytest.mark.parametrize("decision", ["queen_swap", "queen_keep"])
def test_queen_looks_at_both_then_swaps_or_keeps(decision):
    s = started(["5C", "6C", "9S", "QS"], ["2H", "AD", "4H", "6H"], top=["QC"])
    s = play(s, A("draw"), A("queen_look", own=(2, 1), opp=(1, 2)))
    assert s.observe(0)["revealed"] == [{"owner": 0, "pos": [2, 1], "card": "9S"},
                                        {"owner": 1, "pos": [1, 2], "card": "AD"}]
    assert s.observe(1)["revealed"] == [] and not strings(s.observe(1)) & {"9S", "AD"}
    assert s.legal_actions() == [A("queen_swap"), A("queen_keep")] and s.to_move == 0
    s = s.apply(A(decision))
    swapped = decision == "queen_swap"
    assert (str(s.squares[0][2]), str(s.squares[1][1])) == (("AD", "9S") if swapped else ("9S", "AD"))
    assert s.events == ({"type": "square.queen", "seat": 0, "card": "QC", "own": [2, 1], "opp": [1, 2],
                         "swapped": swapped},)
    assert s.to_move == 1 and s.observe(0)["revealed"] == []


# --- §1.8 #8 knock -----------------------------------------------------------------------------
def test_knock_on_the_first_turn_gives_exactly_one_final_turn():
    s = started(SQ0, SQ1, top=["5D"])
    s = s.apply(A("knock"))
    assert s.events == ({"type": "square.knock", "seat": 0},)
    o = s.observe(1)
    assert s.to_move == 1 and o["knocked_by"] == 0 and o["final_turn"] is True
    assert A("knock") not in s.legal_actions()
    with refused("knocked_already"):
        s.apply(A("knock"))
    s = play(s, A("draw"), A("discard"))
    assert s.is_over and s.to_move is None and s.end_reason == "knock"
    with refused("game_over"):
        s.apply(A("draw"))


# --- §1.8 #9, #10 deck exhaustion --------------------------------------------------------------
def drain_to_one(s: SquareState) -> SquareState:
    while len(s.draw) > 1:
        s = play(s, A("draw"), A("discard"))
    return s


def test_deck_exhaustion_ends_the_game_without_a_turn_for_the_other():
    s = drain_to_one(started(SQ0, SQ1))
    assert not s.is_over and len(s.draw) == 1
    mover = s.to_move
    s = play(s, A("draw"))
    assert s.observe(mover)["draw_count"] == 0 and not s.is_over
    s = s.apply(A("discard"))
    assert s.is_over and s.end_reason == "deck_empty" and s.events[-1]["reason"] == "deck_empty"


def test_last_card_power_resolves_before_the_end():
    order = [c for c in deck_of(SQ0, SQ1)[8:] if c != "TC"] + ["TC"]
    s = drain_to_one(started(SQ0, SQ1, top=order))
    assert str(s.draw[0]) == "TC"
    mover = s.to_move
    s = play(s, A("draw"), A("spy", pos=(2, 2)))
    assert not s.is_over and s.phase == "reveal"
    assert s.observe(mover)["revealed"] == [{"owner": 1 - mover, "pos": [2, 2],
                                             "card": str(s.squares[1 - mover][3])}]
    s = s.apply(A("done"))
    assert s.is_over and s.end_reason == "deck_empty"


def test_deck_exhaustion_cancels_a_pending_final_turn():
    s = drain_to_one(started(SQ0, SQ1))
    s = play(s, A("knock"), A("draw"), A("discard"))
    assert s.is_over and s.end_reason == "deck_empty"


# --- §1.8 #11 tie ------------------------------------------------------------------------------
def test_equal_sums_share_the_win():
    s = started(["2C", "3C", "3D", "4C"], ["KH", "TH", "2H", "AH"], top=["9S"])
    s = play(s, A("knock"), A("draw"), A("discard"))
    assert s.scores == (12, 12) and s.winners == (0, 1)
    assert s.observe(1)["winners"] == [0, 1]


# --- §1.8 #12 the knocker's cards are not locked -----------------------------------------------
def test_final_turn_jack_may_swap_a_knockers_card():
    s = started(["KC", "KD", "AC", "AS"], SQ1, top=["JD"])
    s = play(s, A("knock"), A("draw"))
    assert A("jack_swap", own=(1, 1), opp=(2, 2)) in s.legal_actions()
    s = s.apply(A("jack_swap", own=(1, 1), opp=(2, 2)))
    assert str(s.squares[0][3]) == "2H" and str(s.squares[1][0]) == "AS"
    assert s.is_over and s.scores == (1, 12) and s.winners == (0,)


# --- §1.8 #13 (readable case; the property version lives in test_square_props) ----------------
def test_an_opponents_swapped_in_card_stays_hidden_until_it_is_public():
    s = started(SQ0, SQ1, top=["3S", "KD"])
    s = play(s, A("draw"), A("swap", pos=(1, 1)))
    assert "3S" in s.hidden_from(1) and "3S" in s.hidden_from(0)
    assert all("3S" not in strings(s.observe(seat)) for seat in (0, 1))
    s = play(s, A("draw"))
    assert "KD" in s.hidden_from(0) and "KD" not in strings(s.observe(0))
    s = play(s, A("discard"))
    assert "KD" not in s.hidden_from(0) and s.observe(0)["discard_top"] == "KD"


def test_game_end_reveals_all_eight_cards():
    s = started(SQ0, SQ1, top=["5D"])
    s = play(s, A("knock"), A("draw"), A("discard"))
    for seat in (0, 1):
        o = s.observe(seat)
        assert [[slot["card"] for slot in sq] for sq in o["squares"]] == [SQ0, SQ1]
        assert not strings(o) & s.hidden_from(seat)
    assert s.hidden_from(0) == {str(c) for c in s.draw}


# --- refusals ----------------------------------------------------------------------------------
@pytest.mark.parametrize("setup, action, reason", [
    ((), A("swap", pos=(1, 1)), "draw_first"),
    ((), A("done"), "nothing_to_confirm"),
    ((), A("look"), "look_once"),
    ((A("draw"),), A("draw"), "drawn_already"),
    ((A("draw"),), A("knock"), "drawn_already"),
    ((A("draw"),), A("peek", pos=(1, 1)), "not_a_peek_card"),
    ((A("draw"),), A("spy", pos=(1, 1)), "not_a_spy_card"),
    ((A("draw"),), A("jack_swap", own=(1, 1), opp=(1, 1)), "not_a_jack"),
    ((A("draw"),), A("queen_look", own=(1, 1), opp=(1, 1)), "not_a_queen"),
    ((A("draw"), A("discard")), A("queen_swap"), "nothing_to_confirm"),
])
def test_refusals_name_the_reason(setup, action, reason):
    s = play(started(SQ0, SQ1, top=["4D"]), *setup)
    before = s
    with refused(reason) as exc:
        s.apply(action)
    assert s == before and exc.value.game == "square" and exc.value.params == {}


def test_refusals_during_look_reveal_and_queen():
    s = new_game(deck=deck_of(SQ0, SQ1, ["QD"]))
    with refused("look_first"):
        s.apply(A("draw"))
    s = play(s, A("look"))
    with refused("confirm_first"):
        s.apply(A("skip_look"))
    s = play(s, A("done"), A("skip_look"), A("draw"), A("queen_look", own=(1, 1), opp=(2, 2)))
    with refused("decide_first"):
        s.apply(A("done"))
    with refused("no_position"):
        play(started(SQ0, SQ1), A("draw")).apply(Action.make("swap", pos=(3, 1)))


# --- JSON --------------------------------------------------------------------------------------
def test_every_legal_action_round_trips_through_json():
    s = started(SQ0, SQ1, top=["JD", "QH", "7S", "9C"])
    for step in (A("draw"), A("discard"), A("draw"), A("discard"), A("draw"), A("discard"),
                 A("draw")):
        for a in s.legal_actions():
            assert rules.action_from_json("square", json.loads(json.dumps(a.to_json()))) == a
        s = s.apply(step)
    assert rules.action_from_json("square", {"kind": "swap", "pos": [2, 1]}).to_json() == \
        {"kind": "swap", "pos": [2, 1]}


@pytest.mark.parametrize("data, reason", [
    ({"kind": "fly"}, ("unknown_kind", {"kind": "fly"})),
    ({}, ("malformed", {"field": "kind"})),
    ([], ("malformed", {"field": "action"})),
    ({"kind": "swap"}, ("malformed", {"field": "pos"})),
    ({"kind": "draw", "pos": [1, 1]}, ("malformed", {"field": "pos"})),
    ({"kind": "swap", "pos": [3, 1]}, ("no_position", {"row": 3, "col": 1})),
    ({"kind": "swap", "pos": [1]}, ("malformed", {"field": "pos"})),
    ({"kind": "swap", "pos": "11"}, ("malformed", {"field": "pos"})),
    ({"kind": "swap", "pos": [True, 1]}, ("malformed", {"field": "pos"})),
    ({"kind": "jack_swap", "own": [1, 1]}, ("malformed", {"field": "opp"})),
])
def test_malformed_json_is_refused_with_a_reason(data, reason):
    with pytest.raises(IllegalAction) as exc:
        rules.action_from_json("square", data)
    assert (exc.value.key, exc.value.params) == reason


def test_observation_is_json_and_has_the_common_keys():
    s = play(started(SQ0, SQ1, top=["4D"]), A("draw"))
    o = s.observe(0)
    assert json.loads(json.dumps(o)) == o
    for key in ("game", "seat", "to_move", "legal", "scores", "over", "winners", "phase", "first",
                "squares", "revealed", "drawn", "drawn_by", "discard", "discard_top", "draw_count",
                "knocked_by", "final_turn", "log"):
        assert key in o
    assert o["game"] == "square" and o["legal"][0] == {"kind": "swap", "pos": [1, 1]}
    assert s.observe(1)["legal"] == [] and o["draw_count"] == 43
    assert o["squares"][1][1] == {"pos": [1, 2], "card": None}
    assert [e["type"] for e in o["log"]] == ["square.skip_look", "square.skip_look", "square.draw"]


def test_match_history_round_trips_and_replays():
    setup = {"deck": deck_of(SQ0, SQ1, ["8C", "JD"]), "first": 0}
    m = Match("square", setup)
    for a in (A("look"), A("done"), A("skip_look"), A("draw"), A("peek", pos=(1, 2)), A("done"),
              A("draw"), A("jack_swap", own=(1, 1), opp=(2, 2))):
        m.play(a)
    again = Match.from_json(json.loads(json.dumps(m.to_json())))
    assert again.state == m.state
    assert [e for _, e in again.log()] == [e for _, e in m.log()]
    assert m.undo() and m.state.phase == "drawn" and m.redo() and m.state == again.state


# --- every game ends (docs/decisions.md): ten takes in a row, then the deck -----------------------------------
def test_ten_turns_in_a_row_of_taking_the_discard_close_it_until_a_draw() -> None:
    s = started(["2C", "3C", "4C", "5C"], ["2D", "3D", "4D", "5D"], top=["9S", "8S"])
    s = play(s, A("draw"), A("discard"))  # a card on the discard pile
    closed = []
    for turn in range(10):
        assert A("take", pos=(1, 1)) in s.legal_actions(), f"turn {turn}"
        s = s.apply(A("take", pos=(1, 1)))
        closed += [e for e in s.events if e["type"] == "square.takes_closed"]
    assert closed == [{"type": "square.takes_closed", "turns": 10}]
    assert s.takes == 10 and s.observe(s.current)["takes"] == 10
    assert not any(a.kind == "take" for a in s.legal_actions())
    with refused("takes_closed") as exc:
        s.apply(A("take", pos=(1, 1)))
    assert exc.value.params == {"turns": 10}
    s = play(s, A("draw"), A("discard"))
    assert s.takes == 0 and A("take", pos=(1, 1)) in s.legal_actions()
