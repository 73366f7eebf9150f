"""Own Trumps computer players: a play-out search over the deducible full position, and a greedy baseline.

All 36 cards are dealt, so the opponent's hand is the pack minus my hand minus the public pile: the
bot reads it from its current observation alone and treats the game as one of perfect information.

How it decides (measured, 200 seeded games each unless noted; see ``bench_report``):
- Static evaluations (hand sizes, trumps held, cards each side cannot beat) under alpha-beta to
  depth 4 lost to the greedy baseline (41-51% over 100 games): who wins is settled many turns on.
- So a line is judged by playing it out to the end, both sides greedy. Minimax over such leaves
  was worse, not better (depth 2: 66% vs greedy, 30% head to head against the flat search): the
  minimum over single noisy play-outs finds the play-out's blind spots, not the opponent's.
- What works is searching my own choices exhaustively: every beat with every second card (the
  whole turn), each judged by a greedy play-out plus, at the top level, extra play-outs in which
  each side strays from greedy now and then; the scores are averaged.
Work is bounded by a budget of play-out steps, never by a clock, so a seed always gives one move.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from rules.cards import Card
from rules.core import Action
from rules.shapes import Observation
from rules.trumps.core import ALL, BEATERS, INDEX, NAMES, SUIT_MASK, SUITS, pickup_size
from rules.trumps.lookahead import Lookahead
from rules.trumps.types import TrumpsObs, chosen_trumps, trumps_legal, trumps_seen

WIN = 1_000  # plus the loser's cards left, so a bigger win scores more
PICK = -1  # the pick-up move inside the search
PLAY_PHASE, SECOND_PHASE = 0, 1
PLAYOUT_CAP = 300  # a play-out this long is cycling: score it by the hand sizes

Position = tuple[tuple[int, int], tuple[int, ...], int, int]  # hands, pile, turn, phase
# Cards a pick-up takes, by trump and top card (a slice caps it at the pile: 36 is the whole pile).
_CAPS = tuple(tuple(pickup_size(t, top, 36)[0] for top in range(36)) for t in range(4))


def cost(card: int, trump: int) -> tuple[bool, int]:
    """How precious a card is to its holder: own trumps last, then by rank."""
    return (card % 4 == trump, card >> 2)


def _cheapest(cards: int, trump_mask: int) -> int:
    """The greedy choice in a non-empty mask: the lowest non-trump, else the lowest trump.

    Indices are rank-major, so the lowest set bit is the lowest rank.
    """
    plain = cards & ~trump_mask
    m = plain or cards
    return (m & -m).bit_length() - 1


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Search:
    """Own Trumps reduced to masks, with play-outs scored from ``me``'s point of view."""

    def __init__(self, trumps: tuple[int, int], me: int, voluntary: bool = False) -> None:
        self.beat = (BEATERS[trumps[0]], BEATERS[trumps[1]])
        self.tmask = (SUIT_MASK[trumps[0]], SUIT_MASK[trumps[1]])
        self.plain = (ALL & ~self.tmask[0], ALL & ~self.tmask[1])
        self.cap = (_CAPS[trumps[0]], _CAPS[trumps[1]])
        self.trumps = trumps
        self.me = me
        self.voluntary = voluntary
        self.work = 0  # play-out steps so far: the deterministic budget's unit

    def moves(self, pos: Position) -> list[int]:
        """Legal moves, the greedy one first, then the rest cheapest first."""
        hands, pile, turn, phase = pos
        hand = hands[turn]
        if phase == PLAY_PHASE and pile:
            hand &= self.beat[turn][pile[-1]]
            if not hand:
                return [PICK]
        trump = self.trumps[turn]
        out = sorted(_bits(hand), key=lambda c: (c % 4 == trump, c))
        return out + [PICK] if self.voluntary and phase == PLAY_PHASE and pile else out

    def step(self, pos: Position, move: int) -> tuple[Position, int | None]:
        """The next position and, if the game ended, its value for ``me``."""
        hands, pile, turn, phase = pos
        if move == PICK:
            n, _ = pickup_size(self.trumps[turn], pile[-1], len(pile))
            got = 0
            for c in pile[-n:]:
                got |= 1 << c
            new = hands[turn] | got
            h = (new, hands[1]) if turn == 0 else (hands[0], new)
            return (h, pile[:-n], 1 - turn, PLAY_PHASE), None
        left = hands[turn] & ~(1 << move)
        h = (left, hands[1]) if turn == 0 else (hands[0], left)
        if not left:
            return (h, pile, turn, phase), self._outcome(h, turn, move)
        if phase == SECOND_PHASE or not pile:
            return (h, pile + (move,), 1 - turn, PLAY_PHASE), None
        return (h, pile + (move,), turn, SECOND_PHASE), None

    def _outcome(self, hands: Sequence[int], out: int, last: int) -> int:
        """END_CHECK: a draw if the opponent's single card beats the last one, else ``out`` wins."""
        opp = hands[1 - out]
        if opp.bit_count() == 1 and opp & self.beat[1 - out][last]:
            return 0
        value = WIN + opp.bit_count()
        return value if out == self.me else -value

    def playout(self, pos: Position, rng: random.Random | None = None, stray: float = 0.0) -> int:
        """Play to the end, both sides greedy (with ``rng``: a random legal card with chance ``stray``)."""
        if rng is not None:
            return self._straying(pos, rng, stray)
        # the greedy loop of _straying with everything inlined: most of every search's time is spent here
        hands, pile_t, turn, phase = pos
        h = [hands[0], hands[1]]
        pile = list(pile_t)
        beat, plain, cap = self.beat, self.plain, self.cap
        second = phase == SECOND_PHASE
        for steps in range(1, PLAYOUT_CAP):
            hand = h[turn]
            if second or not pile:
                m = hand & plain[turn] or hand
                card = (m & -m).bit_length() - 1
                hand ^= 1 << card
                h[turn] = hand
                if not hand:
                    self.work += steps
                    return self._outcome(h, turn, card)
                pile.append(card)
                second = False
                turn ^= 1
                continue
            top = pile[-1]
            cands = hand & beat[turn][top]
            if not cands:  # pick up
                n = cap[turn][top]
                for c in pile[-n:]:
                    hand |= 1 << c
                del pile[-n:]
                h[turn] = hand
                turn ^= 1
                continue
            m = cands & plain[turn] or cands
            card = (m & -m).bit_length() - 1
            hand ^= 1 << card
            h[turn] = hand
            if not hand:
                self.work += steps
                return self._outcome(h, turn, card)
            pile.append(card)
            second = True
        self.work += PLAYOUT_CAP
        return 10 * (h[1 - self.me].bit_count() - h[self.me].bit_count())

    def _straying(self, pos: Position, rng: random.Random, stray: float) -> int:
        """A play-out in which either side plays a random legal card with chance ``stray``, else greedy."""
        hands, pile_t, turn, phase = pos
        h = [hands[0], hands[1]]
        pile = list(pile_t)
        beat, tmask, trumps = self.beat, self.tmask, self.trumps
        for steps in range(1, PLAYOUT_CAP):
            hand = h[turn]
            cands = hand
            if phase == PLAY_PHASE and pile:
                cands = hand & beat[turn][pile[-1]]
                if not cands:
                    n, _ = pickup_size(trumps[turn], pile[-1], len(pile))
                    for c in pile[-n:]:
                        h[turn] |= 1 << c
                    del pile[-n:]
                    turn = 1 - turn
                    continue
            if rng.random() < stray:
                card = rng.choice(_bits(cands))
            else:
                card = _cheapest(cands, tmask[turn])
            h[turn] = hand & ~(1 << card)
            if not h[turn]:
                self.work += steps
                return self._outcome(h, turn, card)
            if phase == PLAY_PHASE and pile:
                phase = SECOND_PHASE
            else:
                phase, turn = PLAY_PHASE, 1 - turn
            pile.append(card)
        self.work += PLAYOUT_CAP
        return 10 * (h[1 - self.me].bit_count() - h[self.me].bit_count())

    def lines(self, pos: Position, whole_turn: bool) -> list[tuple[tuple[int, ...], Position, int | None]]:
        """My candidate lines: single moves, or (``whole_turn``) every beat with every second card."""
        out = []
        for m in self.moves(pos):
            nxt, end = self.step(pos, m)
            if whole_turn and end is None and nxt[2] == pos[2]:
                out += [((m, *rest), p, e) for rest, p, e in self.lines(nxt, True)]
            else:
                out.append(((m,), nxt, end))
        return out

    def best_line(self, pos: Position, whole_turn: bool, samples: int, budget: int,
                  rng: random.Random, stray: float = 0.15) -> tuple[int, ...]:
        """The line whose greedy play-out scores best; among equal ones, the best mean of ``samples``
        play-outs in which either side strays from greedy now and then (while the budget lasts)."""
        lines = self.lines(pos, whole_turn)
        scores = [e if e is not None else self.playout(p) for _, p, e in lines]
        top = max(scores)
        tied = [i for i, v in enumerate(scores) if v == top]
        extra = [0] * len(lines)
        for _ in range(samples if len(tied) > 1 else 0):
            if self.work >= budget:
                break
            for i in tied:
                _, p, e = lines[i]
                extra[i] += e if e is not None else self.playout(p, rng, stray)
        best = max(tied, key=lambda i: (extra[i], -i))  # still tied: the greedy-first order
        return lines[best][0]


