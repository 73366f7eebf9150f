"""The statistics screen: per game and per player, games played, wins, the win rate against each computer
level, best and average score and the current streak. The records come ready-made from the statistics thread
(``StatsStore.records``): the frame loop never goes through the rows, however many there are."""
from __future__ import annotations

import heapq

import pygame

from game.online.standing import RatingFile, rating_words
from game.records import LEVELS, Record, RecordBook
from game.scene import DialogScene
from game.stats import Pending
from game.statsline import streak_text
from game.tables import entry, playable
from sprites import theme
from sprites.widgets import Button, draw_panel

COLUMNS = ("player", "played", "wins", "vs", "best", "avg", "streak")
WIDTHS = (0.24, 0.1, 0.1, 0.22, 0.1, 0.1, 0.14)
MAX_ROWS = 8
ASK_AGAIN = 1.0  # seconds between asks while the statistics file cannot be opened yet


class StatsScene(DialogScene):
    name = "stats"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.game = playable()[0]
        self.pending: Pending[RecordBook | None] = app.stats.records()
        self.table: dict[str, dict[str, Record]] | None = None
        self.skipped = 0  # damaged rows the statistics thread left out
        self.shown: list[Record] = []  # the players shown for the chosen game
        self.size = app.size
        self.panel = pygame.Rect(0, 0, 10, 10)
        self.ask_again: float | None = None  # seconds until the records are asked for again (file not open yet)
        self.ratings = RatingFile().load()  # the online ratings the servers last gave this device, by game

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        s = theme.ui_scale(h)
        bh, gap = max(44, int(62 * s)), max(8, int(16 * s))
        games = playable()
        tab_w = min(int(360 * s), (w - (len(games) + 1) * gap) // len(games))
        x0 = (w - len(games) * tab_w - (len(games) - 1) * gap) // 2
        y = int(h * 0.04) + self.app.fonts.get(theme.font_px(64, s), True).get_linesize() + gap
        buttons = [Button(f"game:{g}", self.t(entry(g).title_key), pygame.Rect(x0 + i * (tab_w + gap), y, tab_w, bh),
                          primary=g == self.game) for i, g in enumerate(games)]
        bw = min(int(w * 0.3), int(360 * s))
        back = pygame.Rect((w - bw) // 2, h - bh - gap * 2, bw, bh)
        buttons.append(Button("back", self.t("stats.back"), back))
        self.panel = pygame.Rect(int(w * 0.04), y + bh + gap, int(w * 0.92), back.y - gap - (y + bh + gap))
        self.buttons.set(buttons)

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        if bid == "back":
            self.app.stack.pop()
        elif bid.startswith("game:"):
            self.game = bid[5:]
            self.choose_rows()
            self.resize(self.size)

    def update(self, dt: float) -> None:
        if self.ask_again is not None:
            self.ask_again -= dt
            if self.ask_again <= 0:
                self.ask_again, self.pending = None, self.app.stats.records()
        if self.table is None and self.pending.ready and self.ask_again is None:
            book = self.pending.value
            if book is None and self.app.stats.opening:  # locked or a full disk at start: still "Reading…"
                self.ask_again = ASK_AGAIN
                return
            self.table = book.games if book is not None else {}
            self.skipped = book.skipped if book is not None else 0
            self.choose_rows()

    def next_deadline(self) -> float | None:
        return self.ask_again

    def choose_rows(self) -> None:
        """The most played players of the chosen game (once per choice, not per frame)."""
        players = (self.table or {}).get(self.game, {}).values()
        self.shown = heapq.nsmallest(MAX_ROWS, players, key=lambda r: (-r.played, r.name.casefold()))

    def cells(self, rec: Record) -> list[str]:
        rates = []
        for lv in LEVELS:
            rate = rec.win_rate(lv)
            rates.append("–" if rate is None else f"{round(rate * 100)}%")
        avg = rec.average
        return [rec.name, str(rec.played), str(rec.wins), " / ".join(rates),
                "–" if rec.best is None else str(rec.best), "–" if avg is None else f"{avg:.1f}",
                streak_text(self.t, rec.streak)]

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        s = theme.ui_scale(h)
        surface.fill(theme.FELT)
        fonts = self.app.fonts
        title = fonts.render(self.t("stats.title"), theme.font_px(64, s), theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, int(h * 0.03))))
        self.buttons.draw(surface, fonts)
        px = max(theme.font_px(30, s), round(h * 0.024))
        pad = int(self.panel.w * 0.02)
        players = self.shown
        line_h = max(fonts.get(px).get_linesize() + int(18 * s), int(h * 0.06))
        used = (min(len(players), MAX_ROWS) + 1) * line_h + 2 * pad if players else self.panel.h // 2
        draw_panel(surface, pygame.Rect(self.panel.x, self.panel.y, self.panel.w, min(self.panel.h, used)), alpha=235)
        if self.table is None or self.app.stats.problem:
            why = self.app.stats.problem
            text = self.t("stats.off", why=why) if why else self.t("stats.loading")
            return self._message(surface, text, px)
        if not players:
            self._message(surface, self.t("stats.empty"), px)
            return self._note(surface, self.panel.y + self.panel.h // 2 - px, px)
        y = self.panel.y + pad
        rows = [[self.t(f"stats.col.{c}") for c in COLUMNS]] + [self.cells(r) for r in players]
        for i, row in enumerate(rows):
            x = self.panel.x + pad
            if i % 2 == 1:
                pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.PANEL_EDGE, 0.25),
                                 (self.panel.x + pad // 2, y - 4, self.panel.w - pad, line_h), border_radius=6)
            for text, frac in zip(row, WIDTHS, strict=True):
                cw = int((self.panel.w - 2 * pad) * frac)
                size = fonts.fit_px(text, px, cw - 8, bold=i == 0, min_px=max(12, round(h * 0.02)))
                # a heading too long even at the smallest size takes two lines, not the next column's room
                lines = fonts.wrap(text, size, cw - 8, True) if i == 0 else [text]
                imgs = [fonts.render(line, size, theme.GOLD if i == 0 else theme.TEXT, bold=i == 0) for line in lines]
                top = y + (line_h - sum(img.get_height() for img in imgs)) // 2 - 4
                for img in imgs:
                    surface.blit(img, (x, top))
                    top += img.get_height()
                x += cw
            y += line_h
        self._note(surface, y + pad, px)

    def note(self) -> str:
        """Under the table, in words: the online rating, a read-only file (or one from a newer version), rows
        skipped as damaged."""
        stats, mine = self.app.stats, self.ratings.get(self.game)
        parts = [rating_words(self.t, self.game, mine)] if mine else []
        parts += [self.t("stats.newer.note" if stats.newer else "stats.readonly.note")] if stats.read_only else []
        if self.skipped:
            parts.append(self.t.n("stats.skipped", self.skipped))
        return "  ".join(parts)

    def _note(self, surface: pygame.Surface, y: int, px: int) -> None:
        fonts, line_h = self.app.fonts, self.app.fonts.get(px).get_linesize()
        for line in fonts.wrap(self.note(), px, int(self.panel.w * 0.9)):
            if y + line_h > self.panel.bottom:
                return
            img = fonts.render(line, px, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midtop=(self.panel.centerx, y)))
            y += line_h

    def _message(self, surface: pygame.Surface, text: str, px: int) -> None:
        fonts = self.app.fonts
        for i, line in enumerate(fonts.wrap(text, px, int(self.panel.w * 0.8))):
            img = fonts.render(line, px, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midtop=(self.panel.centerx,
                                                   self.panel.y + self.panel.h // 6 + i * img.get_height())))
