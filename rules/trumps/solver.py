"""Own Trumps endgame solver: the exact result (win, draw, loss) of a position, by alpha-beta with a table.

Own Trumps deals all 36 cards, so a position (both hands, the pile in order, who moves, the phase) is
perfect information. The repetition rule (RULES.md §3.7 #12: the third occurrence of a position is a
draw) makes the game graph cyclic; the solver handles it exactly like this:

- Outside the repetition rule, a position's value is that of the cyclic game in which endless play
  is a draw (V∞): a side that can force a win can do so along a line on which no position repeats
  (its attractor strategy: every move gets closer to the end), and a side that can hold a draw can
  keep doing so until a repetition ends the game. So repeating a position is never needed to win,
  and a repetition is a draw whatever the count, except for positions the game has already met twice:
  entering one of those is the third occurrence, a draw. The solver gets those counts from the state.
- In the search, a position met again on the current line scores as a draw (it never changes the
  value at the root, by the argument above), but a result that depended on such a cycle is path-
  dependent, so it is never stored in the table. Stored bounds come from finite trees whose leaves are
  exact values: the table holds only exact knowledge of V∞ and the root value is exact.

Work is bounded by a node budget (never a clock): ``solve`` returns None when it did not finish.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.trumps.core import BEATERS, SUIT_MASK, pickup_size
from rules.trumps.seen import PositionKey

if TYPE_CHECKING:
    from rules.trumps.state import TrumpsState
    from rules.trumps.types import TrumpsObs

PICK = -1  # the pick-up move
PLAY, SECOND = 0, 1
PHASES = {"play": PLAY, "second": SECOND}
WIN, DRAW, LOSS = 1, 0, -1
Key = tuple[int, int, bytes, int, int]  # hands, pile (bytes: its hash is cached), turn, phase
DEFAULT_BUDGET = 400_000
ENDGAME_CARDS = 12  # the strongest bot asks the solver from this many cards in both hands (tools/solver_bench.py)
ENDGAME_BUDGET = 40_000  # nodes: about a second on a laptop; the review's reach (an unproven move gets no verdict)
# The strongest bot's reach while it thinks: measured on the solver bench's endgames (8 to 12 cards), a
# proof either comes within a few thousand nodes (0.03 s) or not within 40,000 either (proven: 5 of 11,
# 7 of 15 and 6 of 25 at 5,000 nodes; 5, 8 and 6 at 40,000), so a failed attempt costs 0.1 s, not 1 s.
BOT_BUDGET = 5_000
PROOF_DEPTH = 64  # forced wins are looked for up to this many plies before the full search
MAX_DEPTH = 700  # plies on one line; deeper lines give up (Python's stack), never guess


class _OutOfBudget(Exception):
    pass


@dataclass(frozen=True)
class Solved:
    """The proven result for the seat to move: ``value`` 1 win, 0 draw, -1 loss, and a move that keeps it."""

    value: int
    move: int  # a card index, or PICK
    nodes: int


class Solver:
    """One search: the trump suits, the voluntary pick-up option and the positions met twice so far."""

    def __init__(self, trumps: tuple[int, int], voluntary: bool = False, twice: Iterable[Key] = (),
                 budget: int = DEFAULT_BUDGET) -> None:
        self.beat = (BEATERS[trumps[0]], BEATERS[trumps[1]])
        self.tmask = (SUIT_MASK[trumps[0]], SUIT_MASK[trumps[1]])
        self.trumps = trumps
        self.voluntary = voluntary
        self.twice = frozenset(twice)  # entering one of these is a third occurrence: a draw
        self.budget = budget
        self.nodes = 0
        self.table: dict[Key, tuple[int, int]] = {}  # key -> (lower, upper) bound, seat 0's view
        self.path: set[Key] = set()
        self.best: dict[Key, int] = {}  # the move of a proven forced win
        self.failed: dict[tuple[Key, int], int] = {}  # (key, prover) -> depth at which no win exists

    # --- the rules on keys ----------------------------------------------------------------------
    def moves(self, key: Key) -> list[int]:
        """Legal moves, likely good ones first.

        A beat: the lowest non-trumps, then trumps (pick-up last, with the option). A lead or a
        second card: first the cards the opponent cannot beat (they must pick up), lowest first.
        """
        h0, h1, pile, turn, phase = key
        hand = h0 if turn == 0 else h1
        if phase == PLAY and pile:
            hand &= self.beat[turn][pile[-1]]
            if not hand:
                return [PICK]
            groups: tuple[int, ...] = (hand & ~self.tmask[turn], hand & self.tmask[turn])
        else:
            opp, beat = (h1, self.beat[1]) if turn == 0 else (h0, self.beat[0])
            safe = 0
            m = hand
            while m:
                low = m & -m
                if not opp & beat[low.bit_length() - 1]:
                    safe |= low
                m ^= low
            rest = hand & ~safe
            groups = (safe & ~self.tmask[turn], safe & self.tmask[turn], rest & ~self.tmask[turn],
                      rest & self.tmask[turn])
        out = []
        for m in groups:
            while m:
                low = m & -m
                out.append(low.bit_length() - 1)
                m ^= low
        if self.voluntary and phase == PLAY and pile:
            out.append(PICK)
        return out

    def step(self, key: Key, move: int) -> tuple[Key, int | None]:
        """The next key, and the end value (seat 0's view) if this move ends the game."""
        h0, h1, pile, turn, phase = key
        hands = [h0, h1]
        if move == PICK:
            n, _ = pickup_size(self.trumps[turn], pile[-1], len(pile))
            for c in pile[-n:]:
                hands[turn] |= 1 << c
            return (hands[0], hands[1], pile[:-n], 1 - turn, PLAY), None  # pile[-n:] is bytes: ints
        hands[turn] &= ~(1 << move)
        if not hands[turn]:
            opp = hands[1 - turn]
            if opp.bit_count() == 1 and opp & self.beat[1 - turn][move]:
                return key, DRAW
            return key, WIN if turn == 0 else LOSS
        if phase == SECOND or not pile:
            return (hands[0], hands[1], pile + bytes((move,)), 1 - turn, PLAY), None
        return (hands[0], hands[1], pile + bytes((move,)), turn, SECOND), None

    # --- the search -------------------------------------------------------------------------------
    def search(self, key: Key, alpha: int, beta: int, depth: int) -> tuple[int, bool]:
        """The value for seat 0 within (alpha, beta), and whether it depended on a cycle of this line."""
        hit = self.table.get(key)
        if hit is not None:
            lo, hi = hit
            if lo == hi or lo >= beta or hi <= alpha:
                return (lo if lo >= beta or lo == hi else hi), False
            alpha, beta = max(alpha, lo), min(beta, hi)
        self.nodes += 1
        if self.nodes > self.budget or depth > MAX_DEPTH:
            raise _OutOfBudget
        maximise = key[3] == 0
        best = LOSS - 1 if maximise else WIN + 1
        a, b = alpha, beta
        cyclic = False
        self.path.add(key)
        try:
            for move in self.moves(key):
                nxt, end = self.step(key, move)
                if end is not None:
                    v = end
                elif nxt in self.path:
                    v, cyclic = DRAW, True
                elif nxt in self.twice:
                    v = DRAW
                else:
                    v, dep = self.search(nxt, a, b, depth + 1)
                    cyclic = cyclic or dep
                if maximise:
                    best, a = max(best, v), max(a, v)
                else:
                    best, b = min(best, v), min(b, v)
                if a >= b:
                    break
        finally:
            self.path.discard(key)
        if not cyclic:
            lo, hi = self.table.get(key, (LOSS, WIN))
            if best <= alpha:
                hi = min(hi, best)
            elif best >= beta:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.table[key] = (lo, hi)
        return best, cyclic

    # --- short forced wins first -------------------------------------------------------------
    def prove(self, key: Key, prover: int, depth: int) -> int | None:
        """A move of the seat to move after which ``prover`` wins within ``depth`` plies whatever the
        other side does (the proving move at the prover's nodes, else any move), or None.

        A forced win never needs a repeated position, so a repetition simply fails the proof; a
        proof is exact knowledge (stored as a bound), a failure is not stored across lines.
        """
        if depth <= 0:
            return None
        won = self.table.get(key)
        if won is not None and won[0] == won[1] == (WIN if prover == 0 else LOSS):
            return self.best.get(key, PICK)
        if self.failed.get((key, prover), 0) >= depth:
            return None
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        mine = key[3] == prover
        target = WIN if prover == 0 else LOSS
        self.path.add(key)
        found, clean = None, True
        try:
            for move in self.moves(key):
                nxt, end = self.step(key, move)
                if end is not None:
                    ok = end == target
                elif nxt in self.path:
                    ok, clean = False, False
                elif nxt in self.twice:
                    ok = False
                else:
                    ok = self.prove(nxt, prover, depth - 1) is not None
                    clean = clean and (ok or self.failed.get((nxt, prover), 0) >= depth - 1)
                if ok and mine:
                    found = move
                    break
                if not ok and not mine:
                    break
            else:
                if not mine:
                    found = move
        finally:
            self.path.discard(key)
        if found is not None:
            self.table[key] = (target, target)
            self.best[key] = found
        elif clean:
            self.failed[(key, prover)] = max(depth, self.failed.get((key, prover), 0))
        return found

    def solve(self, key: Key) -> Solved | None:
        """The exact result for the seat to move at ``key`` and a move that achieves it (None: over budget).

        Short forced wins are looked for first, with growing depth, for either side; what is left is
        settled by the full alpha-beta search (draws need it: no depth proves one).
        """
        turn = key[3]
        try:
            depth = 2
            while depth <= PROOF_DEPTH:
                for prover, value in ((turn, WIN), (1 - turn, LOSS)):
                    move = self.prove(key, prover, depth)
                    if move is not None:
                        return Solved(value, move, self.nodes)
                depth *= 2
            return self._full(key)
        except _OutOfBudget:
            return None

    def _full(self, key: Key) -> Solved:
        turn = key[3]
        sign = 1 if turn == 0 else -1
        best_v, best_m = None, None
        self.path.add(key)
        try:
            for move in self.moves(key):
                nxt, end = self.step(key, move)
                if end is not None:
                    v = end
                elif nxt in self.path or nxt in self.twice:
                    v = DRAW
                else:
                    v, _ = self.search(nxt, LOSS, WIN, 1)
                v *= sign
                if best_v is None or v > best_v:
                    best_v, best_m = v, move
                if best_v == WIN:
                    break
        finally:
            self.path.discard(key)
        assert best_v is not None and best_m is not None
        return Solved(best_v, best_m, self.nodes)

    def value(self, key: Key) -> int | None:
        """The exact result for the seat to move (1, 0, -1), or None when over budget."""
        solved = self.solve(key)
        return None if solved is None else solved.value


def key_of(position_key: PositionKey) -> Key:
    """The solver's key for a ``TrumpsState.position_key`` (hands, pile tuple, turn, phase name)."""
    h0, h1, pile, turn, phase = position_key
    return h0, h1, bytes(pile), turn, PHASES[phase]


def twice_seen(counts: Mapping[PositionKey, int]) -> list[Key]:
    """The positions a game has met twice (their next occurrence is a draw), from position-key counts."""
    return [key_of(k) for k, n in counts.items() if n >= 2 and k[4] in PHASES]


def solve_state(state: TrumpsState, budget: int = DEFAULT_BUDGET) -> Solved | None:
    """Solve a running :class:`~rules.trumps.state.TrumpsState` (its own repetition counts included)."""
    if state.phase not in PHASES:
        return None
    solver = Solver((state.trump(0), state.trump(1)), state.voluntary_pickup, twice_seen(state.position_counts()),
                    budget)
    return solver.solve(key_of(state.position_key))


def observed_key(obs: TrumpsObs) -> Key:
    """The full position an observation implies: all 36 cards are dealt, so the other hand is the rest."""
    from rules.trumps.core import ALL, index_of

    mine = 0
    for c in obs["hand"]:
        mine |= 1 << index_of(c)
    pile = bytes(index_of(c) for c in obs["pile"])
    theirs = ALL & ~mine & ~sum(1 << c for c in set(pile))
    hands = (mine, theirs) if obs["seat"] == 0 else (theirs, mine)
    to_move = obs["to_move"]
    assert to_move is not None  # solved only for the seat to move
    return hands[0], hands[1], pile, to_move, PHASES[obs["phase"]]


def solve_observed(seen: Sequence[TrumpsObs], budget: int = ENDGAME_BUDGET) -> Solved | None:
    """Solve from a seat's observations: the last one is the position; the earlier ones (the seat's own
    turns) give the repetition counts it knows. Positions met only at the other seat's turns are not in
    a seat's view, so their counts are unknown here (a state-based solve has them all)."""
    from rules.trumps.core import SUITS
    from rules.trumps.types import chosen_trumps

    obs = seen[-1]
    if obs["phase"] not in PHASES or obs["to_move"] != obs["seat"]:
        return None
    counts: dict[Key, int] = {}
    for o in seen:
        if o["phase"] in PHASES and o["to_move"] == o["seat"]:
            k = observed_key(o)
            counts[k] = max(counts.get(k, 0), o["repetition"])
    chosen = chosen_trumps(obs)
    trumps = (SUITS.index(chosen[0]), SUITS.index(chosen[1]))
    solver = Solver(trumps, bool(obs["voluntary_pickup"]), [k for k, n in counts.items() if n >= 2], budget)
    return solver.solve(observed_key(obs))


def cards_in_hands(key: Key) -> int:
    return key[0].bit_count() + key[1].bit_count()


__all__ = ["PICK", "Solved", "Solver", "cards_in_hands", "key_of", "observed_key", "solve_observed", "solve_state",
           "twice_seen"]
