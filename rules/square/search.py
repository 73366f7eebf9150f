"""Card Square level 3: determinized Monte Carlo from the seat's own observations.

At the choices it searches (whether to knock; the final turn, see ``SearchBot``) the bot deals the cards it
has not seen into the slots it does not know and the draw pile (a *determinization*: every card it has seen,
peeked, spied, taken or swapped stays where its memory puts it; the deals are weighted by the opponent's
past choices, rules/square/belief.py), plays each candidate move in it and then the rest of the game with
level 2's rules for both seats (rules/square/sim.py, each seat judging only from what it has seen), and
scores the end: a win 1, a shared win 1/2. Every candidate meets the same deals (common random numbers),
so their difference is measured with far less noise than their values. Work is a budget of play-outs per
decision, never a clock; the bot's seeded rng picks the deals.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence

from rules.core import Action
from rules.shapes import Observation
from rules.square.actions import POSITIONS, action_from_json
from rules.square.belief import History
from rules.square.bot import STYLES, SquareBot
from rules.square.facts import TOP, Facts, slot
from rules.square.memory import Memory, recall
from rules.square.sim import (
    DECK,
    DISCARD,
    DRAW,
    JACK,
    KNOCK,
    PEEK,
    QUEEN,
    SPY,
    SWAP,
    TAKE,
    VALUE,
    Sim,
)
from rules.square.types import SquareObs, square_seen

ID = {c: i for i, c in enumerate(DECK)}
PLAYOUTS = 200  # play-outs per knock decision (level 3's budget)
FINAL_PLAYOUTS = 6000  # play-outs of the final turn, each one turn long (scaled with the budget)
PROPOSALS = 60  # random determinizations weighed by the opponent's choices (see Deals.deal)
MISS = 0.2  # the relative weight of a determinization per opponent choice level 2 would not have made there
UNLIKE = 0.25  # the share of unexplained opponent choices from which it is taken for a random player
TRUST = 0.85  # how often a determinization honours the bounds read from the opponent's choices
PLAUSIBLE = 0.3  # level 2's estimate of winning by a knock from which the knock is searched
Z = 1.5  # how sure a gain over level 2's choice must be (standard errors) before the bot deviates
MARGIN_WEIGHT = 0.002  # per point of final margin: breaks ties between equally winning moves
_KIND_OF = {"swap": SWAP, "discard": DISCARD, "peek": PEEK, "spy": SPY, "jack_swap": JACK, "queen_look": QUEEN,
            "take": TAKE, "draw": DRAW, "knock": KNOCK}


class Deals:
    """The determinizations of one observation: its known cards fixed, the rest dealt from ``rng``."""

    def __init__(self, obs: SquareObs, mem: Memory) -> None:
        me = mem.me
        facts = Facts(obs.get("log", []))
        know, self.over, self.streak, self.bound = facts.know, facts.over, facts.streak, facts.bound
        self.cards: list[int | None] = [None] * 8
        self.know = [0, 0]
        self.know[1 - me] = know[1 - me]
        for owner in (0, 1):
            for i, card in enumerate(mem.known[owner]):
                if card is not None:
                    self.cards[4 * owner + i] = ID[card]
                    self.know[me] |= 1 << (4 * owner + i)
        self.disc = [ID[c] for c in mem.discard]
        self.drawn = None if mem.drawn is None else ID[mem.drawn]
        seen = {c for c in self.cards if c is not None} | set(self.disc)
        if self.drawn is not None:
            seen.add(self.drawn)
        self.pool = [i for i in range(52) if i not in seen]
        self.holes = [k for k in range(8) if self.cards[k] is None]
        opp = 4 - 4 * me
        self.bounded = sorted((k for k in self.holes if opp <= k < opp + 4 and self.bound[k] < TOP),
                              key=self.bound.__getitem__)
        self.draw_count = obs["draw_count"]
        self.knocked = -1 if obs["knocked_by"] is None else obs["knocked_by"]
        self.me = me
        self.ok = len(self.pool) == len(self.holes) + self.draw_count
        self.history = History(obs.get("log", []), me)
        self.particles: list[Sim] | None = None
        self.opponent_random = False
        self.weights: list[float] = []

    def deal(self, rng: random.Random) -> Sim:
        """One determinization: one of ``PROPOSALS`` random ones (made once), drawn in proportion to ``MISS``
        to the power of the opponent's choices it explains less well than the best of them
        (rules/square/belief.py), with the draw pile shuffled anew."""
        if self.particles is None:
            self.weigh(rng)
        assert self.particles is not None  # weigh() made them
        sim = rng.choices(self.particles, self.weights)[0].copy()
        rng.shuffle(sim.draw)
        return sim

    def weigh(self, rng: random.Random, proposals: int = PROPOSALS) -> None:
        """Make the particles. An opponent whose choices level 2 would rarely have made in any of them
        (more than ``UNLIKE`` of its choices in the best one) is taken for a random player: then the
        cards are dealt without bounds and it plays random moves in the play-outs."""
        sims = [self.propose(rng, TRUST) for _ in range(proposals)]
        misses = [self.history.misses(s.cards) for s in sims]
        least = min(misses)
        if least > UNLIKE * len(self.history.choices):
            self.opponent_random = True
            dice = random.Random(rng.getrandbits(64))
            sims = [self.propose(rng, 0.0) for _ in range(proposals)]
            for sim in sims:
                sim.random, sim.rng = 1 - self.me, dice
            misses = [least] * len(sims)
        self.particles, self.weights = sims, [MISS ** (m - least) for m in misses]

    def propose(self, rng: random.Random, trust: float) -> Sim:
        """A random determinization: the opponent's slots with a bound (``Facts``) first, each from the unseen
        cards within its bound (any, when none is or with chance ``1 - trust``), then the rest at random."""
        pool = self.pool[:]
        rng.shuffle(pool)
        cards = self.cards[:]
        for k in self.bounded:
            if rng.random() < trust:
                for n, c in enumerate(pool):
                    if VALUE[c] <= self.bound[k]:
                        cards[k] = pool.pop(n)
                        break
        for k in self.holes:
            if cards[k] is None:
                cards[k] = pool.pop()
        return Sim(cards, pool, self.disc[:], self.know[:], self.over[:],  # type: ignore[arg-type]  # holes filled
                   self.knocked, self.me, self.streak[:])


Move = tuple[int, int, int]


def final_moves(obs: SquareObs, drawn: int | None) -> list[Move]:
    """Every option of the final turn that can change the sums (a peek or a spy cannot, now)."""
    if drawn is None:
        return [(DRAW, 0, 0)] + [(TAKE, i, 0) for i in range(4)]
    out: list[Move] = [(DISCARD, 0, 0)] + [(SWAP, i, 0) for i in range(4)]
    for kind, name in ((JACK, "jack_swap"), (QUEEN, "queen_look")):
        if any(a["kind"] == name for a in obs["legal"]):
            out += [(kind, i, j) for i in range(4) for j in range(4)]
    return out


def outcome(sim: Sim, me: int) -> float:
    sums = sim.sums()
    mine, theirs = sums[me], sums[1 - me]
    win = 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
    return win + MARGIN_WEIGHT * (theirs - mine)


def play_candidate(base: Sim, move: Move, drawn: int | None) -> Sim:
    """``move`` in a copy of ``base``, then the rest of the game by level 2's rules."""
    sim = base.copy()
    if move[0] == DRAW:
        card = sim.play(move)
        assert card is not None  # a draw returns the drawn card
        sim.play(sim.drawn_move(card), card)
    else:
        sim.play(move, drawn)
    if not sim.end_turn():
        sim.finish()
    return sim


