"""Cribbage state machine: RULES.md §2.8 scenarios 21–28, the cuts, turn order, refusals and JSON."""
from __future__ import annotations

from dataclasses import replace

import pytest

import rules
from rules.cards import standard_deck
from rules.core import Action, IllegalAction
from rules.cribbage.state import action_from_json, new_game
from rules.match import Match

NON_DEALER, DEALER = 0, 1  # every fixed-deck test below lets seat 1 deal


def cut(depth: int = 20) -> Action:
    return Action.make("cut", depth=depth)


def discard(*cards: str) -> Action:
    return action_from_json({"kind": "discard", "cards": list(cards)})


def play(card: str) -> Action:
    return Action.make("play", card=card)


def fixed_deal(nd_six: list[str], d_six: list[str], starter: str, seed: int = 0):
    """A game whose first hand is fixed: seat 0 (non-dealer) gets nd_six, seat 1 (dealer) d_six."""
    used = [*nd_six, *d_six, starter]
    rest = [str(c) for c in standard_deck() if str(c) not in used]
    return new_game(seed=seed, deck=[*used, *rest], dealer=DEALER)


def ready_to_play(nd_keep, nd_throw, d_keep, d_throw, starter="3C", points=(0, 0)):
    s = fixed_deal([*nd_keep, *nd_throw], [*d_keep, *d_throw], starter)
    s = s.apply(cut()).apply(discard(*nd_throw)).apply(discard(*d_throw))
    s = replace(s, points=points, back=points)
    return s.apply(cut(10))


def run(s, *cards: str):
    """Play cards in order, collecting every event."""
    events = []
    for c in cards:
        s = s.apply(play(c))
        events += list(s.events)
    return s, events


def of_type(events, kind: str) -> list[dict]:
    return [e for e in events if e["type"] == f"cribbage.{kind}"]


def pegged(events, seat: int) -> int:
    return sum(e["points"] for e in events
               if e["type"] in ("cribbage.play", "cribbage.go_point") and e["seat"] == seat)


# --- setup and the cuts ----------------------------------------------------------------------------

def test_a_seeded_game_opens_with_the_cut_for_deal_p1_first():
    s = new_game(seed=5)
    assert (s.phase, s.to_move) == ("cut_for_deal", 0)
    assert s.legal_actions() == [cut(d) for d in range(4, 49)]
    s = s.apply(cut(17))
    assert s.to_move == 1
    assert of_type(s.events, "cut_for_deal")[0]["seat"] == 0


def test_the_cut_depth_reveals_nothing_about_the_deck():
    # §2.7 #2: cutting, undoing and cutting elsewhere shows the same card
    s = new_game(seed=11)
    assert s.apply(cut(4)).events[0]["card"] == s.apply(cut(48)).events[0]["card"]
    s = fixed_deal(["TS", "9H", "5C", "2D", "QH", "QD"], ["KC", "8D", "7S", "AH", "4S", "4C"], "3C")
    assert s.apply(cut(4)).hands == s.apply(cut(48)).hands  # the pre-deal cut changes no card
    s = s.apply(cut(30)).apply(discard("QD", "QH")).apply(discard("4C", "4S"))
    assert {s.apply(cut(d)).starter for d in (4, 20, 36)} == {s.apply(cut(4)).starter}
    seeded = new_game(seed=3, dealer=0).apply(cut(5))
    assert seeded.hands == new_game(seed=3, dealer=0).apply(cut(40)).hands
    seeded = seeded.apply(seeded.legal_actions()[0])
    seeded = seeded.apply(seeded.legal_actions()[-1])
    assert seeded.phase == "starter"
    assert seeded.apply(cut(4)).starter == seeded.apply(cut(36)).starter


def test_starter_cut_keeps_four_cards_in_each_packet():
    s = fixed_deal(["TS", "9H", "5C", "2D", "QH", "QD"], ["KC", "8D", "7S", "AH", "4S", "4C"], "3C")
    s = s.apply(cut()).apply(discard("QH", "QD")).apply(discard("4S", "4C"))
    assert s.phase == "starter" and s.to_move == NON_DEALER
    assert s.legal_actions() == [cut(d) for d in range(4, 37)]
    assert s.observe(1)["cut"] == {"purpose": "starter", "min": 4, "max": 36, "of": 40}
    with pytest.raises(IllegalAction) as refused:
        s.apply(cut(40))
    assert (refused.value.key, refused.value.params) == ("cut_range", {"min": 4, "max": 36, "of": 40, "keep": 4})


