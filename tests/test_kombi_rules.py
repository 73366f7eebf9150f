"""Kombi-Duell rules: the scenarios of RULES.md §4.8, refusals, observations, events and action JSON."""
from __future__ import annotations

import json

import pytest

import rules
from rules.cards import Card, standard_deck
from rules.core import Action, IllegalAction
from rules.kombi.state import (
    KombiState,
    action_from_json,
    best_split,
    combo_kind,
    combo_points,
    new_game,
    play_action,
)

DRAW = Action.make("draw")
PASS = Action.make("pass")


def deal(h0: str, h1: str, area: str = "6C 6D QC", pile: str = "", first: int = 0) -> KombiState:
    """A game from an explicit deck: the named cards first, the rest of the pack after them."""
    head = (h0 + " " + h1 + " " + area + " " + pile).split()
    rest = [str(c) for c in standard_deck() if str(c) not in head]
    return new_game(deck=head + rest, first=first)


def ex(hand: str, area: str) -> Action:
    return action_from_json({"kind": "exchange", "hand": hand, "area": area})


def play(*combos: str) -> Action:
    return action_from_json({"kind": "play", "combos": [c.split() for c in combos]})


def run(state: KombiState, *actions: Action) -> KombiState:
    for a in actions:
        state = state.apply(a)
    return state


def hand(state: KombiState, seat: int) -> list[str]:
    return state.observe(seat)["hand"]


# --- 1-3: combinations and points -----------------------------------------------------------------
@pytest.mark.parametrize("cards, kind, points", [
    ("7C 7H 7S", "triple", 10),
    ("KD KH KS KC", "quad", 15),
    ("5H 6H 7H", "sequence", 6),
    ("5H 6H 7H 8H", "sequence", 8),
    ("QS KS AS 2S 3S", "sequence", 10),  # 2: the ring
    ("AD 2D 3D", "sequence", 6),
    ("KC AC 2C", "sequence", 6),
    ("QS KS AS", "sequence", 6),
    ("TS JS QS KS AS 2S 3S 4S 5S 6S", "sequence", 20),
    ("3S 2S AS KS QS", "sequence", 10),  # order does not matter
])
def test_scenarios_1_2_valid_combinations(cards: str, kind: str, points: int) -> None:
    assert combo_kind(cards.split()) == kind
    assert combo_points(cards.split()) == points


@pytest.mark.parametrize("cards", [
    "5H 6S 7H",  # mixed suits
    "5H 6H 8H",  # gap
    "QS KS 2S",  # missing A
    "7C 7H",  # pair
    "2H 3H",  # too short
    "7C 7H 7H",  # one card twice
    "",
    "7C 7D 7H 8C",
    "2H 3H 4H 6H 7H 8H",  # two stretches are not one sequence
])
def test_scenario_3_invalid_combinations(cards: str) -> None:
    assert combo_kind(cards.split()) is None
    assert combo_points(cards.split()) == 0


def test_full_suit_is_one_sequence() -> None:
    suit = [str(c) for c in standard_deck() if c.suit == "H"]
    assert combo_kind(suit) == "sequence" and combo_points(suit) == 26


def test_scenario_3_invalid_play_is_refused_with_its_reason() -> None:
    s = deal("5H 6H 8H 9C 9D 2S 4D", "3C 4C 5C 7C 8C TC JC")
    with pytest.raises(IllegalAction, match="not_a_combination"):
        s.apply(play("5H 6H 8H"))


# --- 4-5: several combinations at once, overlap ---------------------------------------------------
def test_scenario_4_two_combinations_in_one_play() -> None:
    s = deal("7C 7H 7S 9D TD JD 2S", "3C 4C 5C 7D 8C TC JC")
    s = s.apply(play("9D TD JD", "7C 7H 7S"))
    assert s.scores == (16, 0)
    assert s.to_move == 0 and s.observe(0)["done"] == ["play"]
    kinds = {a.kind for a in s.legal_actions()}
    assert kinds == {"draw", "exchange", "pass"}
    with pytest.raises(IllegalAction, match="played_already"):
        s.apply(play("7C 7H 7S"))
    assert s.observe(0)["discards"][0] == [
        {"cards": ["7C", "7H", "7S"], "kind": "triple", "points": 10},
        {"cards": ["9D", "TD", "JD"], "kind": "sequence", "points": 6},
    ]


def test_scenario_5_overlap_is_refused_whole() -> None:
    s = deal("5H 6H 7H 7C 7S 2D 9S", "3C 4C 5C 7D 8C TC JC")
    before = s.observe(0)
    with pytest.raises(IllegalAction, match="used_twice card=7H"):
        s.apply(play("5H 6H 7H", "7H 7C 7S"))
    assert s.observe(0) == before and s.scores == (0, 0)


