"""The positions an Own Trumps game has passed through, counted for the repetition rule (RULES.md §3)."""
from __future__ import annotations

_CHUNK = 64  # repetition keys are merged into a frozen dict every this many actions


class Seen:
    """Immutable counts of the positions met so far: a frozen dict plus a short tail of recent keys.

    Adding is O(_CHUNK) and every _CHUNK additions the tail is folded into a new dict, so a long game
    costs O(n * _CHUNK + n² / _CHUNK) in total instead of copying the whole history on every action.
    ``_base`` is never mutated after construction (private, copied with the fast ``dict.copy``).
    """

    __slots__ = ("_base", "_tail")

    def __init__(self, base: dict[tuple, int] | None = None, tail: tuple[tuple, ...] = ()):
        self._base: dict[tuple, int] = {} if base is None else base
        self._tail = tail

    def count(self, key: tuple) -> int:
        return self._base.get(key, 0) + self._tail.count(key)

    def add(self, key: tuple) -> Seen:
        if len(self._tail) < _CHUNK:
            return Seen(self._base, self._tail + (key,))
        merged = self._base.copy()
        for k in self._tail + (key,):
            merged[k] = merged.get(k, 0) + 1
        return Seen(merged, ())

    def as_dict(self) -> dict[tuple, int]:
        out = self._base.copy()
        for k in self._tail:
            out[k] = out.get(k, 0) + 1
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Seen) and self.as_dict() == other.as_dict()

    __hash__ = None  # type: ignore[assignment]
