"""Own Trumps endgame solver: the exact result (win, draw, loss) of a position and a move that keeps it.

Own Trumps deals all 36 cards, so a position (both hands, the pile in order, who moves, the phase) is
perfect information. The result comes from two proof-number searches (rules/trumps/prover.py): can the
side to move force a win, can the other side? One proof decides; two disproofs make a draw. The
repetition rule (RULES.md §3.7 #12: the third occurrence of a position is a draw) makes the game graph
cyclic; the prover's table stays exact under it (see there). Positions the game has already met twice
are draws on entry: the solver gets those counts from the state (or a seat's observations).

Work is bounded by a node budget (never a clock): ``solve`` returns None when it did not finish.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.trumps.keys import PHASES, PICK, Key, KeyRules, cards_in_hands
from rules.trumps.prover import prove_value
from rules.trumps.seen import PositionKey

if TYPE_CHECKING:
    from rules.trumps.state import TrumpsState
    from rules.trumps.types import TrumpsObs

DEFAULT_BUDGET = 400_000
ENDGAME_CARDS = 12  # the strongest bot asks the solver from this many cards in both hands (tools/solver_bench.py)
# the review's reach (an unproven move gets no verdict): at most 0.45 s of CPU on the bench's positions here; five
# times as many proved only one more of the 9 unproven 8-card ones (docs/decisions.md)
ENDGAME_BUDGET = 40_000
BOT_BUDGET = 5_000  # the strongest bot's reach while it thinks: an unproven position costs it a tenth of a second


@dataclass(frozen=True)
class Solved:
    """The proven result for the seat to move: ``value`` 1 win, 0 draw, -1 loss, and a move that keeps it."""

    value: int
    move: int  # a card index, or PICK
    nodes: int


class Solver(KeyRules):
    """One solve: the trump suits, the voluntary pick-up option and the positions met twice so far."""

    def __init__(self, trumps: tuple[int, int], voluntary: bool = False, twice: Iterable[Key] = (),
                 budget: int = DEFAULT_BUDGET) -> None:
        super().__init__(trumps, voluntary)
        self.twice = frozenset(twice)  # entering one of these is a third occurrence: a draw
        self.budget = budget
        self.nodes = 0

    def solve(self, key: Key) -> Solved | None:
        """The exact result for the seat to move at ``key`` and a move that achieves it (None: over budget)."""
        found = prove_value(self, key, self.twice, self.budget)
        if found is None:
            self.nodes = self.budget
            return None
        value, move, self.nodes = found
        return Solved(value, move, self.nodes)

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


__all__ = ["PICK", "Solved", "Solver", "cards_in_hands", "key_of", "observed_key", "solve_observed", "solve_state",
           "twice_seen"]
