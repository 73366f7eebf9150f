"""OpenSpiel's IS-MCTS as a cribbage opponent, bridged from what one seat observes (bench only).

Runs under the bench venv's python (``make bench-venv``: open-spiel 1.6.1) from the repository root, which
imports ``rules/`` (pure Python) beside pyspiel; the product never imports this module nor OpenSpiel.

The bot is OpenSpiel's information-set MCTS (``open_spiel.python.algorithms.ismcts``, the Python port of
pyspiel's C++ ``ISMCTSBot``: OpenSpiel's cribbage implements neither ``InformationStateString`` nor
``ResampleFromInfostate``, which the C++ bot calls, while the port takes a resampler and keys its nodes by
the strings a state gives it). Each decision:

- **The hand as an OpenSpiel game.** A fresh ``pyspiel`` cribbage game is driven through the current hand only:
  OpenSpiel's player 0 deals its first round, so it stands for our dealer and player 1 for the non-dealer. The
  deal's chance outcomes give player 0 six cards, then player 1 six; player 0 discards first, then player 1;
  the starter; then every play of the hand in order, with a Pass wherever OpenSpiel's player to move has no card
  that fits (our Go's are automatic; OpenSpiel asks for them).
- **Worlds.** The cards the seat cannot see (the opponent's unplayed cards and its two crib cards) are dealt
  uniformly from the unseen cards, the unplayed ones only from cards consistent with the opponent's Go's; a
  world whose replay does not give the same public sequence is drawn again. Nothing models how the opponent
  chose its discard or its plays (IS-MCTS's own resampling is uniform over what the seat's information allows).
- **Search.** 500 simulations; a node is keyed by its player's information (own cards, own discard, the starter,
  every public play and pass); UCT selection; each new node is valued by one uniformly random roll-out to the end
  of the hand (the show), its value the player's points minus the opponent's from the decision on: the engine
  plays each hand for its margin and knows nothing of the score near 121. The move is the most visited.

Rule differences (OpenSpiel's cribbage against RULES.md §2), which touch only the engine's own valuation, never
the game it plays (our engine applies every move): a 4-card flush scores in the crib too (ours needs five),
both hands and the crib are counted before anyone is checked for 121 (ours: non-dealer, dealer, crib, stopping at
121), and its game is capped at a number of rounds. Within one hand's margin only the crib flush differs.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from rules.cards import standard_deck
from rules.core import Action
from tools.ismcts_view import hand_plays, opponent_floor, os_id, our_card, value

SIMULATIONS = 500
UCT_C = 2.0 * 4  # OpenSpiel's usual 2 for returns in [-1, 1], scaled to a hand margin's spread (about 4 points)
TRIES = 200  # worlds drawn before one replay fits (in practice the first almost always does)
PASS = 52 + 52 * 52  # OpenSpiel's Pass action (kPassAction), one past the two-card discards
Obs = dict[str, Any]
GAME = pyspiel.load_game("cribbage")


# --- the hand as an OpenSpiel state -----------------------------------------------------------------

class HandState:
    """An OpenSpiel cribbage state ended at the current hand's show, with information-state keys.

    ``ismcts.ISMCTSBot`` asks a state for ``information_state_string()``, which OpenSpiel's cribbage does not
    give: here each player's key lists what it saw (its own dealt cards and discard, the starter, every play
    and pass); the opponent's cards and discard appear as ``?``."""

    def __init__(self, state: Any = None, keys: tuple[list[str], list[str]] | None = None, chances: int = 0,
                 base: tuple[float, float] = (0.0, 0.0)) -> None:
        self.s = state if state is not None else GAME.new_initial_state()
        self.keys = keys or ([], [])
        self.chances = chances  # chance outcomes applied: 12 for the deal, the 13th is the starter
        self.base = base  # the players' points when the search began

    def clone(self) -> HandState:
        return HandState(self.s.clone(), (list(self.keys[0]), list(self.keys[1])), self.chances, self.base)

    def get_game(self) -> Any:
        return GAME

    def is_terminal(self) -> bool:
        return self.s.is_terminal() or (self.chances >= 13 and self.s.is_chance_node())

    def is_chance_node(self) -> bool:
        return not self.is_terminal() and self.s.is_chance_node()

    def current_player(self) -> int:
        return pyspiel.PlayerId.TERMINAL if self.is_terminal() else self.s.current_player()

    def legal_actions(self) -> list[int]:
        return self.s.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.s.chance_outcomes()

    def information_state_string(self, player: int | None = None) -> str:
        return ",".join(self.keys[self.s.current_player() if player is None else player])

    def returns(self) -> list[float]:
        r = self.s.returns()
        d = (r[0] - self.base[0]) - (r[1] - self.base[1])
        return [d, -d]

    def apply_action(self, a: int) -> None:
        s, k0, k1 = self.s, self.keys[0], self.keys[1]
        if s.is_chance_node():
            if self.chances < 12:  # the deal: six to player 0, then six to player 1
                own, other = (k0, k1) if self.chances < 6 else (k1, k0)
                own.append(f"d{a}")
                other.append("d?")
            else:
                k0.append(f"s{a}")
                k1.append(f"s{a}")
            self.chances += 1
        elif a > 51 and a != PASS:  # a discard: seen by its player only
            own, other = (k0, k1) if s.current_player() == 0 else (k1, k0)
            own.append(f"x{a}")
            other.append("x?")
        else:
            tag = f"{s.current_player()}p{a}"
            k0.append(tag)
            k1.append(tag)
        s.apply_action(a)

    def start(self) -> None:
        """Take the points so far as the base of the margins (the search values the hand from here on)."""
        r = self.s.returns()
        self.base = (r[0], r[1])


