"""Card Square bot figures for ``make bench``: win rates against the baselines and think time."""
from __future__ import annotations

import copy
import random
import statistics
from collections.abc import Sequence
from typing import Any

from rules.bots import make_bot
from rules.bots.base import RandomBot
from rules.core import Action
from rules.square.bot import HighestKnownBaseline, make
from tools.arena import duel, play_out, summarize
from tools.timing import Timed as _Timed  # CPU time per decision with a choice


class _OpeningKnockWatch:
    """Wraps the random baseline to note games it ends on its very first turn by knocking."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.knocked_first = bot, False

    def choose(self, seen: Sequence[dict[str, Any]], rng: random.Random) -> Action:
        a = self.bot.choose(seen, rng)
        obs = seen[-1]
        untouched = not any(e["type"] in ("square.draw", "square.take", "square.knock") for e in obs["log"])
        self.knocked_first |= a.kind == "knock" and obs["phase"] == "turn" and untouched
        return a


def _versus(hero: Any, villain: Any, games: int) -> tuple[float, list[tuple[bool, float]]]:
    """Like arena.win_rate (seeds 0.., seats alternating), also returning per game
    (the villain knocked at the opening, the hero's points)."""
    watch, per_game = _OpeningKnockWatch(villain), []
    for seed in range(games):
        watch.knocked_first = False
        seat = seed % 2
        out = play_out("square", (hero, watch) if seat == 0 else (watch, hero), seed)
        points = (1.0 if len(out.winners) == 1 else 0.5) if seat in out.winners else 0.0
        per_game.append((watch.knocked_first, points))
    return sum(p for _, p in per_game) / games, per_game


def bench_report(games: int = 200) -> list[str]:
    """Win rates of the level-2 bot against random play and the highest-known baseline, think time."""
    hero = _Timed(make(2))
    lines = []
    for name, villain, target in (("RandomBot", RandomBot(), 0.90),
                                  ("HighestKnownBaseline", HighestKnownBaseline(), 0.60)):
        rate, per_game = _versus(hero, villain, games)
        lines.append(f"level 2 vs {name}: {rate:.1%} over {games} seeded games "
                     f"(target {target:.0%}) {'OK' if rate >= target else 'BELOW TARGET'}")
        opening = [p for knocked, p in per_game if knocked]
        if name == "RandomBot" and opening:
            rest = [p for knocked, p in per_game if not knocked]
            lines.append(f"  {len(opening)} games ended by a knock as the opponent's first move "
                         f"(the bot gets one turn): won {sum(opening) / len(opening):.1%} of those, "
                         f"{sum(rest) / max(1, len(rest)):.1%} of the other {len(rest)}")
    ms = sorted(t * 1000 for t in hero.times)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    lines.append(f"think time per move median {statistics.median(ms):.2f} ms, p99 {p99:.2f} ms "
                 f"over {len(ms)} moves")
    top = ceiling_vs_random(games)
    lines.append(f"ceiling against random play over {top['games']} paired games: the random seat starts and knocks "
                 f"at once in {top['random_knocks_first']:.1%}; counting every other game as won, a player who sees "
                 f"every card reaches at most {top['all_seeing']:.1%}, one who knows what it can know "
                 f"{top['informed']:.1%}")
    three = _Timed(make_bot("square", 3))
    for name, villain in (("RandomBot", RandomBot()), ("level 2", make(2))):
        d = duel("square", three, villain, max(2, games // 10), first_seed=70_000)
        lines.append(f"level 3 vs {name}: {d.win_rate:.1%} ± {d.ci95:.1%} over {d.games} paired games, "
                     f"mean margin {d.margin:+.2f} (low sums win)")
    ms = sorted(t * 1000 for t in three.times)
    lines.append(f"level 3 think time per move median {statistics.median(ms):.2f} ms, max {ms[-1]:.0f} ms "
                 f"over {len(ms)} moves")
    return lines


def _result(state: Any, seat: int) -> float:
    return 1.0 if state.winners == (seat,) else 0.5 if len(state.winners) == 2 else 0.0


def _best_final_turn(state: Any, seat: int) -> float:
    """The best result of ``seat``'s one final turn when it sees every card (it can only draw: the discard
    pile is empty), trying every way to resolve the drawn card."""
    from rules.core import Action

    drawn, best = state.apply(Action.make("draw")), 0.0
    for a in drawn.legal_actions():
        s = drawn.apply(a)
        finals = [s.apply(b) for b in s.legal_actions()] if s.phase == "queen" else [s]
        for t in finals:
            while not t.is_over:  # only confirmations are left
                t = t.apply(t.legal_actions()[0])
            best = max(best, _result(t, seat))
    return best


def _informed_final_turn(state: Any, seat: int, rng: random.Random, samples: int = 2000) -> float:
    """The best expected result of that final turn for a player who knows only what it can know then: its
    two bottom cards (the initial look) and the drawn card; every option is averaged over the unseen cards
    (sampling makes the maximum a little high, so the bound stays a bound)."""
    from rules.cards import standard_deck
    from rules.square.state import card_value

    bottom, drawn = state.squares[seat][2:], state.draw[0]
    pool = [c for c in standard_deck() if c not in (*bottom, drawn)]
    d, rank = card_value(drawn), drawn.rank
    totals: dict[Any, float] = {}
    for _ in range(samples):
        x = rng.sample(pool, 6)
        own = [card_value(x[0]), card_value(x[1]), *(card_value(c) for c in bottom)]
        opp = [card_value(c) for c in x[2:]]
        mine, theirs = sum(own), sum(opp)
        options = {"discard": (mine, theirs), **{("swap", i): (mine - own[i] + d, theirs) for i in range(4)}}
        for i in range(4):
            for j in range(4):
                swapped = (mine - own[i] + opp[j], theirs - opp[j] + own[i])
                if rank == 11:
                    options["jack", i, j] = swapped
                elif rank == 12:  # the Queen looks first, then swaps only for a lower card
                    options["queen", i, j] = swapped if opp[j] < own[i] else (mine, theirs)
        for k, (m, t) in options.items():
            totals[k] = totals.get(k, 0.0) + (1.0 if m < t else 0.5 if m == t else 0.0)
    return max(totals.values()) / samples


def ceiling_vs_random(deals: int, first_seed: int = 50_000) -> dict[str, float]:
    """How well any player can do against random play on ``duel``'s paired deals (seeds from ``first_seed``).

    When the random seat starts and knocks at once (its dice decide that before the other player moves), the
    other player has a single turn: ``all_seeing`` plays it seeing every card, ``informed`` knowing only what a
    player can know then. Every other game is counted as won. Both are upper bounds on any bot's win rate.
    """
    import rules
    from rules.rng import derive

    games = knocked = 0
    seeing = informed = 0.0
    rng = random.Random(0)
    for i in range(deals):
        seed = first_seed + i
        for hero in (0, 1):
            games += 1
            state, dice = rules.new_game("square", seed=seed), derive(seed, "bot", 1 - hero)
            if state.first == hero:
                seeing, informed = seeing + 1, informed + 1
                continue
            while state.phase in ("look", "reveal"):  # the other's look is no business of the dice
                legal = state.legal_actions()
                state = state.apply(dice.choice(legal) if state.to_move != hero else legal[-1 if len(legal) > 1 else 0])
            if dice.choice(state.legal_actions()).kind != "knock":
                seeing, informed = seeing + 1, informed + 1
                continue
            knocked += 1
            final = state.apply(Action.make("knock"))
            seeing += _best_final_turn(final, hero)
            informed += _informed_final_turn(final, hero, rng)
    return {"games": games, "random_knocks_first": knocked / games, "all_seeing": seeing / games,
            "informed": informed / games}


class _SeesSquares:
    """A bot shown every square card at each of its turns (a bench-only probe of how much knowing them is worth:
    the product's bots never see more than their observation)."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.state, self.seen = bot, None, []

    def choose(self, seen: Sequence[dict[str, Any]], rng: random.Random) -> Action:
        obs = copy.deepcopy(seen[-1])
        if obs["phase"] in ("turn", "drawn"):
            for owner, square in enumerate(self.state.squares):
                for i, card in enumerate(square):
                    obs["squares"][owner][i]["card"] = str(card)
        self.seen = self.seen[:len(seen) - 1] + [obs]
        return self.bot.choose(self.seen, rng)


def _seeing(level: int) -> Any:
    """The rules the ceiling probe plays: level 3's are the search it was measured with (docs/decisions.md), not
    the Expert's, whose belief a probe shown every card would make exact anyway."""
    if level >= 3:
        from rules.square.search import SearchBot

        return SearchBot()
    return make_bot("square", level)


def seeing_squares_pairs(villain: Any, deals: int, first_seed: int = 50_000, level: int = 3) -> list[list[float]]:
    """``arena.duel_pairs`` rows of a bot shown every square card at its turns against ``villain`` (each seed
    twice, the seats swapped, the same dice as ``duel``): not a bound (its rules are still level 2's or 3's),
    but what perfect knowledge of the squares buys them, so a lower estimate of the game's ceiling."""
    import rules
    from rules.rng import derive

    out = []
    for seed in range(first_seed, first_seed + deals):
        row = [0.0]
        for hero in (0, 1):
            state, bot = rules.new_game("square", seed=seed), _SeesSquares(_seeing(level))
            seen: tuple[list, list] = ([], [])
            rngs = (derive(seed, "bot", 0), derive(seed, "bot", 1))
            while not state.is_over:
                seat = state.to_move
                seen[seat].append(state.observe(seat))
                bot.state = state
                state = state.apply((bot if seat == hero else villain).choose(seen[seat], rngs[seat]))
            row[0] += _result(state, hero)
            row.append(state.scores[hero] - state.scores[1 - hero])
        out.append(row)
    return out


def seeing_squares_vs_random(deals: int, first_seed: int = 50_000, level: int = 3) -> float:
    """Win rate against random play on ``duel``'s paired deals of a bot that sees every square card."""
    return summarize(seeing_squares_pairs(RandomBot(), deals, first_seed, level)).win_rate


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="Card Square against random play: the ceiling and what seeing "
                                                 "every square card buys (paired deals from --first-seed).")
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--first-seed", type=int, default=50_000)
    args = parser.parse_args()
    print(ceiling_vs_random(args.deals, args.first_seed))
    for lvl in (2, 3):
        print(f"level {lvl} seeing every square card: {seeing_squares_vs_random(args.deals, args.first_seed, lvl):.1%}")
