"""The post-game review names a known costly move in a constructed position of each game."""
from __future__ import annotations

import random

import rules
from rules.cards import standard_deck
from rules.core import Action
from rules.match import Match
from rules.review import accuracy, costliest, review
from rules.trumps.review import judge as judge_trumps


def deck_with(*first: str) -> list[str]:
    rest = [str(c) for c in standard_deck() if str(c) not in first]
    return [*first, *rest]


def play(match: Match, **want) -> None:
    """Play the legal action of ``kind`` (and matching arguments) for the seat to move."""
    kind = want.pop("kind")
    for a in match.state.legal_actions():
        if a.kind == kind and all(a.get(k) == v for k, v in want.items()):
            match.play(a)
            return
    raise AssertionError(f"no legal {kind} {want} in {match.state.legal_actions()}")


def test_each_games_review_where_it_has_one_loads():
    """The review is optional in the recipe (docs/architecture.md): the end screen offers it where a game has one."""
    for spec in rules.GAMES.values():
        if spec.review is not None:
            assert callable(spec.review())


def test_kombi_names_a_pass_that_left_a_triple_unplayed():
    m = Match("kombi", {"deck": deck_with("7C", "7H", "7S", "2D", "4H", "9S", "KD"), "first": 0})
    play(m, kind="pass")
    moments = review(m, 0)
    assert moments[0].index == 0 and moments[0].costly
    assert moments[0].reason_key == "review.kombi.unplayed" and moments[0].params["points"] > 0
    assert moments[0].better.kind == "play" and ("7C", "7H", "7S") in moments[0].better["combos"]
    assert costliest(moments) == [moments[0]] and accuracy(moments) == 0


def test_cribbage_names_fives_thrown_into_the_opponents_crib():
    hand = ("5H", "5D", "JS", "KC", "2D", "8C")
    m = Match("cribbage", {"deck": deck_with(*hand), "dealer": 1})
    play(m, kind="cut")
    assert m.state.to_move == 0
    m.play(rules.action_from_json("cribbage", {"kind": "discard", "cards": ["5H", "5D"]}))
    [moment] = review(m, 0)
    assert moment.index == 1 and moment.costly and moment.reason_key == "review.cribbage.discard"
    assert float(moment.params["loss"]) > 1 and moment.loss > 1
    assert set(moment.better["cards"]).isdisjoint({"5H", "5D"})


def test_cribbage_names_a_pegging_card_that_missed_a_fifteen():
    from rules.cribbage.review import judge_play

    obs = {"seat": 0, "hand": ["5H", "9C"], "series": [{"seat": 1, "card": "TD"}], "count": 10,
           "played": [[], []], "starter": "2C", "my_discards": ["AS", "AD"], "hand_counts": [2, 3],
           "legal": [{"kind": "play", "card": "5H"}, {"kind": "play", "card": "9C"}]}
    moment = judge_play(obs, Action.make("play", card="9C"), 7)
    assert moment.costly and moment.better == Action.make("play", card="5H")
    assert moment.reason_key == "review.cribbage.missed" and moment.params["points"] == 2


def test_square_names_a_discarded_king_that_could_replace_a_known_ten():
    # seat 0's square (1,1) (1,2) (2,1) (2,2), seat 1's, then the draw pile: a King (-1) first
    m = Match("square", {"deck": deck_with("QH", "JH", "TH", "9H", "2C", "3C", "4C", "5C", "KS"), "first": 0})
    play(m, kind="look")
    play(m, kind="done")
    play(m, kind="skip_look")
    assert m.state.to_move == 0
    play(m, kind="draw")
    play(m, kind="discard")
    moments = review(m, 0)
    costly = [x for x in moments if x.costly]
    assert [x.chosen.kind for x in costly] == ["discard"]
    assert costly[0].reason_key == "review.square.change" and costly[0].loss >= 10
    assert costly[0].better == Action.make("swap", pos=[2, 1])


