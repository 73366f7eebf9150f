"""A scene turned half round (180°) for the player across a face-to-face table: the cover, the pause menu, a
question or the end screen faces whoever it is for. The wrapped scene works as ever in its own upright
coordinates; this wrapper turns what it draws and the points it is touched at."""
from __future__ import annotations

from typing import Any

import pygame

from game.input import Gesture
from game.scene import Scene


def turn_point(p: tuple[int, int], size: tuple[int, int]) -> tuple[int, int]:
    """The point a half turn of a ``size`` area takes ``p`` to (pixel (x, y) -> (w-1-x, h-1-y))."""
    return size[0] - 1 - int(p[0]), size[1] - 1 - int(p[1])


def turn_rect(r: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
    """Where ``r`` lies after a half turn of a ``size`` area (the same pixels ``turn_point`` maps)."""
    r = pygame.Rect(r)
    return pygame.Rect(size[0] - r.right, size[1] - r.bottom, r.w, r.h)


def turn_surface(surface: pygame.Surface) -> pygame.Surface:
    """A half-turned copy: flipping both axes is the exact 180° rotation, without resampling."""
    return pygame.transform.flip(surface, True, True)


class Turned(Scene):
    """``inner`` drawn and touched upside down. Anything not defined here is the inner scene's (its name,
    whether it is opaque, its buttons), so code that looks a scene up by name still finds it."""

    turned_over = True

    def __init__(self, inner: Scene) -> None:
        super().__init__(inner.app)
        self.inner = inner
        self.name = inner.name
        self.opaque = inner.opaque
        self._page: pygame.Surface | None = None

    def __getattr__(self, attr: str) -> Any:  # only for what this wrapper does not have itself
        if attr == "inner":
            raise AttributeError(attr)
        return getattr(self.inner, attr)

    # --- the life cycle and time are the inner scene's --------------------------------------------------
    def enter(self) -> None:
        self.inner.enter()

    def exit(self) -> None:
        self.inner.exit()

    def resize(self, size: tuple[int, int]) -> None:
        self.inner.resize(size)

    def update(self, dt: float) -> None:
        self.inner.update(dt)

    def wants_frame(self) -> bool:
        return self.inner.wants_frame()

    def next_deadline(self) -> float | None:
        return self.inner.next_deadline()

    # --- input: points are turned, keys are not ---------------------------------------------------------
    def on_gesture(self, g: Gesture) -> None:
        size = self.app.size
        self.inner.on_gesture(Gesture(g.kind, turn_point(g.pos, size), turn_point(g.start, size), g.source))

    def on_key(self, event: pygame.event.Event) -> None:
        self.inner.on_key(event)

    def on_text(self, text: str) -> None:
        self.inner.on_text(text)

    def on_wheel(self, dy: int) -> None:
        wheel = getattr(self.inner, "on_wheel", None)
        if wheel is not None:
            wheel(dy)

    # --- drawing --------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The inner scene draws on an upright page (holding, for an overlay, what lies below it, turned
        upright too); the page is then turned onto the screen."""
        size = surface.get_size()
        if self._page is None or self._page.get_size() != size:
            self._page = pygame.Surface(size).convert()
        if self.opaque:
            self.inner.draw(self._page)
        else:
            self._page.blit(turn_surface(surface), (0, 0))
            self.inner.draw(self._page)
        surface.blit(turn_surface(self._page), (0, 0))

    def layout_report(self) -> dict[str, list]:
        """The inner scene's report with every rect where it shows on the screen (turned)."""
        rep = self.inner.layout_report()
        size = self.app.size
        return {"texts": [(turn_rect(r, size), text, px, over) for r, text, px, over in rep["texts"]],
                "controls": [turn_rect(r, size) for r in rep["controls"]],
                "rows": [[turn_rect(r, size) for r in row] for row in rep.get("rows", [])]}
