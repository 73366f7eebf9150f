"""Card Square level 3 against random play: its final turn plays for the win (exact odds computed here)."""
from __future__ import annotations

import random
from collections import defaultdict

import rules
from rules.cards import Card, standard_deck
from rules.core import Action
from rules.square.search import SearchBot
from rules.square.state import card_value


def _win_chance(known: int, unseen: int, pool: list[int]) -> float:
    """Exact P(known + the sum of ``unseen`` own cards < the sum of the opponent's 4 cards), ties half, when
    all of them are dealt from ``pool`` without replacement (every split is equally likely)."""
    ways: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}  # (own dealt, opponent's dealt, their sum - ours)
    for v in pool:
        nxt: dict[tuple[int, int, int], int] = defaultdict(int)
        for (a, b, d), w in ways.items():
            nxt[a, b, d] += w
            if a < unseen:
                nxt[a + 1, b, d - v] += w
            if b < 4:
                nxt[a, b + 1, d + v] += w
        ways = nxt
    full = {d: w for (a, b, d), w in ways.items() if a == unseen and b == 4}
    return sum(w * (1.0 if d > known else 0.5 if d == known else 0.0) for d, w in full.items()) / sum(full.values())


def test_the_final_turn_after_a_random_knock_plays_for_the_win_not_the_lowest_sum():
    # seat 1 starts and knocks at once; seat 0 saw K♣ A♦ at the bottom and draws 6♠
    square = ["9C", "5D", "KC", "AD"]
    deck = square + ["2H", "3S", "4H", "7H", "6S"] + [str(c) for c in standard_deck()
                                                       if str(c) not in square + ["2H", "3S", "4H", "7H", "6S"]]
    s = rules.new_game("square", deck=deck, first=1)
    seen, bot, rng = [], SearchBot(), random.Random(4)
    for seat, kind in ((1, "skip_look"), (0, "look"), (0, "done"), (1, "knock"), (0, "draw")):
        if seat == 0:
            seen.append(s.observe(0))
            assert bot.choose(seen, rng) == Action.make(kind)
        s = s.apply(Action.make(kind))
    seen.append(s.observe(0))
    choice = bot.choose(seen, rng)

    pool = [card_value(c) for c in standard_deck() if str(c) not in ("KC", "AD", "6S")]
    bottom = card_value(Card.parse("KC")) + card_value(Card.parse("AD"))
    odds = {Action.make("discard"): _win_chance(bottom, 2, pool)}
    for pos in ((1, 1), (1, 2)):  # onto an unseen card: it becomes a known 6
        odds[Action.make("swap", pos=pos)] = _win_chance(bottom + 6, 1, pool)
    odds[Action.make("swap", pos=(2, 1))] = _win_chance(6 + 1, 2, pool)
    odds[Action.make("swap", pos=(2, 2))] = _win_chance(6 - 1, 2, pool)
    best = max(odds.values())
    # discarding keeps the lowest expected sum (two unseen cards average under 6) but wins less often
    assert odds[Action.make("discard")] < best - 0.01
    assert choice in odds and odds[choice] > best - 0.003
