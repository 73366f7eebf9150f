"""Court-card figures drawn in code: a bearded king with a crown and sceptre, a queen with a tiara and a
flower, a jack in a feathered cap with a halberd. Each is the top half of a double-ended card; the
caller mirrors it (turned 180 degrees) for the bottom half, as on printed cards.

Coordinates are fractions of the half: ``u`` across, ``v`` down, ``v = 1`` being the card's centre line.
Garments take the suit's colour with a blue second colour and gold trim. Red suits draw no ink-black
and black suits no red (the tests check both), so each suit colour brings its own line colour."""
from __future__ import annotations

import math

import pygame

from sprites import theme
from sprites.suits import SuitStamps

SKIN = (247, 216, 184)
SKIN_SHADE = (226, 180, 146)
HAIR = (132, 82, 44)
HAIR_LIGHT = (204, 150, 70)
BEARD = (236, 233, 224)
STEEL = (198, 206, 218)
ERMINE = (252, 251, 246)
SECOND = (38, 70, 150)  # the blue of traditional court cards
MAROON = (140, 30, 50)  # the line colour of red suits: darker than their red, far from ink
ROSE = (182, 96, 100)  # the lips of black suits: no red on a spade card


class Pen:
    """Draws in the half's unit coordinates; line widths follow its size."""

    def __init__(self, surf: pygame.Surface, line: tuple[int, int, int]) -> None:
        self.surf = surf
        self.w, self.h = surf.get_size()
        self.unit = min(self.w, self.h)
        self.line = line
        self.lw = max(1, round(self.unit * 0.014))

    def p(self, u: float, v: float) -> tuple[float, float]:
        return u * self.w, v * self.h

    def poly(self, color, pts, outline: bool = True) -> None:
        xy = [self.p(u, v) for u, v in pts]
        pygame.draw.polygon(self.surf, color, xy)
        if outline:
            pygame.draw.polygon(self.surf, self.line, xy, self.lw)

    def ellipse(self, color, cu: float, cv: float, ru: float, rv: float, outline: bool = True) -> None:
        rect = pygame.Rect(0, 0, max(1, round(2 * ru * self.w)), max(1, round(2 * rv * self.h)))
        rect.center = (round(cu * self.w), round(cv * self.h))
        pygame.draw.ellipse(self.surf, color, rect)
        if outline:
            pygame.draw.ellipse(self.surf, self.line, rect, self.lw)

    def disc(self, color, cu: float, cv: float, r: float, outline: bool = True) -> None:
        c, rad = self.p(cu, cv), max(1.0, r * self.unit)
        pygame.draw.circle(self.surf, color, c, rad)
        if outline:
            pygame.draw.circle(self.surf, self.line, c, rad, self.lw)

    def stroke(self, color, pts, width: float) -> None:
        xy = [self.p(u, v) for u, v in pts]
        pygame.draw.lines(self.surf, color, False, xy, max(1, round(width * self.unit)))


def arc(cu: float, cv: float, ru: float, rv: float, a0: float, a1: float, n: int = 14) -> list[tuple[float, float]]:
    """Points on an elliptic arc, angles in degrees (0 = right, 90 = down)."""
    return [(cu + ru * math.cos(math.radians(a0 + (a1 - a0) * k / n)),
             cv + rv * math.sin(math.radians(a0 + (a1 - a0) * k / n))) for k in range(n + 1)]


def draw_figure(half: pygame.Surface, rank: int, suit: str, color: tuple[int, int, int],
                stamps: SuitStamps) -> None:
    """The bust of a jack (11), queen (12) or king (13) of ``suit`` on the transparent ``half``."""
    red = suit in "DH"
    pen = Pen(half, MAROON if red else theme.INK)
    if rank == 12:
        _flower(pen)
        _long_hair(pen)
    elif rank == 11:
        _halberd(pen)
    _robe(pen, rank, color)
    _neck_and_head(pen, rank, red)
    if rank == 13:
        _beard(pen)
        _crown(pen)
        _sceptre(pen, suit, color, stamps)
    elif rank == 12:
        _tiara(pen)
    else:
        _cap(pen, color)
    _medallion(pen, suit, color, stamps)