def discard_action(state: Any, cards: Sequence[int]) -> int:
    want = set(cards)
    for a in state.legal_actions():
        if a > 51 and a != PASS and {(a - 52) // 52, (a - 52) % 52} == want:
            return a
    raise ValueError(f"no discard of {cards}")


class Hand:
    """The seat's view of the hand in OpenSpiel's terms; ``world`` deals the hidden cards and replays it."""

    def __init__(self, seen: Sequence[Obs]) -> None:
        obs = self.obs = seen[-1]
        self.me = obs["seat"]
        self.os_me = 0 if obs["dealer"] == self.me else 1  # OpenSpiel's player 0 deals
        self.plays = hand_plays(seen) if obs["phase"] == "play" else []
        mine_played = [c for p, c in self.plays if p == self.me]
        self.my_six = [*obs["hand"], *mine_played, *obs["my_discards"]]
        self.opp_played = [c for p, c in self.plays if p != self.me]
        self.opp_held = obs["hand_counts"][1 - self.me] if obs["phase"] == "play" else 0
        known = {*self.my_six, *self.opp_played, *([obs["starter"]] if obs["starter"] else [])}
        self.unseen = [str(c) for c in standard_deck() if str(c) not in known]
        self.floor = opponent_floor(seen, self.plays) if obs["phase"] == "play" else 0

    def world(self, rng: random.Random) -> HandState:
        for _ in range(TRIES):
            state = self._replay(self._deal(rng))
            if state is not None:
                state.start()
                return state
        raise RuntimeError("no world fits what the seat has seen")

    def _deal(self, rng: random.Random) -> tuple[list[str], list[str]]:
        """The opponent's six: its played cards, its unplayed ones (worth more than its Go's allow), its crib two
        (last). Before the play, six unseen cards, of which the last two are its discard."""
        if self.obs["phase"] == "discard":
            return list(self.my_six), rng.sample(self.unseen, 6)
        fits = [c for c in self.unseen if value(c) > self.floor]
        held = rng.sample(fits, self.opp_held)
        rest = [c for c in self.unseen if c not in held]
        return list(self.my_six), [*self.opp_played, *held, *rng.sample(rest, 2)]

    def _replay(self, six: tuple[list[str], list[str]]) -> HandState | None:
        mine, theirs = six
        by_player = (mine, theirs) if self.os_me == 0 else (theirs, mine)
        h = HandState()
        for p in (0, 1):
            for c in by_player[p]:
                h.apply_action(os_id(c))
        if self.obs["phase"] == "discard":
            if self.os_me == 1:  # player 0 (the dealer) has discarded in OpenSpiel's order: two of its six
                h.apply_action(discard_action(h.s, [os_id(c) for c in theirs[-2:]]))
            return h
        drops = (self.obs["my_discards"], theirs[-2:])
        for p in (0, 1):
            own = drops[0] if p == self.os_me else drops[1]
            h.apply_action(discard_action(h.s, [os_id(c) for c in own]))
        h.apply_action(os_id(self.obs["starter"]))
        for seat, card in self.plays:
            player = self.os_me if seat == self.me else 1 - self.os_me
            while not h.is_terminal() and h.s.legal_actions() == [PASS]:
                h.apply_action(PASS)
            if h.is_terminal() or h.s.current_player() != player or os_id(card) not in h.s.legal_actions():
                return None
            h.apply_action(os_id(card))
        while not h.is_terminal() and h.s.legal_actions() == [PASS]:
            h.apply_action(PASS)  # Go's (ours are automatic, OpenSpiel asks for them) up to the seat's decision
        if h.is_terminal() or h.s.current_player() != self.os_me:
            return None
        return h


class RolloutEvaluator:
    """One uniformly random roll-out to the end of the hand per new node; uniform priors."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def prior(self, state: HandState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]

    def evaluate(self, state: HandState) -> list[float]:
        s, chances, choice = state.s.clone(), state.chances, self.rng.choice
        while not s.is_terminal():
            if s.is_chance_node():
                if chances >= 13:
                    break
                chances += 1
            s.apply_action(choice(s.legal_actions()))
        r = s.returns()
        d = (r[0] - state.base[0]) - (r[1] - state.base[1])
        return [d, -d]


class IsmctsBot:
    """Our bot protocol around OpenSpiel's IS-MCTS: ``choose(seen, rng)`` from the seat's observations."""

    def __init__(self, simulations: int = SIMULATIONS, uct_c: float = UCT_C) -> None:
        self.simulations, self.uct_c = simulations, uct_c

    def choose(self, seen: Sequence[Obs], rng: random.Random) -> Action:
        obs = seen[-1]
        legal = obs["legal"]
        if obs["cut"] is not None or len(legal) == 1:
            return Action.from_dict(rng.choice(legal))
        hand = Hand(seen)
        worlds = random.Random(rng.getrandbits(64))
        bot = ismcts.ISMCTSBot(GAME, RolloutEvaluator(random.Random(rng.getrandbits(64))), self.uct_c,
                               self.simulations, random_state=np.random.RandomState(rng.getrandbits(32)),
                               final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                               child_selection_policy=ismcts.ChildSelectionPolicy.UCT)
        bot.set_resampler(lambda state, player: hand.world(worlds))
        root = hand.world(worlds)
        policy = bot.get_policy(root)
        best = max(p for _, p in policy)
        a = min(a for a, p in policy if p == best)  # ties: the lowest action id, never a coin
        if obs["phase"] == "discard":
            drop = {our_card(c) for c in divmod(a - 52, 52)}
            return Action.from_dict(next(x for x in legal if set(x["cards"]) == drop))
        return Action.make("play", card=our_card(a))


def _bot(name: str, uct_c: float = UCT_C) -> Any:
    if name == "ismcts":
        return IsmctsBot(uct_c=uct_c)
    if name == "random":
        from rules.bots import RandomBot

        return RandomBot()
    if ":" in name:  # "module:factory", e.g. a variant under study
        import importlib

        module, _, attr = name.partition(":")
        return getattr(importlib.import_module(module), attr)()
    from rules.bots import make_bot

    return make_bot("cribbage", int(name))


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tools.ismcts_bridge --hero 3 --deals 10 --first-seed 0``: one JSON line, the hero's duel
    against IS-MCTS over paired deals: each pair's points (runs split over processes pool by concatenation)."""
    from tools.arena import duel_pairs

    p = argparse.ArgumentParser()
    p.add_argument("--hero", default="3")
    p.add_argument("--villain", default="ismcts")
    p.add_argument("--deals", type=int, default=10)
    p.add_argument("--first-seed", type=int, default=0)
    p.add_argument("--uct", type=float, default=UCT_C)
    p.add_argument("--times", action="store_true", help="also the hero's think times (CPU seconds)")
    a = p.parse_args(argv)
    from tools.strength_bench import Timed

    hero = Timed(_bot(a.hero, a.uct))
    pairs = duel_pairs("cribbage", hero, _bot(a.villain, a.uct), a.deals, a.first_seed)
    out = {"hero": a.hero, "villain": a.villain, "first_seed": a.first_seed, "pairs": pairs}
    if a.times:
        out["times"] = hero.times
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