# --- 6-8: drawing and exchanging --------------------------------------------------------------------
def test_scenario_6_draw_up_to_ten_cards() -> None:
    s = deal("2C 3D 4H 5S 7C 8D 9H", "3C 4C 5C 7D 8C TC JC", pile="KS KH KD QS")
    for _ in range(2):  # seat 0 draws on two turns; seat 1 answers with full passes
        s = run(s, DRAW, PASS, PASS)
    assert len(hand(s, 0)) == 9
    s = s.apply(DRAW)  # with 9 cards drawing is allowed
    assert len(hand(s, 0)) == 10 and hand(s, 0)[-1] == "KD"
    s = run(s, PASS, PASS)
    with pytest.raises(IllegalAction, match="hand_full limit=10"):
        s.apply(DRAW)
    assert DRAW not in s.legal_actions()


def test_scenario_6_empty_draw_pile() -> None:
    s = deal("2C 3D 4H 5S 7C 8D 9H", "3C 4C 5C 7D 8C TC JC")
    # Reaching the end of the pile by play takes dozens of turns; empty it directly instead.
    s = s.replace(pile=())
    with pytest.raises(IllegalAction, match="pile_empty"):
        s.apply(DRAW)
    assert s.observe(0)["draw_count"] == 0
    s = s.apply(ex("2C", "6C"))  # play continues without a draw pile
    assert s.to_move == 0


def test_scenario_7_draw_twice_refused_then_exchange_ends_the_turn() -> None:
    s = deal("2C 3D 4H 5S 7C 8D 9H", "3C 4C 5C 7D 8C TC JC", pile="KS")
    s = s.apply(DRAW)
    with pytest.raises(IllegalAction, match="drew_already"):
        s.apply(DRAW)
    s = s.apply(ex("KS", "6D"))
    assert s.to_move == 1
    assert s.observe(1)["done"] == [] and s.observe(1)["last_full_pass"] is False


def test_scenario_8_exchange_swaps_places() -> None:
    s = deal("2C 3D 4C 5S 7C 8D 9H", "3C 4S 5C 7D 8C TC JC", area="6C QD 6H")
    s = s.apply(ex("4C", "QD"))
    obs = s.observe(0)
    assert obs["exchange"] == ["6C", "4C", "6H"]
    assert obs["hand"] == ["2C", "3D", "QD", "5S", "7C", "8D", "9H"]
    with pytest.raises(IllegalAction, match="exchanged_already"):
        s.apply(ex("QD", "4C"))
    s = run(s, PASS, PASS)
    s = s.apply(ex("QD", "4C"))  # the same card may be taken back on a later turn
    assert s.observe(0)["exchange"] == ["6C", "QD", "6H"]


# --- 9-11: the end of the game ----------------------------------------------------------------------
def test_scenario_9_empty_hand_ends_the_game_at_once() -> None:
    s = deal("5H 6H 7H 9C 9D 9H 9S", "3C 4C 5C 7D 8C TC JC", pile="2S")
    s = run(s, play("9C 9D 9H 9S"), PASS, DRAW, PASS)
    assert hand(s, 0) == ["5H", "6H", "7H"] and s.to_move == 0
    s = s.apply(play("5H 6H 7H"))
    assert s.is_over and s.to_move is None
    assert s.scores == (21, 0) and s.winners == (0,)
    assert [e["type"] for e in s.events] == ["kombi.play", "kombi.end"]
    assert s.events[-1] == {"type": "kombi.end", "reason": "empty_hand", "scores": [21, 0], "winners": [0]}
    assert s.legal_actions() == [] and s.observe(0)["legal"] == []
    with pytest.raises(IllegalAction, match="game_over"):
        s.apply(PASS)


def test_scenario_10_double_pass_ends() -> None:
    s = deal("2C 3D 4H 5S 7C 8D 9H", "3C 4C 5C 7D 8C TC JC", first=1)
    s = s.apply(PASS)
    assert s.to_move == 0 and s.observe(0)["last_full_pass"] is True
    assert s.events == ({"type": "kombi.pass", "seat": 1, "full": True},)
    s = s.apply(PASS)
    assert s.is_over and s.winners == (0, 1)
    assert s.events[-1] == {"type": "kombi.end", "reason": "double_pass", "scores": [0, 0], "winners": [0, 1]}


