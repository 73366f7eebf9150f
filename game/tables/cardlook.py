"""What one card is and draws in a frame: where the view puts it (``CardSprite``); its images, shadow, dim and
glow looked up once per view; a held card lifted (a little larger, its shadow deeper), a card in flight with its
shadow under it; and a frame's blits."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from sprites import theme

if TYPE_CHECKING:
    from sprites.cards import CardArt

LIFT_SCALE = 1.06  # a card picked up grows this much: it comes off the table towards the player
LIFT_DEPTH = 0.07  # and its shadow falls this share of its width further down (0.035 further right)
FLIGHT_DEPTH = 0.035  # a card in flight casts its shadow this share of its width below it
HOLD_RISE = 0.3  # a card a finger rests on rises this share of its height: the finger covers less of it

Scale = Callable[[pygame.Surface, int, int], pygame.Surface]


@dataclass(frozen=True)
class CardSprite:
    """Where one card should be: ``card`` is the face shown, or None for a back."""

    key: str
    card: str | None
    x: float  # centre
    y: float
    w: int
    z: int = 0
    selected: bool = False
    glow: tuple[int, int, int] | None = None
    dim: bool = False

    def rect(self, lift: float = 0.0) -> pygame.Rect:
        return self.rect_at(self.x, self.y, lift)

    def rect_at(self, x: float, y: float, lift: float = 0.0) -> pygame.Rect:
        """The card's rect centred at (x, y): where it is now, while it glides (no new sprite per frame)."""
        h = round(self.w * theme.CARD_RATIO)
        return pygame.Rect(round(x) - self.w // 2, round(y - lift) - h // 2, self.w, h)


def card_lift(s: CardSprite) -> float:
    """How far a selected card stands up out of its row."""
    return s.w * 0.18 if s.selected else 0.0


def hold_rise(s: CardSprite) -> float:
    """How far a card rises while a finger rests on it (it also comes to the front, ``CardLayer.hold``)."""
    return s.w * theme.CARD_RATIO * HOLD_RISE


class Look:
    """One sprite's images and offsets, looked up once per view rather than once per frame."""

    __slots__ = ("sprite", "key", "w", "h", "hw", "hh", "lift", "reach", "solid", "front", "back", "shade",
                 "shadow", "shadow_dx", "shadow_dy", "glow", "glow_dx", "glow_dy", "plain", "rest", "held",
                 "flight", "fly_dx", "fly_dy")

    def __init__(self, s: CardSprite, art: CardArt, dragged: bool, scale: Scale | None = None,
                 held: bool = False) -> None:
        self.sprite, self.key = s, s.key
        self.w, self.h = s.w, round(s.w * theme.CARD_RATIO)
        self.lift = card_lift(s) + (hold_rise(s) if held else 0.0)
        dragged = dragged or held  # a card a finger rests on is lifted as a dragged one is, before it moves
        self.back = art.back()
        self.front = art.face(s.card) if s.card is not None else self.back
        self.shade = art.shade() if s.dim else None
        self.shadow = art.shadow() if dragged or s.selected else None
        self.shadow_dx, self.shadow_dy = art.shadow_offset
        self.glow = art.glow(s.glow) if s.glow is not None else None
        self.held = dragged and scale is not None  # lifted: drawn larger, its shadow deeper (its band varies)
        if self.held:
            assert scale is not None
            self.w, self.h = round(self.w * LIFT_SCALE), round(self.h * LIFT_SCALE)
            self.front, self.back = scale(self.front, self.w, self.h), scale(self.back, self.w, self.h)
            if self.shade is not None:
                self.shade = scale(self.shade, self.w, self.h)
            self.shadow_dx += round(s.w * LIFT_DEPTH / 2)
            self.shadow_dy += round(s.w * LIFT_DEPTH)
        self.hw, self.hh = self.w // 2, self.h // 2
        reach = pygame.Rect(0, 0, self.w, self.h)  # what this card covers, from its top-left corner
        if self.shadow is not None:
            reach.union_ip(self.shadow.get_rect(topleft=(self.shadow_dx, self.shadow_dy)))
        self.glow_dx = self.glow_dy = 0
        if self.glow is not None:
            g = self.glow.get_size()
            self.glow_dx, self.glow_dy = (self.w - g[0]) // 2, (self.h - g[1]) // 2
            reach.union_ip(pygame.Rect(self.glow_dx, self.glow_dy, *g))
        # in flight a card casts a shadow (not when held or selected: those have theirs)
        self.flight = art.shadow() if self.shadow is None else None
        self.fly_dx, self.fly_dy = art.shadow_offset[0], art.shadow_offset[1] + round(s.w * FLIGHT_DEPTH)
        if self.flight is not None:  # the area a card may reach includes its shadow in flight: a landing
            reach = reach.union(self.flight.get_rect(topleft=(self.fly_dx, self.fly_dy)))  # repaints it away
        self.reach = reach
        # hidden under it, face up or down (a held card's band varies as it is drawn larger: none)
        self.solid = None if self.held else art.solid(self.front).clip(art.solid(self.back))
        self.plain = self.shadow is None and self.shade is None and self.glow is None
        x, y = round(s.x) - self.hw, round(s.y - self.lift) - self.hh
        # its mark, blits, area and opaque band at its place
        self.rest = ((x, y, None, self), (self.at(x, y), reach.move(x, y), self.band(x, y)))

    def band(self, x: int, y: int) -> pygame.Rect | None:
        return self.solid.move(x, y) if self.solid is not None else None

    def at(self, x: int, y: int, front: bool = True) -> tuple:
        """The blits of this card with its top-left corner at (x, y)."""
        img = self.front if front else self.back
        if self.plain:
            return ((img, (x, y)),)
        out = [(img, (x, y))]
        if self.shadow is not None:
            out.insert(0, (self.shadow, (x + self.shadow_dx, y + self.shadow_dy)))
        if self.shade is not None:
            out.append((self.shade, (x, y)))
        if self.glow is not None:
            out.append((self.glow, (x + self.glow_dx, y + self.glow_dy)))
        return tuple(out)

    def flying(self, x: int, y: int) -> tuple:
        """The blits of this card in flight at (x, y): its shadow under it, then the card."""
        if self.flight is None:
            return self.at(x, y)
        return ((self.flight, (x + self.fly_dx, y + self.fly_dy)), *self.at(x, y))


class CardFrame:
    """One frame of cards: ``cards`` (blits, area, solid) in stacking order, the area with the card's shadow and
    glow, ``solid`` the band the card covers opaquely (or None); ``marks`` (x, y, flip step, look) per card key,
    equal between frames when the card did not change."""

    __slots__ = ("cards", "marks")

    def __init__(self, cards: list, marks: dict) -> None:
        self.cards, self.marks = cards, marks

    @property
    def blits(self) -> list:
        """Every blit of every card, in stacking order."""
        return [b for blits, _, _ in self.cards for b in blits]

    def blits_in(self, rect: pygame.Rect) -> tuple[list, list[pygame.Rect]]:
        """The blits of every card whose area meets ``rect``, in stacking order, and the opaque bands of those
        cards: what lay under a band before the blits does not show after them."""
        blits: list = []
        solid: list[pygame.Rect] = []
        for card, area, band in self.cards:
            if area.colliderect(rect):
                blits += card
                if band is not None:
                    solid.append(band)
        return blits, solid
