"""How a table reaches the screen: a static layer (felt, board, log, buttons) rendered once per change, the
cards and overlays over it, and, on frames where only cards moved, just the rectangles they moved in."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.tables.cardlayer import CardLayer

MAX_DIRTY = 8  # more separate changed areas than this: repaint their union once
# Each area repainted costs a pass (the overlays draw once per area) worth about this many pixels of felt: two
# areas that meet or nearly meet become one when that wastes fewer pixels than a pass costs.
MERGE_WASTE = 40_000
MERGE_GAP = 24
# Copying rows whose start is 16-byte but not 64-byte aligned was measured 4-8x slower here (AMD EPYC, glibc
# memcpy) than copying from a 64-byte boundary: repainted areas start and end on a multiple of 16 pixels.
ALIGN = 16


def merge_rects(rects: list[pygame.Rect], bounds: pygame.Rect, limit: int = MAX_DIRTY,
                waste: int = MERGE_WASTE) -> list[pygame.Rect]:
    """Rects clipped to ``bounds``, those that meet joined where the join wastes little (two overlapping
    areas repainted apart are still right: each pass paints its whole area); at most ``limit`` of them."""
    out = [c for c in (r.clip(bounds) for r in rects) if c.w and c.h]
    while True:  # each pass joins a rect into the first area it meets cheaply, until nothing joins
        merged: list[pygame.Rect] = []
        for r in sorted(out, key=lambda r: r.x):
            for i in r.inflate(MERGE_GAP, MERGE_GAP).collidelistall(merged):
                m = merged[i]
                u = m.union(r)
                if u.w * u.h <= m.w * m.h + r.w * r.h + waste:
                    merged[i] = u
                    break
            else:
                merged.append(r)
        if len(merged) == len(out):
            break
        out = merged
    while len(out) > limit:  # too many passes: join the two areas whose union wastes the fewest pixels
        _, i, j = min((_waste(a, b), i, j) for i, a in enumerate(out) for j, b in enumerate(out) if i < j)
        out[i] = out[i].union(out.pop(j))
    for r in out:  # rows that start and end on 64-byte boundaries: copying the felt back is up to 8x faster
        left = r.x & -ALIGN
        r.w = min(bounds.right, (r.right + ALIGN - 1) & -ALIGN) - left
        r.x = left
    return out


def _waste(a: pygame.Rect, b: pygame.Rect) -> int:
    u = a.union(b)
    return u.w * u.h - a.w * a.h - b.w * b.h


class TableLayers:
    """The static layer and what the last frame showed, for one table."""

    def __init__(self) -> None:
        self.static: pygame.Surface | None = None
        self.static_for: object = None
        self.frame_for: object = None
        self.drawn_at = -2  # the app's draw count at this table's last frame
        self.marks: dict[str, tuple] = {}  # each card's place and look in the last frame (CardLayer.frame)
        self.ring: pygame.Rect | None = None  # where the last frame drew the keyboard focus
        self.ink = InkProbe()

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
             draws: int, alone: bool, ring: tuple[pygame.Rect, Callable[[pygame.Surface], None]] | None = None,
             ) -> list[pygame.Rect] | None:
        """Draw a frame: the static layer, the cards, the ``ring`` (the keyboard focus, which may follow a
        gliding card) and the overlays. Returns the rects that changed when only cards and the ring moved since
        this table's last frame (for ``display.update``), else None."""
        if getattr(surface, "recording", False):  # the layout self-check must see every text: no cached layer
            paint_static(surface)
            cards.draw(surface)
            if ring is not None:
                ring[1](surface)
            paint_over(surface)
            return None
        rebuilt = self.render_static(surface, static_key, paint_static)
        frame = cards.frame()
        partial = (alone and not rebuilt and self.drawn_at == draws - 1 and overlay_key == self.frame_for)
        old, self.marks, self.frame_for, self.drawn_at = self.marks, frame.marks, overlay_key, draws
        old_ring, self.ring = self.ring, ring[0] if ring is not None else None
        assert self.static is not None
        if not partial:
            surface.blit(self.static, (0, 0))
            surface.fblits(frame.blits)
            if ring is not None:
                ring[1](surface)
            paint_over(surface)
            return None
        changed = changed_areas(old, frame.marks)
        if old_ring != self.ring:
            changed += [r for r in (old_ring, self.ring) if r is not None]
        rects = merge_rects(changed, surface.get_rect())
        if not rects:
            return rects
        ink = self.ink.tiles(surface.get_size(), (self.static_for, overlay_key), paint_over)
        clip = surface.get_clip()
        static = self.static
        for r in rects:  # each area once: the felt under it, the cards that reach into it, the overlays
            surface.set_clip(r)
            blits, solid = frame.blits_in(r)
            for bare in uncovered(r, solid):  # the felt only where no card drawn here hides it
                surface.blit(static, bare, bare)
            surface.fblits(blits)
            if ring is not None and ring[0].colliderect(r):
                ring[1](surface)
            if r.collidelist(ink) >= 0:
                paint_over(surface)
        surface.set_clip(clip)
        return rects