def test_trumps_names_a_move_that_threw_away_a_forced_win():
    from rules.trumps import from_position
    from rules.trumps.core import NAMES

    deck = list(NAMES)
    random.Random(77).shuffle(deck)  # a position found by search: three cards each, the other 30 in the pile
    hands, pile = [deck[:3], deck[3:6]], deck[6:]
    assert hands == [["QC", "6D", "9H"], ["KC", "JS", "8H"]]
    state = from_position(hands, pile, ("H", "S"), 0)
    moment = judge_trumps(state, Action.make("play", card="9H"), 0, 0)
    assert moment.costly and moment.reason_key == "review.trumps.win"
    assert moment.params == {"result": "loss", "best": "win"}
    good = judge_trumps(state, moment.better, 0, 0)
    assert not good.costly and good.params["result"] == "win"


def test_trumps_out_of_reach_gets_no_verdict():
    m = Match("trumps", {"seed": 3, "chooser": 0})
    while m.state.phase == "choose_trump" or m.state.to_move != 0:
        m.play(m.state.legal_actions()[0])
    m.play(m.state.legal_actions()[0])
    moments = review(m, 0)
    assert moments and not moments[-1].judged and accuracy(moments) is None


def test_cribbage_names_a_five_led_into_the_tens():
    from rules.cribbage.review import judge_play

    obs = {"seat": 0, "hand": ["5H", "4C"], "series": [], "count": 0, "played": [[], []], "starter": "2C",
           "my_discards": ["AS", "AD"], "hand_counts": [2, 4],
           "legal": [{"kind": "play", "card": "5H"}, {"kind": "play", "card": "4C"}]}
    moment = judge_play(obs, Action.make("play", card="5H"), 3)
    assert moment.costly and moment.better == Action.make("play", card="4C")
    assert moment.reason_key == "review.cribbage.gave" and float(moment.params["points"]) > 0.5


def test_kombi_names_a_draw_instead_of_the_play_that_empties_the_hand():
    from rules.kombi.review import judge

    obs = {"hand": ["7C", "7H", "7S"], "legal": [{"kind": "draw"},
                                                 {"kind": "play", "combos": [["7C", "7H", "7S"]]},
                                                 {"kind": "pass"}]}
    moment = judge(obs, Action.make("draw"), 4)
    assert moment.costly and moment.reason_key == "review.kombi.draw" and moment.better.kind == "play"


def test_the_verdict_follows_the_result_and_the_decisions():
    from rules.review import UNJUDGED, Moment, outcome, verdict

    good, costly = Moment(0, Action.make("pass")), Moment(1, Action.make("pass"), Action.make("draw"), 3.0, "x")
    unjudged = Moment(2, Action.make("pass"), reason_key=UNJUDGED)
    assert outcome([0], 0) == "won" and outcome([1], 0) == "lost" and outcome([], 0) == "draw"
    assert outcome([0, 1], 0) == "draw"  # a shared win
    assert verdict([good, unjudged], "won") == "review.verdict.won.clean"
    assert verdict([good, unjudged], "lost") == "review.verdict.lost.clean", "no 'well played' after a loss"
    assert verdict([good, costly], "lost") == "review.verdict.lost.costly"
    assert verdict([unjudged], "draw") == "review.verdict.draw.unjudged"


def test_kombi_judges_only_what_it_weighs():
    """An exchange, or a draw with no play to weigh it against, is not counted as a good decision."""
    from rules.kombi.review import judge
    from rules.review import accuracy

    m = Match("kombi", {"deck": deck_with("7C", "2H", "4S", "9D", "JH", "KC", "QD"), "first": 0})
    obs = m.state.observe(0)
    assert not any(a["kind"] == "play" for a in obs["legal"])
    draw = judge(obs, Action.make("draw"), 0)
    assert not draw.judged and accuracy([draw]) is None