def find_cut_for_deal(want) -> tuple[int, list[dict]]:
    """The first seed whose cut for deal produces events satisfying ``want``."""
    for seed in range(3000):
        s, events = new_game(seed=seed), []
        while s.phase == "cut_for_deal":
            s = s.apply(cut(10))
            events += list(s.events)
        if want(events):
            return seed, events
    raise AssertionError("no such seed")


def test_27_equal_ranks_cut_again():
    seed, events = find_cut_for_deal(lambda ev: bool(of_type(ev, "cut_tie")))
    tie = of_type(events, "cut_tie")[0]
    assert tie["cards"][0][0] == tie["cards"][1][0]  # same rank, e.g. 7S vs 7D
    s = new_game(seed=seed).apply(cut(10)).apply(cut(10))
    assert (s.phase, s.to_move, s.dealer) == ("cut_for_deal", 0, None)  # P1 cuts again
    assert s.observe(0)["cut_for_deal"]["tie"] is True


@pytest.mark.parametrize("low, high", [("T", "J"), ("A", "K"), ("T", "K")])
def test_27_the_lower_rank_deals(low, high):
    seed, events = find_cut_for_deal(
        lambda ev: bool(of_type(ev, "first_dealer"))
        and sorted(c[0] for c in of_type(ev, "first_dealer")[0]["cards"]) == sorted([low, high]))
    decided = of_type(events, "first_dealer")[0]
    assert decided["cards"][decided["dealer"]][0] == low
    s = new_game(seed=seed)
    while s.phase == "cut_for_deal":
        s = s.apply(cut(10))
    assert (s.phase, s.dealer, s.to_move) == ("cut", decided["dealer"], 1 - decided["dealer"])


def test_fixed_deck_deals_and_turn_order():
    deck = [str(c) for c in standard_deck()]
    s = new_game(deck=deck, dealer=0)
    assert (s.phase, s.to_move) == ("cut", 1)  # the non-dealer cuts before the deal
    s = s.apply(cut(9))
    assert [str(c) for c in s.hands[1]] == deck[0:6]
    assert [str(c) for c in s.hands[0]] == deck[6:12]
    assert (s.phase, s.to_move) == ("discard", 1)  # non-dealer discards first
    assert of_type(s.events, "deal")[0] == {"type": "cribbage.deal", "dealer": 0, "hand_no": 1, "cards_each": 6}
    s = s.apply(discard(*deck[0:2]))
    assert s.to_move == 0 and s.events == ({"type": "cribbage.discard", "seat": 1, "cards": 2},)
    s = s.apply(discard(*deck[6:8])).apply(cut(12))
    assert str(s.starter) == deck[12]
    assert (s.phase, s.to_move) == ("play", 1)


def test_dealers_alternate_and_later_hands_come_from_the_seed():
    s = ready_to_play(["TS", "9H", "5C", "2D"], ["QH", "QD"], ["KC", "8D", "7S", "AH"], ["4S", "4C"])
    s, _ = run(s, "TS", "KC", "9H", "AH", "5C", "8D", "2D", "7S")
    assert (s.phase, s.dealer, s.to_move, s.hand_no) == ("cut", 0, 1, 2)
    again = ready_to_play(["TS", "9H", "5C", "2D"], ["QH", "QD"], ["KC", "8D", "7S", "AH"], ["4S", "4C"])
    again, _ = run(again, "TS", "KC", "9H", "AH", "5C", "8D", "2D", "7S")
    assert s.apply(cut(4)).hands == again.apply(cut(44)).hands
    assert len(set(s.apply(cut(4)).hands[0] + s.apply(cut(4)).hands[1])) == 12


def test_invalid_setups_are_refused():
    with pytest.raises(ValueError, match="dealer"):
        new_game(deck=[str(c) for c in standard_deck()])
    with pytest.raises(ValueError, match="repeats"):
        new_game(deck=["AS"] * 52, dealer=0)
    with pytest.raises(ValueError, match="52"):
        new_game(deck=[str(c) for c in standard_deck()][1:], dealer=0)
    with pytest.raises(ValueError, match="seat"):
        new_game(dealer=2)


