"""Own Trumps scenario tests: every case of RULES.md §3.8, setup, refusals, JSON and the repetition draw."""
from __future__ import annotations

import pytest

from rules.cards import Card
from rules.core import Action, IllegalAction
from rules.trumps.core import NAMES, beats, index_of, suit_index
from rules.trumps.state import action_from_json, from_position, new_game

PLAY = "play"
P, OPP = 0, 1  # P's trump is hearts, the opponent's diamonds (§3.8) unless a test says otherwise


def pos(p_hand, opp_hand, pile, rest="opp", to_move=P, phase=PLAY, trumps=("H", "D"), **kw):
    """A position with the named cards placed; every other card goes to ``rest`` (a hand or the pile bottom)."""
    placed = {str(Card.parse(c)) for c in [*p_hand, *opp_hand, *pile]}
    others = [c for c in NAMES if c not in placed]
    hands = [list(p_hand), list(opp_hand)]
    if rest == "pile":
        pile = others + list(pile)
    else:
        hands[P if rest == "p" else OPP] += others
    return from_position(hands, pile, trumps, to_move, phase, **kw)


def play(card: str) -> Action:
    return action_from_json({"kind": "play", "card": card})


PICK = Action.make("pick_up")


def plays(state) -> set[str]:
    return {a["card"] for a in state.legal_actions() if a.kind == "play"}


def refused(state, action: Action) -> tuple:
    """The key and parameters the rules refuse ``action`` with (it must be refused)."""
    with pytest.raises(IllegalAction) as exc:
        state.apply(action)
    assert exc.value.game == "trumps"
    return exc.value.key, exc.value.params


def beats_for(trump: str, card: str, top: str) -> bool:
    return beats(suit_index(trump), index_of(card), index_of(top))


# --- §3.8 #1-3: the beats relation ----------------------------------------------------------------
def test_1_top_nine_of_clubs():
    assert beats_for("H", "JC", "9C")
    assert not beats_for("H", "8C", "9C")
    assert all(beats_for("H", f"{r}H", "9C") for r in "6789TJQKA")
    assert not beats_for("H", "TD", "9C")
    s = pos(["JC", "8C", "6H", "TD"], [], ["9C"], rest="opp")
    assert plays(s) == {"JC", "6H"}
    assert PICK not in s.legal_actions()
    assert refused(s, play("8C")) == ("no_beat_plain", {"card": "8C", "card_top": "9C", "suit_trump": "H",
                                                         "suit": "C"})
    assert refused(s, play("9D")) == ("not_in_hand", {"card": "9D"})


def test_2_top_is_my_trump():
    hearts = [f"{r}H" for r in "6789JQKA"]
    s = pos([*hearts, "AC"], [], ["TH"], rest="opp")
    assert plays(s) == {"JH", "QH", "KH", "AH"}
    assert refused(s, play("AC")) == ("no_beat_trump", {"card": "AC", "card_top": "TH", "suit_trump": "H"})


def test_3_opponents_trump_is_plain_for_me():
    for r in "89TJQKA":
        assert beats_for("H", f"{r}D", "7D")
    assert beats_for("H", "6H", "7D") and not beats_for("H", "6D", "7D")
    assert [c for c in NAMES if beats_for("H", c, "AD")] == [f"{r}H" for r in "6789TJQKA"]
    s = pos(["KD", "QD", "7H", "AS"], [], ["AD"], rest="opp")
    assert plays(s) == {"7H"}


# --- §3.8 #4-8: pick-up sizes ---------------------------------------------------------------------
def test_4_pick_up_three():
    s = pos(["6C", "7S", "TD"], [], ["9S", "8C", "KS", "7C"], rest="opp")
    assert s.legal_actions() == [PICK]
    assert s.observe(P)["pickup"] == {"count": 3, "reason": "plain"}  # data: the table words it
    after = s.apply(PICK)
    assert set(after.observe(P)["hand"]) == {"6C", "7S", "TD", "7C", "KS", "8C"}
    assert after.observe(P)["pile"] == ["9S"] and after.observe(OPP)["top"] == "9S"
    ev = after.events[0]
    assert ev["type"] == "trumps.pick_up" and ev["cards"] == ["7C", "KS", "8C"] and ev["count"] == 3
    assert after.to_move == OPP
    opp_legal = after.legal_actions()
    assert opp_legal and all(a.kind == "play" and beats_for("D", a["card"], "9S") for a in opp_legal)


