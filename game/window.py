"""The window: its size (``--size``, else a share of the desktop), its smallest size, and the surface the scenes
draw on. Below the smallest size the layout fits (``MIN_SIZE``) the scenes draw on a canvas of at least that
size, shown scaled down into the window with bars (a letterbox): a window of any size, 1x1 included, shows the
whole app and never hands a layout less room than it was checked at."""
from __future__ import annotations

import logging
import warnings
from typing import Protocol

import pygame

log = logging.getLogger(__name__)
DESKTOP_SHARE = 0.8  # the default window covers 80% of the desktop in each direction
FALLBACK = (1280, 800)  # headless runs and machines that report no desktop
# The smallest size at which every scene passes the layout self-check (tools/layout_check.py), in English and
# German: `python -m tools.min_size` finds it, and tests/test_window.py checks that it passes and that one step
# less in either direction does not. A layout change that needs more room (or less) must move it.
MIN_SIZE = (968, 568)
BARS = (0, 0, 0)


class Options(Protocol):
    """What of the command-line options (game/options.py, which reads MIN_SIZE from here) the window needs."""

    size: tuple[int, int] | None
    headless: bool


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


def open_window(opts: Options, fullscreen: bool) -> pygame.Surface:
    """A resizable window (or desktop fullscreen) that the window manager keeps at least MIN_SIZE."""
    if fullscreen:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    size = window_size(opts)
    surface = pygame.display.set_mode(size, pygame.RESIZABLE)
    if size[0] >= MIN_SIZE[0] and size[1] >= MIN_SIZE[1] and not opts.headless:
        try:  # asks the window manager; one that ignores it still gets the letterbox
            with warnings.catch_warnings():  # pygame-ce calls the display module's window deprecated for drawing
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (pygame.error, AttributeError, ValueError) as exc:
            log.info("the window manager was not told the smallest size: %s", exc)
    return surface


def smallest(opts: Options, fullscreen: bool) -> tuple[int, int]:
    """The least room the scenes get: MIN_SIZE, or less when the app was opened smaller on purpose. ``--size``
    refuses a size under MIN_SIZE, so only code can (the layout tests probe small windows that way)."""
    if opts.size is None or fullscreen:
        return MIN_SIZE
    return min(MIN_SIZE[0], opts.size[0]), min(MIN_SIZE[1], opts.size[1])


def canvas_size(window: tuple[int, int], floor: tuple[int, int] = MIN_SIZE) -> tuple[int, int]:
    """The size the scenes are laid out at for a window of this size: the window's, but never under ``floor``."""
    return max(window[0], floor[0]), max(window[1], floor[1])


class Display:
    """The window and the surface the scenes draw on (``screen``): the window itself, or a letterbox canvas."""

    def __init__(self, window: pygame.Surface, floor: tuple[int, int] = MIN_SIZE) -> None:
        self.window = window
        self.floor = floor
        self.canvas: pygame.Surface | None = None
        self.place = pygame.Rect(0, 0, 0, 0)  # where the canvas shows in the window, scaled
        self.fit(window)

    @property
    def screen(self) -> pygame.Surface:
        return self.canvas if self.canvas is not None else self.window

    @property
    def letterboxed(self) -> bool:
        return self.canvas is not None

    def fit(self, window: pygame.Surface) -> None:
        """The window has (or may have) a new size: lay the canvas out again."""
        self.window = window
        w, h = window.get_size()
        need = canvas_size((w, h), self.floor)
        if need == (w, h):
            self.canvas = None
            return
        if self.canvas is None or self.canvas.get_size() != need:
            self.canvas = pygame.Surface(need).convert()
        scale = min(w / need[0], h / need[1])
        sw, sh = max(1, round(need[0] * scale)), max(1, round(need[1] * scale))
        self.place = pygame.Rect((w - sw) // 2, (h - sh) // 2, sw, sh)

    def to_screen(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A point of the window on the surface the scenes draw on."""
        if self.canvas is None:
            return pos
        cw, ch = self.canvas.get_size()
        x = (pos[0] - self.place.x) * cw // self.place.w
        y = (pos[1] - self.place.y) * ch // self.place.h
        return min(max(x, 0), cw - 1), min(max(y, 0), ch - 1)

    def present(self, changed: list[pygame.Rect] | None) -> None:
        """Show the frame: only the ``changed`` areas when given (and no letterbox), else all of it."""
        if self.canvas is None:
            if changed is not None:
                pygame.display.update(changed)
            else:
                pygame.display.flip()
            return
        self.window.fill(BARS)
        try:
            picture = pygame.transform.smoothscale(self.canvas, self.place.size)
        except ValueError:  # smoothscale wants 24 or 32 bits a pixel
            picture = pygame.transform.scale(self.canvas, self.place.size)
        self.window.blit(picture, self.place.topleft)
        pygame.display.flip()
