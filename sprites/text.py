"""Fonts and text rendering, with ♠♥♦♣ drawn inline as suit shapes (the font has none)."""
from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame

from sprites import theme
from sprites.suits import SUIT_CHARS, SuitStamps

SUIT_SIZE = 0.98  # suit height relative to the font's cap height
SUIT_PAD = 0.12  # space each side of an inline suit, relative to its height


def _split_runs(text: str) -> list[tuple[bool, str]]:
    """Split text into (is_suit, chunk) runs; each suit is its own run."""
    runs: list[tuple[bool, str]] = []
    buf = ""
    for ch in text:
        if ch in SUIT_CHARS:
            if buf:
                runs.append((False, buf))
                buf = ""
            runs.append((True, ch))
        else:
            buf += ch
    if buf:
        runs.append((False, buf))
    return runs


def _default_font_file() -> str | None:
    path = Path(pygame.__file__).with_name(pygame.font.get_default_font())
    return str(path) if path.is_file() else None


class Fonts:
    """Font objects and rendered text, cached per instance (the app owns one)."""

    def __init__(self, cache_limit: int = 600) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.cache_limit = cache_limit
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._caps: dict[tuple[int, bool], int] = {}
        self._texts: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.stamps = SuitStamps()
        self._keys: dict[int, tuple] = {}
        self.floor = 1  # the window's smallest legible size (set_window); card art keeps 1
        self._file = _default_font_file()

    def set_window(self, height: int) -> None:
        """Enforce the type scale's floor (2% of the window height) on every text drawn."""
        self.floor = theme.floor_px(height)

    def get(self, px: int, bold: bool = False) -> pygame.font.Font:
        """pygame's bundled default font at ``px`` (never under the floor); ``bold`` adds emboldening."""
        px = max(self.floor, int(px))
        key = (px, bool(bold))
        font = self._fonts.get(key)
        if font is None:
            # The default font by its path: Font(None, px) looks the file up through importlib.resources each
            # time, and renders a size-px request at int(px * GLYPH_RATIO) (the same pixels, checked by a test).
            font = (pygame.font.Font(self._file, max(1, int(px * theme.GLYPH_RATIO))) if self._file
                    else pygame.font.Font(None, px))
            font.bold = bool(bold)
            self._fonts[key] = font
        return font

    def cap_height(self, px: int, bold: bool = False) -> int:
        """Height of a capital letter above the baseline, in pixels."""
        key = (max(self.floor, int(px)), bool(bold))
        cap = self._caps.get(key)
        if cap is None:
            metrics = self.get(*key).metrics("H")[0]
            cap = max(1, metrics[3]) if metrics else max(1, round(key[0] * 0.7))
            self._caps[key] = cap
        return cap

    def _suit_metrics(self, px: int, bold: bool) -> tuple[float, int]:
        size = self.cap_height(px, bold) * SUIT_SIZE
        return size, round(size * (1 + 2 * SUIT_PAD))

    def size(self, text: str, px: int, bold: bool = False) -> tuple[int, int]:
        """Width and height that ``render`` would produce for one line of text."""
        font = self.get(px, bold)
        _, suit_w = self._suit_metrics(px, bold)
        w = 0
        for is_suit, chunk in _split_runs(text):
            w += suit_w if is_suit else font.size(chunk)[0]
        return w, font.get_height()

    def render(
        self, text: str, px: int, color: tuple[int, ...], bold: bool = False
    ) -> pygame.Surface:
        """One line of antialiased text on a transparent surface (cached; do not modify it).

        ♥♦ are drawn in RED (a lighter red when ``color`` is light, for dark backgrounds);
        ♠♣ take ``color``.
        """
        color = tuple(color)
        px = max(self.floor, int(px))
        key = (text, px, color, bool(bold))
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
        w, h = self.size(text, px, bold)
        surf = pygame.Surface((max(1, w), h), pygame.SRCALPHA)
        surf.fill((*color[:3], 0))
        suit_size, suit_w = self._suit_metrics(px, bold)
        red = theme.RED_ON_DARK if theme.is_light(color) else theme.RED
        cap_mid = font.get_ascent() - self.cap_height(px, bold) / 2
        x = 0
        for is_suit, chunk in _split_runs(text):
            if is_suit:
                suit = SUIT_CHARS[chunk]
                col = red if suit in "DH" else color
                self.stamps.blit(surf, suit, (x + suit_w / 2, cap_mid), suit_size, col)
                x += suit_w
            else:
                glyphs = font.render(chunk, True, color)
                surf.blit(glyphs, (x, 0))
                x += font.size(chunk)[0]
        return surf

    def wrap(self, text: str, px: int, max_width: int, bold: bool = False) -> list[str]:
        """Greedy word wrap to ``max_width`` px; keeps explicit newlines; splits over-long words."""
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
                line = ""
                for piece in self._break_word(word, px, max_width, bold):
                    if line:
                        lines.append(line)
                    line = piece
            lines.append(line)
        return lines

    def _break_word(self, word: str, px: int, max_width: int, bold: bool) -> list[str]:
        pieces: list[str] = []
        piece = ""
        for ch in word:
            if piece and self.size(piece + ch, px, bold)[0] > max_width:
                pieces.append(piece)
                piece = ch
            else:
                piece += ch
        pieces.append(piece)
        return pieces

    def fit_px(self, text: str, px: int, max_width: int, bold: bool = False, min_px: int = 10) -> int:
        """The largest size up to ``px`` at which ``text`` fits in ``max_width`` (not below min_px,
        nor below the floor: text that still does not fit must wrap or get more room)."""
        min_px = max(min_px, self.floor)
        while px > min_px and self.size(text, px, bold)[0] > max_width:
            px -= 1
        return px