def test_scenario_10_a_turn_with_an_action_resets_the_double_pass() -> None:
    s = deal("2C 3D 4H 5S 7C 8D 9H", "3C 4C 5C 7D 8C TC JC")
    s = run(s, PASS, DRAW, PASS)
    assert s.events == ({"type": "kombi.pass", "seat": 1, "full": False},)
    s = s.apply(PASS)
    assert not s.is_over and s.to_move == 1


def test_scenario_11_tie_after_a_whole_game_is_a_draw() -> None:
    s = deal("7C 7D 7H 8C 8D 8H 5C", "9C 9D 9H TC TD TH 5D",
             pile="2S 2D 3S 3D 4S 4D JS JD QS QD KS KD AS AD")
    s = run(s, DRAW, play("7C 7D 7H", "8C 8D 8H"), DRAW, play("9C 9D 9H", "TC TD TH"))
    s = run(s, DRAW, PASS, DRAW, PASS)
    s = run(s, DRAW, play("2S 3S 4S"), DRAW, play("2D 3D 4D"))
    for _ in range(3):
        s = run(s, DRAW, PASS, DRAW, PASS)
    s = run(s, DRAW, play("JS QS KS AS"), DRAW, play("JD QD KD AD"))
    assert s.scores == (34, 34) and hand(s, 0) == ["5C"] and hand(s, 1) == ["5D"]
    s = run(s, PASS, PASS)
    assert s.is_over and s.winners == (0, 1)
    assert s.observe(1)["winners"] == [0, 1] and s.observe(1)["over"] is True


# --- 12: quad or triple -----------------------------------------------------------------------------
def test_scenario_12_quad_may_be_played_as_a_triple() -> None:
    s = deal("KD KH KS KC 2C 5H 9S", "3C 4C 5C 7D 8C TC JC")
    plays = [a for a in s.legal_actions() if a.kind == "play"]
    assert play("KC KD KH KS") in plays and len(plays) == 5  # the quad and the four triples
    s = s.apply(play("KD KH KS"))
    assert s.scores == (10, 0)
    assert "KC" in hand(s, 0) and len(hand(s, 0)) == 4


# --- legal actions ----------------------------------------------------------------------------------
def test_legal_actions_order_and_completeness() -> None:
    s = deal("7C 7H 7S 9D TD JD 2S", "3C 4C 5C 7D 8C TC JC")
    legal = s.legal_actions()
    assert legal[0] == DRAW and legal[-1] == PASS
    assert [a.kind for a in legal[1:22]] == ["exchange"] * 21
    plays = legal[22:-1]
    assert plays == [play("7C 7H 7S", "9D TD JD"), play("7C 7H 7S"), play("9D TD JD")]
    assert s.legal_actions() == legal  # deterministic


def test_legal_plays_cover_every_disjoint_set() -> None:
    s = deal("9H TH JH QH 9C 9D 2S", "3C 4C 5C 7D 8C TC JC")
    plays = {a for a in s.legal_actions() if a.kind == "play"}
    expected = {play("9H TH JH"), play("TH JH QH"), play("9H TH JH QH"), play("9C 9D 9H"),
                play("9C 9D 9H", "TH JH QH")}
    assert plays == expected


# --- refusals ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("action, reason", [
    (ex("AS", "6C"), "not_in_hand card=AS"),
    (ex("2C", "AS"), "not_in_area card=AS"),
    (play("7C 7H 7S"), "not_in_hand card=7C"),
    (Action.make("play", combos=[]), "no_combination"),
    (Action.make("play", combos=["7C"]), "malformed field=combos"),
    (Action.make("play", combos=[["2S", "2C", "2D"]]), "malformed field=combos"),
    (Action.make("fold"), "unknown_kind kind=fold"),
    (Action.make("draw", card="2C"), "malformed field=card"),
])
def test_refusal_reasons(action: Action, reason: str) -> None:
    s = deal("2C 2D 2S 5S 7S 8D 9H", "3C 4C 5C 7D 8C TC JC")
    with pytest.raises(IllegalAction, match=reason):
        s.apply(action)


def test_apply_never_changes_the_state() -> None:
    s = deal("2C 3D 4H 5S 7C 8D 9H", "3C 4C 5C 7D 8C TC JC")
    before = (s.observe(0), s.observe(1), s.hidden_from(0))
    t = run(s, DRAW, ex("2C", "6C"))
    assert (s.observe(0), s.observe(1), s.hidden_from(0)) == before and t != s
    events = t.events
    events[0]["seat"] = 99
    assert t.events[0]["seat"] == 0  # the state kept its own copy


