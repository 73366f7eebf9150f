"""The player plate: a small panel beside a player's cards with the name, the score, the card count, a
turn marker and the game's badge (a trump suit, the dealer, knocked, points). Every table draws the same
plate; its layout decides only where it stands.

The texts are blitted straight onto the target surface (never pre-composited), so the layout self-check
sees them, and they are sized on the type scale (``theme.font_px``)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from sprites import theme
from sprites.record import note_box
from sprites.suits import suit_color
from sprites.text import Fonts
from sprites.widgets import draw_round_rect

NAME_PX, SCORE_PX, COUNT_PX, BADGE_PX = 28, 26, 24, 22  # at 1080 high, scaled by font_px


@dataclass(frozen=True)
class Plate:
    """What one player's plate says. Empty fields are left out."""

    name: str
    score: str = ""
    count: str = ""
    turn: bool = False
    badge: str = ""
    suit: str | None = None  # drawn inside the badge (Own Trumps' trump)
    alert: bool = False  # the badge is a warning (Card Square: knocked)
    flag: str = ""  # a passing state in a gold pill beside the badge (Cribbage: Go)


@dataclass(frozen=True)
class _Item:
    kind: str  # "mark", "text", "badge" or "flag"
    text: str
    px: int
    color: tuple[int, int, int]
    bold: bool
    w: int
    h: int