def test_5_small_pile_is_taken_whole_then_opponent_leads():
    s = pos(["6C", "7C"], [], ["9S", "8C"], rest="opp")
    after = s.apply(PICK)
    assert after.observe(P)["pile"] == [] and after.events[0]["count"] == 2
    assert after.to_move == OPP and after.observe(OPP)["top"] is None
    assert plays(after) == set(after.observe(OPP)["hand"]) and PICK not in after.legal_actions()


@pytest.mark.parametrize("size,taken", [(8, 5), (4, 4)])
def test_6_pick_up_five_on_my_trump(size, taken):
    filler = ["6S", "7S", "8S", "9S", "TS", "JS", "QS"][: size - 1]
    s = pos(["6H", "TH", "JH", "7C"], [], [*filler, "QH"], rest="opp")
    assert s.legal_actions() == [PICK]
    assert s.observe(P)["pickup"] == {"count": taken, "reason": "trump"}
    after = s.apply(PICK)
    assert after.events[0]["count"] == taken and len(after.pile) == size - taken
    assert after.events[0]["cards"][0] == "QH"


def test_7_trump_ace_takes_the_whole_pile():
    pile = ["6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS", "6C", "7C", "AH"]
    s = pos(["6H", "8C"], [], pile, rest="opp")
    assert s.observe(P)["pickup"]["reason"] == "trump_ace"
    assert refused(s, play("6H"))[0] == "no_beat_ace"
    after = s.apply(PICK)
    assert after.events[0]["count"] == 12 and after.pile == ()
    assert after.scores[P] == 14


def test_8_opponents_trump_ace_is_plain_three():
    s = pos(["6C", "7S"], [], ["6S", "8S", "9S", "TS", "JS", "AD"], rest="opp")
    assert s.legal_actions() == [PICK]
    after = s.apply(PICK)
    assert after.events[0]["count"] == 3 and after.events[0]["reason"] == "plain"


# --- §3.8 #9-12: turn structure and the end -------------------------------------------------------
def test_9_forced_beat_no_pick_up():
    s = pos(["JC", "6S"], [], ["9C"], rest="opp")
    assert PICK not in s.legal_actions()
    assert refused(s, PICK) == ("can_beat", {"card_top": "9C", "card": "JC"})
    voluntary = pos(["JC", "6S"], [], ["9C"], rest="opp", voluntary_pickup=True)
    assert voluntary.legal_actions()[-1] == PICK


def test_10_second_card_ends_the_turn():
    s = pos(["JC", "6S", "7S", "8H", "AD"], [], ["9C"], rest="opp")
    mid = s.apply(play("JC"))
    assert mid.to_move == P and mid.phase == "second"
    assert mid.observe(P)["phase"] == "second" and mid.events[0]["beaten"] == "9C"
    assert plays(mid) == {"6S", "7S", "8H", "AD"} and PICK not in mid.legal_actions()
    assert refused(mid, PICK) == ("second_card", {})
    done = mid.apply(play("AD"))
    assert done.to_move == OPP and done.observe(OPP)["top"] == "AD"
    assert done.events[0] == {"type": "trumps.second", "seat": P, "card": "AD"}
    assert done.observe(OPP)["pickup"]["reason"] == "trump_ace"


def test_11_beat_with_the_last_card_wins():
    s = pos(["KC"], ["7D", "8D", "9D"], ["9C"], rest="pile")
    end = s.apply(play("KC"))
    assert end.is_over and end.winners == (P,) and end.scores == (0, 3)
    assert end.events[-1]["type"] == "trumps.end" and end.events[-1]["reason"] == "out"
    assert end.observe(OPP)["result"] == "win"


@pytest.mark.parametrize("opp_hand,draw", [
    (["QS"], True), (["9S"], False), (["6D"], True), (["QS", "7C"], False),
])
def test_12_draw_check(opp_hand, draw):
    s = pos(["TS"], opp_hand, ["8C"], rest="pile", phase="second")
    end = s.apply(play("TS"))
    assert end.is_over
    assert end.winners == ((P, OPP) if draw else (P,))
    assert end.events[-1]["reason"] == ("draw_check" if draw else "out")
    assert end.observe(P)["result"] == ("draw" if draw else "win")