# --- setup --------------------------------------------------------------------------------------------
def test_explicit_deck_layout() -> None:
    deck = [str(c) for c in standard_deck()]
    s = new_game(deck=deck)
    assert hand(s, 0) == deck[0:7] and hand(s, 1) == deck[7:14]
    assert s.observe(0)["exchange"] == deck[14:17] and s.observe(0)["draw_count"] == 35
    assert s.to_move == 0 and s.observe(1)["first"] == 0
    s = s.apply(DRAW)
    assert hand(s, 0)[-1] == deck[17]
    assert new_game(deck=deck, first=1).to_move == 1


def test_seeded_games_are_reproducible_and_vary() -> None:
    assert new_game(seed=5) == new_game(seed=5) == rules.new_game("kombi", seed=5)
    deals = {tuple(hand(new_game(seed=n), 0)) for n in range(6)}
    starts = {new_game(seed=n).to_move for n in range(20)}
    assert len(deals) == 6 and starts == {0, 1}


@pytest.mark.parametrize("setup", [
    {}, {"seed": 1, "deck": [str(c) for c in standard_deck()]}, {"seed": "7"}, {"seed": True},
    {"deck": [str(c) for c in standard_deck()][:-1]}, {"deck": "AS 2S"}, {"deck": 52},
    {"deck": [str(c) for c in standard_deck()], "first": 2},
])
def test_bad_setup_raises_value_error(setup: dict) -> None:
    with pytest.raises(ValueError):
        new_game(**setup)


# --- observations and events --------------------------------------------------------------------------
def test_observation_fields_and_privacy() -> None:
    s = deal("2C 3D 4H 5S 7C 8D 9H", "3C 4C 5C 7D 8C TC JC", pile="KS")
    s = s.apply(DRAW)
    mine, theirs = s.observe(0), s.observe(1)
    assert set(mine) == {"game", "seat", "to_move", "legal", "scores", "over", "winners", "hand", "hand_counts",
                         "exchange", "draw_count", "discards", "done", "last_full_pass", "quiet", "first", "hands"}
    assert mine["hand"][-1] == "KS" and mine["hand_counts"] == [8, 7] and mine["draw_count"] == 34
    assert theirs["hand"] == ["3C", "4C", "5C", "7D", "8C", "TC", "JC"] and theirs["legal"] == []
    assert mine["legal"] == [a.to_json() for a in s.legal_actions()]
    assert '"KS"' not in json.dumps(theirs)
    assert s.hidden_from(1) >= {"KS", "2C"} and "KS" not in s.hidden_from(0)
    assert s.events == ({"type": "kombi.draw", "seat": 0},)


def test_exchange_and_play_events() -> None:
    s = deal("7C 7H 7S 9D TD JD 2S", "3C 4C 5C 7D 8C TC JC")
    s = s.apply(ex("2S", "6C"))
    assert s.events == ({"type": "kombi.exchange", "seat": 0, "gave": "2S", "took": "6C"},)
    s = s.apply(play("7C 7H 7S", "9D TD JD"))
    assert s.events == ({"type": "kombi.play", "seat": 0, "combos": [["7C", "7H", "7S"], ["9D", "TD", "JD"]],
                         "points": 16},)
    assert s.to_move == 1


# --- helpers for the table ----------------------------------------------------------------------------
def test_best_split() -> None:
    split = best_split(["9D", "7S", "TD", "7C", "JD", "7H"])
    assert split == [tuple(Card.parse(c) for c in "7C 7H 7S".split()),
                     tuple(Card.parse(c) for c in "9D TD JD".split())]
    assert sum(combo_points(c) for c in split) == 16
    assert best_split("KC KD KH KS".split()) == [tuple(Card.parse(c) for c in "KC KD KH KS".split())]
    grid = "7C 8C 9C 7D 8D 9D 7H 8H 9H".split()
    assert sum(combo_points(c) for c in best_split(grid)) == 30  # three triples beat three sequences
    both = "5H 6H 7H 8H 8C 8S".split()  # only 5-6-7 plus the three eights cover every card
    assert sum(combo_points(c) for c in best_split(both)) == 16
    assert best_split("5H 6H 8H".split()) is None
    assert best_split("7C 7H 7S 2D".split()) is None
    assert best_split([]) is None and best_split(["7C", "7C", "7H"]) is None


def test_play_action_normalises() -> None:
    a = play_action([["2C", "AC", "KC"], [Card(7, "S"), "7c", "7H"]])
    assert a.to_json() == {"kind": "play", "combos": [["7C", "7H", "7S"], ["KC", "AC", "2C"]]}
    assert a == play_action([["7H", "7S", "7C"], ["AC", "2C", "KC"]])