# --- the play (§2.8 #21–23, #28) -------------------------------------------------------------------

def test_21_full_play_with_a_go():
    s = ready_to_play(["TS", "9H", "5C", "2D"], ["QH", "QD"], ["KC", "8D", "7S", "AH"], ["4S", "4C"])
    s, ev = run(s, "TS", "KC", "9H")
    assert s.count == 29 and s.to_move == DEALER
    assert s.legal_actions() == [play("AH")]  # must play the ace
    s, more = run(s, "AH")
    ev += more
    assert of_type(more, "go") == [{"type": "cribbage.go", "seat": NON_DEALER, "count": 30}]
    assert of_type(more, "go_point")[0]["seat"] == DEALER and of_type(more, "go_point")[0]["reason"] == "go"
    assert s.count == 0 and s.to_move == NON_DEALER  # reset; the non-dealer leads
    s, more = run(s, "5C", "8D", "2D", "7S")
    ev += more
    assert [e["points"] for e in of_type(more, "play")] == [0, 0, 2, 0]
    assert of_type(more, "go_point")[-1]["reason"] == "last_card"
    assert (pegged(ev, NON_DEALER), pegged(ev, DEALER)) == (2, 2)


def test_22_one_player_out_of_cards_plays_on_alone():
    s = ready_to_play(["KS", "QS", "AC", "AD"], ["2S", "3S"], ["9C", "4H", "5H", "6H"], ["2H", "3H"])
    s, ev = run(s, "KS", "9C", "QS")
    assert of_type(ev, "go")[0]["seat"] == DEALER
    assert s.to_move == NON_DEALER  # the dealer cannot play at 29, so the non-dealer plays on
    s, ev = run(s, "AC", "AD")
    assert of_type(ev, "play")[-1]["points"] == 4  # 31 for 2 and a pair for 2
    assert of_type(ev, "reset")[0]["reason"] == "31" and not of_type(ev, "go_point")
    assert s.to_move == DEALER and s.hands[NON_DEALER] == ()
    s, ev = run(s, "4H", "5H", "6H")
    assert [e["points"] for e in of_type(ev, "play")] == [0, 0, 5]
    assert of_type(ev, "go_point")[0]["seat"] == DEALER and of_type(ev, "go_point")[0]["reason"] == "last_card"
    assert pegged(ev, DEALER) == 6
    assert not of_type(ev, "go")  # a player out of cards says no Go


def test_23_go_then_a_pair_by_the_same_player():
    s = ready_to_play(["KS", "9H", "TD", "9C"], ["2S", "4S"], ["5C", "3H", "3S", "8D"], ["2H", "4H"])
    s, ev = run(s, "KS", "5C", "9H", "3H")
    assert s.count == 27 and s.to_move == DEALER  # the non-dealer (10 and 9 left) had to Go
    assert of_type(ev, "go") == [{"type": "cribbage.go", "seat": NON_DEALER, "count": 27}]
    s, ev = run(s, "3S")
    assert of_type(ev, "play")[0]["points"] == 2 and of_type(ev, "play")[0]["parts"][0]["kind"] == "pair"
    assert of_type(ev, "go_point")[0] == {"type": "cribbage.go_point", "seat": DEALER, "points": 1,
                                          "reason": "go", "scores": [0, 5]}  # 15 for 2 earlier
    assert not of_type(ev, "go")  # Go is announced once per series
    assert s.to_move == NON_DEALER and s.count == 0


def test_28_go_is_refused_while_a_card_fits():
    s = ready_to_play(["TS", "5C", "AC", "AD"], ["2S", "3S"], ["KH", "6D", "8D", "9D"], ["2H", "3H"])
    s, _ = run(s, "TS", "KH", "5C")
    assert s.count == 25 and s.to_move == DEALER
    with pytest.raises(IllegalAction) as refused:
        s.apply(Action.make("go"))
    assert (refused.value.key, refused.value.params) == ("go_while_a_card_fits", {"count": 25, "cards": ["6D"]})
    with pytest.raises(IllegalAction, match="no_go_move"):
        action_from_json({"kind": "go"})
    assert s.legal_actions() == [play("6D")]


