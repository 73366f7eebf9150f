"""Players' records from the kept games (rows of game/stats.py): pure functions, no database, no pygame."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

LEVELS = (1, 2, 3)


@dataclass
class Record:
    """One player's record in one game."""

    name: str
    played: int = 0
    wins: int = 0
    scores: list[int] = field(default_factory=list)
    vs_level: dict[int, list[int]] = field(default_factory=lambda: {lv: [0, 0] for lv in LEVELS})  # won, played
    streak: int = 0  # > 0: that many wins in a row now; < 0: that many games without a win

    @property
    def best(self) -> int | None:
        return max(self.scores) if self.scores else None

    @property
    def average(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None

    def win_rate(self, level: int) -> float | None:
        won, played = self.vs_level[level]
        return won / played if played else None


def _seats(row: dict[str, Any], key: str) -> list[int]:
    text = row.get(key) or ""
    return [int(x) for x in text.split(",") if x.strip().isdigit()]


def records(rows: list[dict[str, Any]]) -> dict[str, dict[str, Record]]:
    """game -> player name (as first written; names compare without case) -> record, rows oldest first."""
    out: dict[str, dict[str, Record]] = {}
    for row in rows:
        winners = _seats(row, "winners")
        for seat in _seats(row, "humans"):
            name = row[f"name{seat}"]
            per_game = out.setdefault(row["game"], {})
            rec = next((r for k, r in per_game.items() if k.casefold() == name.casefold()), None)
            if rec is None:
                rec = per_game[name] = Record(name)
            won = seat in winners
            rec.played += 1
            rec.wins += won
            rec.scores.append(int(row[f"score{seat}"]))
            level = row.get("bot_level")
            if row["mode"] == "computer" and level in rec.vs_level:
                rec.vs_level[level][0] += won
                rec.vs_level[level][1] += 1
            if won:
                rec.streak = rec.streak + 1 if rec.streak > 0 else 1
            else:
                rec.streak = rec.streak - 1 if rec.streak < 0 else -1
    return out


def recent_names(rows: list[dict[str, Any]], limit: int = 6) -> list[str]:
    """The names people played under, most recent first, each once (names compare without case)."""
    seen: set[str] = set()
    out: list[str] = []
    for row in reversed(rows):
        for seat in _seats(row, "humans"):
            name = row[f"name{seat}"]
            if name.casefold() not in seen:
                seen.add(name.casefold())
                out.append(name)
    return out[:limit]
