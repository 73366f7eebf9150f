"""Own Trumps computer players: alpha-beta over the deducible full position, and a greedy baseline.

All 36 cards are dealt, so the opponent's hand is the pack minus my hand minus the public pile: the
bot reads it from its current observation alone and searches a perfect-information game. A leaf is
judged by a fast play-out to the end with the greedy policy for both sides; a static evaluation
(hand sizes, trumps held, cards each side cannot beat) was tried first and lost to the greedy
baseline (41-51% over 100 games at depth 4), because who wins is decided many turns later.
Work is bounded by a budget of search nodes plus play-out steps, never by a clock, so a seed
always gives the same move.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.cards import Card
from rules.core import Action
from rules.trumps_core import ALL, BEATERS, INDEX, NAMES, SUIT_MASK, SUITS, pickup_size

WIN = 10_000  # a result the search has proven, plus the loser's cards left: bigger wins are preferred
GUESS = 1_000  # a play-out's result: below any proven one
PICK = -1  # the pick-up move inside the search
PLAY_PHASE, SECOND_PHASE = 0, 1
PLAYOUT_CAP = 300  # a play-out this long is cycling: call it by the hand sizes


def cost(card: int, trump: int) -> tuple[bool, int]:
    """How precious a card is to its holder: own trumps last, then by rank."""
    return (card % 4 == trump, card >> 2)


def _cheapest(cards: int, trump_mask: int) -> int:
    """The greedy choice among a non-empty mask: the lowest non-trump, else the lowest trump.

    Indices are rank-major, so the lowest set bit is the lowest rank.
    """
    plain = cards & ~trump_mask
    m = plain or cards
    return (m & -m).bit_length() - 1


class Search:
    """Alpha-beta minimax from ``me``'s point of view over (hands, pile, turn, phase)."""

    def __init__(self, trumps: tuple[int, int], me: int, voluntary: bool, budget: int) -> None:
        self.beat = (BEATERS[trumps[0]], BEATERS[trumps[1]])
        self.tmask = (SUIT_MASK[trumps[0]], SUIT_MASK[trumps[1]])
        self.trumps = trumps
        self.me = me
        self.voluntary = voluntary
        self.budget = budget
        self.work = 0

    # --- the game, minimal ------------------------------------------------------------------
    def moves(self, hands: tuple[int, int], pile: tuple[int, ...], turn: int, phase: int) -> list[int]:
        """Legal moves, the greedy one first, the rest cheapest first (good alpha-beta order)."""
        hand = hands[turn]
        if phase == PLAY_PHASE and pile:
            hand &= self.beat[turn][pile[-1]]
            if not hand:
                return [PICK]
        trump = self.trumps[turn]
        out = sorted(_bits(hand), key=lambda c: (c % 4 == trump, c))
        return out + [PICK] if self.voluntary and phase == PLAY_PHASE and pile else out

    def step(self, hands: tuple[int, int], pile: tuple[int, ...], turn: int, phase: int, move: int):
        """(hands, pile, turn, phase, terminal value from ``me``'s view or None)."""
        if move == PICK:
            n, _ = pickup_size(self.trumps[turn], pile[-1], len(pile))
            got = 0
            for c in pile[-n:]:
                got |= 1 << c
            new = hands[turn] | got
            h = (new, hands[1]) if turn == 0 else (hands[0], new)
            return h, pile[:-n], 1 - turn, PLAY_PHASE, None
        left = hands[turn] & ~(1 << move)
        h = (left, hands[1]) if turn == 0 else (hands[0], left)
        if not left:
            return h, pile, turn, phase, self._outcome(h, turn, move)
        if phase == SECOND_PHASE or not pile:
            return h, pile + (move,), 1 - turn, PLAY_PHASE, None
        return h, pile + (move,), turn, SECOND_PHASE, None

    def _outcome(self, hands: tuple[int, int], out: int, last: int, base: int = WIN) -> int:
        """END_CHECK: a draw if the opponent's single card beats the last one, else ``out`` wins."""
        opp = hands[1 - out]
        if opp.bit_count() == 1 and opp & self.beat[1 - out][last]:
            return 0
        value = base + opp.bit_count()
        return value if out == self.me else -value

    # --- leaf evaluation --------------------------------------------------------------------
    def playout(self, hands: tuple[int, int], pile: tuple[int, ...], turn: int, phase: int) -> int:
        """Both sides play greedily to the end; the result from ``me``'s view."""
        h = [hands[0], hands[1]]
        pile_l = list(pile)
        beat, tmask, trumps = self.beat, self.tmask, self.trumps
        for steps in range(1, PLAYOUT_CAP):
            hand = h[turn]
            if phase == PLAY_PHASE and pile_l:
                top = pile_l[-1]
                cands = hand & beat[turn][top]
                if not cands:
                    n, _ = pickup_size(trumps[turn], top, len(pile_l))
                    for c in pile_l[-n:]:
                        h[turn] |= 1 << c
                    del pile_l[-n:]
                    turn = 1 - turn
                    continue
            else:
                cands = hand
            card = _cheapest(cands, tmask[turn])
            h[turn] = hand & ~(1 << card)
            if not h[turn]:
                self.work += steps
                return self._outcome((h[0], h[1]), turn, card, GUESS)
            if phase == PLAY_PHASE and pile_l:
                phase = SECOND_PHASE
            else:
                phase = PLAY_PHASE
                turn = 1 - turn
            pile_l.append(card)
        self.work += PLAYOUT_CAP
        me = self.me
        return 10 * (h[1 - me].bit_count() - h[me].bit_count())

    # --- alpha-beta -------------------------------------------------------------------------
    def value(self, hands, pile, turn: int, phase: int, depth: int, alpha: int, beta: int) -> int:
        """Minimax value; ``depth`` counts real choices: forced moves are played for free."""
        self.work += 1
        moves = self.moves(hands, pile, turn, phase)
        forced = len(moves) == 1
        if (depth <= 0 and not forced) or self.work > self.budget:
            return self.playout(hands, pile, turn, phase)
        maxing = turn == self.me
        best = -2 * WIN if maxing else 2 * WIN  # worse than any outcome
        for m in moves:
            h, p, t, ph, terminal = self.step(hands, pile, turn, phase, m)
            v = terminal if terminal is not None else self.value(
                h, p, t, ph, depth if forced else depth - 1, alpha, beta)
            if maxing:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    def best_move(self, hands, pile, turn: int, phase: int, max_depth: int) -> int:
        """Iterative deepening over the root moves; a depth cut short by the budget is discarded."""
        moves = self.moves(hands, pile, turn, phase)
        best = moves[0]
        for depth in range(1, max_depth + 1):
            scored = []
            alpha = -2 * WIN
            for m in moves:
                h, p, t, ph, terminal = self.step(hands, pile, turn, phase, m)
                v = terminal if terminal is not None else self.value(h, p, t, ph, depth - 1, alpha, 2 * WIN)
                scored.append((v, m))
                alpha = max(alpha, v)
            if self.work > self.budget:
                break
            scored.sort(key=lambda vm: -vm[0])  # stable: ties keep the greedy-first order
            moves = [m for _, m in scored]
            best = moves[0]
            if abs(scored[0][0]) >= WIN:
                break  # a forced result: deeper search cannot change it
        return best


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def position_from(obs: dict[str, Any]) -> tuple[tuple[int, int], tuple[int, ...], int, int]:
    """The full position seen by ``obs['seat']``: the opponent holds every card not seen elsewhere."""
    mine = 0
    for c in obs["hand"]:
        mine |= 1 << INDEX[Card.parse(c)]
    pile = tuple(INDEX[Card.parse(c)] for c in obs["pile"])
    on_pile = 0
    for c in pile:
        on_pile |= 1 << c
    theirs = ALL & ~mine & ~on_pile
    hands = (mine, theirs) if obs["seat"] == 0 else (theirs, mine)
    return hands, pile, obs["to_move"], SECOND_PHASE if obs["phase"] == "second" else PLAY_PHASE


