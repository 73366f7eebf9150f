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

The two questions share what settles them: a proof of one side is a disproof for the other, and a disproof
with no draw anywhere below it (no end in a draw, no repetition, no position met twice) is the other side's
proof, so a decided position is settled by whichever search gets there first.

Work is bounded by nodes (never a clock): a search over its budget says neither.
"""
from __future__ import annotations

import gc
from collections.abc import Iterable

from rules.trumps.keys import DRAW, LOSS, WIN, Key, KeyRules

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
        self.drawish: set[Key] = set(twice)  # disproofs in the table that rest on a draw somewhere below
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
            if not kids:
                raise ValueError("a position without moves")  # every Own Trumps position has one
        self.path[key] = depth
        # look() inlined, with the node's numbers (pn the least, dn the sum at my turn; the reverse at the other's):
        # this loop is most of a solve's time
        path, table_get, loops_get, target = self.path, self.table.get, self.loops.get, self.target
        needs = NONE
        try:
            while True:
                best, low, runner_up, total, b_pn, b_dn = 0, INF + 1, INF, 0, 0, 0
                for i, (_, nxt, end) in enumerate(kids):
                    if end is not None:
                        c_pn, c_dn = (0, INF) if end == target else (INF, 0)
                    elif nxt in path:
                        c_pn, c_dn = INF, 0
                    else:
                        hit = table_get(nxt)
                        if hit is not None and (hit[0] == 0 or hit[1] == 0):
                            c_pn, c_dn = hit
                        elif (loop := loops_get(nxt)) is not None and path.keys() >= loop:
                            c_pn, c_dn = INF, 0
                        elif hit is not None:
                            c_pn, c_dn = hit
                        else:
                            c_pn, c_dn = 1, 1
                    v, o = (c_pn, c_dn) if mine else (c_dn, c_pn)
                    if v < low:
                        best, runner_up, low, b_pn, b_dn = i, low, v, c_pn, c_dn
                        if v == 0:  # decided by this child
                            total = INF
                            break
                    elif v < runner_up:
                        runner_up = v
                    total += o
                total = min(total, INF)
                runner_up = min(runner_up, INF)
                pn, dn = (low, total) if mine else (total, low)
                if pn >= pn_t or dn >= dn_t or pn == 0 or dn == 0:
                    break
                if mine:
                    child_pn_t = min(pn_t, runner_up + 1 + runner_up // EPSILON)
                    child_dn_t = dn_t - dn + b_dn
                else:
                    child_dn_t = min(dn_t, runner_up + 1 + runner_up // EPSILON)
                    child_pn_t = pn_t - pn + b_pn
                self.mid(kids[best][1], child_pn_t, child_dn_t, depth + 1)
            if dn == 0:
                needs = self._disproof_needs([self.look(nxt, end) for _, nxt, end in kids], mine) - {key}
        finally:
            del path[key]
        if needs:
            self.loops[key] = needs
        else:
            self.table[key] = (pn, dn)
            if pn == 0 and self.other is not None:
                self.other.table[key] = (INF, 0)  # a proof for this side is a disproof for the other (no draw in it)
            if dn == 0:
                if self.other is not None and self._won_by_other(kids, mine):
                    self.other.table[key] = (0, INF)
                else:
                    self.drawish.add(key)
        return pn, dn, needs

    def _won_by_other(self, kids: list[Child], mine: bool) -> bool:
        """Whether a disproof found at a node is the other side's proof: no draw (an end in a draw, a repetition,
        a position met twice) below it. Then the other side wins from here, by moving at its turns to a child
        disproven before this node (or one its own search proved): each step goes to an earlier-settled
        position, so the play cannot repeat and ends in its win."""
        path, table, other = self.path, self.table, self.other
        assert other is not None
        won = other.table

        def theirs(nxt: Key, end: int | None) -> bool:
            if end is not None:
                return end != self.target and end != DRAW
            if nxt in path:
                return False
            hit = won.get(nxt)
            if hit is not None and hit[0] == 0:
                return True
            hit = table.get(nxt)
            return hit is not None and hit[1] == 0 and nxt not in self.drawish

        if mine:  # every move of the prover loses
            return all(theirs(nxt, end) for _, nxt, end in kids)
        return any(theirs(nxt, end) for _, nxt, end in kids)  # one winning answer

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
    enabled = gc.isenabled()
    gc.disable()  # a solve makes millions of tuples and no cycles: the collector's passes cost a tenth of its time
    try:
        return _prove_value(rules, key, frozenset(twice), budget)
    finally:
        if enabled:
            gc.enable()


def _prove_value(rules: KeyRules, key: Key, frozen: frozenset[Key], budget: int) -> tuple[int, int, int] | None:
    turn = key[3]
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
