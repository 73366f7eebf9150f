"""Card Square computer players: a memory-driven estimator bot, the baselines and the benchmark."""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from rules.cards import Card
from rules.core import Action
from rules.shapes import Observation
from rules.square.actions import POSITIONS, action_from_json, index_of
from rules.square.memory import Memory, recall
from rules.square.state import card_value
from rules.square.types import SquareObs, square_seen

UNKNOWN_GUESS = 6.0  # what the baseline assumes an unseen card is worth


@dataclass(frozen=True)
class Style:
    """Level knobs: how much the bot values information and how safe a knock must look."""

    powers: bool
    knock_confidence: float
    final_gain: float
    peek_value: float
    spy_value: float
    knocker_guess: float = 5.0  # an unseen card of a player who knocked
    max_take_streak: int = 2
    take_value: int = 2  # a discard this low is taken when it beats an own card by 3 or more
    take_gain: float = 7.0  # any discard is taken when it beats an own card by this much
    swap_info: float = 0.5  # bonus for learning a slot by swapping a drawn card onto it
    jack_margin: float = 1.5  # a blind swap must beat discarding by this much
    placed_trust: bool = True  # an opponent's unseen swapped-in card is likely lower than the one it replaced


STYLES = {
    1: Style(powers=False, knock_confidence=0.85, final_gain=2.0, peek_value=1.5, spy_value=0.0),
    2: Style(powers=True, knock_confidence=0.9, final_gain=4.0, peek_value=2.0, spy_value=0.8),
}


class Estimate:
    """Expected values of the slots, from the memory and the cards not yet accounted for."""

    def __init__(self, mem: Memory, obs: SquareObs, style: Style) -> None:
        self.mem, self.style = mem, style
        self.pool = [card_value(c) for c in mem.pool()] or [0]
        self.mean = sum(self.pool) / len(self.pool)
        self.var = sum((x - self.mean) ** 2 for x in self.pool) / len(self.pool)
        self.opp_knocked = obs.get("knocked_by") == mem.opp
        # no later turn of ours follows: information gathered now is worth nothing
        self.last_turn = bool(obs.get("final_turn")) or obs.get("draw_count", 1) == 0

    def value(self, owner: int, index: int) -> float:
        card = self.mem.known[owner][index]
        if card is not None:
            return float(card_value(card))
        guess = self.mean
        if owner == self.mem.opp:
            over = self.mem.placed_over[owner][index]
            if over is not None:  # the opponent chose to keep its drawn card here
                guess = min(guess, (over + self.mean) / 2) if self.style.placed_trust else guess
            if self.opp_knocked:
                guess = min(guess, self.style.knocker_guess)
        return guess

    def win_chance(self, final_gain: float) -> float:
        """Normal estimate of P(own sum < opponent's) if we knock now and the opponent improves by
        ``final_gain`` on average in its final turn."""
        me, opp = self.mem.me, self.mem.opp
        lead = self.total(opp) - self.total(me) - final_gain
        unseen = len(self.mem.unknown(me)) + len(self.mem.unknown(opp))
        sd = math.sqrt(unseen * self.var + final_gain ** 2 + 1.0)
        return 0.5 * (1.0 + math.erf((lead - 0.5) / (sd * math.sqrt(2.0))))

    def chance_after(self, gain: float, settled: int) -> float:
        """P(own sum < opponent's) at the very end, after a move worth ``gain`` that turns
        ``settled`` unseen own cards into known ones."""
        lead = self.total(self.mem.opp) - self.total(self.mem.me) + gain
        unseen = len(self.mem.unknown(self.mem.me)) + len(self.mem.unknown(self.mem.opp)) - settled
        sd = math.sqrt(unseen * self.var + 0.25)
        return 0.5 * (1.0 + math.erf(lead / (sd * math.sqrt(2.0))))

    def total(self, owner: int) -> float:
        return sum(self.value(owner, i) for i in range(4))

    def gain_below(self, a: float) -> float:
        """E[max(0, a - X)] for an unknown card X drawn from the pool."""
        return sum(max(0.0, a - x) for x in self.pool) / len(self.pool)

    def gain_above(self, b: float) -> float:
        """E[max(0, X - b)] for an unknown card X drawn from the pool."""
        return sum(max(0.0, x - b) for x in self.pool) / len(self.pool)


