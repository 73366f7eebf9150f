"""Card sprites on the table: where the view puts each card, gliding there, flips, hit-tests, drawing."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from sprites import theme
from sprites.cards import CardArt, CardArtCache
from sprites.tween import Animator, ease_in_out_cubic, ease_out_cubic, flip_scale

GLIDE = 0.32  # seconds for a card to glide to its new place
FLIP = 0.30
FLIP_STEPS = 10  # a turning card is drawn at one of this many widths per side, each scaled once per view


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


class CardLayer:
    """Keeps the current place of every sprite and animates changes between views."""

    def __init__(self, art: CardArtCache) -> None:
        self.art = art
        self.targets: dict[str, CardSprite] = {}
        self.anim = Animator()
        self.flips: dict[str, float] = {}  # key -> seconds into its flip
        self.dragging: dict[str, tuple[float, float]] = {}  # key -> offset from the pointer
        self.pointer: tuple[int, int] = (0, 0)
        self._plan: list[_Look] = []
        self._looks_for: tuple[dict, tuple] | None = None
        self._arts: dict[int, CardArt] = {}
        self._flipped: dict[tuple, pygame.Surface] = {}  # (image, width) -> the image narrowed mid-turn
        self.moved = 0  # how many cards the last animated view set moving (the end's beat grows with it)

    @property
    def busy(self) -> bool:
        return self.anim.busy or bool(self.flips)

    def finish(self) -> None:
        self.anim.finish_all()
        self.flips.clear()

    def place(self, sprites: list[CardSprite], origins: dict[str, tuple[float, float, bool]],
              animate: bool, speed: float = 1.0, stagger: float = 0.0) -> None:
        """Make ``sprites`` the new view; known cards glide from where they are, new ones from
        ``origins`` (x, y, flip) when given, each ``stagger`` seconds after the one before (a deal)."""
        old = self.targets
        self.targets = {s.key: s for s in sprites}
        for key in list(self.flips):
            if key not in self.targets:
                del self.flips[key]
        self.moved = 0
        if not animate:
            self.anim.finish_all()
            return
        # Durations are in table seconds; update() scales time by the animation speed.
        delay = 0.0
        for s in sprites:
            start: tuple[float, float] | None = None
            wait = 0.0
            if s.key in old:
                start = self.position(s.key, old[s.key])
                if old[s.key].card is None and s.card is not None:
                    self.flips[s.key] = 0.0
            elif s.key in origins:
                ox, oy, flip = origins[s.key]
                start, wait = (ox, oy), delay
                delay += stagger
                if flip:
                    self.flips[s.key] = -wait  # the flip starts when the card leaves
            if start is not None and (abs(start[0] - s.x) > 0.5 or abs(start[1] - s.y) > 0.5):
                self.anim.move(s.key, start, (s.x, s.y), GLIDE, ease=ease_in_out_cubic, delay=wait)
        self.moved = len(set(self.anim.values()) | set(self.flips))  # gliding or turning: what the move shows

    def snap_back(self, keys: list[str], speed: float = 1.0) -> None:
        """Dragged cards glide back to where the view puts them."""
        for key in keys:
            s = self.targets.get(key)
            off = self.dragging.get(key)
            if s is None or off is None:
                continue
            start = (self.pointer[0] + off[0], self.pointer[1] + off[1])
            self.anim.move(key, start, (s.x, s.y), GLIDE, ease=ease_out_cubic)
        self.dragging.clear()

    def position(self, key: str, sprite: CardSprite | None = None) -> tuple[float, float]:
        off = self.dragging.get(key)
        if off is not None:
            return self.pointer[0] + off[0], self.pointer[1] + off[1]
        v = self.anim.get(key)
        if v is not None:
            return v[0], v[1]
        s = sprite or self.targets[key]
        return s.x, s.y

    def update(self, dt: float, speed: float = 1.0) -> None:
        self.anim.update(dt * speed)
        if not self.flips:
            return
        for key in list(self.flips):
            self.flips[key] += dt * speed
            if self.flips[key] >= FLIP:
                del self.flips[key]
        if not self.flips:
            self._flipped.clear()

    def start_drag(self, keys: list[str], pointer: tuple[int, int]) -> None:
        self.anim.finish_all()
        self.pointer = pointer
        self.dragging = {}
        for k in keys:
            x, y = self.position(k)
            self.dragging[k] = (x - pointer[0], y - pointer[1])

    def hit(self, pos: tuple[int, int]) -> CardSprite | None:
        """The topmost sprite under ``pos``."""
        best: CardSprite | None = None
        for s in self.targets.values():
            x, y = self.position(s.key)
            if s.rect_at(x, y, self._lift(s)).collidepoint(pos):
                if best is None or s.z >= best.z:
                    best = s
        return best

    def current_rect(self, key: str) -> pygame.Rect | None:
        s = self.targets.get(key)
        if s is None:
            return None
        x, y = self.position(key)
        return s.rect_at(x, y, self._lift(s))

    def exposed_rect(self, key: str) -> pygame.Rect | None:
        """The part of card ``key`` that the cards above it leave in view where they fan over it from the right
        (a hand, a pile): one card's place, for a focus frame or a coach mark."""
        rect = self.current_rect(key)
        if rect is None:
            return None
        z = self.targets[key].z
        for other in self.targets.values():
            r = self.current_rect(other.key) if other.z > z else None
            if r is not None and rect.x < r.x < rect.right and r.y <= rect.y + rect.h // 3 \
                    and r.bottom >= rect.bottom - rect.h // 3:
                rect.width = r.x - rect.x
        return rect

    @staticmethod
    def _lift(s: CardSprite) -> float:
        return s.w * 0.18 if s.selected else 0.0

    def rects(self) -> dict[str, pygame.Rect]:
        """Where each card is drawn this frame."""
        out = {}
        for s in self.targets.values():
            x, y = self.position(s.key)
            out[s.key] = s.rect_at(x, y, self._lift(s))
        return out

    # --- drawing: one plan per view, one list of blits per frame --------------------------------------
    def _looks(self) -> list[_Look]:
        """What each sprite draws, in stacking order: rebuilt when the view, a drag or the card art changes
        (a new view is a new dict; the art cache forgets a width or every width when the looks change)."""
        arts = self._arts
        stale = any(self.art.get(w) is not a for w, a in arts.items())
        if not stale and self._looks_for == (self.targets, tuple(self.dragging)):
            return self._plan
        dragging = self.dragging
        order = sorted(self.targets.values(), key=lambda s: (s.key in dragging, s.z))
        arts = self._arts = {}
        for s in order:
            if s.w not in arts:
                arts[s.w] = self.art.get(s.w)
        self._plan = [_Look(s, arts[s.w], s.key in dragging) for s in order]
        self._looks_for = (self.targets, tuple(dragging))
        self._flipped.clear()
        return self._plan

    def frame(self) -> CardFrame:
        """This frame's blits in stacking order and each card's mark (place, flip step, look); a card at rest
        reuses the blits its look made once."""
        cards: list[tuple[tuple[Any, ...] | list[Any], pygame.Rect, pygame.Rect | None]] = []
        marks: dict[str, tuple] = {}
        drag, flips, pointer = self.dragging, self.flips, self.pointer
        moving = self.anim.values()
        for look in self._looks():
            key = look.key
            v = moving.get(key)
            if v is None and not (drag and key in drag) and key not in flips:
                mark, card = look.rest
                cards.append(card)
                marks[key] = mark
                continue
            if drag and key in drag:
                off = drag[key]
                px, py = pointer[0] + off[0], pointer[1] + off[1]
            elif v is not None:
                px, py = v[0], v[1]
            else:
                s = look.sprite
                px, py = s.x, s.y
            x, y = round(px) - look.hw, round(py - look.lift) - look.hh
            if key in flips:
                blits: list = []
                marks[key] = (x, y, self._flip_blits(blits, look, x, y, flips[key]), look)
                cards.append((blits, look.reach.move(x, y), None))  # narrowed: what it hides varies
            else:
                marks[key] = (x, y, None, look)
                cards.append((look.at(x, y), look.reach.move(x, y), look.solid.move(x, y)))
        return CardFrame(cards, marks)

    def _flip_blits(self, blits: list, look: _Look, x: int, y: int, seconds: float) -> int:
        """A card turning over, narrowed to one of FLIP_STEPS widths: each image at each width is scaled once
        while the view lasts (the backs are shared by every card of a size)."""
        scale, front = flip_scale(min(1.0, max(0.0, seconds) / FLIP))
        step = round(scale * FLIP_STEPS)
        if step >= FLIP_STEPS:
            blits += look.at(x, y, front)
            return step * 2 + front
        w = max(1, round(look.w * step / FLIP_STEPS))
        img = self._narrow(look.front if front else look.back, w, look.h)
        left = x + look.w // 2 - w // 2
        if look.shadow is not None:
            blits.append((look.shadow, (x + look.shadow_dx, y + look.shadow_dy)))
        blits.append((img, (left, y)))
        if look.shade is not None:
            blits.append((self._narrow(look.shade, w, look.h), (left, y)))
        if look.glow is not None:
            blits.append((look.glow, (x + look.glow_dx, y + look.glow_dy)))
        return step * 2 + front

    def _narrow(self, img: pygame.Surface, w: int, h: int) -> pygame.Surface:
        out = self._flipped.get((img, w))
        if out is None:
            out = self._flipped[(img, w)] = pygame.transform.smoothscale(img, (max(0, w), max(0, h)))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        """Every card in stacking order."""
        surface.fblits(self.frame().blits)

    @property
    def faces_drawn(self) -> set[str]:
        """Every face shown (not mid-turn to its back) in this frame: for tests of what a seat may see."""
        out = set()
        for look in self._looks():
            s = look.sprite
            if s.card is not None and (s.key not in self.flips
                                       or flip_scale(max(0.0, self.flips[s.key]) / FLIP)[1]):
                out.add(s.card)
        return out


