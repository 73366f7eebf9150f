"""The cribbage peg board: a 121-hole track per player, two pegs each that leapfrog along it."""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from rules.cribbage.state import GAME_POINTS
from rules.cribbage.types import Pegs
from sprites import theme
from sprites.tween import ease_in_out_cubic
from sprites.widgets import draw_round_rect

HOLES = 120  # out along one row and back along the other; the game hole (121) closes the track
ROW = 60
GROUP = 5
GROUP_GAP = 0.9  # extra spacing between groups of five, in hole pitches
PEG_COLORS = ((236, 64, 48), (58, 136, 255))
WOOD = (222, 186, 128)  # light maple: dark holes and bright pegs read from a metre away
WOOD_EDGE = (120, 80, 40)
HOLE = (24, 14, 6)
MARKS = (30, 60, 90, 120)  # ringed in dark ink: the quarter marks of the track


@dataclass
class _Move:
    seat: int
    peg: int
    start: float
    end: float
    duration: float
    t: float = 0.0


def ellipsized(fonts, name: str, px: int, width: int) -> str:
    """``name`` cut to ``width`` (bold) with an ellipsis after it."""
    while len(name) > 1 and fonts.size(name + "…", px, True)[0] > width:
        name = name[:-1]
    return name + "…"


# The score chip's right edge, in hole pitches left of hole 1: past the second start hole and its peg (3.25 + 1.2
# pitches) and the chip's own rounded end (0.6).
CHIP_RIGHT = 5.2


