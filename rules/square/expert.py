"""Card Square's Expert (level 3): level 2's rules judged by a belief over the unseen cards, and searched knocks.

Every decision of a turn starts from the seat's belief (rules/square/posterior.py): the expected value of each
slot it has not seen, read from the weighted determinizations of what it saw and what the opponent chose. Level 2's
rules (rules/square/bot.py) then decide with those values in place of its rough guesses (an unseen card at the
pool's mean, a card the opponent kept at half way to the one it replaced): which discard to take, which slot a
drawn card replaces, which slots a Jack or a Queen aims at, and the estimated score difference a knock needs (the
lead over the opponent's expected total against the spread of the unseen cards). Whether to knock and the whole
final turn are then put to the play-outs of level 3's search on the same determinizations (rules/square/search.py).
The bot reads only its own observations; work is counted in determinizations and play-outs, never time.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence

from rules.core import Action
from rules.shapes import Observation
from rules.square.actions import action_from_json
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


class Expert:
    """Level 3: decides from its belief, searches the knock and the final turn."""

    def __init__(self, style: Style = EXPERT, playouts: int = PLAYOUTS, particles: int = PARTICLES) -> None:
        self.judge = SquareBot(style)
        self.search = SearchBot(playouts)
        self.particles = particles
        self.belief: Belief | None = None  # the last decision's (the tests read it)

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
        return self.search.refine(obs, deals, chosen, rng)