def position_from(obs: TrumpsObs) -> Position:
    """The full position seen by ``obs['seat']``: the opponent holds every card not seen elsewhere."""
    mine = 0
    for c in obs["hand"]:
        mine |= 1 << INDEX[Card.parse(c)]
    pile = tuple(INDEX[Card.parse(c)] for c in obs["pile"])
    on_pile = 0
    for i in pile:
        on_pile |= 1 << i
    theirs = ALL & ~mine & ~on_pile
    hands = (mine, theirs) if obs["seat"] == 0 else (theirs, mine)
    to_move = obs["to_move"]
    assert to_move is not None  # a position is searched for the seat to move
    return hands, pile, to_move, SECOND_PHASE if obs["phase"] == "second" else PLAY_PHASE


def to_action(move: int) -> Action:
    return Action.make("pick_up") if move == PICK else Action.make("play", card=NAMES[move])


@dataclass
class SearchBot:
    """The computer opponent; higher levels look at whole turns and average more play-outs."""

    whole_turn: bool
    samples: int
    budget: int
    last_work: int = 0
    endgame: bool = False  # the strongest level: play a solver-proven move once the endgame is in reach
    depth: int = 0  # > 0: turns played on after each line (rules.trumps.lookahead), within ``budget``

    def choose(self, seen: Sequence[Observation], rng: random.Random, budget: int | None = None) -> Action:
        """The move for the last observation; ``budget`` (play-out steps) overrides the level's."""
        mine = trumps_seen(seen)
        obs = mine[-1]
        legal = obs["legal"]
        if not legal:
            raise ValueError("asked to move without legal actions")
        if obs["phase"] == "choose_trump" or len(legal) == 1:
            # the choice comes before the deal, so any suit is as good (§3.7 #3: a seeded random one)
            return Action.from_dict(rng.choice(legal))
        if self.endgame and (proven := endgame_move(mine)) is not None:
            return proven
        chosen = chosen_trumps(obs)
        trumps = (SUITS.index(chosen[0]), SUITS.index(chosen[1]))
        if self.depth:
            return to_action(self._deep_line(obs, trumps, self.budget if budget is None else budget)[0])
        search = Search(trumps, obs["seat"], bool(obs["voluntary_pickup"]))
        line = search.best_line(position_from(obs), self.whole_turn, self.samples, self.budget,
                                random.Random(rng.getrandbits(64)))
        self.last_work = search.work
        return to_action(line[0])

    def _deep_line(self, obs: TrumpsObs, trumps: tuple[int, int], budget: int) -> tuple[int, ...]:
        voluntary = bool(obs["voluntary_pickup"])
        look = Lookahead((Search(trumps, 0, voluntary), Search(trumps, 1, voluntary)), obs["seat"], self.depth)
        line = look.best_line(position_from(obs), budget)
        self.last_work = look.work
        return line


