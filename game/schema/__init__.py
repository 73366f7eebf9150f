"""Checks for values read from files: a :class:`Rule` per value says what type and range it must have.

One module per file kind holds its table of rules (``save``, ``settings``, ``stats_row``; replay codes are checked
by their decoder, ``rules/replay.py``). A rule returns the value to use, or raises :class:`Bad` saying what a
valid value looks like; a rule never raises anything else, whatever it is given (a list where a word belongs, a
float that is not finite, a number with ten thousand digits)."""
from __future__ import annotations

import math
from collections.abc import Callable, Collection
from typing import Any, TypeGuard


class Bad(ValueError):
    """A value that breaks its rule; the message is what a valid one looks like."""


class Rule:
    """A test and the words for a valid value; ``convert`` makes the value to use (e.g. an int as a float)."""

    __slots__ = ("convert", "test", "wanted")  # a plain class: the settings are read at start-up

    def __init__(self, test: Callable[[object], bool], wanted: str,
                 convert: Callable[[Any], Any] | None = None) -> None:
        self.test, self.wanted, self.convert = test, wanted, convert

    def __call__(self, value: Any) -> Any:
        try:
            ok = bool(self.test(value))
        except (TypeError, ValueError, OverflowError, RecursionError):  # e.g. a list asked whether it is a key
            ok = False
        if not ok:
            raise Bad(self.wanted)
        return self.convert(value) if self.convert is not None else value


def is_int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def whole(lo: int, hi: int, wanted: str | None = None) -> Rule:
    return Rule(lambda v: is_int(v) and lo <= v <= hi, wanted or f"a whole number from {lo} to {hi}")


def number(lo: float, hi: float, wanted: str | None = None) -> Rule:
    return Rule(lambda v: (is_int(v) or isinstance(v, float)) and math.isfinite(v) and lo <= v <= hi,
                wanted or f"a number from {lo} to {hi}", float)


def flag(wanted: str = "true or false") -> Rule:
    return Rule(lambda v: isinstance(v, bool), wanted)


def choice(options: Collection[str], wanted: str | None = None) -> Rule:
    return Rule(lambda v: isinstance(v, str) and v in options,
                wanted or "one of " + ", ".join(f'"{o}"' for o in options))


def text(longest: int, wanted: str, shortest: int = 0) -> Rule:
    return Rule(lambda v: isinstance(v, str) and shortest <= len(v) <= longest, wanted)


def items(rule: Rule, longest: int, wanted: str, shortest: int = 0) -> Rule:
    """A list of ``shortest`` to ``longest`` values, each passing ``rule``."""
    def test(v: object) -> bool:
        if not isinstance(v, list) or not shortest <= len(v) <= longest:
            return False
        for x in v:
            rule(x)
        return True

    def safe(v: object) -> bool:
        try:
            return test(v)
        except Bad:
            return False

    return Rule(safe, wanted, list)


def maybe(rule: Rule) -> Rule:
    """``rule``, or nothing (None)."""
    return Rule(lambda v: v is None or rule.test(v), rule.wanted + " or nothing",
                lambda v: None if v is None else rule(v))


def record(data: object, rules: dict[str, Rule], what: str) -> dict[str, Any]:
    """``data`` as a dict with every key of ``rules`` checked (others are left out); Bad names the first bad one."""
    if not isinstance(data, dict):
        raise Bad(f"{what} is not a record")
    out = {}
    for key, rule in rules.items():
        if key not in data:
            raise Bad(f"{what} has no {key!r}")
        try:
            out[key] = rule(data[key])
        except Bad as exc:
            raise Bad(f"{what}: {key!r} must be {exc}") from None
    return out