class PlateLook:
    """The measured rows of one plate at one scale: its size, and how to draw it at a place."""

    def __init__(self, fonts: Fonts, plate: Plate, scale: float, stacked: bool = True) -> None:
        self.fonts, self.plate, self.scale = fonts, plate, scale
        self.pad = max(6, round(12 * scale))
        self.gap = max(4, round(8 * scale))
        self.line = max(2, round(3 * scale))
        name = self._text(plate.name, NAME_PX, theme.GOLD if plate.turn else theme.TEXT, True)
        mark = _Item("mark", "", 0, theme.GOLD, False, round(name.h * 0.62), name.h)
        first = [mark, name]
        second = []
        if plate.score:
            second.append(self._text(plate.score, SCORE_PX, theme.TEXT, True))
        if plate.count:
            second.append(self._text(plate.count, COUNT_PX, theme.TEXT_DIM, False))
        pills = ([self._badge()] if plate.badge else []) + ([self._pill(plate.flag)] if plate.flag else [])
        if stacked:
            self.rows = [first, *([second] if second else []), *([pills] if pills else [])]
        else:
            self.rows = [first + pills + second]
        self.indent = mark.w + self.gap  # the rows under the name line up with it
        widths = [sum(i.w for i in row) + self.gap * (len(row) - 1) + (self.indent if k else 0)
                  for k, row in enumerate(self.rows)]
        heights = [max(i.h for i in row) for row in self.rows]
        self.row_h = heights
        self.size = (max(widths) + 2 * self.pad, sum(heights) + self.gap // 2 * (len(heights) - 1) + 2 * self.pad)

    def _text(self, text: str, base: int, color, bold: bool) -> _Item:
        px = theme.font_px(base, self.scale)
        w, h = self.fonts.size(text, px, bold)
        return _Item("text", text, px, color, bold, w, h)

    def _badge(self) -> _Item:
        px = theme.font_px(BADGE_PX, self.scale)
        w, h = self.fonts.size(self.plate.badge, px, True)
        tall = round(h * 1.3)
        suit_w = round(tall * 0.8) if self.plate.suit else 0
        return _Item("badge", self.plate.badge, px, theme.TEXT_DARK, True, w + suit_w + tall, tall)

    def _pill(self, text: str) -> _Item:
        px = theme.font_px(BADGE_PX, self.scale)
        w, h = self.fonts.size(text, px, True)
        tall = round(h * 1.3)
        return _Item("flag", text, px, theme.TEXT_DARK, True, w + tall, tall)

    # --- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        turn = self.plate.turn
        radius = max(6, round(14 * self.scale))
        if turn:  # a soft gold halo: whose turn it is, seen from across the table
            halo = rect.inflate(self.line * 4, self.line * 4)
            surface.blit(_halo(halo.size, radius + self.line * 2, self.line), halo)
        surface.blit(_panel(rect.size, radius, turn), rect)
        note_box(surface, rect)
        draw_round_rect(surface, theme.GOLD if turn else theme.GOLD_DARK, rect, radius,
                        self.line if turn else max(1, self.line // 2))
        y = rect.y + self.pad
        for k, (row, h) in enumerate(zip(self.rows, self.row_h, strict=True)):
            x = rect.x + self.pad + (self.indent if k else 0)
            for item in row:
                box = pygame.Rect(x, y + (h - item.h) // 2, item.w, item.h)
                self._item(surface, item, box)
                x += item.w + self.gap
            y += h + self.gap // 2

    def _item(self, surface: pygame.Surface, item: _Item, box: pygame.Rect) -> None:
        if item.kind == "mark":
            _marker(surface, box, self.plate.turn, self.line)
        elif item.kind == "text":
            surface.blit(self.fonts.render(item.text, item.px, item.color, bold=item.bold), box)
        elif item.kind == "flag":
            draw_round_rect(surface, theme.GOLD_DARK, box.inflate(2, 2), box.h // 2 + 1)
            draw_round_rect(surface, theme.GOLD, box, box.h // 2)
            glyphs = self.fonts.render(item.text, item.px, item.color, bold=True)
            surface.blit(glyphs, glyphs.get_rect(center=box.center))
        else:
            self._draw_badge(surface, item, box)

    def _draw_badge(self, surface: pygame.Surface, item: _Item, box: pygame.Rect) -> None:
        fill = theme.BAD if self.plate.alert else theme.FIELD
        ink = theme.TEXT if self.plate.alert else theme.TEXT_DARK
        draw_round_rect(surface, theme.GOLD_DARK, box.inflate(2, 2), box.h // 2 + 1)
        draw_round_rect(surface, fill, box, box.h // 2)
        x = box.x + box.h // 2
        if self.plate.suit:
            size = box.h * 0.62
            self.fonts.stamps.blit(surface, self.plate.suit, (x + size / 2, box.centery), size,
                                   suit_color(self.plate.suit))
            x += round(box.h * 0.8)
        glyphs = self.fonts.render(item.text, item.px, ink, bold=True)
        surface.blit(glyphs, glyphs.get_rect(midleft=(x, box.centery)))


def _marker(surface: pygame.Surface, box: pygame.Rect, turn: bool, line: int) -> None:
    """A gold arrow at the name of the player to move; a quiet ring otherwise (shape, not only colour)."""
    cx, cy = box.centerx, box.centery
    r = box.w * 0.45
    if turn:
        pts = [(cx - r, cy - r * 1.1), (cx + r, cy), (cx - r, cy + r * 1.1)]
        pygame.draw.polygon(surface, theme.GOLD, pts)
    else:
        pygame.draw.circle(surface, theme.PANEL_EDGE, (cx, cy), r * 0.6, max(1, line // 2 + 1))


def _panel(size: tuple[int, int], radius: int, turn: bool) -> pygame.Surface:
    return _tinted_panel(size, radius, theme.mix(theme.PANEL, theme.FELT_DARK, 0.35 if turn else 0.2))


@lru_cache(maxsize=32)  # per size and colour: a new felt tints the plates at once
def _tinted_panel(size: tuple[int, int], radius: int, fill: tuple[int, int, int]) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    draw_round_rect(surf, (*fill, 226), surf.get_rect(), radius)
    return surf


@lru_cache(maxsize=16)
def _halo(size: tuple[int, int], radius: int, line: int) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((*theme.GOLD, 0))
    draw_round_rect(surf, (*theme.GOLD, 150), surf.get_rect().inflate(-line, -line), radius, line * 2)
    return pygame.transform.gaussian_blur(surf, max(1, line))


def plate_rect(look: PlateLook, pos: tuple[float, float], anchor: str, min_w: int = 0) -> pygame.Rect:
    rect = pygame.Rect(0, 0, max(min_w, look.size[0]), look.size[1])
    setattr(rect, anchor, (round(pos[0]), round(pos[1])))
    return rect