# --- the body -------------------------------------------------------------------------------------
def _robe(pen: Pen, rank: int, color) -> None:
    shoulders = [(0.04, 1.02), (0.07, 0.84), (0.17, 0.71), (0.36, 0.645), (0.64, 0.645), (0.83, 0.71),
                 (0.93, 0.84), (0.96, 1.02)]
    pen.poly(color, shoulders)
    # a front panel in the second colour, edged in gold, down to the centre line
    pen.poly(SECOND, [(0.40, 0.68), (0.60, 0.68), (0.66, 1.02), (0.34, 1.02)])
    pen.stroke(theme.GOLD, [(0.40, 0.68), (0.34, 1.02)], 0.03)
    pen.stroke(theme.GOLD, [(0.60, 0.68), (0.66, 1.02)], 0.03)
    if rank == 13:  # an ermine collar over the shoulders
        collar = [(0.14, 0.72), (0.26, 0.655), (0.5, 0.63), (0.74, 0.655), (0.86, 0.72), (0.80, 0.79),
                  (0.5, 0.74), (0.20, 0.79)]
        pen.poly(ERMINE, collar)
        for u, v in ((0.24, 0.72), (0.36, 0.69), (0.64, 0.69), (0.76, 0.72)):
            pen.poly(pen.line, [(u, v - 0.025), (u + 0.014, v + 0.02), (u - 0.014, v + 0.02)], outline=False)
    elif rank == 12:  # a low gold neckline with a string of pearls
        pen.poly(SKIN, [*arc(0.5, 0.645, 0.13, 0.10, 0, 180, 10)], outline=False)
        pen.stroke(theme.GOLD, arc(0.5, 0.645, 0.14, 0.11, 0, 180, 10), 0.035)
        for u, v in arc(0.5, 0.63, 0.09, 0.07, 15, 165, 6):
            pen.disc(ERMINE, u, v, 0.016, outline=False)
    else:  # a white pointed collar
        pen.poly(ERMINE, [(0.36, 0.64), (0.5, 0.67), (0.44, 0.76)])
        pen.poly(ERMINE, [(0.64, 0.64), (0.5, 0.67), (0.56, 0.76)])


def _neck_and_head(pen: Pen, rank: int, red: bool) -> None:
    pen.poly(SKIN, [(0.45, 0.52), (0.55, 0.52), (0.56, 0.66), (0.44, 0.66)])
    if rank == 11:  # short hair behind the face
        pen.ellipse(HAIR, 0.5, 0.38, 0.15, 0.15)
    pen.ellipse(SKIN, 0.5, 0.42, 0.135, 0.16)
    pen.ellipse(SKIN_SHADE, 0.5, 0.455, 0.02, 0.035, outline=False)  # the nose
    for u in (0.448, 0.552):
        pen.ellipse(ERMINE, u, 0.405, 0.028, 0.017, outline=False)
        pen.disc(pen.line, u, 0.405, 0.013, outline=False)
        pen.stroke(HAIR if rank != 13 else pen.line, [(u - 0.03, 0.372), (u + 0.03, 0.366)], 0.016)
    lips = theme.RED if red else ROSE
    if rank != 13:
        pen.ellipse(lips, 0.5, 0.515, 0.035, 0.014, outline=False)
    if rank == 11:  # a fringe over the brow
        pen.poly(HAIR, [*arc(0.5, 0.36, 0.13, 0.09, 180, 360, 10), (0.6, 0.33), (0.5, 0.35), (0.4, 0.33)])


def _beard(pen: Pen) -> None:
    pen.poly(BEARD, [(0.375, 0.43), (0.40, 0.54), (0.45, 0.62), (0.5, 0.66), (0.55, 0.62), (0.60, 0.54),
                     (0.625, 0.43), (0.57, 0.49), (0.5, 0.50), (0.43, 0.49)])
    pen.poly(BEARD, [(0.43, 0.49), (0.5, 0.475), (0.57, 0.49), (0.6, 0.515), (0.5, 0.505), (0.4, 0.515)])


def _long_hair(pen: Pen) -> None:
    pen.poly(HAIR_LIGHT, [*arc(0.5, 0.40, 0.17, 0.19, 180, 360, 14), (0.69, 0.52), (0.72, 0.70), (0.60, 0.68),
                          (0.40, 0.68), (0.28, 0.70), (0.31, 0.52)])


