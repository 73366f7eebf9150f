"""Players' records from the kept games (rows of game/stats.py): pure code, no database, no pygame.

A :class:`RecordBook` folds checked rows, oldest first, into one record per game and player (names compare without
case), in time linear in the rows. It is the reference: the statistics file keeps the same records row by row
(game/statssql.py) and the thread reads them from there when it can. Each game is measured its own way
(:class:`Measure`: whether the lowest score is the best, the score a game's count stops at, e.g. 121, and whether
both seats winning is a win shared or a draw). A new book is made for each game recorded (``plus``), leaving the one
a screen holds unchanged."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from game.schema.stats_row import StatsRow

LEVELS = (1, 2, 3)  # RecordBook.load and the tally's columns (game/statssql.py) name each of them


class Measure(NamedTuple):
    """How one game's results are counted (its GameSpec says)."""

    low_best: bool = False  # the lowest score is the best
    cap: int | None = None  # the highest score counted
    ties_share_win: bool = False  # both seats among the winners: both won (Card Square); else a draw for both


Measures = dict[str, Measure]  # game -> how it is counted; a game not named: Measure()


@dataclass(slots=True)
class Record:
    """One player's record in one game."""

    name: str
    played: int = 0
    wins: int = 0
    hi: int | None = None  # the highest and lowest score
    lo: int | None = None
    total: int = 0  # of the scores, for the average
    vs_level: dict[int, list[int]] = field(default_factory=lambda: {lv: [0, 0] for lv in LEVELS})  # won, played
    streak: int = 0  # > 0: that many wins in a row now; < 0: that many losses in a row; 0 after a draw
    low_best: bool = False  # the game's best score is its lowest (Card Square's sum, Own Trumps' cards left)
    draws: int = 0  # games neither won nor lost (counted in ``played``)

    @property
    def best(self) -> int | None:
        """The best score by the game's own measure."""
        return self.lo if self.low_best else self.hi

    @property
    def average(self) -> float | None:
        return self.total / self.played if self.played else None

    def win_rate(self, level: int) -> float | None:
        won, played = self.vs_level[level]
        return won / played if played else None

    def add(self, score: int, won: bool, level: int | None, drawn: bool = False) -> None:
        self.played += 1
        self.wins += won
        self.draws += drawn
        self.total += score
        self.hi = score if self.hi is None else max(self.hi, score)
        self.lo = score if self.lo is None else min(self.lo, score)
        if level in self.vs_level:
            self.vs_level[level][0] += won
            self.vs_level[level][1] += 1
        if won:
            self.streak = self.streak + 1 if self.streak > 0 else 1
        elif drawn:
            self.streak = 0
        else:
            self.streak = self.streak - 1 if self.streak < 0 else -1


_SEATS = {"": (), "0": (0,), "1": (1,), "0,1": (0, 1)}


def _seats(text: str) -> tuple[int, ...]:
    seats = _SEATS.get(text)
    return seats if seats is not None else tuple(int(x) for x in text.split(",") if x.strip().isdigit())


class RecordBook:
    """game -> player name (as first written) -> :class:`Record`, plus the rows skipped as damaged."""

    def __init__(self, measures: Measures | None = None) -> None:
        self.games: dict[str, dict[str, Record]] = {}
        self.measures: Measures = measures or {}
        self._by_key: dict[tuple[str, str], Record] = {}
        self._last_seen: dict[str, tuple[int, int, str]] = {}  # casefolded name -> (row, -seat, name), latest
        self._order = 0
        self.skipped = 0
        self.rows = 0  # the rows read, skipped ones too, and the last one's id (game/statssql.py checks them)
        self.last_id = 0
        self.asked: set[str] | None = None  # a partial book (from the file's tally): the names it was read for

    @property
    def partial(self) -> bool:
        """Only the players a screen shows: each game's most played, the last used and the ones asked for."""
        return self.asked is not None

    def has(self, names: tuple[str, ...]) -> bool:
        """Whether the book holds the records of ``names`` (compared without case) that exist."""
        return self.asked is None or all(n.casefold() in self.asked for n in names)

    def add(self, row: StatsRow) -> None:
        """Fold one checked row (game/schema/stats_row.py) in; rows come oldest first (by id, where they have one)."""
        winners = _seats(row["winners"])
        self._order = row["id"] if "id" in row else self._order + 1
        low, cap, shared = self.measures.get(row["game"], Measure())
        drawn = len(winners) == 2 and not shared
        for seat in _seats(row["humans"]):
            name = (row["name0"], row["name1"])[seat]
            key = (row["game"], name.casefold())
            rec = self._by_key.get(key)
            if rec is None:
                rec = self._by_key[key] = self.games.setdefault(row["game"], {})[name] = Record(name, low_best=low)
            level = row["bot_level"] if row["mode"] == "computer" else None
            score = int((row["score0"], row["score1"])[seat])
            rec.add(score if cap is None else min(score, cap), seat in winners and not drawn, level, drawn)
            self._last_seen[name.casefold()] = (self._order, -seat, name)

    def load(self, rows: list[tuple]) -> bool:
        """Take the records the file's tally keeps (game/statssql.py's ``players``, one tuple each: game, name,
        played, wins, hi, lo, total, won and played at each of ``LEVELS``, streak, last use, name as last written,
        draws);
        False when two of them are one name without case (the caller folds the rows instead)."""
        by_key, seen, games, measures = self._by_key, self._last_seen, self.games, self.measures
        for game, name, played, wins, hi, lo, total, w1, p1, w2, p2, w3, p3, streak, last, last_name, draws in rows:
            key = (game, name.casefold())
            if key in by_key or not played:
                return False
            rec = Record(name, played, wins, hi, lo, total, {1: [w1, p1], 2: [w2, p2], 3: [w3, p3]}, streak,
                         measures.get(game, Measure()).low_best, draws)
            by_key[key] = games.setdefault(game, {})[name] = rec
            when = (last >> 1, (last & 1) - 1, last_name)
            if when > seen.get(key[1], (-1, 0, "")):
                seen[key[1]] = when
        return True

    def last_of(self, name: str) -> tuple[int, str]:
        """When ``name`` (without case) was last used, as the tally keeps it: row id * 2 + (1 - seat), and the name
        as then written."""
        order, minus_seat, written = self._last_seen[name.casefold()]
        return order * 2 + 1 + minus_seat, written

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
        new.rows += 1
        new.last_id = max(new.last_id, row.get("id", 0))
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
