"""The table's felt: a subtle generated grain and a soft vignette, made once per size and colour."""
from __future__ import annotations

import random
from functools import lru_cache

import pygame

from sprites import theme

GRAIN_TILE = 96  # px of the repeating grain tile
GRAIN = 7  # at most this much lighter or darker per pixel
VIGNETTE = 0.42  # how dark the corners get (0 none, 1 black)


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The felt for a window (or board) of ``size`` in the felt colour chosen now: colour, grain and vignette in
    one surface."""
    return _felt((size[0], size[1]), theme.FELT)


@lru_cache(maxsize=4)  # one per window size and colour: a resize or a new felt makes one, a frame only blits it
def _felt(size: tuple[int, int], color: tuple[int, int, int]) -> pygame.Surface:
    w, h = max(1, size[0]), max(1, size[1])
    surf = pygame.Surface((w, h))
    surf.fill(color)
    light, dark = _grain(14), _grain(41)
    for y in range(0, h, GRAIN_TILE):
        for x in range(0, w, GRAIN_TILE):
            surf.blit(light, (x, y), special_flags=pygame.BLEND_RGB_ADD)
            surf.blit(dark, (x, y), special_flags=pygame.BLEND_RGB_SUB)
    surf.blit(_vignette((w, h)), (0, 0))
    return surf.convert() if pygame.display.get_surface() is not None else surf


def _grain(seed: int) -> pygame.Surface:
    """A fixed-seed noise tile: one is added and another subtracted, a grey-neutral grain."""
    rng = random.Random(seed)
    tile = pygame.Surface((GRAIN_TILE, GRAIN_TILE))
    tile.fill((0, 0, 0))
    for _ in range(GRAIN_TILE * GRAIN_TILE // 3):
        v = rng.randint(0, GRAIN)
        tile.set_at((rng.randrange(GRAIN_TILE), rng.randrange(GRAIN_TILE)), (v, v, v))
    return tile


def _vignette(size: tuple[int, int]) -> pygame.Surface:
    """Dark towards the edges: drawn small and smoothscaled (smooth, and cheap to make)."""
    small = pygame.Surface((64, 64), pygame.SRCALPHA)
    for y in range(64):
        for x in range(64):
            dx, dy = (x - 31.5) / 31.5, (y - 31.5) / 31.5
            d = min(1.0, (dx * dx + dy * dy) / 2) ** 1.4
            small.set_at((x, y), (0, 0, 0, int(255 * VIGNETTE * d)))
    return pygame.transform.smoothscale(small, size)
