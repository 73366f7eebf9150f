"""The window's size: ``--size`` when given, else a share of the desktop (the layout scales to it)."""
from __future__ import annotations

import pygame

from game.options import Options

DESKTOP_SHARE = 0.8  # the default window covers 80% of the desktop in each direction
FALLBACK = (1280, 800)  # headless runs and machines that report no desktop
MIN_SIZE = (640, 400)


def default_size(desktops: list[tuple[int, int]]) -> tuple[int, int]:
    """80% of the first desktop, never under MIN_SIZE nor over the desktop itself."""
    if not desktops or min(desktops[0]) <= 0:
        return FALLBACK
    dw, dh = desktops[0]
    return (min(dw, max(MIN_SIZE[0], round(dw * DESKTOP_SHARE))),
            min(dh, max(MIN_SIZE[1], round(dh * DESKTOP_SHARE))))


def window_size(opts: Options) -> tuple[int, int]:
    """The size to open: ``--size`` wins; headless runs keep the fixed fallback (reproducible)."""
    if opts.size is not None:
        return opts.size
    if opts.headless:
        return FALLBACK
    try:
        desktops = pygame.display.get_desktop_sizes()
    except pygame.error:
        desktops = []
    return default_size(list(desktops))
