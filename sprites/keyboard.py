"""An on-screen keyboard for touch screens (English, German and Ukrainian layouts) with a one-shot shift;
a Cyrillic layout has a key that switches to Latin letters and back (names may be written either way)."""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import pygame

from sprites import theme
from sprites.text import Fonts
from sprites.widgets import draw_round_rect

BACKSPACE = "\b"
DONE = "\n"
SHIFT = "SHIFT"
SPACE = " "
SWITCH = "SWITCH"

# Each row is a list of (key, width in key units). Letters are stored lower case.
Row = tuple[tuple[str, float], ...]


def _keys(chars: str) -> Row:
    return tuple((ch, 1.0) for ch in chars)


LAYOUTS: Mapping[str, tuple[Row, ...]] = MappingProxyType({
    "en": (
        _keys("1234567890") + ((BACKSPACE, 1.5),),
        _keys("qwertyuiop-"),
        _keys("asdfghjkl'"),
        ((SHIFT, 1.5),) + _keys("zxcvbnm.") + ((SHIFT, 1.5),),
        ((SPACE, 7.0), (DONE, 2.5)),
    ),
    "de": (
        _keys("1234567890ß") + ((BACKSPACE, 1.5),),
        _keys("qwertzuiopü-"),
        _keys("asdfghjklöä'"),
        ((SHIFT, 1.5),) + _keys("yxcvbnm.") + ((SHIFT, 1.5),),
        ((SPACE, 7.0), (DONE, 2.5)),
    ),
    "uk": (
        _keys("1234567890'") + ((BACKSPACE, 1.5),),
        _keys("йцукенгшщзхї"),
        _keys("фівапролджєґ"),
        ((SHIFT, 1.5),) + _keys("ячсмитьбю-") + ((SHIFT, 1.5),),
        ((SWITCH, 2.0), (SPACE, 7.0), (DONE, 2.5)),
    ),
    "uk-latin": (
        _keys("1234567890") + ((BACKSPACE, 1.5),),
        _keys("qwertyuiop-"),
        _keys("asdfghjkl'"),
        ((SHIFT, 1.5),) + _keys("zxcvbnm.") + ((SHIFT, 1.5),),
        ((SWITCH, 2.0), (SPACE, 7.0), (DONE, 2.5)),
    ),
})
DONE_LABELS: Mapping[str, str] = MappingProxyType({"en": "Done", "de": "Fertig", "uk": "Готово",
                                                   "uk-latin": "Готово"})
# The key that switches a layout to its partner, labelled with the letters it brings.
SWITCHES: Mapping[str, tuple[str, str]] = MappingProxyType({"uk": ("uk-latin", "ABC"), "uk-latin": ("uk", "АБВ")})
MIN_KEY_PX = 48  # at 1080p


def _upper(ch: str) -> str:
    """Upper case that keeps one character (ß has no single-letter capital in the font)."""
    up = ch.upper()
    return up if len(up) == 1 else ch


