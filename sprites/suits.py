"""Suit symbols drawn as smooth shapes (the default font has no ♠♥♦♣ glyphs)."""
from __future__ import annotations

import math
from collections import OrderedDict
from types import MappingProxyType

import pygame

from sprites import theme

SUPERSAMPLE = 4  # shapes are rasterised at 4x and smoothscaled down: smooth edges at any size
SUIT_CHARS = MappingProxyType({"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"})

Point = tuple[float, float]
Polygon = list[Point]


def suit_color(suit: str) -> tuple[int, int, int]:
    """RED for hearts and diamonds, INK for spades and clubs."""
    return theme.RED if _norm(suit) in "DH" else theme.INK


def _norm(suit: str) -> str:
    s = SUIT_CHARS.get(suit, suit.upper())
    if s not in ("C", "D", "H", "S"):
        raise ValueError(f"not a suit: {suit!r}")
    return s


def _heart_curve(n: int = 120) -> Polygon:
    """The classic parametric heart, normalised to a 1x1-ish box centred on (0, 0), tip down."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        # a sharper lower half than the textbook curve reads more like a card heart
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    return _fit(pts, 1.0, 0.92)


def _fit(pts: Polygon, width: float, height: float) -> Polygon:
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    sx, sy = width / (max(xs) - min(xs)), height / (max(ys) - min(ys))
    return [((x - cx) * sx, (y - cy) * sy) for x, y in pts]


def _circle(cx: float, cy: float, r: float, n: int = 72) -> Polygon:
    return [(cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n)) for i in range(n)]


def _quad(p0: Point, c: Point, p1: Point, n: int = 24) -> Polygon:
    """Points of a quadratic Bezier from p0 to p1 (p1 excluded) bending towards c."""
    out = []
    for i in range(n):
        t = i / n
        a, b, d = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * c[0] + d * p1[0], a * p0[1] + b * c[1] + d * p1[1]))
    return out


def _stem(top_y: float, half_top: float, half_base: float, bottom: float = 0.5) -> Polygon:
    """A flared stem whose concave sides sweep out to a wide base, as on printed cards."""
    left = _quad((-half_top, top_y), (-half_top, bottom - 0.02), (-half_base, bottom))
    right = _quad((half_base, bottom), (half_top, bottom - 0.02), (half_top, top_y))
    return left + right


def suit_polygons(suit: str) -> list[Polygon]:
    """The shape of a suit as filled polygons in a unit box centred on (0, 0), y pointing down."""
    s = _norm(suit)
    if s == "H":
        return [_heart_curve()]
    if s == "D":
        top, right, bottom, left = (0.0, -0.5), (0.38, 0.0), (0.0, 0.5), (-0.38, 0.0)
        bow = 0.06  # sides curve slightly inwards: a crisper, more printed look
        return [
            _quad(top, (0.19 - bow, -0.25 + bow), right)
            + _quad(right, (0.19 - bow, 0.25 - bow), bottom)
            + _quad(bottom, (-0.19 + bow, 0.25 - bow), left)
            + _quad(left, (-0.19 + bow, -0.25 + bow), top)
        ]
    if s == "S":
        body = [(x * 0.94, -y) for x, y in _heart_curve()]
        body = [(x, y * 0.78 - 0.11) for x, y in body]  # tip at -0.5, lobes end near 0.25
        return [body, _stem(0.08, 0.035, 0.17)]
    r = 0.225
    return [
        _circle(0.0, -0.255, r),
        _circle(-0.25, 0.075, r),
        _circle(0.25, 0.075, r),
        _circle(0.0, 0.0, 0.12),
        _stem(0.02, 0.035, 0.17),
    ]


def suit_surface(suit: str, size: float, color: tuple[int, ...], offset: Point = (0.0, 0.0)) -> pygame.Surface:
    """A transparent square surface of side ceil(size)+2 with the suit centred (shifted by offset px)."""
    n = max(0, math.ceil(size)) + 2  # never a negative surface, however small the window
    big = n * SUPERSAMPLE
    rgb = tuple(color[:3])
    # transparent pixels carry the same RGB so smoothscale does not darken the edges
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    surf.fill((*rgb, 0))
    ox = big / 2 + offset[0] * SUPERSAMPLE
    oy = big / 2 + offset[1] * SUPERSAMPLE
    k = size * SUPERSAMPLE
    for poly in suit_polygons(suit):
        pygame.draw.polygon(surf, (*rgb, 255), [(ox + x * k, oy + y * k) for x, y in poly])
    small = pygame.transform.smoothscale(surf, (n, n))
    if len(color) > 3 and color[3] != 255:
        small.fill((255, 255, 255, color[3]), special_flags=pygame.BLEND_RGBA_MULT)
    return small


def draw_suit(
    surface: pygame.Surface, suit: str, center: tuple[float, float], size: float, color: tuple[int, ...]
) -> None:
    """Draw a smooth suit symbol of height ``size`` px centred at ``center`` (sub-pixel accurate)."""
    n = max(0, math.ceil(size)) + 2  # never a negative surface, however small the window
    x0 = math.floor(center[0] - n / 2)
    y0 = math.floor(center[1] - n / 2)
    off = (center[0] - n / 2 - x0, center[1] - n / 2 - y0)
    surface.blit(suit_surface(suit, size, color, off), (x0, y0))


class SuitStamps:
    """Bounded cache of rendered suit symbols keyed by (suit, size, colour, flipped)."""

    def __init__(self, limit: int = 256) -> None:
        self.limit = limit
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def get(self, suit: str, size: float, color: tuple[int, ...], flipped: bool = False) -> pygame.Surface:
        key = (_norm(suit), round(size * 4) / 4, tuple(color), flipped)
        surf = self._cache.get(key)
        if surf is None:
            surf = suit_surface(key[0], key[1], color)
            if flipped:
                surf = pygame.transform.flip(surf, False, True)
            self._cache[key] = surf
            if len(self._cache) > self.limit:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return surf

    def blit(
        self,
        surface: pygame.Surface,
        suit: str,
        center: tuple[float, float],
        size: float,
        color: tuple[int, ...],
        flipped: bool = False,
    ) -> None:
        """Blit a cached symbol centred at ``center`` (rounded to whole pixels)."""
        surf = self.get(suit, size, color, flipped)
        surface.blit(surf, surf.get_rect(center=(round(center[0]), round(center[1]))))
