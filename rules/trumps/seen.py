"""The positions an Own Trumps game has passed through, counted for the repetition rule (RULES.md §3)."""
from __future__ import annotations

from bisect import bisect_left
from itertools import count as _counter

from rules.trumps.core import ALL, bits, mask_of

TURN_BIT, SECOND_BIT = 1 << 36, 1 << 37  # the parts of a repetition key above seat 0's hand


def key(h0: int, code: int, turn: int, second: bool) -> int:
    """A position's repetition key as one int: all 36 cards are placed, so seat 0's hand and the pile in
    order (``code``) fix seat 1's hand; then who moves and the phase."""
    return code << 38 | (SECOND_BIT if second else 0) | (TURN_BIT if turn else 0) | h0


PositionKey = tuple[int, int, tuple[int, ...], int, str]  # hands, pile, who moves, phase


def position_of(k: int) -> PositionKey:
    """The ``position_key`` tuple of a repetition key."""
    h0 = k & ALL
    pile = []
    code = k >> 38
    while code:
        pile.append((code & 63) - 1)
        code >>= 6
    h1 = ALL & ~h0 & ~mask_of(pile)
    return h0, h1, tuple(reversed(pile)), int(bool(k & TURN_BIT)), "second" if k & SECOND_BIT else "play"


class _Log:
    """One line of play's position keys, shared by every record along it; only ever added to.

    ``where[key]`` is the index at which ``key`` occurred, or the list of them (ascending) once it
    occurred again, so a record that is not the newest still counts only its own prefix. ``claims``
    hands each index to exactly one extender: a second action applied to the same state (undo, a
    review, two threads) finds its index taken and copies the prefix into a log of its own instead.
    """

    __slots__ = ("claims", "where")

    def __init__(self, where: dict[int, int | list[int]] | None = None) -> None:
        self.where: dict[int, int | list[int]] = {} if where is None else where
        self.claims: dict[int, int] = {}  # index -> the token of the add that took it

    def prefix(self, n: int) -> _Log:
        """A new log holding the first ``n`` keys of this one."""
        where: dict[int, int | list[int]] = {}
        for k, at in list(self.where.items()):
            if isinstance(at, int):
                if at < n:
                    where[k] = at
            else:
                kept = at[:bisect_left(at, n)]
                if kept:
                    where[k] = kept if len(kept) > 1 else kept[0]
        return _Log(where)


class Seen(tuple[_Log, int]):
    """Immutable counts of the positions met so far: the first ``n`` keys of a log, as the pair (log, n).

    Adding along one line of play is O(1): the common case, a game moving forward, adds to the shared
    log. Branching from an older record costs a copy of its prefix once. A tuple, so that making one
    per action is a single ``tuple.__new__``.
    """

    __slots__ = ()

    def __new__(cls, log: _Log | None = None, n: int = 0) -> Seen:
        return _new(cls, (_Log() if log is None else log, n))

    def count(self, key: int) -> int:
        log, n = self
        at = log.where.get(key)
        if at is None:
            return 0
        if isinstance(at, int):
            return int(at < n)
        return len(at) if at[-1] < n else bisect_left(at, n)

    def add(self, key: int) -> tuple[Seen, int]:
        """The record with ``key`` added, and how often ``key`` has now been met."""
        log, n = self
        token = next(_TOKENS)
        if log.claims.setdefault(n, token) != token:  # someone already extended this record: branch off
            log = log.prefix(n)
            log.claims[n] = token
        new = _new(Seen, (log, n + 1))
        # every index already in the log is below n: it held exactly n keys before this one
        at = log.where.setdefault(key, n)
        if at is n:
            return new, 1
        if isinstance(at, int):
            log.where[key] = [at, n]
            return new, 2
        at.append(n)
        return new, len(at)

    def renamed(self, to: list[int]) -> Seen:
        """The same record with card ``c`` renamed ``to[c]`` in every position it counted (a renaming of the cards
        renames the keys one to one, so each keeps its occurrences)."""
        log, n = self
        where: dict[int, int | list[int]] = {}
        for k, at in log.prefix(n).where.items():
            pile, code = [], k >> 38
            while code:
                pile.append(to[(code & 63) - 1] + 1)
                code >>= 6
            for c in reversed(pile):
                code = code << 6 | c
            h0 = 0
            for c in bits(k & ALL):
                h0 |= 1 << to[c]
            where[code << 38 | (k & (TURN_BIT | SECOND_BIT)) | h0] = at
        return _new(Seen, (_Log(where), n))

    def as_dict(self) -> dict[int, int]:
        out = {}
        for k in list(self[0].where):
            c = self.count(k)
            if c:
                out[k] = c
        return out

    def __len__(self) -> int:
        return self[1]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Seen) and self.as_dict() == other.as_dict()

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # type: ignore[assignment]  # unhashable: its log is shared and grows


_new = tuple.__new__
_TOKENS = _counter()  # unique per add (next() is atomic): who claimed an index, without keeping a reference
