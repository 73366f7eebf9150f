"""Drive the app with synthetic input, frame by frame: used by the scene tests, shots and bench."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from game.app import App
from game.options import Options

_SPEAKING: list[str] = []  # the language of the apps made inside ``speaking`` (innermost last)


@contextmanager
def speaking(lang: str | None) -> Iterator[None]:
    """Apps made inside (by ``make_app``, unless told otherwise) speak ``lang``."""
    _SPEAKING.append(lang or "")
    try:
        yield
    finally:
        _SPEAKING.pop()


def make_app(size: tuple[int, int] = (1280, 800), **kw) -> App:
    if _SPEAKING and _SPEAKING[-1]:
        kw.setdefault("lang", _SPEAKING[-1])
    app = App(Options(headless=True, size=size, **kw))
    pygame.event.clear()  # start-up events are queued; drop them before posting our own
    return app


def frames(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(1 / 60)


def settle(app: App, limit: int = 600) -> None:
    """Run frames until the top table (if any) has no animation running."""
    for _ in range(limit):
        frames(app)
        top = app.stack.top
        cards = getattr(top, "cards", None)
        if cards is None or not cards.busy:
            frames(app)
            return


def _mouse(kind: int, pos: tuple[int, int], **extra) -> pygame.event.Event:
    return pygame.event.Event(kind, pos=pos, button=1, touch=False, **extra)


def tap(app: App, pos: tuple[int, int], touch: bool = False) -> None:
    if touch:
        _finger(app, pygame.FINGERDOWN, pos)
        _finger(app, pygame.FINGERUP, pos)
    else:
        pygame.event.post(_mouse(pygame.MOUSEBUTTONDOWN, pos))
        pygame.event.post(_mouse(pygame.MOUSEBUTTONUP, pos))
    frames(app, 2)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], touch: bool = False, steps: int = 6) -> None:
    path = [(start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
            for i in range(1, steps + 1)]
    if touch:
        _finger(app, pygame.FINGERDOWN, start)
        for p in path:
            _finger(app, pygame.FINGERMOTION, p)
        _finger(app, pygame.FINGERUP, end)
    else:
        pygame.event.post(_mouse(pygame.MOUSEBUTTONDOWN, start))
        for p in path:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0),
                                                 touch=False))
        pygame.event.post(_mouse(pygame.MOUSEBUTTONUP, end))
    frames(app, 2)


def _finger(app: App, kind: int, pos: tuple[int, int]) -> None:
    w, h = app.size
    pygame.event.post(pygame.event.Event(kind, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=1,
                                         touch_id=1, pressure=1.0))


def key(app: App, k: int, mod: int = 0, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0))
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app, 1)