def test_13_six_transfer():
    p_cards = ["6D", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH",
               "AH", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC"]
    rest = [c for c in NAMES if c not in p_cards]
    s = new_game(deck=p_cards + rest, trumps=("H", "D"), first=0)
    assert s.scores == (17, 19)
    assert "6D" not in s.observe(P)["hand"] and "6D" in s.observe(OPP)["hand"]
    assert "6D" not in s.hidden_from(P)  # handed over at the table: anyone knows where it is
    six = [e for e in s.events if e["type"] == "trumps.six_transfer"][0]
    assert six["moves"] == [{"card": "6D", "from": P, "to": OPP}]
    assert s.to_move == 0 and s.observe(0)["phase"] == "play"


def test_14_beating_your_own_card_again():
    s = pos(["7C", "8S", "JS", "QD", "KD", "AD", "7H"], ["9S", "TS"], ["6C"], rest="opp")
    for seat, card in [(P, "7C"), (P, "8S"), (OPP, "9S"), (OPP, "TS"), (P, "JS"), (P, "QD")]:
        assert s.to_move == seat
        s = s.apply(play(card))
    assert s.legal_actions() == [PICK]  # Q♦ is the opponent's trump: 5 cards, K♦ and A♦ are with P
    s = s.apply(PICK)
    assert s.events[0]["cards"] == ["QD", "JS", "TS", "9S", "8S"]
    assert s.to_move == P and s.observe(P)["top"] == "7C"
    assert plays(s) == {"7H"} and PICK not in s.legal_actions()


# --- setup, trump choice, observations ------------------------------------------------------------
def test_seeded_game_starts_with_the_trump_choice():
    s = new_game(seed=11)
    dealer = s.dealer
    assert s.phase == "choose_trump" and s.to_move == 1 - dealer
    obs = s.observe(1 - dealer)
    assert obs["chooser"] == 1 - dealer and obs["dealer"] == dealer and len(obs["legal"]) == 4
    s = s.apply(action_from_json({"kind": "choose_trump", "suit": "h"}))
    assert s.to_move == dealer and {a["suit"] for a in s.legal_actions()} == {"C", "D", "S"}
    assert refused(s, Action.make("choose_trump", suit="H")) == ("trump_taken", {"suit": "H"})
    assert refused(s, play("6C")) == ("choose_first", {})
    s = s.apply(Action.make("choose_trump", suit="S"))
    assert [e["type"] for e in s.events] == ["trumps.choose_trump", "trumps.deal", "trumps.six_transfer"]
    assert s.phase == "play" and s.to_move == 1 - dealer
    assert s.observe(0)["trumps"][1 - dealer] == "H" and s.observe(0)["trumps"][dealer] == "S"
    assert sum(s.scores) == 36 and sorted(s.scores) in ([17, 19], [18, 18])
    assert refused(s, Action.make("choose_trump", suit="C")) == ("trumps_chosen", {})
    assert refused(s, Action.make("fold")) == ("unknown_kind", {"kind": "fold"})
    assert refused(s, Action.make("play", card="6C", extra=1)) == ("malformed", {"field": "play"})
    assert new_game(seed=11).apply(Action.make("choose_trump", suit="H")).apply(
        Action.make("choose_trump", suit="S")) == s


def test_explicit_deck_and_trumps_deal_as_the_contract_says():
    deck = list(NAMES)
    s = new_game(deck=deck, trumps=("S", "C"), first=1)
    assert s.to_move == 1 and s.dealer == 0
    assert set(s.observe(0)["hand"]) == set(deck[:18]) - {"6C"} | {"6S"}  # each trump six goes home
    assert set(s.observe(1)["hand"]) == set(deck[18:]) - {"6S"} | {"6C"}


@pytest.mark.parametrize("kwargs,msg", [
    ({"deck": list(NAMES), "trumps": ("H", "H")}, "must differ"),
    ({"deck": list(NAMES)[:35] + ["2C"], "trumps": ("H", "D")}, "36 cards"),
    ({"deck": list(NAMES), "trumps": ("H",)}, "two suits"),
    ({"seed": 1, "first": 2}, "seat 0 or 1"),
])
def test_bad_setups_raise(kwargs, msg):
    with pytest.raises(ValueError, match=msg):
        new_game(**kwargs)


def test_observation_fields_and_hidden_hand():
    s = new_game(seed=4, trumps=("H", "D"))
    seat = s.to_move
    obs = s.observe(seat)
    for key in ("game", "seat", "to_move", "legal", "scores", "over", "winners", "phase", "trumps", "hand",
                "opponent_count", "pile", "top", "beaters", "pickup", "repetition", "result", "dealer"):
        assert key in obs
    assert obs["trumps"] == ["H", "D"] and obs["repetition"] == 1
    assert not any(c in str(obs) for c in s.hidden_from(seat))
    assert s.observe(1 - seat)["legal"] == []
    s2 = s.apply(s.legal_actions()[0])
    obs2 = s2.observe(s2.to_move)
    top = obs2["top"]
    assert set(obs2["beaters"]) == {a["card"] for a in s2.legal_actions() if a.kind == "play"}
    assert all(beats_for(obs2["trumps"][s2.to_move], c, top) for c in obs2["beaters"])


@pytest.mark.parametrize("data,key,params", [
    ({"kind": "play"}, "malformed", {"field": "play"}),
    ({"kind": "play", "card": "2C"}, "not_in_pack", {"card": "2C"}),
    ({"kind": "play", "card": "ZZ"}, "malformed", {"field": "card"}),
    ({"kind": "play", "card": 7}, "malformed", {"field": "card"}),
    ({"kind": "pick_up", "card": "AS"}, "malformed", {"field": "pick_up"}),
    ({"kind": "choose_trump", "suit": "X"}, "malformed", {"field": "suit"}),
    ({"kind": "choose_trump", "suit": ""}, "malformed", {"field": "suit"}),
    ({"kind": "fold"}, "unknown_kind", {"kind": "fold"}),
    (["play"], "malformed", {"field": "action"}),
])
def test_action_json_is_strict(data, key, params):
    with pytest.raises(IllegalAction) as exc:
        action_from_json(data)
    assert (exc.value.key, exc.value.params) == (key, params)


def test_action_json_normalises_and_round_trips():
    assert action_from_json({"kind": "play", "card": "10h"}) == Action.make("play", card="TH")
    for a in new_game(seed=2, trumps=("C", "S")).legal_actions():
        assert action_from_json(a.to_json()) == a


# --- §3.7 #12: draw by repetition -----------------------------------------------------------------
def test_threefold_repetition_is_a_draw():
    """A real cycle: each side in turn is handed an unbeatable ace and takes the whole 3-card pile back."""
    diamonds = [f"{r}D" for r in "6789TJQKA"]  # the opponent holds no trump, so A♣ and A♥ stop it
    s = pos(["KC", *diamonds], ["AC", "AH", "7S"], [], rest="opp")
    start = s.position_key
    assert s.repetitions == 1
    cycle = [(P, play("KC")), (OPP, play("AC")), (OPP, play("AH")), (P, PICK),
             (OPP, play("7S")), (P, play("AH")), (P, play("AC")), (OPP, PICK)]
    for lap in (2, 3):
        for seat, action in cycle:
            assert not s.is_over and s.to_move == seat
            assert action in s.legal_actions()
            s = s.apply(action)
        assert s.repetitions == lap and s.observe(P)["repetition"] == lap
        assert s.hands == start[:2] and s.pile == ()
        assert s.is_over == (lap == 3)
    assert s.winners == (P, OPP) and s.to_move is None
    assert s.events[-1]["type"] == "trumps.end" and s.events[-1]["reason"] == "repetition"
    assert s.observe(OPP)["result"] == "repetition" and s.scores == (10, 26)


# --- every game ends (docs/decisions.md): the move limit --------------------------------------------------------
def test_the_card_move_limit_ends_the_game_as_a_draw(monkeypatch) -> None:
    import rules.trumps.state as trumps_state

    s = new_game(seed=5)
    s = s.apply(s.legal_actions()[0]).apply(s.apply(s.legal_actions()[0]).legal_actions()[0])
    moves_before = len(s.seen)
    monkeypatch.setattr(trumps_state, "MOVE_LIMIT", moves_before + 3)
    for _ in range(3):
        assert not s.is_over
        s = s.apply(s.legal_actions()[-1])
    assert s.is_over and s.result == "move_limit" and s.winners == (0, 1)
    assert [e["reason"] for e in s.events if e["type"].endswith(".end")] == ["move_limit"]