def _settles(mem: Memory, action: Action) -> int:
    """How many unseen own cards an action makes known for sure (a swap onto an unseen slot)."""
    return int(action.kind == "swap" and mem.known[mem.me][index_of(action["pos"])] is None)


def _act(kind: str, **kw: tuple[int, int]) -> Action:
    return action_from_json({"kind": kind, **{k: list(v) for k, v in kw.items()}})


class SquareBot:
    """Plays from what its seat has seen: looks, tracks cards, uses powers, knocks when ahead."""

    def __init__(self, style: Style) -> None:
        self.style = style

    def choose(self, seen: Sequence[Observation], rng: random.Random) -> Action:
        mine = square_seen(seen)
        obs = mine[-1]
        legal = [action_from_json(a) for a in obs["legal"]]
        if not legal:
            raise ValueError("asked to move without legal actions")
        mem = recall(mine)
        est = Estimate(mem, obs, self.style)
        pick = self._decide(obs, mem, est)
        return pick if pick in legal else legal[0]

    def _decide(self, obs: SquareObs, mem: Memory, est: Estimate) -> Action:
        phase = obs["phase"]
        if phase == "look":
            return _act("look")
        if phase == "reveal":
            return _act("done")
        if phase == "queen":
            mine, theirs = (Card.parse(r["card"]) for r in obs["revealed"])
            better = card_value(mine) > card_value(theirs)
            return _act("queen_swap" if better else "queen_keep")
        if phase == "turn":
            return self._turn(obs, mem, est)
        return self._drawn(mem, est)

    # --- start of a turn ---------------------------------------------------------------------
    def _turn(self, obs: SquareObs, mem: Memory, est: Estimate) -> Action:
        if obs["knocked_by"] is None and self._should_knock(mem, est):
            return _act("knock")
        top = obs["discard_top"]
        if est.last_turn:
            return self._last_turn_start(top, mem, est)
        if top is not None and mem.my_take_streak < self.style.max_take_streak:
            v = card_value(Card.parse(top))
            slot = max(range(4), key=lambda i: est.value(mem.me, i))
            gain = est.value(mem.me, slot) - v
            if (v <= self.style.take_value and gain >= 3) or gain >= self.style.take_gain:
                return _act("take", pos=POSITIONS[slot])
        return _act("draw")

    def _last_turn_start(self, top: str | None, mem: Memory, est: Estimate) -> Action:
        """The final turn: take the known discard only if it wins more often than a blind draw."""
        best: tuple[float, Action] = (-1.0, _act("draw"))
        if top is not None:
            v = card_value(Card.parse(top))
            for i in range(4):
                unseen = int(mem.known[mem.me][i] is None)
                best = max(best, (est.chance_after(est.value(mem.me, i) - v, unseen),
                                  _act("take", pos=POSITIONS[i])), key=lambda o: o[0])
        chances = []
        for card in mem.pool():
            mem.drawn = card
            chances.append(self._drawn_best(mem, est)[0])
        mem.drawn = None
        if chances and sum(chances) / len(chances) >= best[0]:
            return _act("draw")
        return best[1]

    def _should_knock(self, mem: Memory, est: Estimate) -> bool:
        return est.win_chance(self.style.final_gain) >= self.style.knock_confidence

    # --- resolving a drawn card --------------------------------------------------------------
    def _drawn(self, mem: Memory, est: Estimate) -> Action:
        return self._drawn_best(mem, est)[1]

    def _drawn_best(self, mem: Memory, est: Estimate) -> tuple[float, Action]:
        assert mem.drawn is not None
        options: list[tuple[float, Action]] = [(0.0, _act("discard"))]
        options += self._swaps(mem, est)
        if self.style.powers or mem.drawn.rank in (7, 8):
            options += self._powers(mem, est)
        if est.last_turn:
            # nobody moves after this: play for the chance of winning, not the expected sum
            options = [(est.chance_after(g, _settles(mem, a)) + 0.001 * g, a) for g, a in options]
        best = max(o[0] for o in options)
        return next(o for o in options if o[0] == best)

    def _swaps(self, mem: Memory, est: Estimate) -> list[tuple[float, Action]]:
        v = card_value(mem.drawn) if mem.drawn else 0
        out = []
        for i in range(4):
            known = mem.known[mem.me][i] is not None
            info = 0.0 if known or est.last_turn else self.style.swap_info
            out.append((est.value(mem.me, i) - v + info - 0.01 * i, _act("swap", pos=POSITIONS[i])))
        return out

    def _powers(self, mem: Memory, est: Estimate) -> list[tuple[float, Action]]:
        assert mem.drawn is not None
        rank, me, opp = mem.drawn.rank, mem.me, mem.opp
        if rank in (7, 8) and not est.last_turn and mem.unknown(me):
            return [(self.style.peek_value, _act("peek", pos=POSITIONS[mem.unknown(me)[0]]))]
        if rank in (9, 10) and not est.last_turn and mem.unknown(opp):
            return [(self.style.spy_value, _act("spy", pos=POSITIONS[mem.unknown(opp)[0]]))]
        if rank == 11:
            return [self._jack(mem, est)]
        if rank == 12:
            return [self._queen(mem, est)]
        return []

    def _jack(self, mem: Memory, est: Estimate) -> tuple[float, Action]:
        own = max(range(4), key=lambda i: est.value(mem.me, i))
        opp = min(range(4), key=lambda j: est.value(mem.opp, j))
        gain = 2 * (est.value(mem.me, own) - est.value(mem.opp, opp))
        # a blind swap trades known cards for guesses; demand a clear edge
        return gain - self.style.jack_margin, _act("jack_swap", own=POSITIONS[own], opp=POSITIONS[opp])

    def _queen(self, mem: Memory, est: Estimate) -> tuple[float, Action]:
        best: tuple[float, Action] | None = None
        for i in range(4):
            for j in range(4):
                g = self._queen_gain(mem, est, i, j)
                if best is None or g > best[0]:
                    best = (g, _act("queen_look", own=POSITIONS[i], opp=POSITIONS[j]))
        assert best is not None
        return best

    def _queen_gain(self, mem: Memory, est: Estimate, i: int, j: int) -> float:
        mine, theirs = mem.known[mem.me][i], mem.known[mem.opp][j]
        a, b = est.value(mem.me, i), est.value(mem.opp, j)
        if mine is not None and theirs is not None:
            gain = max(0.0, a - b)
        elif mine is not None:
            gain = est.gain_below(a) if b >= est.mean else max(0.0, a - b) * 0.8
        elif theirs is not None:
            gain = est.gain_above(b)
        else:
            gain = max(0.0, a - b) * 0.5 + 0.5
        info = 0.0 if est.last_turn else (self.style.peek_value if mine is None else 0.0) + (
            self.style.spy_value if theirs is None else 0.0)
        return 2 * gain + info


