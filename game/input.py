"""The input layer: mouse and FINGER events become one pointer stream, then taps and drags."""
from __future__ import annotations

from typing import NamedTuple

import pygame

DRAG_SLOP_FRACTION = 0.012  # of the window height: small jitters of a finger are still taps


# NamedTuples, not dataclasses: both load at start-up, where a dataclass costs ~0.6 ms to build and these ~0.1 ms.
class Pointer(NamedTuple):
    kind: str  # "down" | "move" | "up"
    pos: tuple[int, int]
    source: str  # "mouse" | "touch"


class Gesture(NamedTuple):
    """``press`` on down; then either ``tap`` on up, or ``drag_start``, ``drag``…, ``drop``.

    ``hover`` is mouse motion with no button held. ``start`` is where the pointer went down.
    """

    kind: str
    pos: tuple[int, int]
    start: tuple[int, int]
    source: str


def to_pointer(event: pygame.event.Event, window: tuple[int, int]) -> Pointer | None:
    """One pointer event, or None. Mouse events that SDL synthesised from touch are dropped,
    so every touch acts once (the FINGER events carry it)."""
    t = event.type
    if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
        if getattr(event, "touch", False):
            return None
        x, y = (int(v) for v in getattr(event, "pos", (0, 0)))
        pos = (x, y)
        if t == pygame.MOUSEMOTION:
            return Pointer("move", pos, "mouse")
        if getattr(event, "button", 1) != 1:
            return None
        return Pointer("down" if t == pygame.MOUSEBUTTONDOWN else "up", pos, "mouse")
    if t in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
        # FINGER coordinates are normalised to the window, not to any logical surface.
        pos = (int(event.x * window[0]), int(event.y * window[1]))
        kind = {pygame.FINGERDOWN: "down", pygame.FINGERUP: "up", pygame.FINGERMOTION: "move"}[t]
        return Pointer(kind, pos, "touch")
    return None


class GestureTracker:
    """Turns a pointer stream into gestures; one pointer at a time (a second finger is ignored)."""

    def __init__(self) -> None:
        self.down_at: tuple[int, int] | None = None
        self.source: str | None = None
        self.dragging = False
        self.last_source = "mouse"

    def reset(self) -> None:
        self.down_at, self.source, self.dragging = None, None, False

    def feed(self, p: Pointer, window_h: int) -> list[Gesture]:
        slop = max(6, int(window_h * DRAG_SLOP_FRACTION))
        if p.kind == "down":
            if self.down_at is not None:
                return []  # another finger while one is down
            self.down_at, self.source, self.dragging = p.pos, p.source, False
            self.last_source = p.source
            return [Gesture("press", p.pos, p.pos, p.source)]
        if self.down_at is None:
            return [Gesture("hover", p.pos, p.pos, p.source)] if p.kind == "move" and p.source == "mouse" else []
        if p.source != self.source:
            return []
        start = self.down_at
        if p.kind == "move":
            if not self.dragging:
                if abs(p.pos[0] - start[0]) + abs(p.pos[1] - start[1]) < slop:
                    return []
                self.dragging = True
                return [Gesture("drag_start", start, start, p.source), Gesture("drag", p.pos, start, p.source)]
            return [Gesture("drag", p.pos, start, p.source)]
        # up
        kind = "drop" if self.dragging else "tap"
        self.reset()
        return [Gesture(kind, p.pos, start, p.source)]
