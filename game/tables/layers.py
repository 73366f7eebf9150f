"""How a table reaches the screen: a static layer (felt, board, log, buttons) rendered once per change, the
cards and overlays over it, and, on frames where only cards moved, just the rectangles they moved in."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.tables.cardlayer import CardLayer

MAX_DIRTY = 8  # more separate changed areas than this: repaint their union once


def merge_rects(rects: list[pygame.Rect], bounds: pygame.Rect, limit: int = MAX_DIRTY) -> list[pygame.Rect]:
    """Overlapping rects joined into one each, clipped to ``bounds``; their union when more than ``limit``."""
    out = [c for c in (r.clip(bounds) for r in rects) if c.w and c.h]
    while True:  # each pass joins every rect into the first one it overlaps, until none overlap
        merged: list[pygame.Rect] = []
        for r in sorted(out, key=lambda r: r.x):
            hit = r.collidelist(merged)
            if hit < 0:
                merged.append(r)
            else:
                merged[hit] = merged[hit].union(r)
        if len(merged) == len(out):
            break
        out = merged
    if len(out) > limit:
        return [out[0].unionall(out[1:])]
    return out


class TableLayers:
    """The static layer and what the last frame showed, for one table."""

    def __init__(self) -> None:
        self.static: pygame.Surface | None = None
        self.static_for: object = None
        self.frame_for: object = None
        self.drawn_at = -2  # the app's draw count at this table's last frame
        self.extents: dict[str, tuple[pygame.Rect, float | None]] = {}

    def render_static(self, surface: pygame.Surface, key: object, paint: Callable[[pygame.Surface], None]) -> bool:
        """Render the static layer again if ``key`` changed; True when it did."""
        layer = self.static
        if layer is not None and layer.get_size() == surface.get_size() and key == self.static_for:
            return False
        if layer is None or layer.get_size() != surface.get_size():
            layer = self.static = pygame.Surface(surface.get_size()).convert()
        paint(layer)
        self.static_for = key
        return True

    def draw(self, surface: pygame.Surface, cards: CardLayer, static_key: object, overlay_key: object,
             paint_static: Callable[[pygame.Surface], None], paint_over: Callable[[pygame.Surface], None],
             draws: int, alone: bool) -> list[pygame.Rect] | None:
        """Draw a frame; the rects that changed when only cards moved (for ``display.update``), else None."""
        if getattr(surface, "recording", False):  # the layout self-check must see every text: no cached layer
            paint_static(surface)
            cards.draw(surface, cards.rects())
            paint_over(surface)
            return None
        rebuilt = self.render_static(surface, static_key, paint_static)
        where = cards.rects()
        extents = cards.extents(where)
        partial = (alone and not rebuilt and self.drawn_at == draws - 1 and overlay_key == self.frame_for)
        old, self.extents, self.frame_for, self.drawn_at = self.extents, extents, overlay_key, draws
        assert self.static is not None
        if not partial:
            surface.blit(self.static, (0, 0))
            cards.draw(surface, where)
            paint_over(surface)
            return None
        changed = [r for k in old.keys() | extents.keys() if old.get(k) != extents.get(k)
                   for r in (old.get(k, (None,))[0], extents.get(k, (None,))[0]) if r is not None]
        rects = merge_rects(changed, surface.get_rect())
        clip = surface.get_clip()
        for r in rects:
            surface.set_clip(r)
            surface.blit(self.static, r, r)
            cards.draw(surface, where, r)
            paint_over(surface)
        surface.set_clip(clip)
        return rects