# --- JSON ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("data", [
    {"kind": "draw"}, {"kind": "pass"}, {"kind": "exchange", "hand": "4C", "area": "QD"},
    {"kind": "play", "combos": [["7C", "7H", "7S"], ["9D", "TD", "JD"]]},
])
def test_json_round_trip(data: dict) -> None:
    a = action_from_json(data)
    assert a.to_json() == data
    assert action_from_json(json.loads(json.dumps(a.to_json()))) == a
    assert rules.action_from_json("kombi", data) == a


def test_json_normalises_spelling_and_order() -> None:
    a = action_from_json({"kind": "play", "combos": [["jd", "10D", "9D"], ["7S", "7H", "7C"]]})
    assert a == play("7C 7H 7S", "9D TD JD")
    assert action_from_json({"kind": "exchange", "hand": "10c", "area": "qd"}) == ex("TC", "QD")


@pytest.mark.parametrize("data, problem", [
    ("draw", "malformed field=action"),
    (["draw"], "malformed field=action"),
    ({}, "unknown_kind"),
    ({"kind": "fold"}, "unknown_kind kind=fold"),
    ({"kind": 3}, "unknown_kind kind=3"),
    ({"kind": "draw", "card": "7H"}, "malformed field=draw"),
    ({"kind": "pass", "full": True}, "malformed field=pass"),
    ({"kind": "exchange", "hand": "4C"}, "malformed field=exchange"),
    ({"kind": "exchange", "hand": "4C", "area": "QD", "x": 1}, "malformed field=exchange"),
    ({"kind": "exchange", "hand": 4, "area": "QD"}, "malformed field=hand"),
    ({"kind": "exchange", "hand": "4X", "area": "QD"}, "malformed field=hand"),
    ({"kind": "play"}, "malformed field=play"),
    ({"kind": "play", "combos": "7C 7H 7S"}, "malformed field=combos"),
    ({"kind": "play", "combos": []}, "malformed field=combos"),
    ({"kind": "play", "combos": ["7C", "7H", "7S"]}, "malformed field=combos"),
    ({"kind": "play", "combos": [[]]}, "malformed field=combos"),
    ({"kind": "play", "combos": [["7C", None, "7S"]]}, "malformed field=combos"),
    ({"kind": "play", "combos": [["7C", "7H", "7S"]], "points": 10}, "malformed field=play"),
])
def test_malformed_json_is_refused(data: object, problem: str) -> None:
    with pytest.raises(IllegalAction, match=problem):
        action_from_json(data)  # type: ignore[arg-type]  # bad input on purpose


# --- every game ends (docs/decisions.md): ten quiet turns close the exchange ---------------------------------
def test_ten_turns_without_a_draw_or_a_play_close_the_exchange_until_someone_draws() -> None:
    s = deal("2C 5D 9H JS KC 4H 7S", "3C 6D TH QS AC 4S 8D", area="6C 6H QC", pile="2D 3D")
    closed = []
    for turn in range(10):
        assert any(a.kind == "exchange" for a in s.legal_actions()), f"turn {turn}"
        hand_card = s.hands[s.current][0]
        s = run(s, ex(str(hand_card), str(s.area[0])))
        s = s.apply(PASS)
        closed += [e for e in s.events if e["type"] == "kombi.exchange_closed"]
    assert s.quiet == 10 and s.observe(0)["quiet"] == 10
    assert closed == [{"type": "kombi.exchange_closed", "turns": 10}]
    assert not any(a.kind == "exchange" for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="exchange_closed"):
        s.apply(ex(str(s.hands[s.current][0]), str(s.area[0])))
    s = s.apply(DRAW)  # a draw opens it again, for this turn's second action too
    assert any(a.kind == "exchange" for a in s.legal_actions())
    s = s.apply(PASS)
    assert s.quiet == 0 and any(a.kind == "exchange" for a in s.legal_actions())


def test_with_the_exchange_closed_two_full_passes_still_end_the_game() -> None:
    s = deal("2C 5D 9H JS KC 4H 7S", "3C 6D TH QS AC 4S 8D", area="6C 6H QC", pile="2D 3D")
    s = s.replace(quiet=10)
    s = run(s, PASS, PASS)
    assert s.is_over and s.end == "double_pass"


def test_a_play_resets_the_count_of_quiet_turns() -> None:
    s = deal("7C 7H 7S JS KC 4H 2S", "3C 6D TH QS AC 4S 8D", area="6C 6H QC").replace(quiet=9)
    s = run(s, play("7C 7H 7S"), PASS)
    assert s.quiet == 0
