"""Benchmark figures for the Cribbage bot: discard EV against the best, wins against the baseline, think time."""
from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from rules.cards import Card, parse_cards
from rules.core import Action
from rules.cribbage.bot import CribbageBot, HighestImmediateBaseline, immediate_keep_points
from rules.cribbage.ev import discard_table, unseen_pool
from rules.cribbage.score import score_total
from rules.cribbage.state import new_game
from tools.arena import play_out


class Timed:
    """Wraps a bot and records how long each decision took, by phase."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.times: dict[str, list[float]] = {"discard": [], "play": [], "cut": []}

    def choose(self, seen: Sequence[dict[str, Any]], rng: random.Random) -> Action:
        start = time.perf_counter()
        action = self.bot.choose(seen, rng)
        self.times[action.kind].append(time.perf_counter() - start)
        return action


def brute_force_ev(hand6: Sequence[Card], discard: Sequence[Card], is_dealer: bool) -> float:
    """The EV by definition, card by card: every starter for the hand, every (two cards, starter) for the crib."""
    pool = unseen_pool(hand6)
    keep = [c for c in hand6 if c not in discard]
    hand = sum(score_total(keep, s) for s in pool) / len(pool)
    crib_total, n = 0, 0
    for i, j in combinations(range(len(pool)), 2):
        crib = [*discard, pool[i], pool[j]]
        for s in pool:
            if s is not pool[i] and s is not pool[j]:
                crib_total += score_total(crib, s, crib=True)
                n += 1
    return hand + (1 if is_dealer else -1) * crib_total / n


def _discard_decisions(deals: int, bot: CribbageBot) -> tuple[list[tuple[bool, float, float, float]], list[float]]:
    """(dealer?, chosen EV, best EV, baseline's EV) for both discards of each seeded deal, and the bot's times."""
    rows, times = [], []
    rng = random.Random(0)  # only the cut depth is drawn from it, and the depth changes nothing
    for seed in range(deals):
        s = new_game(seed=seed, dealer=seed % 2)
        s = s.apply(Action.make("cut", depth=20))
        while s.phase == "discard":
            seat = s.to_move
            obs = s.observe(seat)
            start = time.perf_counter()
            action = bot.choose([obs], rng)
            times.append(time.perf_counter() - start)
            table = discard_table(obs["hand"], is_dealer=seat == s.dealer)  # after the bot: no warm cache
            by_pair = {o.discard: o.ev for o in table}
            greedy = max(table, key=lambda o: immediate_keep_points(parse_cards(o.keep)))
            rows.append((seat == s.dealer, by_pair[tuple(action["cards"])], table[0].ev, by_pair[greedy.discard]))
            s = s.apply(action)
    return rows, times


def _gap_lines(rows: list[tuple[bool, float, float, float]]) -> list[str]:
    """The gap is (sum of best EVs - sum of chosen EVs) / sum of best EVs, per role and over all discards."""
    out = []
    for label, keep in (("as dealer", True), ("as non-dealer", False), ("all", None)):
        part = [r for r in rows if keep is None or r[0] == keep]
        chosen, best, greedy = (sum(r[i] for r in part) for i in (1, 2, 3))
        exact = sum(1 for r in part if abs(r[1] - r[2]) < 1e-9)
        out.append(f"    {label:<13} n={len(part)}: bot {chosen / len(part):.3f}, best {best / len(part):.3f} "
                   f"points per hand, gap {100 * (best - chosen) / abs(best):.2f}% (best pick {exact}/{len(part)}); "
                   f"baseline {greedy / len(part):.3f}, gap {100 * (best - greedy) / abs(best):.2f}%")
    return out


def _ms(values: list[float]) -> str:
    if not values:
        return "n/a"
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (f"median {1000 * statistics.median(ordered):.1f} ms, p99 {1000 * p99:.1f} ms, "
            f"max {1000 * ordered[-1]:.1f} ms (n={len(ordered)})")


def report(games: int = 200, deals: int = 1000, check_hands: int = 1) -> list[str]:
    lines = ["Cribbage bot (level 2)"]
    rows, discard_times = _discard_decisions(deals, CribbageBot(2))
    lines.append(f"  discard EV over {deals} seeded deals (both discards of each; EV = kept hand over the 46 "
                 "starters, +/- the crib over the starters and the opponent's two cards from the unseen 46; "
                 "target gap <= 2%):")
    lines += _gap_lines(rows)
    lines += _check_ev(check_hands)
    lines += _games(games)
    lines.append(f"  think time, discard (EV over 15 discards): {_ms(discard_times)}")
    return lines + _level3(games // 50)


def _level3(deals: int) -> list[str]:
    """Level 3 (the search) against level 2 over paired deals, with its think time per decision."""
    if deals <= 0:
        return []
    from rules.bots import make_bot

    hero = Timed(make_bot("cribbage", 3))
    wins, tally = where_points_go(hero, CribbageBot(2), deals, first_seed=20_000)
    n = len(wins)
    mean = sum(wins) / n
    ci = 1.96 * (sum((w - mean) ** 2 for w in wins) / max(1, n - 1) / n) ** 0.5
    return [f"Cribbage level 3 against level 2 over {2 * n} games (paired deals): won {100 * mean:.1f}% "
            f"± {100 * ci:.1f}", *tally,
            f"  think time, play (only with two or more cards to choose from): "
            f"{_ms([t for t in hero.times['play'] if t > 0.001])}",
            f"  think time, discard (searched within 40 points of the end): {_ms(hero.times['discard'])}"]


def _tally(bots: tuple[Any, Any], seed: int, hero: int, rows: dict[str, list[list[int]]]) -> bool:
    """One game, its points by hand: the hero's minus the other's, pegging (with his heels) and shows, by role;
    whether the hero won."""
    from rules.rng import derive

    s, seen, rngs = new_game(seed=seed), ([], []), (derive(seed, "bot", 0), derive(seed, "bot", 1))
    while not s.is_over:
        seat = s.to_move
        seen[seat].append(s.observe(seat))
        before, was = s.phase, s.dealer
        s = s.apply(bots[seat].choose(seen[seat], rngs[seat]))
        if before not in ("starter", "play"):
            continue
        peg, show = [0, 0], [0, 0]
        for e in s.events:
            if e["type"] in ("cribbage.play", "cribbage.go_point", "cribbage.his_heels") and e.get("points"):
                peg[e["seat"]] += e["points"]
            elif e["type"] == "cribbage.show":
                show[e["seat"]] += e["total"]
        role = rows["dealer" if was == hero else "pone"]
        role[0].append(peg[hero] - peg[1 - hero])
        if s.hand_no != seen[seat][-1]["hand_no"] or s.is_over:  # the hand ended with this action
            role[1].append(show[hero] - show[1 - hero])
    return s.winner == hero


def where_points_go(hero: Any, villain: Any, deals: int, first_seed: int = 0) -> tuple[list[float], list[str]]:
    """Paired deals (as ``tools.arena.duel``): the hero's share of each pair's wins, and per hand the hero's points
    minus the other's in the play and in the shows (hand and crib), as dealer and as non-dealer. Level 2 against
    itself: the dealer pegs about 1.2 points a hand more (8,000 hands)."""
    rows: dict[str, list[list[int]]] = {"dealer": [[], []], "pone": [[], []]}
    wins = []
    for i in range(deals):
        won = _tally((hero, villain), first_seed + i, 0, rows) + _tally((villain, hero), first_seed + i, 1, rows)
        wins.append(won / 2)
    out = []
    for role, (peg, show) in rows.items():
        hands = len(show)
        out.append(f"  as {role:<6}: {hands} hands, pegging {sum(peg) / max(1, hands):+.2f}, "
                   f"shows {sum(show) / max(1, hands):+.2f} points a hand (hero minus other)")
    return wins, out


def _check_ev(hands: int) -> list[str]:
    worst = 0.0
    for seed in range(hands):
        cards = list(parse_cards(new_game(seed=seed, dealer=0).apply(Action.make("cut", depth=20)).observe(1)["hand"]))
        for option in discard_table(cards, is_dealer=seed % 2 == 0):
            direct = brute_force_ev(cards, parse_cards(option.discard), seed % 2 == 0)
            worst = max(worst, abs(direct - option.ev))
    return [f"  EV formula vs card-by-card enumeration on {hands} hand(s), all 15 discards: "
            f"largest difference {worst:.2e}"]


def _games(games: int) -> list[str]:
    hero, villain = Timed(CribbageBot(2)), HighestImmediateBaseline()
    wins, margin = 0.0, 0
    for i in range(games):
        seat = i % 2
        bots = (hero, villain) if seat == 0 else (villain, hero)
        out = play_out("cribbage", bots, seed=10_000 + i, start=lambda seed: new_game(seed=seed))
        wins += seat in out.winners
        margin += out.scores[seat] - out.scores[1 - seat]
    return [f"  versus HighestImmediateBaseline over {games} seeded games (seats alternating): "
            f"won {wins:.0f} = {100 * wins / games:.1f}% (target >= 60%), "
            f"mean final margin {margin / games:+.1f} points",
            f"  think time, play: {_ms(hero.times['play'])}; all decisions: "
            f"{_ms(hero.times['play'] + hero.times['discard'] + hero.times['cut'])}"]