def to_action(move: Move) -> Action:
    kind, a, b = move
    name = {v: k for k, v in _KIND_OF.items()}[kind]
    if kind in (SWAP, PEEK, SPY, TAKE):
        return action_from_json({"kind": name, "pos": list(POSITIONS[a])})
    if kind in (JACK, QUEEN):
        return action_from_json({"kind": name, "own": list(POSITIONS[a]), "opp": list(POSITIONS[b])})
    return action_from_json({"kind": name})


def move_of(action: Action) -> Move:
    kind = _KIND_OF[action.kind]
    if kind in (SWAP, PEEK, SPY, TAKE):
        return kind, slot(action["pos"]), 0
    if kind in (JACK, QUEEN):
        return kind, slot(action["own"]), slot(action["opp"])
    return kind, 0, 0


class SearchBot:
    """Level 3: level 2's rules, except for the two choices that decide most games between sound players.

    - Whether to end the game: a turn start where a knock is legal and not hopeless (level 2's own estimate
      of winning by it at least ``PLAUSIBLE``) puts a knock and a draw to the play-outs.
    - The final turn after the opponent knocked: every option is scored in each determinization by the
      final sums at once (nothing follows), so the knocker's likely cards (the knock itself is one of the
      choices that weigh the determinizations) decide, not level 2's rough guess of 5 per unseen card.
    Measured (docs/decisions.md): searching every other choice too played no better than level 2 within
    any budget that fits a bench.
    """

    def __init__(self, playouts: int = PLAYOUTS) -> None:
        self.playouts = playouts
        self.fallback = SquareBot(STYLES[2])
        self.last_playouts = 0

    def choose(self, seen: Sequence[Observation], rng: random.Random) -> Action:
        mine = square_seen(seen)
        obs = mine[-1]
        self.last_playouts = 0
        chosen = self.fallback.choose(seen, rng)
        final = obs["knocked_by"] is not None and obs["knocked_by"] != obs["seat"]
        knock = any(a["kind"] == "knock" for a in obs["legal"])
        if obs["phase"] not in ("turn", "drawn") or not (final or (knock and obs["phase"] == "turn")):
            return chosen
        deals = Deals(obs, recall(mine))
        if not deals.ok:
            return chosen
        return self.refine(obs, deals, chosen, rng)

    def refine(self, obs: SquareObs, deals: Deals, chosen: Action, rng: random.Random) -> Action:
        """``chosen``, or the knock, draw or final-turn option the play-outs on ``deals`` find clearly better."""
        final = obs["knocked_by"] is not None and obs["knocked_by"] != obs["seat"]
        knock = any(a["kind"] == "knock" for a in obs["legal"])
        if obs["phase"] not in ("turn", "drawn") or not (final or (knock and obs["phase"] == "turn")):
            return chosen
        first = deals.deal(rng)
        if final:
            moves = [move_of(chosen)] + [m for m in final_moves(obs, deals.drawn) if m != move_of(chosen)]
            legal = {str(Action.from_dict(a)) for a in obs["legal"]}
            moves = [m for m in moves if str(to_action(m)) in legal]
        elif chosen.kind != "knock" and not deals.opponent_random and first.knock_chance() < PLAUSIBLE:
            return chosen
        else:
            moves = [move_of(chosen)] + [m for m in ((DRAW, 0, 0), (KNOCK, 0, 0)) if m != move_of(chosen)]
        if len(moves) == 1:
            return chosen
        budget = FINAL_PLAYOUTS * self.playouts // PLAYOUTS if final else self.playouts
        return to_action(moves[self.pick(deals, first, moves, rng, budget)])

    def pick(self, deals: Deals, first: Sim, moves: list[Move], rng: random.Random, budget: int) -> int:
        """The index of the move to play. Each round deals one determinization and plays every move in
        it; the result of each move is compared with level 2's choice (``moves[0]``) on the same deal.
        Another move is played only if its mean gain is over ``Z`` standard errors of that gain."""
        n = len(moves)
        rounds = max(2, budget // n)
        gain, gain_sq = [0.0] * n, [0.0] * n
        for r in range(rounds):
            base = first if r == 0 else deals.deal(rng)
            ref = outcome(play_candidate(base, moves[0], deals.drawn), deals.me)
            for i in range(1, n):
                d = outcome(play_candidate(base, moves[i], deals.drawn), deals.me) - ref
                gain[i] += d
                gain_sq[i] += d * d
        self.last_playouts = rounds * n
        best, best_gain = 0, 0.0
        for i in range(1, n):
            mean = gain[i] / rounds
            se = math.sqrt(max(0.0, gain_sq[i] / rounds - mean * mean) / (rounds - 1))
            if mean > Z * se and mean > best_gain:
                best, best_gain = i, mean
        return best