def test_28_go_happens_by_itself_when_nothing_fits():
    s = ready_to_play(["TS", "5C", "AC", "AD"], ["2S", "3S"], ["KH", "7D", "8D", "9D"], ["2H", "3H"])
    s, ev = run(s, "TS", "KH", "5C")
    assert of_type(ev, "go")[-1]["seat"] == DEALER
    assert s.to_move == NON_DEALER and s.count == 25


# --- the end (§2.8 #24–26) -------------------------------------------------------------------------

def test_24_his_heels_wins_at_the_cut():
    s = fixed_deal(["TS", "9H", "5C", "2D", "QH", "QD"], ["KC", "8D", "7S", "AH", "4S", "4C"], "JC")
    s = s.apply(cut()).apply(discard("QH", "QD")).apply(discard("4S", "4C"))
    s = replace(s, points=(50, 119)).apply(cut(10))
    assert s.is_over and s.winners == (DEALER,) and s.scores == (50, 121)
    assert [e["type"] for e in s.events] == ["cribbage.starter", "cribbage.his_heels", "cribbage.end"]
    assert s.legal_actions() == [] and s.observe(0)["over"] is True


def test_2_his_heels_scores_two_and_no_nobs_in_the_show():
    s = ready_to_play(["5C", "5D", "5H", "5S"], ["QH", "QD"], ["KC", "8D", "7S", "AH"], ["4S", "4C"],
                      starter="JD")
    assert s.scores == (0, 2) and of_type(s.events, "his_heels")[0]["seat"] == DEALER
    ev = []
    while s.phase == "play":
        s = s.apply(s.legal_actions()[0])
        ev += list(s.events)
    shows = of_type(ev, "show")
    assert [(e["seat"], e["kind"]) for e in shows] == [(0, "hand"), (1, "hand"), (1, "crib")]
    assert shows[0]["total"] == 28 and "nobs" not in {p["kind"] for p in shows[0]["parts"]}


def until_last_card(s):
    """Play the first legal card until one card of the eight is left."""
    while len(s.hands[0]) + len(s.hands[1]) > 1:
        s = s.apply(s.legal_actions()[0])
    return s


def test_25_the_non_dealer_counts_first_and_wins():
    before_last = until_last_card(ready_to_play(["3C", "4D", "5S", "KD"], ["QH", "QD"],
                                                ["7C", "7D", "8H", "8S"], ["AS", "2S"], starter="2H"))
    trial = before_last.apply(before_last.legal_actions()[0])
    shows = {(e["seat"], e["kind"]): e["total"] for e in trial.events if e["type"] == "cribbage.show"}
    assert shows[(NON_DEALER, "hand")] == 8 and shows[(DEALER, "hand")] == 12
    # Shift the scores so that the play ends with the non-dealer on 115 and the dealer on 117.
    after_play = [trial.scores[seat] - sum(v for (who, _), v in shows.items() if who == seat) for seat in (0, 1)]
    start = (before_last.scores[0] + 115 - after_play[0], before_last.scores[1] + 117 - after_play[1])
    s = replace(before_last, points=start, back=start).apply(before_last.legal_actions()[0])
    assert s.is_over and s.winners == (NON_DEALER,) and s.scores == (123, 117)
    assert [e["kind"] for e in s.events if e["type"] == "cribbage.show"] == ["hand"]
    shown = s.observe(1)["last_show"]
    assert [(x["seat"], x["kind"], x["counted"]) for x in shown] == [
        (0, "hand", True), (1, "hand", False), (1, "crib", False)]


def test_26_a_fifteen_in_the_play_wins_at_once():
    s = ready_to_play(["TS", "9H", "5C", "2D"], ["QH", "QD"], ["KC", "5S", "7S", "AH"], ["4S", "4C"],
                      points=(100, 119))
    s, ev = run(s, "TS", "5S")
    assert s.is_over and s.winners == (DEALER,) and s.scores == (100, 121)
    assert ev[-1] == {"type": "cribbage.end", "winners": [1], "scores": [100, 121], "during": "play"}
    assert len(s.hands[NON_DEALER]) == 3 and len(s.hands[DEALER]) == 3  # the rest is not played
    with pytest.raises(IllegalAction, match="game_over"):
        s.apply(play("9H"))