class GreedyBaseline:
    """Beat with the cheapest card, lead (and play the second card) the lowest: no look-ahead."""

    def choose(self, seen: Sequence[Observation], rng: random.Random) -> Action:
        obs = trumps_seen(seen)[-1]
        legal = trumps_legal(obs)
        if obs["phase"] == "choose_trump":
            return Action.from_dict(rng.choice(legal))
        trump = SUITS.index(chosen_trumps(obs)[obs["seat"]])
        plays = [a for a in legal if a["kind"] == "play"]
        if not plays:
            return Action.from_dict(legal[0])
        cheapest = min(plays, key=lambda a: cost(INDEX[Card.parse(a["card"])], trump))
        return Action.from_dict(cheapest)


LEVELS: dict[int, tuple[bool, int, int, int]] = {1: (False, 0, 0, 0), 2: (True, 0, 0, 0),
                                                 3: (True, 0, 800_000, 5)}
"""level -> (whole turns?, straying play-outs to break ties, play-out step budget, turns looked ahead)."""


def make(level: int) -> SearchBot:
    whole_turn, samples, budget, depth = LEVELS[max(1, min(3, level))]
    return SearchBot(whole_turn, samples, budget, depth=depth, endgame=level >= 3)


def endgame_move(seen: Sequence[TrumpsObs]) -> Action | None:
    """A move the endgame solver proves best (rules/trumps/solver.py), or None when out of its reach or
    when every move is proven to lose: then any move is "best" against perfect play, so the search picks
    the one that leaves an imperfect opponent the most ways to go wrong."""
    from rules.trumps.solver import BOT_BUDGET, ENDGAME_CARDS, solve_observed

    obs = seen[-1]
    if obs["hand_counts"][0] + obs["hand_counts"][1] > ENDGAME_CARDS:
        return None
    solved = solve_observed(seen, BOT_BUDGET)
    return None if solved is None or solved.value < 0 else to_action(solved.move)
