"""What a coach mark teaches and when it shows, read from the game's state, never from a step counter.

A mark teaches an action kind (Cut, Discard, Beat, Pick up …): it applies only while an action of that kind is
legal for the human at the table (the observation's ``legal``) and its ``when`` holds. What it leaves bright is
the gesture the game's rules name for each such action (``gesture_for``, placed by the table's ``spot_rect``) or
the button that makes it. A *watch* mark (no kinds) explains something the table plays out by itself (a count);
it applies while its ``when`` holds.

A mark is done when the player did what it teaches, or acted while it was on show (it was read), or pressed Next;
a watch mark once it was on show and its moment passed. Each game lists its marks in
``game/tables/<game>/coach.py`` (``marks()``), named by its registry entry.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pygame

from rules.core import Action


@dataclass(frozen=True)
class Mark:
    """One coach mark: its caption's text key, the action kinds it teaches, a narrower moment and more places."""

    key: str
    kinds: tuple[str, ...] = ()
    when: Callable[[Any], bool] | None = None  # table -> whether this is the moment (e.g. which cut it is)
    extra: Callable[[Any], Iterable[pygame.Rect | None]] | None = None  # table -> more places to leave bright
    # a watch mark that paces what it watches: held while on show (table, on), Next steps it on (table -> whether
    # it stepped; False once nothing is left), and the words for the step on show (table -> text)
    hold: Callable[[Any, bool], None] | None = None
    step: Callable[[Any], bool] | None = None
    detail: Callable[[Any], str] | None = None


def legal_of(table, kinds: Iterable[str]) -> list[Action]:
    """The legal actions of ``kinds`` the table's observation lists (none unless its human is to move)."""
    kinds = set(kinds)
    spec = table.spec
    return [a for a in (spec.action_from_json(x) for x in table.obs.get("legal", [])) if a.kind in kinds]


def applies(mark: Mark, table) -> bool:
    """Whether ``mark`` is about this moment of the game."""
    if mark.kinds and not (table.my_turn and legal_of(table, mark.kinds)):
        return False
    return mark.when is None or bool(mark.when(table))


def places(mark: Mark, table) -> list[pygame.Rect]:
    """Where the gestures of the legal actions ``mark`` teaches start and end, then its extra places (each once)."""
    out: list[pygame.Rect] = []
    for action in legal_of(table, mark.kinds):
        out += table.gesture_rects(action)
    out += [pygame.Rect(r) for r in (mark.extra(table) if mark.extra else ()) if r is not None]
    seen: set[tuple[int, ...]] = set()
    kept = []
    for r in out:
        if r.w > 0 and r.h > 0 and tuple(r) not in seen:
            seen.add(tuple(r))
            kept.append(r)
    return kept


class _Then:
    """The table as it stood at an earlier move of its history: that moment's observation, the rest the table's."""

    def __init__(self, table, obs: dict[str, Any]) -> None:
        self.obs, self._table = obs, table

    def __getattr__(self, name: str) -> Any:
        return getattr(self._table, name)


def _applied(mark: Mark, then: _Then) -> bool:
    """Whether ``mark`` applied at that moment (its player was to move: the move is theirs)."""
    return bool(legal_of(then, mark.kinds)) and (mark.when is None or bool(mark.when(then)))


def busy(table) -> bool:
    """The table is moving by itself: cards glide, a count plays out, the computer thinks."""
    return table.cards.busy or table.blocking()


class Guide:
    """Which marks are done and which one applies now, followed frame by frame over the match history."""

    def __init__(self, marks: Iterable[Mark]) -> None:
        self.marks = list(marks)
        self.done: set[str] = set()
        self.shown: Mark | None = None  # the mark on show (set by the coach when it draws one)
        self.ever_shown: list[str] = []  # the keys of the marks shown, in order
        self._seen: int | None = None  # how many actions the history held at the last look
        self._applied: list[Mark] = []

    def catch_up(self, table) -> None:
        """A game continued from its save: the marks its history already taught are done (so the guide goes on
        where it was, not from its first mark). At each human move, as ``follow`` would have seen it, the first
        mark that applied was on show and read, and every mark that teaches the move's kind was done."""
        match, session = table.match, table.session
        for i, action in enumerate(match.played):
            seat = match.actor(i)
            if seat is None or not session.is_human(seat):
                continue
            then = _Then(table, match.state_at(i).observe(seat))
            now = [m for m in self.pending if m.kinds and _applied(m, then)]
            for n, m in enumerate(now):
                if n == 0 or action.kind in m.kinds:
                    self.done.add(m.key)

    @property
    def pending(self) -> list[Mark]:
        return [m for m in self.marks if m.key not in self.done]

    @property
    def finished(self) -> bool:
        return not self.pending

    def follow(self, table) -> None:
        """Take in what happened since the last look: a human's action does the marks that applied."""
        match = table.match
        played = match.played
        if self._seen is not None and len(played) > self._seen:
            kinds = {a.kind for i, a in enumerate(played[self._seen:], self._seen)
                     if table.session.is_human(match.actor(i))}
            for m in self._applied:
                if kinds and (m is self.shown or kinds & set(m.kinds)):
                    self.done.add(m.key)
        self._seen = len(played)
        now = [m for m in self.pending if applies(m, table)]
        for m in self._applied:
            if not m.kinds and m is self.shown and m not in now:
                self.done.add(m.key)  # a count was watched to its end
        self._applied = [m for m in now if m.key not in self.done]

    def current(self, table) -> Mark | None:
        """The mark to show now: the first that applies, an action's only while the table is at rest, a watch
        mark once the cards lie still (the caption's place is chosen off the cards where they stop)."""
        for m in self._applied:
            if not busy(table) or (not m.kinds and not table.cards.busy):
                return m
        return None

    def dismiss(self, mark: Mark) -> None:
        """Next: the player has read it."""
        self.done.add(mark.key)
        self._applied = [m for m in self._applied if m is not mark]

    def show(self, mark: Mark | None) -> None:
        self.shown = mark
        if mark is not None and (not self.ever_shown or self.ever_shown[-1] != mark.key):
            self.ever_shown.append(mark.key)
