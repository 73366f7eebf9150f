"""The players' record under a result (end screen): asked from the statistics, drawn when it arrives."""
from __future__ import annotations

import pygame

from game.records import Record
from sprites import theme


def streak_text(t, streak: int) -> str:
    n = abs(streak)
    kind = "win" if streak > 0 else "loss"
    return t(f"stats.streak.{kind}.{'one' if n == 1 else 'other'}", n=n) if n else "–"


def record_line(t, rec: Record) -> str:
    """One short line: "Ann: 3 games, 2 won, 2 wins" (singular for one game); the draws only where there were
    some, so the games not won are not all read as lost."""
    key = f"stats.record{'.drawn' if rec.draws else ''}.{'one' if rec.played == 1 else 'other'}"
    return t(key, name=rec.name, n=rec.played, wins=rec.wins, draws=rec.draws, streak=streak_text(t, rec.streak))


class PlayerRecord:
    def __init__(self, app, session) -> None:
        self.app, self.session = app, session
        humans = tuple(session.names[i] for i in session.humans)
        self.pending = app.stats.records(humans)  # queued after the game's own row: the records count it
        self.text: str | None = None

    def line(self) -> str | None:
        if self.text is None and self.pending.ready:
            book = self.pending.value
            per_player = book.games.get(self.session.game_id, {}) if book is not None else {}
            names = [self.session.names[i].casefold() for i in self.session.humans]
            found = [r for r in per_player.values() if r.name.casefold() in names]
            self.text = "   ·   ".join(record_line(self.app.t, r) for r in found)
        return self.text

    def draw(self, surface: pygame.Surface, midtop: tuple[int, int], px: int) -> None:
        text = self.line()
        if text:
            img = self.app.fonts.render(text, self.app.fonts.fit_px(text, px, int(surface.get_width() * 0.7)),
                                        theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midtop=midtop))
