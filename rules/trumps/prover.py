"""Own Trumps proof-number search: whether a seat can force a win, by df-pn with a table kept exact under repetitions.

One ``ProofSearch`` answers one question, "can ``prover`` force a win from here?", best-first by proof and
disproof numbers (Nagai's depth-first proof-number search, with Pawlewicz and Lew's 1+ε thresholds). Two
of them give the three-valued result: a win when the side to move's is proven, a loss when the other's is,
a draw when both are disproven (``prove_value``).

Repetitions (the graph-history interaction). A position met again on the current line fails the prover:
a side that can force a win can do it without repeating a position (its attractor strategy gets closer to
the end with every move, whatever the answer), so no proof is lost that way, and a repetition is a draw
for both sides. Hence every proof is path-independent and is stored as such. A disproof may rest on such a
repetition; it then records the positions above it on the line it looped back to, and is stored apart:
it is used again only while all of them are on the line (then the same derivation holds), never
elsewhere. A disproof that looped back only to its own position holds from anywhere (the argument
above, with that position as the root) and goes to the table. Positions the game has already met twice
are draws on entry, for either prover.

Work is bounded by nodes (never a clock): a search over its budget says neither.
"""
from __future__ import annotations

from collections.abc import Iterable

from rules.trumps.keys import LOSS, WIN, Key, KeyRules

INF = 1 << 40  # a proof or disproof number that can never shrink again: (dis)proven
MAX_DEPTH = 600  # plies on one line; deeper lines give up the whole search (Python's stack), never guess
SHORT_PLIES = 12  # forced wins up to this many plies are looked for first, depth-first
EPSILON = 4  # the 1+ε trick: a child keeps the focus until its number passes the runner-up's by a quarter
NONE: frozenset[Key] = frozenset()


class OutOfBudget(Exception):
    pass


class Counter:
    """Nodes spent by the searches of one solve, and where they must stop."""

    def __init__(self, limit: int) -> None:
        self.nodes = 0
        self.limit = limit


Child = tuple[int, Key, "int | None"]  # move, next key, end value (seat 0's view) when the move ends the game
Look = tuple[int, int, frozenset[Key]]  # proof number, disproof number, the line positions a disproof needs


