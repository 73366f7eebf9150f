"""A statistics row (one finished game in stats.sqlite3): each column's type and range. A row that breaks a rule
is skipped and counted (the statistics screen says how many), never shown and never a crash."""
from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TypedDict, cast

from game.names_check import check_name
from game.schema import Rule, choice, is_int, maybe, whole

COLUMNS = ("id", "game", "mode", "name0", "name1", "score0", "score1", "winners", "actions", "played_at",
           "seed", "bot_level", "humans")
SEATS = ("0", "1", "0,1")
SCORE = whole(-1_000_000, 1_000_000)
class StatsRow(TypedDict):
    """One finished game as ``check_row`` passed it: each of ``COLUMNS`` with the type its rule holds it to."""

    id: int
    game: str
    mode: str  # hotseat, computer or online
    name0: str
    name1: str
    score0: int
    score1: int
    winners: str  # "", "0", "1" or "0,1"
    actions: int
    played_at: str
    seed: int | None
    bot_level: int | None
    humans: str  # the seats people played: "0", "1" or "0,1"


def _name_ok(v: str) -> bool:
    return check_name(v) == v


def _name(v: object) -> bool:
    """A name as the app writes it (names repeat over thousands of rows: each distinct one is checked once)."""
    return type(v) is str and _known_name(v)


_known_name = functools.lru_cache(maxsize=4096)(_name_ok)


def printable_ascii(longest: int, wanted: str, shortest: int = 0) -> Rule:
    """Text of printable ASCII only (as the app writes games and times), which SQLite can check as well as Python
    (game/statssql.py keeps the records with the same rules)."""
    return Rule(lambda v: isinstance(v, str) and shortest <= len(v) <= longest and v.isascii() and v.isprintable(),
                wanted)
NAME = Rule(_name, "a name")
RULES: dict[str, Rule] = {
    "id": Rule(is_int, "a whole number"),
    "game": printable_ascii(40, "a game's name", 1),
    "mode": choice(("hotseat", "computer", "online")),
    "name0": NAME, "name1": NAME,
    "score0": SCORE, "score1": SCORE,
    "winners": choice(("", *SEATS)),
    "actions": whole(0, 10_000_000),
    "played_at": printable_ascii(40, "a time"),
    "seed": maybe(whole(-(1 << 63), (1 << 63) - 1)),
    "bot_level": maybe(whole(1, 3)),
    "humans": choice(SEATS),
}
_CHECKS = tuple(RULES[c].test for c in COLUMNS)
_UNIQUE = ("id", "played_at")  # the columns whose values hardly repeat: not worth remembering


def _passes(test: Callable[[object], bool], value: object) -> bool:
    try:
        return bool(test(value))
    except (TypeError, ValueError, OverflowError):
        return False


def check_row(values: Sequence[object]) -> StatsRow | None:
    """The row as a dict of ``COLUMNS``, or None when a value breaks its rule (the caller counts it)."""
    return RowChecker()(values)


class RowChecker:
    """``check_row`` that remembers each column's answers: names, scores, modes and levels repeat over thousands
    of rows, so a file of 100,000 games is checked mostly by looking answers up. (Keyed by type and value: True
    must not pass where 1 did.)"""

    def __init__(self) -> None:
        self._memo: list[dict[tuple[type, object], bool] | None] = [None if c in _UNIQUE else {} for c in COLUMNS]

    def __call__(self, values: Sequence[object]) -> StatsRow | None:
        if len(values) != len(COLUMNS):
            return None
        ok: bool | None
        for value, test, memo in zip(values, _CHECKS, self._memo, strict=True):
            if memo is None:
                ok = _passes(test, value)
            else:
                key = (type(value), value)
                ok = memo.get(key)
                if ok is None:
                    ok = memo[key] = _passes(test, value)
            if not ok:
                return None
        return cast(StatsRow, dict(zip(COLUMNS, values, strict=True)))  # each value passed its column's rule