# --- headwear -------------------------------------------------------------------------------------
def _crown(pen: Pen) -> None:
    pts = [(0.34, 0.30), (0.33, 0.10), (0.40, 0.19), (0.45, 0.06), (0.5, 0.17), (0.55, 0.06), (0.60, 0.19),
           (0.67, 0.10), (0.66, 0.30)]
    pen.poly(theme.GOLD, pts)
    pen.poly(theme.GOLD_DARK, [(0.34, 0.25), (0.66, 0.25), (0.66, 0.30), (0.34, 0.30)])
    for u, jewel in ((0.41, SECOND), (0.5, theme.JEWEL), (0.59, SECOND)):
        pen.disc(jewel, u, 0.275, 0.022, outline=False)
    for u, v in ((0.33, 0.10), (0.45, 0.06), (0.55, 0.06), (0.67, 0.10)):
        pen.disc(ERMINE, u, v, 0.02)


def _tiara(pen: Pen) -> None:
    pen.poly(theme.GOLD, [(0.37, 0.29), (0.38, 0.22), *arc(0.5, 0.22, 0.12, 0.10, 180, 360, 12)[1:-1],
                          (0.62, 0.22), (0.63, 0.29)])
    for u in (0.40, 0.5, 0.60):
        pen.stroke(theme.GOLD_DARK, arc(u, 0.26, 0.045, 0.06, 180, 360, 6), 0.018)
    pen.disc(theme.JEWEL, 0.5, 0.17, 0.03, outline=False)
    pen.poly(theme.GOLD_DARK, [(0.37, 0.26), (0.63, 0.26), (0.63, 0.29), (0.37, 0.29)], outline=False)


def _cap(pen: Pen, color) -> None:
    pen.poly(ERMINE, [(0.42, 0.22), (0.28, 0.07), (0.19, 0.04), (0.25, 0.13), (0.36, 0.24)])  # the feather
    pen.stroke(theme.GOLD_DARK, [(0.40, 0.23), (0.23, 0.06)], 0.012)
    pen.ellipse(SECOND, 0.5, 0.24, 0.19, 0.075)
    pen.poly(color, [(0.35, 0.27), (0.65, 0.27), (0.64, 0.31), (0.36, 0.31)])
    pen.stroke(theme.GOLD, [(0.36, 0.29), (0.64, 0.29)], 0.02)


# --- what they hold -------------------------------------------------------------------------------
def _sceptre(pen: Pen, suit: str, color, stamps: SuitStamps) -> None:
    pen.poly(theme.GOLD, [(0.79, 1.02), (0.75, 0.33), (0.78, 0.33), (0.83, 1.02)])
    pen.disc(theme.GOLD, 0.765, 0.27, 0.07)
    pen.disc(theme.CARD_FACE, 0.765, 0.27, 0.05, outline=False)
    x, y = pen.p(0.765, 0.27)
    stamps.blit(pen.surf, suit, (x, y), pen.unit * 0.075, color)
    pen.ellipse(SKIN, 0.79, 0.86, 0.055, 0.04)  # the hand that holds it


def _flower(pen: Pen) -> None:
    pen.stroke(theme.JEWEL, [(0.2, 1.02), (0.21, 0.80), (0.23, 0.56)], 0.025)
    pen.poly(theme.JEWEL, [(0.21, 0.78), (0.11, 0.70), (0.20, 0.72)])
    for k in range(5):
        a = math.radians(k * 72 - 90)
        pen.disc(ERMINE, 0.23 + 0.045 * math.cos(a), 0.50 + 0.045 * math.sin(a), 0.035)
    pen.disc(theme.GOLD, 0.23, 0.50, 0.028)


def _halberd(pen: Pen) -> None:
    pen.poly(theme.GOLD_DARK, [(0.80, 1.02), (0.80, 0.14), (0.83, 0.14), (0.83, 1.02)])
    pen.poly(STEEL, [(0.83, 0.20), (0.94, 0.15), (0.95, 0.34), (0.83, 0.30)])  # the axe blade
    pen.poly(STEEL, [(0.80, 0.22), (0.72, 0.26), (0.80, 0.28)])
    pen.poly(STEEL, [(0.795, 0.15), (0.815, 0.03), (0.835, 0.15)])  # the spike


def _medallion(pen: Pen, suit: str, color, stamps: SuitStamps) -> None:
    """The suit on the chest, in a gold roundel: the figure's suit at a glance."""
    pen.disc(theme.GOLD, 0.5, 0.87, 0.085)
    pen.disc(theme.CARD_FACE, 0.5, 0.87, 0.064, outline=False)
    x, y = pen.p(0.5, 0.87)
    stamps.blit(pen.surf, suit, (x, y), pen.unit * 0.095, color)
