"""Drive the app with synthetic input, frame by frame: used by the scene tests, shots and bench."""
from __future__ import annotations

import time
from collections.abc import Callable, Iterator
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


def computer_name() -> str:
    """The computer's seat name in the language apps are made in now (the shots' "Computer" is "Комп’ютер")."""
    from game.i18n import Translator

    return Translator(_SPEAKING[-1] if _SPEAKING and _SPEAKING[-1] else "en")("names.computer")


def make_app(size: tuple[int, int] = (1280, 800), **kw) -> App:
    if _SPEAKING and _SPEAKING[-1]:
        kw.setdefault("lang", _SPEAKING[-1])
    app = App(Options(headless=True, size=size, **kw))
    pygame.event.clear()  # start-up events are queued; drop them before posting our own
    return app


def frames(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(1 / 60)


def run_until(app: App, cond: Callable[[], object], seconds: float = 60.0) -> bool:
    """Frames until ``cond()`` holds: for an answer from another thread or process (a hint, the statistics), which
    comes on the real clock while the frames go on. False if it did not within ``seconds``."""
    end = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > end:
            return False
        frames(app)
        time.sleep(0.001)
    return True


def wait_for_hint(app: App, table, seconds: float = 60.0) -> None:
    """Frames until the hint asked for has come from the worker (shown, or none found)."""
    if not run_until(app, lambda: table.hint_job is None, seconds):
        raise AssertionError(f"no hint within {seconds} s")
    frames(app)


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


def visible_point(table, card: str) -> tuple[int, int]:
    """A point on ``card`` that no later (overlapping) card covers."""
    rect = table.cards.current_rect(card)
    for dy in (rect.h // 3, rect.h // 2, rect.h * 2 // 3, rect.h // 6):  # the last: a back row's top strip
        for dx in range(4, rect.w, 4):
            p = (rect.x + dx, rect.y + dy)
            hit = table.cards.hit(p)
            if hit is not None and hit.key == card:
                return p
    raise AssertionError(f"{card} is not visible")


def spot_point(table, spot) -> tuple[int, int]:
    if len(spot.cards) == 1 and table.cards.current_rect(spot.cards[0]) is not None:
        return visible_point(table, spot.cards[0])
    rect = table.spot_rect(spot)
    assert rect is not None, f"{type(table).__name__} cannot show {spot}"
    return rect.center


def perform(app: App, table, action, touch: bool = False, to_point=None) -> None:
    """Make ``action`` at ``table`` as a player would: by the gesture the game's rules name for it (selecting a
    source's several cards by taps first), by its button, or by picking it when the gesture offers a choice.
    ``to_point`` maps a table point to the window (a face-to-face half)."""
    place = to_point or (lambda p: p)
    gesture = table.spec.gesture_for(table.obs, action)
    if gesture is None:
        bid = table.button_for(action)
        assert bid is not None, f"{action} has neither a gesture nor a button"
        rect = next(b.rect for b in table.buttons.buttons if b.id == bid)
        tap(app, place(rect.center), touch=touch)
    else:
        source, target = gesture
        if len(source.cards) > 1:
            for card in source.cards:
                tap(app, place(visible_point(table, card)), touch=touch)
                settle(app)
        start = spot_point(table, source if len(source.cards) < 2 else source._replace(cards=source.cards[:1]))
        if target is None:
            tap(app, place(start), touch=touch)
        else:
            drag(app, place(start), place(spot_point(table, target)), touch=touch)
    top = app.stack.top
    if top.name == "choose":
        bid = f"pick:{table.choice.index(action)}"
        tap(app, next(b.rect for b in top.buttons.buttons if b.id == bid).center, touch=touch)
    elif top.name == "confirm":  # e.g. a pass that ends the game asks first
        tap(app, next(b.rect for b in top.buttons.buttons if b.id == "yes").center, touch=touch)
    settle(app)