class OnScreenKeyboard:
    """Lays out keys in ``rect``; ``press`` returns what to type and handles shift itself."""

    def __init__(self, rect: pygame.Rect, layout: str = "en", done_label: str | None = None) -> None:
        if layout not in LAYOUTS:
            raise ValueError(f"unknown keyboard layout {layout!r}; known: {', '.join(LAYOUTS)}")
        self.layout = layout
        self.done_label = done_label if done_label is not None else DONE_LABELS[layout]
        self.shift = False
        self.rect = pygame.Rect(rect)
        self.keys: list[tuple[str, pygame.Rect]] = []
        self.set_rect(rect)

    @staticmethod
    def preferred_size(scale: float, layout: str = "en") -> tuple[int, int]:
        """A size whose keys are at least 48 px at 1080p, scaled by ``ui_scale``."""
        rows = LAYOUTS[layout]
        units = max(sum(w for _, w in row) for row in rows)
        key = MIN_KEY_PX * 1.25 * scale
        gap = key * 0.12
        return round(units * (key + gap) + gap), round(len(rows) * (key + gap) + gap)

    def set_rect(self, rect: pygame.Rect) -> None:
        """Lay the keys out again in a new rectangle (e.g. after a window resize)."""
        self.rect = pygame.Rect(rect)
        rows = LAYOUTS[self.layout]
        units = max(sum(w for _, w in row) for row in rows)
        gap = max(2.0, min(self.rect.w / units, self.rect.h / len(rows)) * 0.1)
        unit_w = (self.rect.w - gap) / units
        key_h = (self.rect.h - gap) / len(rows)
        self.keys = []
        for r, row in enumerate(rows):
            row_w = sum(w for _, w in row) * unit_w
            x = self.rect.x + gap / 2 + (self.rect.w - gap - row_w) / 2
            y = self.rect.y + gap / 2 + r * key_h
            for key, w in row:
                box = pygame.Rect(round(x + gap / 2), round(y + gap / 2),
                                  round(w * unit_w - gap), round(key_h - gap))
                self.keys.append((key, box))
                x += w * unit_w

    def key_at(self, pos: tuple[float, float]) -> str | None:
        """The key under ``pos``: a character (lower case), "\\b", "\\n", " ", "SHIFT" or None."""
        for key, box in self.keys:
            if box.collidepoint(pos):
                return key
        return None

    def press(self, pos: tuple[float, float]) -> str | None:
        """Press the key under ``pos``. Shift toggles and returns None; a letter uses and clears it."""
        key = self.key_at(pos)
        if key is None:
            return None
        if key == SHIFT:
            self.shift = not self.shift
            return None
        if key == SWITCH:
            self.layout = SWITCHES[self.layout][0]
            self.set_rect(self.rect)
            return None
        if len(key) == 1 and key.isalpha():
            out = _upper(key) if self.shift else key
            self.shift = False
            return out
        return key

    def label(self, key: str) -> str:
        if key == DONE:
            return self.done_label
        if key == SPACE:
            return ""
        if key == SWITCH:
            return SWITCHES[self.layout][1]
        return _upper(key) if self.shift else key

    def draw(self, surface: pygame.Surface, fonts: Fonts, pressed_key: str | None = None) -> None:
        """Draw the keyboard; ``pressed_key`` (as returned by key_at) is shown held down."""
        for key, box in self.keys:
            self._draw_key(surface, fonts, key, box, key == pressed_key)

    def _draw_key(
        self, surface: pygame.Surface, fonts: Fonts, key: str, box: pygame.Rect, pressed: bool
    ) -> None:
        radius = max(3, round(box.h * 0.18))
        special = key in (BACKSPACE, SHIFT, DONE, SWITCH)
        fill = theme.BUTTON_HOVER if special else theme.mix(theme.BUTTON, theme.PANEL, 0.2)
        ink = theme.TEXT
        if key == DONE:
            fill, ink = theme.PRIMARY, theme.TEXT_DARK
        if key == SHIFT and self.shift:
            fill, ink = theme.GOLD, theme.TEXT_DARK
        drop = max(1, round(box.h * 0.05))
        body = box.move(0, drop) if pressed else box
        if pressed:
            fill = theme.mix(fill, (0, 0, 0), 0.25)
        else:
            draw_round_rect(surface, (0, 0, 0), box.move(0, drop), radius)
        draw_round_rect(surface, fill, body, radius)
        draw_round_rect(surface, theme.mix(fill, theme.TEXT, 0.25), body, radius, max(1, round(box.h / 48)))
        if key == BACKSPACE:
            self._draw_backspace(surface, body, ink)
        elif key == SHIFT:
            self._draw_shift(surface, body, ink)
        elif key == SPACE:
            bar = pygame.Rect(0, 0, round(body.w * 0.3), max(2, round(body.h * 0.06)))
            bar.center = (body.centerx, body.centery + round(body.h * 0.12))
            pygame.draw.rect(surface, theme.TEXT_DIM, bar, border_radius=bar.h // 2)
        else:
            text = self.label(key)
            px = fonts.fit_px(text, round(body.h * 0.62), body.w - 6)
            glyphs = fonts.render(text, px, ink)
            surface.blit(glyphs, glyphs.get_rect(center=body.center))

    @staticmethod
    def _draw_backspace(surface: pygame.Surface, box: pygame.Rect, ink: tuple) -> None:
        """A left-pointing key cap with a cross: the font has no ⌫ glyph."""
        h = box.h * 0.34
        w = h * 1.5
        cx, cy = box.center
        left = cx - w / 2
        pts = [(left, cy), (left + h * 0.5, cy - h / 2), (left + w, cy - h / 2),
               (left + w, cy + h / 2), (left + h * 0.5, cy + h / 2)]
        line = max(2, round(box.h / 24))
        pygame.draw.polygon(surface, ink, pts, line)
        xc, s = left + w * 0.6, h * 0.2
        pygame.draw.line(surface, ink, (xc - s, cy - s), (xc + s, cy + s), line)
        pygame.draw.line(surface, ink, (xc - s, cy + s), (xc + s, cy - s), line)

    @staticmethod
    def _draw_shift(surface: pygame.Surface, box: pygame.Rect, ink: tuple) -> None:
        """An outlined upward arrow."""
        h = box.h * 0.42
        cx, cy = box.center
        top, mid, bottom = cy - h / 2, cy + h * 0.05, cy + h / 2
        pts = [(cx, top), (cx + h * 0.5, mid), (cx + h * 0.22, mid), (cx + h * 0.22, bottom),
               (cx - h * 0.22, bottom), (cx - h * 0.22, mid), (cx - h * 0.5, mid)]
        pygame.draw.polygon(surface, ink, pts, max(2, round(box.h / 24)))
