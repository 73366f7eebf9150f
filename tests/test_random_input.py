"""Random input over every scene and game, with the window resized to anything from 1x1 upward: nothing crashes.

Seeded, so a failure repeats. Taps, drags, finger strokes, keys and typed text go in as real pygame events; a
resize sets a new window size and posts the event the window manager would. A headless app lets any error end
the run (game/crash.py), so an exception here is a crash a player would have met."""
from __future__ import annotations

import random

import pygame
import pytest

from game.session import Session
from game.tables import playable
from game.window import MIN_SIZE
from tools.driver import frames, make_app

KEYS = [pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_SPACE,
        pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_z, pygame.K_y, pygame.K_h, pygame.K_p, pygame.K_PERIOD,
        pygame.K_l, pygame.K_d, pygame.K_1, pygame.K_5, pygame.K_0, pygame.K_s, pygame.K_F11]


def window_size(rng: random.Random) -> tuple[int, int]:
    """Mostly small and odd: 1x1, slivers, under and around the smallest size, and a few large ones."""
    pick = rng.random()
    if pick < 0.3:
        return rng.randint(1, 40), rng.randint(1, 40)
    if pick < 0.6:
        return rng.randint(1, MIN_SIZE[0] + 100), rng.randint(1, MIN_SIZE[1] + 100)
    if pick < 0.8:
        return rng.choice([(1, 2000), (2000, 1), (5, 700), (1500, 20)])
    return rng.randint(MIN_SIZE[0], 2600), rng.randint(MIN_SIZE[1], 1600)


def post(app, rng: random.Random) -> None:
    w, h = app.display.window.get_size()
    pos = (rng.randint(-5, w + 5), rng.randint(-5, h + 5))
    kind = rng.random()
    if kind < 0.35:  # a tap or a drag with the mouse
        end = pos if rng.random() < 0.5 else (rng.randint(0, w), rng.randint(0, h))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
        for i in range(1, 4):
            mid = (pos[0] + (end[0] - pos[0]) * i // 3, pos[1] + (end[1] - pos[1]) * i // 3)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0),
                                                 touch=False))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False))
    elif kind < 0.5:  # a finger, normalised to the window
        x, y = rng.random(), rng.random()
        for t in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            pygame.event.post(pygame.event.Event(t, x=x, y=y, dx=0.0, dy=0.0, finger_id=0, touch_id=1,
                                                 pressure=1.0))
            x, y = min(1.0, x + rng.uniform(-0.2, 0.2)), min(1.0, y + rng.uniform(-0.2, 0.2))
    elif kind < 0.8:
        mod = rng.choice([0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL])
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=mod, unicode=""))
    elif kind < 0.9:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(["a", "Ä", "ї", " ", "7"])))
    elif kind < 0.95:
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False,
                                             touch=False))
    else:
        size = window_size(rng)
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))


def run(seed: int, game_id: str, events: int, start: tuple[int, int]) -> None:
    rng = random.Random(seed)
    app = make_app(size=start)
    try:
        app.settings.face_to_face = rng.random() < 0.3
        app.settings.server = "ws://127.0.0.1:9"  # a random tap on Online must not reach a server on this machine
        app.show("menu")
        frames(app, 2)
        mode = rng.choice(["hotseat", "computer"])
        app.stack.push(app.open_table(Session.new(game_id, mode, ["Ann", "Bob"], seed)))
        for _ in range(events):
            post(app, rng)
            frames(app, rng.choice([1, 1, 2, 5]))
            if app.stack.top is None:
                app.show("menu")
        frames(app, 30)
    finally:
        app.executor.shutdown(wait=False, cancel_futures=True)


@pytest.mark.parametrize("game_id", playable())
def test_random_input_and_window_sizes_never_crash(game_id):
    for seed in range(3):
        run(seed, game_id, 150, (1280, 800))


@pytest.mark.parametrize("start", [(1, 1), (37, 23), (400, 300), (300, 700)])
def test_an_app_opened_tiny_still_plays(start):
    """Under the smallest size only code can open the app (``--size`` refuses it): the layout is asked to fit, and
    nothing crashes, whatever it looks like."""
    for i, game_id in enumerate(playable()):
        run(100 + i, game_id, 40, start)
