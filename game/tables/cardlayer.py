"""Card sprites on the table: where the view puts each card, gliding there (on a slight arc, settling as it
lands), flips, a hop for a won game, fades in their place for reduced motion, hit-tests, drawing."""
from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game.tables.cardlook import CardFrame, CardSprite, Look, card_lift, hold_rise
from sprites import theme
from sprites.cards import CardArt, CardArtCache
from sprites.tween import Animator, ease_out_cubic, ease_settle, fade_in, flip_scale

GLIDE = 0.32  # seconds for a card to glide to its new place
FLIP = 0.30
FLIP_STEPS = 10  # a turning card is drawn at one of this many widths per side, each scaled once per view
ARC = 0.12  # a card in flight rises this share of the way it travels at mid-flight
ARC_MOST = 0.4  # but never more than this share of its height
SETTLE_PX = 4.0  # a landing card runs this many pixels past its place and settles back (a short trip: less)
FADE = 0.26  # reduced motion: seconds for a card to fade in where it now lies
FADE_STEPS = 8  # a fading card is drawn at one of this many opacities, each made once per image
FLIGHT_SHADOWS = 8  # cards in flight cast shadows when at most this many fly (a played card, not a deal)
HOP = 0.42  # the win moment: each card hops this long, a quarter of its height, one after the other