class HighestKnownBaseline:
    """Baseline: draw, swap the drawn card onto the highest known own card if lower, else discard.

    It looks at its bottom cards, never uses powers or the discard pile, and knocks when its
    known cards plus a guess of 6 per unseen card come to 14 or less.
    """

    def choose(self, seen: Sequence[Observation], rng: random.Random) -> Action:
        mine = square_seen(seen)
        obs = mine[-1]
        legal = [action_from_json(a) for a in obs["legal"]]
        mem = recall(mine)
        pick = self._decide(obs, mem)
        return pick if pick in legal else legal[0]

    def _decide(self, obs: SquareObs, mem: Memory) -> Action:
        phase = obs["phase"]
        if phase == "look":
            return _act("look")
        if phase in ("reveal", "queen"):
            return _act("done") if phase == "reveal" else _act("queen_keep")
        known = [(card_value(c), i) for i, c in enumerate(mem.known[mem.me]) if c is not None]
        if phase == "turn":
            guess = sum(v for v, _ in known) + UNKNOWN_GUESS * (4 - len(known))
            if obs["knocked_by"] is None and guess <= 14:
                return _act("knock")
            return _act("draw")
        assert mem.drawn is not None
        if known:
            high, slot = max(known)
            if card_value(mem.drawn) < high:
                return _act("swap", pos=POSITIONS[slot])
        return _act("discard")


def make(level: int) -> SquareBot:
    """The Card Square computer player; level 1 ignores spy, Jack and Queen, level 2+ uses them."""
    return SquareBot(STYLES[min(max(level, 1), max(STYLES))])


__all__ = ["HighestKnownBaseline", "SquareBot", "Style", "make"]
