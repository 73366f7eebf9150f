"""The default window is a share of the desktop; --size wins; headless runs keep a fixed size. The smallest
window is the smallest size the layout self-check passes at: --size refuses less, and a window made smaller
(by resizing, or a small fullscreen desktop) shows the app at that size, scaled down (a letterbox)."""
from __future__ import annotations

import pygame
import pytest

from game import window
from game.app import App
from game.options import Options, parse
from tests.uiplay import find_button
from tools.driver import frames, make_app, tap


def test_default_size_is_most_of_the_desktop(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(3840, 2160)])
    assert window.window_size(Options()) == (3072, 1728)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1024, 600)])
    assert window.window_size(Options()) == window.MIN_SIZE  # never under the smallest size the layout fits
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [])
    assert window.window_size(Options()) == window.FALLBACK


def test_size_option_wins_and_headless_is_fixed(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(3840, 2160)])
    assert window.window_size(Options(size=(1024, 600))) == (1024, 600)
    assert window.window_size(Options(headless=True)) == window.FALLBACK
    assert parse(["--size", "1600x900"], ["kombi"]).size == (1600, 900)
    assert parse([], ["kombi"]).size is None


def test_app_opens_at_the_derived_size_and_scales_its_type(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(2560, 1440)])
    app = App(Options(headless=False))
    try:
        assert app.size == (2048, 1152)
        assert app.fonts.floor >= 33  # 2% of 1152 px is 23 px of text
    finally:
        app.executor.shutdown(wait=False)


def test_size_under_the_smallest_window_is_refused_with_the_reason(capsys):
    w, h = window.MIN_SIZE
    for bad in (f"{w - 1}x{h}", f"{w}x{h - 1}", "320x240", "1x1"):
        with pytest.raises(SystemExit):
            parse(["--size", bad], ["kombi"])
        assert f"from {w}x{h} (the smallest window the layout fits)" in capsys.readouterr().err
    assert parse(["--size", f"{w}x{h}"], ["kombi"]).size == (w, h)


def _resize(app, size):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    frames(app, 2)


def test_a_window_made_smaller_than_the_smallest_shows_the_app_scaled_down():
    app = make_app()
    app.show("menu")
    frames(app, 2)
    half = (window.MIN_SIZE[0] // 2, window.MIN_SIZE[1] // 2)
    _resize(app, half)
    assert app.display.letterboxed and app.size == window.MIN_SIZE, "the scenes keep the room they were checked at"
    assert app.display.place == pygame.Rect(0, 0, *half)
    stats = find_button(app, "stats").center  # on the canvas; the window shows it at half the size
    tap(app, (stats[0] // 2, stats[1] // 2))
    frames(app, 2)
    assert app.stack.top.name == "stats", "a tap on the picture reaches the button under it"
    window_px = app.display.window.get_at((half[0] // 2, 10))
    assert tuple(window_px)[:3] != (0, 0, 0)
    low = window.MIN_SIZE[1] // 2
    _resize(app, (2000, low))  # wide and low: bars left and right
    assert app.size == (2000, window.MIN_SIZE[1]) and app.display.place.h == low
    assert tuple(app.display.window.get_at((1, low // 2)))[:3] == window.BARS
    _resize(app, (1300, 700))
    assert not app.display.letterboxed and app.size == (1300, 700)


@pytest.mark.parametrize("size", [(1, 1), (2, 900), (1500, 3), (window.MIN_SIZE[0] - 1, window.MIN_SIZE[1])])
def test_any_window_size_draws_without_a_crash(size):
    app = make_app()
    app.show("menu")
    frames(app, 2)
    _resize(app, size)
    app.draw()
    assert app.size[0] >= window.MIN_SIZE[0] and app.size[1] >= window.MIN_SIZE[1]


def test_a_fullscreen_desktop_under_the_smallest_size_is_letterboxed(monkeypatch):
    from game import app as app_module

    monkeypatch.setattr(app_module, "open_window", lambda opts, full: pygame.display.set_mode((800, 480)))
    app = App(Options(headless=True, fullscreen=True))
    try:
        assert app.display.window.get_size() == (800, 480) and app.size == window.MIN_SIZE
    finally:
        app.executor.shutdown(wait=False)


def test_the_search_finds_a_size_that_fits_where_one_step_smaller_does_not(monkeypatch):
    """The mechanism behind MIN_SIZE (tools/min_size.py): narrower, then lower, then narrower again, until neither
    helps. Whether MIN_SIZE is still that size for every scene takes minutes: ``make min-size`` checks it."""
    from tools import min_size

    def fits(size):
        w, h = size
        return w >= 900 and h >= 560 and w + h >= 1490  # narrower needs taller: the search must go round twice

    asked = []
    monkeypatch.setattr(min_size, "problems", lambda size, first=False: asked.append(size) or ([] if fits(size)
                                                                                               else ["cut"]))
    w, h = min_size.smallest((1280, 800))
    step = min_size.STEP
    assert fits((w, h)) and not fits((w - step, h)) and not fits((w, h - step))
    assert min_size.check((w, h)) == [] and min_size.check((w + step, h)) != []


def test_the_check_stops_at_the_first_shot_that_does_not_fit(monkeypatch):
    """``problems(first=True)`` runs the real layout check and renders no shot after the first with a problem."""
    from game.tables import ENTRIES
    from tools import min_size, shot_list
    from tools.shot_kit import midgame, open_settled, save

    made = []

    def table(folder, size, prefix):  # the first game's table a few moves in
        made.append(size)
        app = make_app(size=size)
        try:
            open_settled(app, midgame(next(iter(ENTRIES)), 6))
            save(app, folder, "table")
        finally:
            app.executor.shutdown(wait=False)

    monkeypatch.setattr(shot_list, "shot_groups", lambda games=None: [("table", table), ("again", table)])
    monkeypatch.setattr(min_size, "LANGS", ("en",))
    assert min_size.problems((1280, 800)) == [] and len(made) == 2
    made.clear()
    assert min_size.problems((300, 200), first=True) and made == [(300, 200)]  # cramped: texts overlap
