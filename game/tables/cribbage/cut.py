"""The cut: a face-down pack spread on the table, a depth chosen along it, and the packets parting.

Only backs are ever drawn here, all alike: the depth is a gesture and reveals nothing (RULES §2.7 #2)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from sprites import theme
from sprites.tween import ease_in_out_cubic
from sprites.widgets import draw_badge

if TYPE_CHECKING:
    from rules.cribbage.types import CribbageObs, CutJSON

PART = 0.75  # seconds for the packets to part after a cut


def spread(view: CribbageObs) -> bool:
    """Whether a cut's pack lies alone on the table (no hand, no show): the cuts before the first deal, where it
    lies at a hand's size."""
    return not view["hand"] and not view.get("last_show")


@dataclass
class CutAnim:
    zone: pygame.Rect
    depth: int
    of: int
    t: float = 0.0


class CutStrip:
    """Geometry of a spread pack of ``of`` cards in ``zone`` and the parting animation."""

    def __init__(self) -> None:
        self.anim: CutAnim | None = None

    @staticmethod
    def slot_rect(zone: pygame.Rect, of: int, sw: int, slot: int) -> pygame.Rect:
        """The width of one card's step, centred on the gap above the cut-off packet ``slot`` cards deep."""
        step = CutStrip.step(zone, of, sw)
        x = CutStrip.split_x(zone, of, sw, slot)
        return pygame.Rect(round(x - step / 2), zone.y, max(1, round(step)), zone.h)

    @staticmethod
    def middle(cut: CutJSON) -> int:
        """The depth in the middle of what may be cut: where Enter cuts with no depth marked."""
        return (cut["min"] + cut["max"] + 1) // 2

    @staticmethod
    def step(zone: pygame.Rect, of: int, cw: int) -> float:
        return (zone.w - cw) / max(1, of - 1)

    @classmethod
    def card_x(cls, zone: pygame.Rect, of: int, cw: int, i: int) -> float:
        """Centre x of card i (0 = the top card, at the left)."""
        return zone.x + cw / 2 + i * cls.step(zone, of, cw)

    @classmethod
    def split_x(cls, zone: pygame.Rect, of: int, cw: int, depth: int) -> float:
        """x of the gap between the cut-off packet (``depth`` cards) and the rest."""
        return (cls.card_x(zone, of, cw, depth - 1) + cls.card_x(zone, of, cw, depth)) / 2

    @classmethod
    def depth_at(cls, zone: pygame.Rect, of: int, cw: int, x: float, lo: int, hi: int) -> int:
        d = round((x - zone.x - cw / 2) / cls.step(zone, of, cw) + 0.5)
        return max(lo, min(hi, d))

    def start(self, zone: pygame.Rect, depth: int, of: int) -> None:
        self.anim = CutAnim(pygame.Rect(zone), depth, of)

    @property
    def busy(self) -> bool:
        return self.anim is not None

    def finish(self) -> None:
        self.anim = None

    def update(self, dt: float) -> None:
        if self.anim is not None:
            self.anim.t += dt
            if self.anim.t >= PART:
                self.anim = None

    def reveal_point(self, cw: int) -> tuple[float, float] | None:
        """Where the card a running cut shows comes from: the top of the lower packet."""
        a = self.anim
        if a is None:
            return None
        return self.card_x(a.zone, a.of, cw, a.depth), a.zone.centery

    # --- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, art, zone: pygame.Rect, of: int, depth: int | None,
             lift: float = 0.0) -> None:
        """The spread pack; with a depth, the upper packet is raised by ``lift`` (0..1) of a card."""
        back = art.back()
        cw, ch = art.width, back.get_height()
        for i in range(of):
            x = self.card_x(zone, of, cw, i)
            y: float = zone.centery
            if depth is not None:
                # the two packets part around the gap; the upper one rises a little
                x += (-0.3 if i < depth else 0.3) * cw * lift
                y -= ch * 0.16 * lift if i < depth else 0.0
            surface.blit(back, back.get_rect(center=(round(x), round(y))))

    def draw_anim(self, surface: pygame.Surface, art) -> None:
        a = self.anim
        if a is None:
            return
        f = a.t / PART
        lift = ease_in_out_cubic(min(1.0, f * 2.0)) if f < 0.7 else ease_in_out_cubic((1.0 - f) / 0.3)
        self.draw(surface, art, a.zone, a.of, a.depth, lift)

    @staticmethod
    def badge_y(zone: pygame.Rect, scale: float, inside: bool = False) -> float:
        """The centre of the depth's badge: over the pack, or ``inside`` on its top edge (a pack at a hand's size
        lies where the hand would, with the message line just over it)."""
        return zone.y if inside else zone.y - int(10 * scale) - theme.font_px(30, scale) * 0.8

    @classmethod
    def marker_top(cls, fonts, zone: pygame.Rect, scale: float, inside: bool = False) -> int:
        """The top of the depth's badge (what a message over the pack must stay above)."""
        return int(cls.badge_y(zone, scale, inside) - fonts.line_height(theme.font_px(30, scale)) * 0.65)

    def draw_marker(self, surface: pygame.Surface, fonts, zone: pygame.Rect, of: int, cw: int, depth: int,
                    label: str, scale: float, inside: bool = False) -> None:
        x = round(self.split_x(zone, of, cw, depth))
        width = max(2, int(4 * scale))
        top, bottom = zone.y - int(10 * scale), zone.bottom + int(10 * scale)
        pygame.draw.line(surface, theme.GOLD, (x, top), (x, bottom), width)
        draw_badge(surface, fonts, label, (x, self.badge_y(zone, scale, inside)), theme.font_px(30, scale),
                   theme.GOLD)
