"""Fonts and text rendering: the shipped typeface (sprites/fonts), whole runs with ♠♥♦♣ inline in suit colours."""
from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame

from sprites import theme
from sprites.suits import SuitStamps

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT_FILES = {False: "LiberationSans-Regular.ttf", True: "LiberationSans-Bold.ttf"}
LICENCE = "OFL.txt"
# The outline suits are not in the font: they read as the solid ones.
_SOLID = str.maketrans({"♧": "♣", "♢": "♦", "♡": "♥", "♤": "♠"})
_SUITS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
_BREAK_AFTER = "-/‑"  # a word too long for its line may break after these, never inside letters


def font_file(bold: bool) -> str:
    """The path of the regular or the true bold face (from source, or inside the frozen bundle)."""
    return str(FONT_DIR / FONT_FILES[bool(bold)])


class Fonts:
    """Font objects and rendered text, cached per instance (the app owns one)."""

    def __init__(self, cache_limit: int = 600) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.cache_limit = cache_limit
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._caps: dict[tuple[int, bool], int] = {}
        self._lines: dict[tuple[int, bool], int] = {}
        self._texts: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._keys: dict[int, tuple] = {}
        self.stamps = SuitStamps()  # suits drawn as shapes where no font is wanted (badges, pips)
        self.floor = 1  # the window's smallest legible size (set_window); card art keeps 1

    def set_window(self, height: int) -> None:
        """Enforce the type scale's floor (capitals 2% of the window height) on every text drawn."""
        self.floor = theme.floor_px(height)

    def get(self, px: int, bold: bool = False) -> pygame.font.Font:
        """The shipped face at ``px`` per em (never under the floor); ``bold`` is the true bold face."""
        px = max(self.floor, int(px))
        key = (px, bool(bold))
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(font_file(key[1]), px)
            self._fonts[key] = font
        return font

    def cap_height(self, px: int, bold: bool = False) -> int:
        """Height of a capital letter above the baseline, in pixels."""
        key = (max(self.floor, int(px)), bool(bold))
        cap = self._caps.get(key)
        if cap is None:
            box = self.get(*key).metrics("H")[0]
            assert box is not None  # every typeface here has an H
            cap = max(1, box[3])
            self._caps[key] = cap
        return cap

    def line_height(self, px: int, bold: bool = False) -> int:
        """The height of every text image at this size: room for the tallest accent and the deepest
        descender (the font's ascent to descent, or its line spacing, or its own render if taller)."""
        key = (max(self.floor, int(px)), bool(bold))
        h = self._lines.get(key)
        if h is None:
            font = self.get(*key)
            h = max(font.get_linesize(), font.get_ascent() - font.get_descent(),
                    font.render("ÅÉgjpqyЙ|", True, (0, 0, 0)).get_height())
            self._lines[key] = h
        return h

    def size(self, text: str, px: int, bold: bool = False) -> tuple[int, int]:
        """Width and height that ``render`` would produce for one line of text."""
        return self.get(px, bold).size(text.translate(_SOLID))[0], self.line_height(px, bold)

    def render(
        self, text: str, px: int, color: tuple[int, ...], bold: bool = False
    ) -> pygame.Surface:
        """One line of antialiased text on a transparent surface (cached; do not modify it).

        The suits are the font's own glyphs in the run, each in its suit colour (``theme.suit_ink``:
        lighter on dark backgrounds when ``color`` is light); a suit whose colour is the text's stays as is.
        """
        color = tuple(color)
        px = max(self.floor, int(px))
        key = (text, px, color, bool(bold), theme.FOUR_COLOUR)  # the suits' colours are in the image
        surf = self._texts.get(key)
        if surf is not None:
            self._texts.move_to_end(key)
            return surf
        surf = self._render(text, int(px), color, bool(bold))
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        self._texts[key] = surf
        self._keys[id(surf)] = key
        if len(self._texts) > self.cache_limit:
            self._keys.pop(id(self._texts.popitem(last=False)[1]), None)
        return surf

    def text_key(self, surf: pygame.Surface) -> tuple | None:
        """(text, px, colour, bold) if ``surf`` is a text image this cache made, else None."""
        key = self._keys.get(id(surf))
        return key if key is not None and self._texts.get(key) is surf else None

    def _render(self, text: str, px: int, color: tuple[int, ...], bold: bool) -> pygame.Surface:
        font = self.get(px, bold)
        text = text.translate(_SOLID)
        w = font.size(text)[0]
        surf = pygame.Surface((max(1, w), self.line_height(px, bold)), pygame.SRCALPHA)
        surf.fill((*color[:3], 0))
        if not text:
            return surf
        surf.blit(font.render(text, True, color), (0, 0))
        light = theme.is_light(color)
        inks: dict[tuple[int, ...], pygame.Surface] = {}
        for i, ch in enumerate(text):
            suit = _SUITS.get(ch)
            ink = theme.suit_ink(suit, light) if suit else None
            if ink is None or tuple(ink[:3]) == color[:3]:
                continue
            if ink not in inks:
                inks[ink] = font.render(text, True, (*ink, *color[3:]))
            box = font.metrics(ch)[0]
            assert box is not None  # a suit symbol: the font has it
            minx, maxx = box[:2]
            x = font.size(text[:i])[0]
            area = pygame.Rect(x + min(0, minx), 0, max(maxx, minx) - min(0, minx) + 1, surf.get_height())
            area = area.clip(surf.get_rect()).clip(inks[ink].get_rect())
            surf.fill((0, 0, 0, 0), area)
            surf.blit(inks[ink], area.topleft, area)
        return surf

    def wrap(self, text: str, px: int, max_width: int, bold: bool = False) -> list[str]:
        """Greedy word wrap to ``max_width`` px; keeps explicit newlines. Lines break between words only
        (a word longer than a whole line may break after a hyphen or slash, else it stands alone)."""
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split():
                candidate = f"{line} {word}" if line else word
                if self.size(candidate, px, bold)[0] <= max_width:
                    line = candidate
                    continue
                if line:
                    lines.append(line)
                pieces = self._break_word(word, px, max_width, bold)
                lines.extend(pieces[:-1])
                line = pieces[-1]
            lines.append(line)
        return lines

    def _break_word(self, word: str, px: int, max_width: int, bold: bool) -> list[str]:
        """``word`` cut after its hyphens or slashes where it is longer than a line."""
        parts, piece = [], ""
        for ch in word:
            piece += ch
            if ch in _BREAK_AFTER:
                parts.append(piece)
                piece = ""
        if piece:
            parts.append(piece)
        out = [""]
        for part in parts:
            if out[-1] and self.size(out[-1] + part, px, bold)[0] > max_width:
                out.append(part)
            else:
                out[-1] += part
        return out

    def fit_px(self, text: str, px: int, max_width: int, bold: bool = False, min_px: int = 10) -> int:
        """The largest size up to ``px`` at which ``text`` fits in ``max_width`` (not below min_px,
        nor below the floor: text that still does not fit must wrap or get more room)."""
        min_px = max(min_px, self.floor)
        width = self.size(text, px, bold)[0]
        if px <= min_px or width <= max_width:
            return px
        # A text's width grows about in step with its size: start next to the answer rather than walking down
        # from the top a pixel (and a newly opened font) at a time, then settle on the largest size that fits.
        top, px = px, max(min_px, min(px - 1, int(px * max_width / max(1, width))))
        while px < top - 1 and self.size(text, px + 1, bold)[0] <= max_width:
            px += 1
        while px > min_px and self.size(text, px, bold)[0] > max_width:
            px -= 1
        return px
