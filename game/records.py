"""Players' records from the kept games (rows of game/stats.py): pure code, no database, no pygame.

A :class:`RecordBook` folds checked rows, oldest first, into one record per game and player (names compare without
case), in time linear in the rows. The statistics thread builds one when the file opens and makes a new one for each
game recorded (``plus``), leaving the one a screen holds unchanged: no screen ever goes through the rows itself."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.schema.stats_row import StatsRow

LEVELS = (1, 2, 3)


@dataclass
class Record:
    """One player's record in one game."""

    name: str
    played: int = 0
    wins: int = 0
    best: int | None = None
    total: int = 0  # of the scores, for the average
    vs_level: dict[int, list[int]] = field(default_factory=lambda: {lv: [0, 0] for lv in LEVELS})  # won, played
    streak: int = 0  # > 0: that many wins in a row now; < 0: that many games without a win

    @property
    def average(self) -> float | None:
        return self.total / self.played if self.played else None

    def win_rate(self, level: int) -> float | None:
        won, played = self.vs_level[level]
        return won / played if played else None

    def add(self, score: int, won: bool, level: int | None) -> None:
        self.played += 1
        self.wins += won
        self.total += score
        self.best = score if self.best is None else max(self.best, score)
        if level in self.vs_level:
            self.vs_level[level][0] += won
            self.vs_level[level][1] += 1
        if won:
            self.streak = self.streak + 1 if self.streak > 0 else 1
        else:
            self.streak = self.streak - 1 if self.streak < 0 else -1


_SEATS = {"": (), "0": (0,), "1": (1,), "0,1": (0, 1)}


def _seats(text: str) -> tuple[int, ...]:
    seats = _SEATS.get(text)
    return seats if seats is not None else tuple(int(x) for x in text.split(",") if x.strip().isdigit())


class RecordBook:
    """game -> player name (as first written) -> :class:`Record`, plus the rows skipped as damaged."""

    def __init__(self) -> None:
        self.games: dict[str, dict[str, Record]] = {}
        self._by_key: dict[tuple[str, str], Record] = {}
        self._last_seen: dict[str, tuple[int, int, str]] = {}  # casefolded name -> (row, -seat, name), latest
        self._order = 0
        self.skipped = 0

    def add(self, row: StatsRow) -> None:
        """Fold one checked row (game/schema/stats_row.py) in; rows come oldest first."""
        winners = _seats(row["winners"])
        self._order += 1
        for seat in _seats(row["humans"]):
            name = (row["name0"], row["name1"])[seat]
            key = (row["game"], name.casefold())
            rec = self._by_key.get(key)
            if rec is None:
                rec = self._by_key[key] = self.games.setdefault(row["game"], {})[name] = Record(name)
            level = row["bot_level"] if row["mode"] == "computer" else None
            rec.add(int((row["score0"], row["score1"])[seat]), seat in winners, level)
            self._last_seen[name.casefold()] = (self._order, -seat, name)

    def recent(self, limit: int = 6) -> list[str]:
        """The names people played under, most recent first, each once."""
        latest = sorted(self._last_seen.values(), reverse=True)
        return [name for *_, name in latest[:limit]]

    def plus(self, row: StatsRow) -> RecordBook:
        """A new book with ``row`` added; this one, which a screen may be reading, stays as it is."""
        new = copy.copy(self)
        new.games = dict(self.games)
        new.games[row["game"]] = dict(self.games.get(row["game"], {}))  # the only game's players that change
        new._by_key, new._last_seen = dict(self._by_key), dict(self._last_seen)
        for seat in _seats(row["humans"]):  # the records the row changes are copies
            key = (row["game"], (row["name0"], row["name1"])[seat].casefold())
            old = new._by_key.get(key)
            if old is not None:
                fresh = copy.copy(old)
                fresh.vs_level = {lv: list(v) for lv, v in old.vs_level.items()}
                new._by_key[key] = new.games[row["game"]][old.name] = fresh
        new.add(row)
        return new


def records(rows: list[StatsRow]) -> dict[str, dict[str, Record]]:
    """game -> player name -> record, from checked rows oldest first."""
    book = RecordBook()
    for row in rows:
        book.add(row)
    return book.games


def recent_names(rows: list[StatsRow], limit: int = 6) -> list[str]:
    """The names people played under, most recent first, each once (names compare without case)."""
    book = RecordBook()
    for row in rows:
        book.add(row)
    return book.recent(limit)