class InkProbe:
    """Where the overlays (a game's ``draw_top``, the toast) put ink: they are painted once per change onto a
    transparent probe and its inked tiles kept, so a frame where only cards moved runs the overlays' drawing
    only in the areas that meet them (it still paints them onto the screen itself: the probe is never shown)."""

    TILE = 64

    def __init__(self) -> None:
        self.probe: pygame.Surface | None = None
        self.key: object = None
        self.inked: list[pygame.Rect] = []

    def tiles(self, size: tuple[int, int], key: object, paint: Callable[[pygame.Surface], None]) -> list[pygame.Rect]:
        """The inked tiles (runs of them along each row) of what ``paint`` draws, for ``key``."""
        if self.probe is not None and self.probe.get_size() == size and key == self.key:
            return self.inked
        if self.probe is None or self.probe.get_size() != size:
            self.probe = pygame.Surface(size, pygame.SRCALPHA)
        self.probe.fill((0, 0, 0, 0))
        paint(self.probe)
        mask = pygame.mask.from_surface(self.probe, 0)
        t = self.TILE
        tile = pygame.mask.Mask((t, t), fill=True)
        inked = []
        for y in range(0, size[1], t):
            run: pygame.Rect | None = None
            for x in range(0, size[0], t):
                if mask.overlap(tile, (x, y)) is None:
                    run = None
                elif run is None:
                    run = pygame.Rect(x, y, t, t)
                    inked.append(run)
                else:
                    run.w += t
        self.inked, self.key = inked, key
        return inked


def uncovered(area: pygame.Rect, solid: list[pygame.Rect]) -> list[pygame.Rect]:
    """``area`` less the ``solid`` rects, as rects (band by band down the area); each widened to whole 64-byte
    rows, which only repaints a little more felt that a card then hides."""
    cover: list[list[int]] = []
    for top, bottom, a, b in sorted([(c.top, c.bottom, c.left, c.right) for c in map(area.clip, solid) if c]):
        last = cover[-1] if cover else None
        if last is not None and last[0] == top and last[1] == bottom and a <= last[3]:
            last[3] = max(last[3], b)  # a fan's cards overlap in one row: one band
        else:
            cover.append([top, bottom, a, b])
    if not cover:
        return [area]
    left, right = area.left, area.right
    if len(cover) == 1:  # most areas hold one moving card: the strips above, below and beside it
        top, bottom, a, b = cover[0]
        out: list[pygame.Rect] = [pygame.Rect(left, y, area.w, h)
                                  for y, h in ((area.top, top - area.top), (bottom, area.bottom - bottom)) if h > 0]
        if a > left:
            out.append(pygame.Rect(left, top, min(right, (a + ALIGN - 1) & -ALIGN) - left, bottom - top))
        if b < right:
            out.append(pygame.Rect(b & -ALIGN, top, right - (b & -ALIGN), bottom - top))
        return out
    cover.sort(key=lambda c: c[2])
    ys = sorted({area.top, area.bottom, *[c[0] for c in cover], *[c[1] for c in cover]})
    out = []
    above: dict[tuple[int, int], pygame.Rect] = {}  # the gaps of the band above, to grow down
    y0 = ys[0]
    for y1 in ys[1:]:
        gaps: list[tuple[int, int]] = []
        x = left
        for _, _, a, b in [c for c in cover if c[0] <= y0 and c[1] >= y1]:  # left to right
            if a > x:
                gaps.append((x & -ALIGN, min(right, (a + ALIGN - 1) & -ALIGN)))
            if b > x:
                x = b
        if x < right:
            gaps.append((x & -ALIGN, right))
        band: dict[tuple[int, int], pygame.Rect] = {}
        for gap in gaps:
            if gap in band:  # two gaps that met once widened
                continue
            r = above.get(gap)
            if r is not None:
                r.h += y1 - y0
            else:
                r = pygame.Rect(gap[0], y0, gap[1] - gap[0], y1 - y0)
                out.append(r)
            band[gap] = r
        above, y0 = band, y1
    return out


def changed_areas(old: dict[str, tuple], new: dict[str, tuple]) -> list[pygame.Rect]:
    """Where a card was or is, for each card whose mark (x, y, flip step, look) changed: one rect when it moved
    a little; neighbours in the stacking order (a fan) share one rect while that wastes little."""
    out: list[pygame.Rect] = []
    last: pygame.Rect | None = None
    for key, b in new.items():
        a = old.get(key)
        if a == b:
            continue
        rb = b[3].reach.move(b[0], b[1])
        if a is not None:
            ra = a[3].reach.move(a[0], a[1])
            if ra.colliderect(rb):
                rb.union_ip(ra)
            else:
                out.append(ra)
        if last is not None and last.colliderect(rb) and _waste(last, rb) <= MERGE_WASTE:
            last.union_ip(rb)
        else:
            out.append(rb)
            last = rb
    if len(old) != len(new) or any(k not in new for k in old):
        out += [a[3].reach.move(a[0], a[1]) for k, a in old.items() if k not in new]
    return out
