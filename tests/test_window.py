"""The default window is a share of the desktop; --size wins; headless runs keep a fixed size."""
from __future__ import annotations

import pygame

from game import window
from game.app import App
from game.options import Options, parse


def test_default_size_is_most_of_the_desktop(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(3840, 2160)])
    assert window.window_size(Options()) == (3072, 1728)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1024, 600)])
    assert window.window_size(Options()) == (819, 480)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [])
    assert window.window_size(Options()) == window.FALLBACK


def test_size_option_wins_and_headless_is_fixed(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(3840, 2160)])
    assert window.window_size(Options(size=(1024, 600))) == (1024, 600)
    assert window.window_size(Options(headless=True)) == window.FALLBACK
    assert parse(["--size", "800x600"], ["kombi"]).size == (800, 600)
    assert parse([], ["kombi"]).size is None


def test_app_opens_at_the_derived_size_and_scales_its_type(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(2560, 1440)])
    app = App(Options(headless=False))
    try:
        assert app.size == (2048, 1152)
        assert app.fonts.floor >= 33  # 2% of 1152 px is 23 px of text
    finally:
        app.executor.shutdown(wait=False)