def test_hands_turn_face_up_when_the_play_ends_the_game():
    s = ready_to_play(["TS", "9H", "5C", "2D"], ["QH", "QD"], ["KC", "5S", "7S", "AH"], ["4S", "4C"],
                      points=(100, 119))
    s, _ = run(s, "TS")
    assert s.observe(1)["hands"] is None and {"9H", "5C", "2D"} <= s.hidden_from(1)
    s, _ = run(s, "5S")
    assert s.is_over
    for seat in (0, 1):
        view = s.observe(seat)
        assert view["hands"] == [["2D", "5C", "9H"], ["AH", "7S", "KC"]]
        assert not {"2D", "5C", "9H", "AH", "7S", "KC"} & s.hidden_from(seat)
        assert {"QH", "QD", "4S", "4C"} - set(view["my_discards"]) <= s.hidden_from(seat)  # the crib stays down


def test_his_heels_at_the_end_shows_both_kept_hands():
    s = fixed_deal(["TS", "9H", "5C", "2D", "QH", "QD"], ["KC", "8D", "7S", "AH", "4S", "4C"], "JC")
    s = s.apply(cut()).apply(discard("QH", "QD")).apply(discard("4S", "4C"))
    s = replace(s, points=(50, 119)).apply(cut(10))
    assert s.observe(0)["hands"] == [["2D", "5C", "9H", "TS"], ["AH", "7S", "8D", "KC"]]


# --- refusals and the JSON door --------------------------------------------------------------------

def refusal_of(state, action) -> tuple[str, dict]:
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    assert refused.value.game == "cribbage"
    return refused.value.key, refused.value.params


def test_refusal_reasons():
    s = fixed_deal(["TS", "9H", "5C", "2D", "QH", "QD"], ["KC", "8D", "7S", "AH", "4S", "4C"], "3C")
    assert refusal_of(s, play("TS")) == ("time_to_cut", {})
    s = s.apply(cut())
    assert refusal_of(s, discard("KC", "8D")) == ("not_in_hand", {"card": "8D"})
    assert refusal_of(s, cut()) == ("time_to_discard", {})
    assert refusal_of(s, Action.make("discard", cards=["TS"])) == ("discard_two", {})
    s = s.apply(discard("QH", "QD")).apply(discard("4S", "4C"))
    assert refusal_of(s, play("TS")) == ("time_to_cut_starter", {})
    s = s.apply(cut())
    assert refusal_of(s, play("QH")) == ("not_in_hand", {"card": "QH"})
    assert refusal_of(s, discard("TS", "9H")) == ("time_to_play", {})
    s, _ = run(s, "TS", "KC", "9H")
    assert refusal_of(s, play("7S")) == ("past_31", {"card": "7S", "count": 36})
    assert refusal_of(s, Action.make("play")) == ("malformed", {"field": "card"})
    assert refusal_of(s, Action.make("knock")) == ("unknown_kind", {"kind": "knock"})
    assert refusal_of(new_game(seed=1), discard("TS", "9H")) == ("time_to_cut_for_deal", {})


@pytest.mark.parametrize("data, key, params", [
    ({"kind": "cut"}, "malformed", {"field": "depth"}),
    ({"kind": "cut", "depth": 3}, "malformed", {"field": "depth"}),
    ({"kind": "cut", "depth": True}, "malformed", {"field": "depth"}),
    ({"kind": "cut", "depth": "7"}, "malformed", {"field": "depth"}),
    ({"kind": "cut", "depth": 7, "x": 1}, "malformed", {"field": "x"}),
    ({"kind": "discard", "cards": ["5H"]}, "discard_two", {}),
    ({"kind": "discard", "cards": ["5H", "5H"]}, "discard_two", {}),
    ({"kind": "discard", "cards": ["5H", "ZZ"]}, "malformed", {"field": "cards"}),
    ({"kind": "discard", "cards": "5H6H"}, "discard_two", {}),
    ({"kind": "play", "card": 5}, "malformed", {"field": "card"}),
    ({"kind": "play"}, "malformed", {"field": "card"}),
    ({"kind": "go"}, "no_go_move", {}),
    ({"kind": "knock"}, "unknown_kind", {"kind": "knock"}),
    ({"depth": 5}, "malformed", {"field": "kind"}),
    (["cut"], "malformed", {"field": "kind"}),
])
def test_action_from_json_is_strict(data, key, params):
    with pytest.raises(IllegalAction) as refused:
        action_from_json(data)
    assert (refused.value.key, refused.value.params) == (key, params)