def to_action(move: int) -> Action:
    return Action.make("pick_up") if move == PICK else Action.make("play", card=NAMES[move])


@dataclass
class SearchBot:
    """The computer opponent: deeper search and a larger work budget at higher levels."""

    depth: int
    budget: int
    last_work: int = 0

    def choose(self, seen: Sequence[dict[str, Any]], rng: random.Random) -> Action:
        obs = seen[-1]
        legal = obs["legal"]
        if not legal:
            raise ValueError("asked to move without legal actions")
        if obs["phase"] == "choose_trump" or len(legal) == 1:
            # the choice comes before the deal, so any suit is as good (§3.7 #3: a seeded random one)
            return Action.from_dict(rng.choice(legal))
        trumps = (SUITS.index(obs["trumps"][0]), SUITS.index(obs["trumps"][1]))
        hands, pile, turn, phase = position_from(obs)
        search = Search(trumps, obs["seat"], bool(obs["voluntary_pickup"]), self.budget)
        move = search.best_move(hands, pile, turn, phase, self.depth)
        self.last_work = search.work
        return to_action(move)


class GreedyBaseline:
    """Beat with the cheapest card, lead (and play the second card) the lowest: no look-ahead."""

    def choose(self, seen: Sequence[dict[str, Any]], rng: random.Random) -> Action:
        obs = seen[-1]
        legal = obs["legal"]
        if obs["phase"] == "choose_trump":
            return Action.from_dict(rng.choice(legal))
        trump = SUITS.index(obs["trumps"][obs["seat"]])
        plays = [a for a in legal if a["kind"] == "play"]
        if not plays:
            return Action.from_dict(legal[0])
        return Action.from_dict(min(plays, key=lambda a: cost(INDEX[Card.parse(a["card"])], trump)))


LEVELS = {1: (1, 20_000), 2: (2, 60_000), 3: (4, 400_000)}
"""level -> (search depth in real choices, work budget in nodes plus play-out steps)."""


def make(level: int) -> SearchBot:
    depth, budget = LEVELS[max(1, min(3, level))]
    return SearchBot(depth, budget)
