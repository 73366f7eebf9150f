"""The composed screens' kit (the online form, the waiting room, Watch, the leaderboard, the recovery code): a panel
filled as columns of headings, captions, fields and rows of controls, every word set in a type role (sprites/roles.py)
and drawn where the layout put it."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from sprites import theme
from sprites.cards import CardArtCache
from sprites.roles import Role
from sprites.text import Fonts
from sprites.widgets import Button, draw_panel


@dataclass(frozen=True)
class Words:
    """A line the layout placed: its role and size, its colour, and the point it hangs from (``anchor`` of Rect)."""

    text: str
    role: Role
    px: int
    color: tuple[int, ...]
    at: tuple[int, int]
    anchor: str = "topleft"

    def draw(self, surface: pygame.Surface, fonts: Fonts) -> pygame.Rect:
        img = fonts.render(self.text, self.px, self.color, bold=self.role.bold)
        rect = img.get_rect(**{self.anchor: self.at})
        surface.blit(img, rect)
        return rect


class Column:
    """Fills a column top down: lines of words, controls the column's width, rows of controls side by side."""

    def __init__(self, fonts: Fonts, x: int, y: int, w: int, gap: int) -> None:
        self.fonts, self.x, self.y, self.w, self.gap = fonts, x, y, w, gap
        self.words: list[Words] = []

    def line_h(self, role: Role, px: int) -> int:
        return self.fonts.line_height(px, role.bold)

    def text(self, text: str, role: Role, px: int, color: tuple[int, ...], centre: bool = False) -> None:
        """A line of words (wrapped between words where it is wider than the column)."""
        for part in self.fonts.wrap(text, px, self.w, role.bold):
            at, anchor = ((self.x + self.w // 2, self.y), "midtop") if centre else ((self.x, self.y), "topleft")
            self.words.append(Words(part, role, px, color, at, anchor))
            self.y += self.line_h(role, px)
        self.y += self.gap // 3

    def take(self, h: int) -> pygame.Rect:
        """A control the column's width."""
        rect = pygame.Rect(self.x, self.y, self.w, h)
        self.y += h + self.gap
        return rect

    def row(self, h: int, shares: tuple[float, ...]) -> list[pygame.Rect]:
        """Controls side by side across the column, each its share of the width after the gaps."""
        room = self.w - self.gap * (len(shares) - 1)
        total = sum(shares)
        out, x = [], float(self.x)
        for i, share in enumerate(shares):
            w = room * share / total
            right = self.x + self.w if i == len(shares) - 1 else round(x + w)
            out.append(pygame.Rect(round(x), self.y, right - round(x), h))
            x += w + self.gap
        self.y += h + self.gap
        return out


def draw_words(surface: pygame.Surface, fonts: Fonts, words: list[Words]) -> None:
    for w in words:
        w.draw(surface, fonts)


def draw_panels(surface: pygame.Surface, panels: list[pygame.Rect]) -> None:
    for rect in panels:
        draw_panel(surface, rect, alpha=200)


def label_room(b: Button) -> pygame.Rect:
    """The box a button's label is fitted to: a switch's words stand left of its knob."""
    room = getattr(b, "label_box", None)
    return room() if callable(room) else b.rect


class Fan:
    """Cards fanned in the middle of an area (a screen's decoration: no bare felt); rotated once per size."""

    def __init__(self, cards: tuple[str, ...], tilt: float = 9.0) -> None:
        self.cards, self.tilt = cards, tilt
        self._made: tuple[int, list[pygame.Surface]] = (0, [])

    def draw(self, surface: pygame.Surface, art_cache: CardArtCache, area: pygame.Rect) -> None:
        if not self.cards:
            return
        across = (len(self.cards) - 1) * 0.62 + 1.3  # the fan's width in card widths, the tilt included
        card_h = round(min(area.h * 0.82, area.w / across * theme.CARD_RATIO))
        if card_h < 20:
            return
        art = art_cache.get(round(card_h / theme.CARD_RATIO))
        mid = (len(self.cards) - 1) / 2
        if self._made[0] != art.width:  # rotating every frame is costly
            self._made = (art.width, [pygame.transform.rotozoom(art.face(c), (mid - i) * self.tilt, 1.0)
                                      for i, c in enumerate(self.cards)])
        for i, img in enumerate(self._made[1]):
            dip = abs(i - mid) * area.h * 0.05
            surface.blit(img, img.get_rect(center=(round(area.centerx + (i - mid) * art.width * 0.62),
                                                   round(area.y + area.h * 0.5 + dip))))
