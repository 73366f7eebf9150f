"""Card sprites on the table: where the view puts each card, gliding there, flips, hit-tests, drawing."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from sprites import theme
from sprites.cards import CardArtCache
from sprites.tween import Animator, ease_in_out_cubic, ease_out_cubic, flip_scale

GLIDE = 0.32  # seconds for a card to glide to its new place
FLIP = 0.30


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
        self.faces_drawn: set[str] = set()  # for tests: every face drawn in the last frame
        self._order: list[CardSprite] = []
        self._order_for: tuple[dict, tuple] | None = None

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
        for key in list(self.flips):
            self.flips[key] += dt * speed
            if self.flips[key] >= FLIP:
                del self.flips[key]

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

    @staticmethod
    def _lift(s: CardSprite) -> float:
        return s.w * 0.18 if s.selected else 0.0

    def rects(self) -> dict[str, pygame.Rect]:
        """Where each card is drawn this frame (computed once a frame, for drawing and for dirty rects)."""
        out = {}
        for s in self.targets.values():
            x, y = self.position(s.key)
            out[s.key] = s.rect_at(x, y, self._lift(s))
        return out

    def extents(self, rects: dict[str, pygame.Rect]) -> dict[str, tuple[pygame.Rect, float | None]]:
        """Each card's area on screen (with room for its shadow and glow) and its flip progress."""
        out = {}
        for s in self.targets.values():
            art = self.art.get(s.w)
            pad = 2 * (max(art.shadow_margin, art.glow_margin) + max(1, round(art.width * 0.025)) + 2)
            out[s.key] = (rects[s.key].inflate(pad, pad), self.flips.get(s.key))
        return out

    def draw(self, surface: pygame.Surface, rects: dict[str, pygame.Rect] | None = None,
             area: pygame.Rect | None = None) -> None:
        """Every card in stacking order at ``rects`` (this frame's), or only those near ``area``."""
        self.faces_drawn = set()
        src, drag = self._order_for or (None, None)
        if src is not self.targets or drag != tuple(self.dragging):
            self._order = sorted(self.targets.values(), key=lambda s: (s.key in self.dragging, s.z))
            self._order_for = (self.targets, tuple(self.dragging))
        if rects is None:
            rects = self.rects()
        for s in self._order:  # the stacking order changes with the view (a new dict) or a drag, not per frame
            r = rects[s.key]
            if area is None or area.colliderect(r.inflate(r.w // 2, r.w // 2)):  # shadows and glows reach out
                self._draw_one(surface, s, r)

    def _draw_one(self, surface: pygame.Surface, s: CardSprite, rect: pygame.Rect) -> None:
        art = self.art.get(s.w)
        face_up = s.card is not None
        scale_x = 1.0
        if s.key in self.flips:
            scale_x, show_front = flip_scale(min(1.0, max(0.0, self.flips[s.key]) / FLIP))
            face_up = face_up and show_front
        img = art.face(s.card) if face_up and s.card else art.back()
        if face_up and s.card:
            self.faces_drawn.add(s.card)
        if s.key in self.dragging or s.selected:
            surface.blit(art.shadow(), rect.move(art.shadow_offset))
        if scale_x < 0.999:
            w = max(1, round(rect.w * scale_x))
            img = pygame.transform.smoothscale(img, (w, rect.h))
            rect = img.get_rect(center=rect.center)
        surface.blit(img, rect)
        if s.dim:
            surface.blit(art.shade(), rect)
        if s.glow is not None:
            g = art.glow(s.glow)
            surface.blit(g, g.get_rect(center=rect.center))