class ProofSearch:
    """Whether ``prover`` can force a win, with its own tables (proof numbers depend on the question)."""

    def __init__(self, rules: KeyRules, prover: int, twice: frozenset[Key], counter: Counter) -> None:
        self.rules = rules
        self.prover = prover
        self.target = WIN if prover == 0 else LOSS
        self.counter = counter
        # path-independent numbers: (0, INF) proven, (INF, 0) disproven
        self.table: dict[Key, tuple[int, int]] = dict.fromkeys(twice, (INF, 0))
        self.loops: dict[Key, frozenset[Key]] = {}  # disproofs that hold while these positions are on the line
        self.path: dict[Key, int] = {}
        self.kids: dict[Key, list[Child]] = {}  # the moves of positions searched (they are searched again)
        self.other: ProofSearch | None = None  # the other seat's question: its proofs are this one's disproofs

    def children(self, key: Key) -> list[Child]:
        out = []
        for move in self.rules.moves(key):
            nxt, end = self.rules.step(key, move)
            out.append((move, nxt, end))
        return out

    def look(self, nxt: Key, end: int | None) -> Look:
        """A child's numbers as seen from the current line."""
        if end is not None:
            return (0, INF, NONE) if end == self.target else (INF, 0, NONE)
        if nxt in self.path:
            return INF, 0, frozenset((nxt,))
        hit = self.table.get(nxt)  # the positions met twice are in it, disproven: a draw on entry
        if hit is not None and (hit[0] == 0 or hit[1] == 0):
            return hit[0], hit[1], NONE
        if self.other is not None and (won := self.other.table.get(nxt)) is not None and won[0] == 0:
            return INF, 0, NONE  # the other side wins from there: no win for this one
        loop = self.loops.get(nxt)
        if loop is not None and self.path.keys() >= loop:
            return INF, 0, loop
        if hit is not None:
            return hit[0], hit[1], NONE
        # Unit numbers to start: weighting them by the cards each side holds proved the same positions
        # on the solver bench's endgames (8 and 12 cards, seeds 0-39), so the simplest stays.
        return 1, 1, NONE

    def run(self, key: Key) -> int | None:
        """1 proven, 0 disproven, None when the counter ran out (the tables keep what was learnt)."""
        try:
            pn, dn, _ = self.mid(key, INF, INF, 0)
        except OutOfBudget:
            return None
        finally:
            self.path.clear()
        return 1 if pn == 0 else 0 if dn == 0 else None

    def mid(self, key: Key, pn_t: int, dn_t: int, depth: int) -> Look:
        """Search ``key`` until its proof number reaches ``pn_t`` or its disproof number ``dn_t``."""
        counter = self.counter
        counter.nodes += 1
        if counter.nodes > counter.limit or depth > MAX_DEPTH:
            raise OutOfBudget
        mine = key[3] == self.prover
        kids = self.kids.get(key)
        if kids is None:
            kids = self.kids[key] = self.children(key)
        self.path[key] = depth
        try:
            while True:
                looks = [self.look(nxt, end) for _, nxt, end in kids]
                pn, dn, best, runner_up = self._numbers(looks, mine)
                if pn >= pn_t or dn >= dn_t or pn == 0 or dn == 0:
                    break
                c_pn, c_dn, _ = looks[best]
                if mine:
                    child_pn_t = min(pn_t, runner_up + 1 + runner_up // EPSILON)
                    child_dn_t = dn_t - dn + c_dn
                else:
                    child_dn_t = min(dn_t, runner_up + 1 + runner_up // EPSILON)
                    child_pn_t = pn_t - pn + c_pn
                self.mid(kids[best][1], child_pn_t, child_dn_t, depth + 1)
        finally:
            del self.path[key]
        needs = NONE
        if dn == 0:
            needs = self._disproof_needs(looks, mine) - {key}
        if needs:
            self.loops[key] = needs
        else:
            self.table[key] = (pn, dn)
        return pn, dn, needs

    @staticmethod
    def _numbers(looks: list[Look], mine: bool) -> tuple[int, int, int, int]:
        """The node's numbers, the child to follow and the runner-up's number that bounds it."""
        if not looks:
            raise ValueError("a position without moves")  # every Own Trumps position has one
        best, low, runner_up, total = 0, INF + 1, INF, 0
        for i, (pn, dn, _) in enumerate(looks):
            v, total = (pn, total + dn) if mine else (dn, total + pn)
            if v < low:
                best, runner_up, low = i, low, v
            elif v < runner_up:
                runner_up = v
        total = min(total, INF)
        runner_up = min(runner_up, INF)
        return (low, total, best, runner_up) if mine else (total, low, best, runner_up)

    @staticmethod
    def _disproof_needs(looks: list[Look], mine: bool) -> frozenset[Key]:
        if mine:  # every move of the prover fails: all of them are needed
            needs: frozenset[Key] = NONE
            for lk in looks:
                needs = needs | lk[2]
            return needs
        return min((lk[2] for lk in looks if lk[1] == 0), key=len)  # one refutation is enough: the freest

    def proven_move(self, key: Key, proven: bool) -> int | None:
        """At a decided root: a move to a child whose question has the same answer (a win's move, or the
        answer that keeps the prover from winning), from the tables."""
        self.path[key] = 0
        try:
            for move, nxt, end in self.children(key):
                pn, dn, _ = self.look(nxt, end)
                if (pn if proven else dn) == 0:
                    return move
        finally:
            self.path.clear()
        return None


def short_win(rules: KeyRules, key: Key, prover: int, plies: int, twice: frozenset[Key], path: set[Key],
              counter: Counter) -> int | None:
    """A move after which ``prover`` wins within ``plies`` plies whatever the answers (at the other side's
    turn any move), or None; no repetition is needed for that, so one fails it."""
    if plies <= 0:
        return None
    counter.nodes += 1
    if counter.nodes > counter.limit:
        raise OutOfBudget
    mine = key[3] == prover
    target = WIN if prover == 0 else LOSS
    path.add(key)
    try:
        move = None
        for move in rules.moves(key):
            nxt, end = rules.step(key, move)
            if end is not None:
                ok = end == target
            else:
                ok = nxt not in path and nxt not in twice and \
                    short_win(rules, nxt, prover, plies - 1, twice, path, counter) is not None
            if ok == mine:
                return move if mine else None
        return None if mine else move
    finally:
        path.discard(key)


def short_value(rules: KeyRules, key: Key, twice: frozenset[Key], counter: Counter) -> tuple[int, int] | None:
    """A win for either side within ``SHORT_PLIES``, by iterative deepening: (value for the side to move,
    its move), or None. Depth-first with no table, it finds a short win at once where the proof numbers
    can follow a longer line first (a win in 8 plies: 23,589 nodes of df-pn, 90 here)."""
    turn = key[3]
    try:
        for plies in range(1, SHORT_PLIES + 1):
            for prover, value in ((turn, 1), (1 - turn, -1)):
                move = short_win(rules, key, prover, plies, twice, set(), counter)
                if move is not None:
                    return value, move
    except OutOfBudget:
        pass
    return None


def prove_value(rules: KeyRules, key: Key, twice: Iterable[Key], budget: int) -> tuple[int, int, int] | None:
    """(value for the side to move, a move keeping it, nodes spent), or None over ``budget`` nodes.

    Short wins first, within a tenth of the budget; then the two questions share the rest in turns of
    doubling length, so neither starves the other: a draw needs both disproofs, a decided position
    only one proof.
    """
    turn = key[3]
    frozen = frozenset(twice)
    counter = Counter(budget // 10)
    short = short_value(rules, key, frozen, counter)
    if short is not None:
        return short[0], short[1], counter.nodes
    counter.nodes = min(counter.nodes, counter.limit)
    mine, theirs = ProofSearch(rules, turn, frozen, counter), ProofSearch(rules, 1 - turn, frozen, counter)
    mine.other, theirs.other = theirs, mine
    theirs.kids = mine.kids  # the moves do not depend on the question
    answers: list[int | None] = [None, None]
    chunk = max(64, budget // 64)
    while counter.nodes < budget:
        for i, search in enumerate((mine, theirs)):
            if answers[i] is None and counter.nodes < budget:
                counter.limit = min(budget, counter.nodes + chunk)
                answers[i] = search.run(key)
        if answers[0] == 1:
            move = mine.proven_move(key, True)
            assert move is not None
            return WIN_FOR_MOVER, move, counter.nodes
        if answers[1] == 1:
            return -WIN_FOR_MOVER, rules.moves(key)[0], counter.nodes
        if answers == [0, 0]:
            move = theirs.proven_move(key, False)
            assert move is not None
            return 0, move, counter.nodes
        chunk *= 2
    return None


WIN_FOR_MOVER = 1

__all__ = ["INF", "Counter", "OutOfBudget", "ProofSearch", "prove_value"]
