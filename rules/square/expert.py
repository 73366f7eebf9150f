"""Card Square's Expert (level 3): level 2's rules judged by a belief over the unseen cards, and searched knocks.

Every decision of a turn starts from the seat's belief (rules/square/posterior.py): the expected value of each
slot it has not seen, read from the weighted determinizations of what it saw and what the opponent chose. Level 2's
rules (rules/square/bot.py) then decide with those values in place of its rough guesses (an unseen card at the
pool's mean, a card the opponent kept at half way to the one it replaced): which discard to take, which slot a
drawn card replaces, which slots a peek, spy, Jack or Queen aims at, and the estimated score difference a knock
needs. Whether to knock and the whole final turn are then put to the play-outs of level 3's search on the same
determinizations (rules/square/search.py). The bot reads only its own observations; work is counted in
determinizations and play-outs, never time.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence

from rules.cards import Card
from rules.core import Action
from rules.shapes import Observation
from rules.square.actions import POSITIONS, action_from_json
from rules.square.bot import STYLES, Estimate, SquareBot, Style
from rules.square.memory import Memory, recall
from rules.square.posterior import PARTICLES, Belief
from rules.square.search import PLAYOUTS, Deals, SearchBot
from rules.square.state import card_value
from rules.square.types import SquareObs, square_seen

EXPERT = STYLES[2]


class BeliefEstimate(Estimate):
    """Level 2's estimate with the belief's expected value and spread for every slot the seat has not seen."""

    def __init__(self, mem: Memory, obs: SquareObs, style: Style, belief: Belief) -> None:
        super().__init__(mem, obs, style)
        self.belief = belief

    def value(self, owner: int, index: int) -> float:
        card = self.mem.known[owner][index]
        return float(card_value(card)) if card is not None else self.belief.value(owner, index)

    def _spread(self) -> float:
        return sum(self.belief.spread(o, i) for o in (0, 1) for i in range(4))

    def win_chance(self, final_gain: float) -> float:
        me, opp = self.mem.me, self.mem.opp
        lead = self.total(opp) - self.total(me) - final_gain
        sd = math.sqrt(self._spread() + final_gain ** 2 + 1.0)
        return 0.5 * (1.0 + math.erf((lead - 0.5) / (sd * math.sqrt(2.0))))


class Judge(SquareBot):
    """Level 2's rules, except that a peek or a spy aims at the unseen slot the belief is least sure of (level 2
    takes the first unseen one)."""

    take_margin: float | None = None  # take the discard when it beats a blind draw's expected gain by this much

    def _turn(self, obs: SquareObs, mem: Memory, est: Estimate) -> Action:
        top, margin = obs["discard_top"], self.take_margin
        if (margin is None or top is None or est.last_turn or mem.my_take_streak >= self.style.max_take_streak
                or (obs["knocked_by"] is None and self._should_knock(mem, est))):
            return super()._turn(obs, mem, est)
        slot = max(range(4), key=lambda i: est.value(mem.me, i))
        high = est.value(mem.me, slot)
        if high - card_value(Card.parse(top)) >= est.gain_below(high) + margin:
            return _aim("take", slot)
        return _aim("draw", None)

    def _powers(self, mem: Memory, est: Estimate) -> list[tuple[float, Action]]:
        out = super()._powers(mem, est)
        if not isinstance(est, BeliefEstimate) or not out or out[0][1].kind not in ("peek", "spy"):
            return out
        owner = mem.me if out[0][1].kind == "peek" else mem.opp
        slot = max(mem.unknown(owner), key=lambda i: (est.belief.spread(owner, i), est.value(owner, i), -i))
        return [(out[0][0], _aim(out[0][1].kind, slot))]


def _aim(kind: str, index: int | None) -> Action:
    if index is None:
        return action_from_json({"kind": kind})
    return action_from_json({"kind": kind, "pos": list(POSITIONS[index])})


class Expert:
    """Level 3: decides from its belief, searches the knock and the final turn."""

    def __init__(self, style: Style = EXPERT, playouts: int = PLAYOUTS, particles: int = PARTICLES,
                 aim: bool = False, plausible: float | None = None, take_margin: float | None = None) -> None:
        self.judge = Judge(style) if aim else SquareBot(style)
        if isinstance(self.judge, Judge):
            self.judge.take_margin = take_margin
        self.search = SearchBot(playouts)
        self.particles = particles
        self.plausible = plausible  # the belief's chance of winning by a knock from which the knock is searched
        self.belief: Belief | None = None  # the last decision's, for tests and the review

    @property
    def last_playouts(self) -> int:
        return self.search.last_playouts

    def choose(self, seen: Sequence[Observation], rng: random.Random) -> Action:
        mine = square_seen(seen)
        obs = mine[-1]
        self.search.last_playouts = 0
        self.belief = None
        if obs["phase"] not in ("turn", "drawn"):
            return self.judge.choose(seen, rng)
        mem = recall(mine)
        deals = Deals(obs, mem)
        if not deals.ok:
            return self.judge.choose(seen, rng)
        self.belief = Belief(deals, rng, self.particles)
        est = BeliefEstimate(mem, obs, self.judge.style, self.belief)
        legal = [action_from_json(a) for a in obs["legal"]]
        chosen = self.judge._decide(obs, mem, est)
        if chosen not in legal:
            chosen = legal[0]
        worth = None if self.plausible is None else est.win_chance(self.judge.style.final_gain) >= self.plausible
        return self.search.refine(obs, deals, chosen, rng, worth)