def test_action_from_json_normalises():
    assert action_from_json({"kind": "discard", "cards": ["JD", "5h"]}) == discard("5H", "JD")
    assert action_from_json({"kind": "discard", "cards": ["10D", "5H"]}).to_json() == {
        "kind": "discard", "cards": ["5H", "TD"]}
    assert action_from_json({"kind": "play", "card": "10s"}) == play("TS")
    assert rules.action_from_json("cribbage", {"kind": "cut", "depth": 17}) == cut(17)


def test_every_legal_action_round_trips_through_json_and_a_saved_match():
    m = Match("cribbage", {"seed": 21})
    while not m.state.is_over and len(m.actions) < 60:
        legal = m.state.legal_actions()
        for a in legal:
            assert action_from_json(a.to_json()) == a
        m.play(legal[len(m.actions) % len(legal)])
    loaded = Match.from_json(m.to_json())
    assert loaded.state == m.state
    assert loaded.state.observe(0) == m.state.observe(0)


def test_observation_hides_the_other_hand_and_shows_own_discards():
    s = ready_to_play(["TS", "9H", "5C", "2D"], ["QH", "QD"], ["KC", "8D", "7S", "AH"], ["4S", "4C"])
    o = s.observe(NON_DEALER)
    assert o["hand"] == ["2D", "5C", "9H", "TS"] and o["my_discards"] == ["QD", "QH"]
    assert o["hand_counts"] == [4, 4] and o["crib_count"] == 4 and o["starter"] == "3C"
    assert o["legal"] and s.observe(DEALER)["legal"] == []
    hidden = s.hidden_from(NON_DEALER)
    assert {"KC", "8D", "7S", "AH", "4S", "4C"} <= hidden
    assert not {"QH", "QD", "TS", "3C"} & hidden
    s, _ = run(s, "TS", "KC")
    o = s.observe(DEALER)
    assert o["series"] == [{"seat": 0, "card": "TS"}, {"seat": 1, "card": "KC"}] and o["count"] == 20
    assert "TS" not in s.hidden_from(DEALER)
    assert o["pegs"] == [{"back": 0, "front": 0}, {"back": 0, "front": 0}]


# --- gestures (rules/cribbage/gestures.py) ----------------------------------------------------------

def test_gestures_mean_the_cut_the_discard_and_the_play():
    from rules.gesture import Choice, Spot, find_action

    spec = rules.GAMES["cribbage"]
    s = fixed_deal(["TS", "9H", "5C", "2D", "QH", "QD"], ["KC", "8D", "7S", "AH", "4S", "4C"], "3C")
    obs = s.observe(0)
    assert find_action(spec, obs, Spot("pack", slot=17)) == cut(17)
    with pytest.raises(IllegalAction, match="choose_depth"):
        find_action(spec, obs, Spot("pack"))  # no depth marked on the pack yet
    s = s.apply(cut())
    obs = s.observe(0)
    crib = Spot("crib", DEALER)
    assert find_action(spec, obs, Spot("hand", 0, ("QH", "9H")), crib) == discard("9H", "QH")
    one = find_action(spec, obs, Spot("hand", 0, ("QH",)), crib)  # one card alone: the door says why not
    assert refusal_of(s, one) == ("discard_two", {})
    assert refusal_of(s, find_action(spec, obs, Spot("hand", 0, ("QH",)), Spot("play"))) == ("time_to_discard", {})
    with pytest.raises(IllegalAction, match="nothing_there"):
        find_action(spec, obs, Spot("hand", 1, ("KC", "8D")), crib)  # the other seat's hand is not ours to move
    s = s.apply(discard("QH", "QD")).apply(discard("4S", "4C")).apply(cut())
    obs = s.observe(0)
    assert find_action(spec, obs, Spot("hand", 0, ("TS",)), Spot("play")) == play("TS")
    assert find_action(spec, obs, Spot("hand", 0, ("TS", "9H")), Spot("play")) == Choice((play("TS"), play("9H")))
    with pytest.raises(IllegalAction, match="pick_a_card"):
        find_action(spec, obs, Spot("hand", 0), Spot("play"))
