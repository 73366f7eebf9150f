"""Kombi-Duell level 3: what it remembers of the opponent, the worlds it samples, its play-outs and its choice."""
from __future__ import annotations

import random

from rules.bots import make_bot
from rules.cards import standard_deck
from rules.core import Action
from rules.kombi.plays import BIT_OF_NAME
from rules.kombi.rollout import playout, quick_move
from rules.kombi.search import KombiSearchBot, known_cards, sample_state
from rules.kombi.state import KombiState, new_game

PASS, DRAW = Action.make("pass"), Action.make("draw")


def deal(h0: str, h1: str, area: str, first: int = 0) -> KombiState:
    head = f"{h0} {h1} {area}".split()
    return new_game(deck=head + [str(c) for c in standard_deck() if str(c) not in head], first=first)


def ex(hand: str, area: str) -> Action:
    return Action.make("exchange", hand=hand, area=area)


def opponent_takes_qc() -> tuple[KombiState, list[dict]]:
    """Seat 1 takes the Q♣ from the exchange area while seat 0 watches; seat 0 then draws."""
    s = deal("QS 5D 9H 2C 7C 8C JH", "9C 9D 2S 4D 6H KC QH", "QC 4S KH")
    seen = [s.observe(0)]
    s = s.apply(PASS).apply(ex("2S", "QC")).apply(PASS)
    seen.append(s.observe(0))
    s = s.apply(DRAW)
    seen.append(s.observe(0))
    return s, seen


def test_a_card_that_left_the_exchange_area_is_known_to_be_in_the_opponents_hand() -> None:
    s, seen = opponent_takes_qc()
    assert known_cards(seen) == {BIT_OF_NAME["QC"]}
    assert known_cards(seen[:1]) == frozenset()
    s = s.apply(PASS).apply(ex("9C", "4S")).apply(PASS)  # a second card taken; the 9♣ given is in sight
    seen.append(s.observe(0))
    assert known_cards(seen) == {BIT_OF_NAME["QC"], BIT_OF_NAME["4S"]}


def test_a_played_known_card_is_forgotten() -> None:
    s = deal("2C 3D 4H 5S 7C 8D JH", "9C 9D 2S 4D 6H KC QH", "9H QD KH")
    seen = [s.observe(0)]
    s = s.apply(PASS).apply(ex("2S", "9H")).apply(Action.make("play", combos=[["9C", "9D", "9H"]]))
    seen.append(s.observe(0))
    assert known_cards(seen) == frozenset()  # 9H went to the opponent and straight onto its discard pile


def test_sampled_worlds_agree_with_the_observation_and_keep_the_known_cards() -> None:
    s, seen = opponent_takes_qc()
    obs, known = seen[-1], known_cards(seen)
    worlds = [sample_state(obs, random.Random(n), known) for n in range(12)]
    for w in worlds:
        assert w.observe(0) == obs
        assert "QC" in {str(c) for c in w.hands[1]} and len(w.hands[1]) == len(s.hands[1])
        assert sorted(map(str, w.pile + w.hands[1])) == sorted(map(str, s.pile + s.hands[1]))
    assert len({w.hands[1] for w in worlds}) > 1
    assert sample_state(obs, random.Random(3), known) == sample_state(obs, random.Random(3), known)


def test_level3_does_not_hand_the_opponent_a_card_it_collects() -> None:
    _, seen = opponent_takes_qc()
    level2 = make_bot("kombi", 2).choose(seen, random.Random(1))
    level3 = KombiSearchBot(budget=0).choose(seen, random.Random(1))
    assert level2 == ex("QS", "2S")  # level 2 gives the queen to pair its two
    assert level3.kind == "exchange" and level3["area"] == "2S" and level3["hand"] != "QS"


def test_the_quick_policy_only_makes_legal_moves_and_playouts_end() -> None:
    rng = random.Random(5)
    for seed in range(6):
        s = new_game(seed=seed)
        for _ in range(rng.randrange(40)):
            if s.is_over:
                break
            s = s.apply(rng.choice(s.legal_actions()))
        if s.is_over:
            continue
        world = sample_state(s.observe(s.to_move), rng)
        assert quick_move(world) in world.legal_actions()
        value = playout(world, s.to_move, known=0)
        assert -0.2 < value < 1.2


def test_level3_is_deterministic_and_legal_with_its_budget() -> None:
    _, seen = opponent_takes_qc()
    bot = KombiSearchBot(budget=24)
    first = bot.choose(seen, random.Random(9))
    assert 0 < bot.last_playouts <= 24
    assert bot.choose(seen, random.Random(9)) == first
    assert first.to_json() in seen[-1]["legal"]


def test_another_step_overrules_level_2_only_when_clearly_better_on_the_same_deals() -> None:
    bot = KombiSearchBot()
    first = [0.0, 1.0] * 8
    noisy = [1.0, 0.0] * 8  # better on half the deals, worse on the other half: no overrule
    steady = [a + 0.1 for a in first]  # a little better on every deal: clear on paired deals
    assert bot._pick([first, noisy], [0, 1]) == 0
    assert bot._pick([first, steady], [0, 1]) == 1
    assert bot._pick([first, steady], [0]) == 0  # dropped out of the race: never picked
    assert bot._pick([first, [a + 1.0 for a in first], steady], [0, 1, 2]) == 1  # the clearest edge wins


def test_the_expert_at_the_hand_limit_takes_the_way_out_through_the_exchange_area() -> None:
    """Issue 43: ten cards and no combination, so DRAW is gone; the 7♥ in the exchange area completes the pair of
    sevens. The Expert exchanges a card that joins nothing for it and plays the triple in the same turn."""
    from rules.cards import Card

    hand, opp, area = "7S 7D 2C 5C 9C QC 3H 6H JH KD".split(), "4D 8D JS 5H TH 2S AD".split(), "7H 4S TS".split()
    head = hand[:7] + opp + area + hand[7:]
    s = new_game(deck=head + [str(c) for c in standard_deck() if str(c) not in head], first=0)
    s = s.replace(hands=(tuple(Card.parse(c) for c in hand), s.hands[1]), pile=s.pile[3:])
    assert {a["kind"] for a in s.observe(0)["legal"]} == {"exchange", "pass"}, "jammed: no draw, no play"
    bot, seen, taken = make_bot("kombi", 3), [], []
    while s.to_move == 0:
        seen.append(s.observe(0))
        taken.append(bot.choose(seen, random.Random(1)))
        s = s.apply(taken[-1])
    assert taken[0].kind == "exchange" and taken[0]["area"] == "7H" and taken[0]["hand"] not in ("7S", "7D")
    assert taken[1].to_json() == {"kind": "play", "combos": [["7D", "7H", "7S"]]} and len(s.hands[0]) == 7