class CardLayer:
    """Keeps the current place of every sprite and animates changes between views."""

    def __init__(self, art: CardArtCache, reduced: Callable[[], bool] | None = None) -> None:
        self.art = art
        self._reduced = reduced  # whether the player asked for reduced motion (the settings), read when used
        self.targets: dict[str, CardSprite] = {}
        self.anim = Animator()
        self.flips: dict[str, float] = {}  # key -> seconds into its flip
        self.dragging: dict[str, tuple[float, float]] = {}  # key -> offset from the pointer
        self.held: str | None = None  # the card a finger rests on: risen and in front until it lets go or drags
        self.pointer: tuple[int, int] = (0, 0)
        self._plan: list[Look] = []
        self._looks_for: tuple[dict, tuple, bool, str | None] | None = None
        self._arts: dict[int, CardArt] = {}
        self._flipped: dict[tuple, pygame.Surface] = {}  # (image, width) -> the image narrowed mid-turn
        self.fades: dict[str, float] = {}  # key -> seconds into its fade (negative: waiting its turn)
        self._faint: dict[tuple, pygame.Surface] = {}  # (image, step) -> the image at that opacity
        self._lifted: dict[tuple, pygame.Surface] = {}  # (image, w, h) -> the image of a held card, larger
        self.moved = 0  # how many cards the last animated view set moving (the end's beat grows with it)

    @property
    def reduce(self) -> bool:
        """Reduced motion: no glide, arc, lift or hop; a card fades in where it now lies."""
        return self._reduced is not None and self._reduced()

    @property
    def busy(self) -> bool:
        return self.anim.busy or bool(self.flips) or bool(self.fades)

    def finish(self) -> None:
        self.anim.finish_all()
        self.flips.clear()
        self.fades.clear()

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
            self.fades.clear()
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
                self._travel(s, start, wait)
        self.moved = len(set(self.anim.values()) | set(self.flips) | set(self.fades))  # what the move shows

    def _travel(self, s: CardSprite, start: tuple[float, float], wait: float) -> None:
        """A card to its new place: on a slight arc, settling as it lands; with reduced motion it fades in there."""
        if self.reduce:
            self.flips.pop(s.key, None)  # no turning either: the face fades in
            self.fades[s.key] = -wait
            return
        far = math.dist(start, (s.x, s.y))
        rise = min(ARC * far, ARC_MOST * s.w * theme.CARD_RATIO)
        ease = partial(ease_settle, over=min(0.03, SETTLE_PX / far))
        self.anim.move(s.key, start, (s.x, s.y), GLIDE, ease=ease, delay=wait, arc=rise)

    def hop(self, keys: list[str], within: float = 0.5) -> None:
        """The win moment: the cards hop one after the other (all start ``within`` seconds); reduced motion:
        they fade in again."""
        keys = [k for k in keys if k in self.targets]
        step = within / max(1, len(keys))
        for i, key in enumerate(keys):
            s = self.targets[key]
            if self.reduce:
                self.fades[key] = -i * step
            else:
                self.anim.move(key, (s.x, s.y), (s.x, s.y), HOP, delay=i * step,
                               arc=s.w * theme.CARD_RATIO * 0.25)

    def snap_back(self, keys: list[str], speed: float = 1.0) -> None:
        """Dragged cards glide back to where the view puts them."""
        for key in keys:
            s = self.targets.get(key)
            off = self.dragging.get(key)
            if s is None or off is None:
                continue
            start = (self.pointer[0] + off[0], self.pointer[1] + off[1])
            if self.reduce:
                self.fades[key] = 0.0  # back home by fading in there
            else:
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
        if self.fades:
            for key in list(self.fades):
                self.fades[key] += dt * speed
                if self.fades[key] >= FADE:
                    del self.fades[key]
            if not self.fades:
                self._faint.clear()
        if not self.flips:
            return
        for key in list(self.flips):
            self.flips[key] += dt * speed
            if self.flips[key] >= FLIP:
                del self.flips[key]
        if not self.flips:
            self._flipped.clear()

    def hold(self, key: str | None) -> None:
        """A finger rests on card ``key`` (None: on none): it rises and comes to the front, so the player sees
        which card the finger holds where cards overlap (a compact hand)."""
        self.held = key if key in self.targets else None

    def start_drag(self, keys: list[str], pointer: tuple[int, int]) -> None:
        self.held = None  # the drag lifts it from here
        self.anim.finish_all()
        self.fades.clear()
        self.pointer = pointer
        self.dragging = {}
        for k in keys:
            x, y = self.position(k)
            self.dragging[k] = (x - pointer[0], y - pointer[1])

    def hit(self, pos: tuple[int, int]) -> CardSprite | None:
        """The topmost sprite under ``pos``."""
        held = self.targets.get(self.held) if self.held is not None else None
        if held is not None:  # drawn in front, risen; where it lay still counts (the finger went down there)
            x, y = self.position(held.key)
            if held.rect_at(x, y, self._lift(held)).union(held.rect_at(x, y, card_lift(held))).collidepoint(pos):
                return held
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

    def _lift(self, s: CardSprite) -> float:
        return card_lift(s) + (hold_rise(s) if s.key == self.held and s.key not in self.dragging else 0.0)

    def rects(self) -> dict[str, pygame.Rect]:
        """Where each card is drawn this frame."""
        out = {}
        for s in self.targets.values():
            x, y = self.position(s.key)
            out[s.key] = s.rect_at(x, y, self._lift(s))
        return out

    # --- drawing: one plan per view, one list of blits per frame --------------------------------------
    def _looks(self) -> list[Look]:
        """What each sprite draws, in stacking order: rebuilt when the view, a drag or the card art changes
        (a new view is a new dict; the art cache forgets a width or every width when the looks change)."""
        arts = self._arts
        stale = any(self.art.get(w) is not a for w, a in arts.items())
        if not stale and self._looks_for == (self.targets, tuple(self.dragging), self.reduce, self.held):
            return self._plan
        dragging, held = self.dragging, self.held
        order = sorted(self.targets.values(), key=lambda s: (s.key in dragging or s.key == held, s.z))
        arts = self._arts = {}
        for s in order:
            if s.w not in arts:
                arts[s.w] = self.art.get(s.w)
        scale = None if self.reduce else self._scaled  # a held card is lifted, larger (not with reduced motion)
        self._plan = [Look(s, arts[s.w], s.key in dragging, scale, s.key == held and s.key not in dragging)
                      for s in order]
        self._looks_for = (self.targets, tuple(dragging), self.reduce, held)
        self._flipped.clear()
        return self._plan

    def frame(self) -> CardFrame:
        """This frame's blits in stacking order and each card's mark (place, flip step, look); a card at rest
        reuses the blits its look made once."""
        cards: list[tuple[tuple[Any, ...] | list[Any], pygame.Rect, pygame.Rect | None]] = []
        marks: dict[str, tuple] = {}
        drag, flips, pointer, fades = self.dragging, self.flips, self.pointer, self.fades
        moving = self.anim.values()
        shadows = len(moving) <= FLIGHT_SHADOWS
        for look in self._looks():
            key = look.key
            v = moving.get(key)
            if v is None and not (drag and key in drag) and key not in flips and key not in fades:
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
            if key in fades:
                step = round(fade_in(max(0.0, fades[key]) / FADE) * FADE_STEPS)
                marks[key] = (x, y, ("fade", step), look)
                cards.append((self._faded(look, x, y, step), look.reach.move(x, y), None))  # see-through
            elif key in flips:
                blits: list = []
                marks[key] = (x, y, self._flip_blits(blits, look, x, y, flips[key]), look)
                cards.append((blits, look.reach.move(x, y), None))  # narrowed: what it hides varies
            elif v is not None and not (drag and key in drag):  # in flight: its shadow under it
                marks[key] = (x, y, "fly", look)
                cards.append((look.flying(x, y) if shadows else look.at(x, y), look.reach.move(x, y), look.band(x, y)))
            else:
                marks[key] = (x, y, None, look)
                cards.append((look.at(x, y), look.reach.move(x, y), look.band(x, y)))
        return CardFrame(cards, marks)

    def _faded(self, look: Look, x: int, y: int, step: int) -> tuple:
        """A card fading in where it lies (reduced motion): its blits at one of FADE_STEPS opacities."""
        if step >= FADE_STEPS:
            return look.at(x, y)
        return tuple((self._faint_of(img, step), pos) for img, pos in look.at(x, y))

    def _faint_of(self, img: pygame.Surface, step: int) -> pygame.Surface:
        out = self._faint.get((img, step))
        if out is None:
            out = self._faint[(img, step)] = img.copy()
            out.set_alpha(round(255 * step / FADE_STEPS))
        return out

    def _scaled(self, img: pygame.Surface, w: int, h: int) -> pygame.Surface:
        """``img`` at w x h, made once (a held card's larger image)."""
        out = self._lifted.get((img, w, h))
        if out is None:
            if len(self._lifted) > 64:
                self._lifted.clear()
            out = self._lifted[(img, w, h)] = pygame.transform.smoothscale(img, (w, h))
        return out

    def _flip_blits(self, blits: list, look: Look, x: int, y: int, seconds: float) -> int:
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