class _Look:
    """One sprite's images and offsets, looked up once per view rather than once per frame."""

    __slots__ = ("sprite", "key", "w", "h", "hw", "hh", "lift", "reach", "solid", "front", "back", "shade",
                 "shadow", "shadow_dx", "shadow_dy", "glow", "glow_dx", "glow_dy", "plain", "rest")

    def __init__(self, s: CardSprite, art: CardArt, dragged: bool) -> None:
        self.sprite, self.key = s, s.key
        self.w, self.h = s.w, round(s.w * theme.CARD_RATIO)
        self.hw, self.hh = s.w // 2, self.h // 2
        self.lift = CardLayer._lift(s)
        self.back = art.back()
        self.front = art.face(s.card) if s.card is not None else self.back
        self.shade = art.shade() if s.dim else None
        self.shadow = art.shadow() if dragged or s.selected else None
        self.shadow_dx, self.shadow_dy = art.shadow_offset
        self.glow = art.glow(s.glow) if s.glow is not None else None
        reach = pygame.Rect(0, 0, self.w, self.h)  # what this card covers, from its top-left corner
        if self.shadow is not None:
            reach.union_ip(self.shadow.get_rect(topleft=art.shadow_offset))
        self.glow_dx = self.glow_dy = 0
        if self.glow is not None:
            g = self.glow.get_size()
            self.glow_dx, self.glow_dy = (self.w - g[0]) // 2, (self.h - g[1]) // 2
            reach.union_ip(pygame.Rect(self.glow_dx, self.glow_dy, *g))
        self.reach = reach
        self.solid = art.solid(self.front).clip(art.solid(self.back))  # hidden under it, face up or down
        self.plain = self.shadow is None and self.shade is None and self.glow is None
        x, y = round(s.x) - self.hw, round(s.y - self.lift) - self.hh
        # its mark, blits, area and opaque band at its place
        self.rest = ((x, y, None, self), (self.at(x, y), reach.move(x, y), self.solid.move(x, y)))

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