class PegBoard:
    """Peg positions are scores (0 = start holes, 121+ = game hole). A scoring moves the back peg
    past the front one (leapfrog), so the two pegs always show the latest score and the one before."""

    def __init__(self) -> None:
        self.pegs: list[list[float]] = [[0.0, 0.0], [0.0, 0.0]]
        self.queue: list[tuple[int, int]] = []
        self.moving: _Move | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.bottom_seat = 0
        self.sp = 10.0
        self._wood: tuple[tuple, pygame.Surface] | None = None
        self._fits: dict[tuple, tuple[int, str]] = {}

    # --- state ------------------------------------------------------------------------------------
    def snap(self, pegs: list[Pegs]) -> None:
        """Put every peg where the observation says (back, front), dropping any pending move."""
        self.queue.clear()
        self.moving = None
        for seat in (0, 1):
            self.pegs[seat] = [float(pegs[seat]["back"]), float(pegs[seat]["front"])]

    def matches(self, pegs: list[Pegs]) -> bool:
        return all(sorted(self.pegs[s]) == sorted([float(pegs[s]["back"]), float(pegs[s]["front"])])
                   for s in (0, 1))

    def move(self, seat: int, to: int) -> None:
        """Queue a scoring: the seat's back peg jumps to ``to``."""
        self.queue.append((seat, to))

    @property
    def busy(self) -> bool:
        return self.moving is not None or bool(self.queue)

    def finish(self) -> None:
        while self.busy:
            self.update(1e6)

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds already scaled by the animation speed."""
        while dt > 0:
            if self.moving is None:
                if not self.queue:
                    return
                self._start(*self.queue.pop(0))
            m = self.moving
            assert m is not None
            step = min(dt, m.duration - m.t)
            m.t += step
            dt -= step
            if m.t >= m.duration - 1e-9:
                self.pegs[m.seat][m.peg] = m.end
                self.moving = None
            else:
                frac = ease_in_out_cubic(m.t / m.duration)
                self.pegs[m.seat][m.peg] = m.start + (m.end - m.start) * frac
                return

    def _start(self, seat: int, to: int) -> None:
        a, b = self.pegs[seat]
        peg = 0 if a <= b else 1
        start = self.pegs[seat][peg]
        dist = abs(to - start)
        self.moving = _Move(seat, peg, start, float(to), min(1.4, 0.32 + 0.022 * dist))

    def shown_score(self, seat: int) -> int:
        """The front peg's score; a peg in the game hole reads 121, whatever the last count was worth."""
        return min(GAME_POINTS, int(round(max(self.pegs[seat]))))

    # --- geometry ----------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, bottom_seat: int) -> None:
        self.rect = pygame.Rect(rect)
        self.bottom_seat = bottom_seat
        self.label_w = int(rect.w * 0.2)
        track = ROW - 1 + 11 * GROUP_GAP  # pitches from hole 1 to hole 60
        self.sp = (rect.w - self.label_w) / (track + 5.2)
        self.x0 = rect.right - self.sp * 1.0 - self.sp * track
        dy = rect.h / 4.8
        c = rect.centery
        self.dy = dy
        # Each player's outer row is the one nearer to them; the inner rows meet in the middle.
        self.rows = {1 - bottom_seat: (c - 1.62 * dy, c - 0.62 * dy), bottom_seat: (c + 1.62 * dy, c + 0.62 * dy)}

    def _col_x(self, k: int) -> float:
        """x of column k (1..60)."""
        return self.x0 + (k - 1) * self.sp + ((k - 1) // GROUP) * GROUP_GAP * self.sp

    def hole(self, seat: int, n: int) -> tuple[float, float]:
        """Centre of hole n (1..120) of a seat's track, or the game hole for 121."""
        outer, inner = self.rows[seat]
        if n >= HOLES + 1:
            return self.x0 - self.sp * 2.75, (outer + inner) / 2
        if n <= ROW:
            return self._col_x(n), outer
        return self._col_x(HOLES + 1 - n), inner

    def start_hole(self, seat: int, peg: int) -> tuple[float, float]:
        outer, _ = self.rows[seat]
        return self.x0 - self.sp * (2.25 + peg * 1.0), outer

    def peg_xy(self, seat: int, peg: int, h: float) -> tuple[float, float]:
        """Where a peg at (possibly fractional) score h stands, following the track."""
        if h <= 0:
            return self.start_hole(seat, peg)
        h = min(h, HOLES + 1.0)
        lo = math.floor(h)
        a = self.start_hole(seat, peg) if lo == 0 else self.hole(seat, lo)
        b = self.hole(seat, min(lo + 1, HOLES + 1))
        f = h - lo
        return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f

    # --- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, fonts, names: list[str], scale: float) -> None:
        r = self.rect
        if r.w <= 0:
            return
        key = (tuple(r), self.bottom_seat, scale)
        if self._wood is None or self._wood[0] != key:
            self._wood = (key, self._render_wood(scale))
        surface.blit(self._wood[1], (r.x, r.y))
        for seat in (0, 1):
            self._draw_label(surface, fonts, seat, names[seat], scale)
        for seat in (0, 1):
            for peg in (0, 1):
                self._draw_peg(surface, seat, peg)

    def _render_wood(self, scale: float) -> pygame.Surface:
        """The board without pegs or words, drawn once per size (242 holes are costly every frame)."""
        r = self.rect
        shadow = max(2, int(3 * scale))
        surf = pygame.Surface((max(0, r.w), max(0, r.h + shadow)), pygame.SRCALPHA)
        local = pygame.Rect(0, 0, r.w, r.h)
        radius = max(6, int(r.h * 0.16))
        draw_round_rect(surf, WOOD_EDGE, local.move(0, shadow), radius)
        draw_round_rect(surf, WOOD, local, radius)
        draw_round_rect(surf, theme.mix(WOOD, (255, 230, 190), 0.18), local, radius, max(1, int(2 * scale)))
        hole_r = max(2.0, self.sp * 0.22)
        for seat in (0, 1):
            self._draw_lane(surf, seat, hole_r, (-r.x, -r.y))
        return surf.convert_alpha() if pygame.display.get_surface() is not None else surf

    def _draw_lane(self, surface: pygame.Surface, seat: int, hole_r: float, off: tuple[int, int]) -> None:
        ox, oy = off
        outer, inner = self.rows[seat]
        tint = theme.mix(WOOD, PEG_COLORS[seat], 0.16)
        top = int(min(outer, inner) - self.dy * 0.46) + oy
        lane_h = int(self.dy * 1.92)
        lane = pygame.Rect(int(self.x0 - self.sp * 0.75) + ox, top, int(self._col_x(ROW) - self.x0 + self.sp * 1.5),
                           lane_h)
        draw_round_rect(surface, tint, lane, int(self.dy * 0.45))
        home = pygame.Rect(int(self.x0 - self.sp * 3.7) + ox, top, int(self.sp * 2.4), lane_h)
        draw_round_rect(surface, tint, home, int(self.dy * 0.45))
        edge = theme.mix(tint, PEG_COLORS[seat], 0.5)
        draw_round_rect(surface, edge, lane, int(self.dy * 0.45), max(1, round(self.sp * 0.08)))
        for k in range(GROUP, ROW, GROUP):  # a bar between each group of five
            x = (self._col_x(k) + self._col_x(k + 1)) / 2 + ox
            bar = max(1, round(self.sp * (0.16 if k % 30 == 0 else 0.07)))
            pygame.draw.line(surface, WOOD_EDGE, (x, top + lane_h * 0.12), (x, top + lane_h * 0.88), bar)
        holes = [self.hole(seat, n) for n in range(1, HOLES + 1)] + [self.start_hole(seat, p) for p in (0, 1)]
        for x, y in holes:
            pygame.draw.circle(surface, HOLE, (round(x) + ox, round(y) + oy), max(2, round(hole_r)))
        for n in MARKS:
            x, y = self.hole(seat, n)
            pygame.draw.circle(surface, theme.INK, (round(x) + ox, round(y) + oy), max(3, round(hole_r * 1.9)),
                               max(1, round(hole_r * 0.6)))
        x, y = self.hole(seat, HOLES + 1)
        pygame.draw.circle(surface, HOLE, (round(x) + ox, round(y) + oy), max(2, round(hole_r * 1.7)))

    def _draw_label(self, surface: pygame.Surface, fonts, seat: int, name: str, scale: float) -> None:
        outer, inner = self.rows[seat]
        cy = (outer + inner) / 2
        x = self.rect.x + self.sp * 0.9
        px = theme.font_px(24, scale)
        score = fonts.render(str(self.shown_score(seat)), theme.font_px(38, scale), theme.TEXT, bold=True)
        room = int(self.x0 - self.sp * CHIP_RIGHT - x)
        fit = (name, px, room, score.get_width())
        if fit not in self._fits:
            avail = max(20, room - score.get_width() - int(self.sp * 2))
            name_px = fonts.fit_px(name, px, avail, bold=True)
            shown = name if fonts.size(name, name_px, True)[0] <= avail else ellipsized(fonts, name, name_px, avail)
            self._fits[fit] = (name_px, shown)  # a name too long even at the floor ends in an ellipsis
        name_px, shown = self._fits[fit]
        label = fonts.render(shown, name_px, theme.mix(PEG_COLORS[seat], (0, 0, 0), 0.45), bold=True)
        surface.blit(label, label.get_rect(midleft=(x, cy)))
        pill = self.chip_rect(seat, score.get_size())
        draw_round_rect(surface, PEG_COLORS[seat], pill, pill.h // 2)
        surface.blit(score, score.get_rect(center=pill.center))

    def chip_rect(self, seat: int, size: tuple[int, int]) -> pygame.Rect:
        """The score chip for a score image of ``size``: left of the start holes, clear of the pegs in them."""
        outer, inner = self.rows[seat]
        rect = pygame.Rect((0, 0), size)
        rect.midright = (round(self.x0 - self.sp * CHIP_RIGHT), round((outer + inner) / 2))
        return rect.inflate(int(self.sp * 1.2), int(self.sp * 0.3))

    def peg_radius(self) -> float:
        """A resting peg's radius with its white ring."""
        pr = max(5.0, min(self.sp * 0.95, self.dy * 0.56))
        return pr + max(2, round(pr * 0.22))

    def _draw_peg(self, surface: pygame.Surface, seat: int, peg: int) -> None:
        h = self.pegs[seat][peg]
        x, y = self.peg_xy(seat, peg, h)
        pr = max(5.0, min(self.sp * 0.95, self.dy * 0.56))
        lift = 0.0
        m = self.moving
        if m is not None and m.seat == seat and m.peg == peg:
            lift = math.sin(math.pi * min(1.0, m.t / m.duration)) * self.sp * 0.9
            pr *= 1.0 + 0.25 * lift / max(1.0, self.sp * 0.9)
        color = PEG_COLORS[seat]
        shade = pygame.Surface((round(pr * 2) + 2, round(pr * 2) + 2), pygame.SRCALPHA)
        pygame.draw.circle(shade, (20, 10, 4, 150 if lift == 0 else 90), shade.get_rect().center,
                           round(pr * (1.0 if lift == 0 else 0.8)))
        surface.blit(shade, shade.get_rect(center=(round(x + pr * 0.25), round(y + pr * 0.3))))
        cx, cy = round(x), round(y - lift)
        pygame.draw.circle(surface, (255, 255, 255), (cx, cy), round(pr) + max(2, round(pr * 0.22)))
        pygame.draw.circle(surface, theme.mix(color, (0, 0, 0), 0.45), (cx, cy), round(pr) + 1)
        pygame.draw.circle(surface, color, (cx, cy), round(pr))
        hl = max(1, round(pr * 0.35))
        pygame.draw.circle(surface, theme.mix(color, (255, 255, 255), 0.55), (cx - hl // 2, cy - hl // 2), hl)
