"""The settings screen driven by taps: each setting takes effect at once and survives a new App."""
from __future__ import annotations

import pygame
import pytest

from game.session import Session
from game.tables import open_table
from sprites import theme
from tests.uiplay import find_button
from tools.driver import frames, make_app, tap


def desktop_app(**kw):
    app = make_app(**kw)
    app.opts.headless = False  # as a desktop run would: changes are stored
    return app


def open_settings_from_menu(app):
    app.show("menu")
    frames(app, 2)
    tap(app, find_button(app, "settings").center)
    frames(app, 2)
    assert app.stack.top.name == "settings"


def choose(app, key, value):
    tap(app, find_button(app, f"{key}={value}").center)
    frames(app, 1)


@pytest.mark.parametrize(("key", "value", "seen"), [
    ("bot_level", 3, lambda app: app.settings.bot_level == 3),
    ("animation_speed", 0.6, lambda app: app.settings.animation_speed == 0.6),
    ("volume", 35, lambda app: app.settings.sound and abs(app.sounds.volume - 0.35) < 1e-6),
    ("volume", 0, lambda app: not app.settings.sound and not app.sounds.enabled),
    ("language", "de", lambda app: app.t.lang == "de" and app.t("settings.title") == "Einstellungen"),
    ("felt", "blue", lambda app: theme.FELT == (22, 66, 104)),
    ("card_back", "red", lambda app: theme.BACK == (128, 22, 34)),
    ("sort_by", "rank", lambda app: app.settings.sort_by == "rank"),
])
def test_each_setting_takes_effect_and_survives_a_restart(key, value, seen):
    app = desktop_app()
    open_settings_from_menu(app)
    choose(app, key, value)
    assert seen(app)
    assert any(b.id == f"{key}={value}" and b.primary for b in app.stack.top.buttons.buttons)
    again = desktop_app()  # a new App on the same CARD_DUELS_HOME reads the file
    assert seen(again)


def test_the_felt_shows_on_the_screen_at_once():
    app = desktop_app()
    open_settings_from_menu(app)
    choose(app, "felt", "red")
    app.draw()
    assert tuple(app.screen.get_at((3, app.size[1] - 3)))[:3] == (110, 32, 42)


def test_computer_strength_reaches_the_next_game():
    app = desktop_app()
    open_settings_from_menu(app)
    choose(app, "bot_level", 1)
    tap(app, find_button(app, "back").center)
    frames(app, 2)
    tap(app, find_button(app, "mode:computer").center)
    tap(app, find_button(app, "play").center)
    frames(app, 2)
    tap(app, find_button(app, "start").center)
    frames(app, 3)
    assert app.stack.top.session.bot_level == 1


def test_sorting_and_language_change_an_open_table_from_the_pause_menu():
    app = desktop_app()
    table = open_table(app, Session.new("kombi", "computer", ["Ann", "Computer"], 5))
    app.stack.push(table)
    frames(app, 3)
    tap(app, find_button(app, "menu").center)
    frames(app, 2)
    tap(app, find_button(app, "settings").center)
    frames(app, 2)
    choose(app, "sort_by", "rank")
    choose(app, "language", "de")
    assert table.hand_order.by == "rank"
    assert any(b.label == "Menü" for b in table.buttons.buttons)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    frames(app, 2)
    assert app.stack.top.name == "pause"


def test_replaying_the_guided_games_resets_the_flag(tmp_path):
    app = desktop_app()
    app.settings.tutorial_done = ["kombi", "cribbage"]
    app.store_settings()
    open_settings_from_menu(app)
    tap(app, find_button(app, "tutorial").center)
    assert app.settings.tutorial_done == []
    assert desktop_app().settings.tutorial_done == []


def test_old_settings_files_still_load(tmp_path):
    from game.settings import parse_settings

    s, problems = parse_settings('language = "de"\nsound = false\n')
    assert not problems and s.bot_level == 2 and s.felt == "green" and s.tutorial_done == []
    s, problems = parse_settings('felt = "purple"\ntutorial_done = "x"\nbot_level = 7\n')
    assert len(problems) == 3 and s.felt == "green" and s.bot_level == 2


def test_kiosk_settings_sit_behind_the_pin():
    app = make_app(kiosk=True)
    app.show("menu")
    frames(app, 2)
    tap(app, find_button(app, "settings").center)
    frames(app, 2)
    assert app.stack.top.name == "kiosk_pin"
    for d in app.settings.pin:
        tap(app, find_button(app, d).center)
    tap(app, find_button(app, "ok").center)
    frames(app, 2)
    assert app.stack.top.name == "settings" and app.running


def test_controls_are_big_enough_for_a_finger_at_small_size():
    app = make_app(size=(1024, 600))
    app.show("menu")
    frames(app, 2)
    app.push("settings")
    frames(app, 2)
    for b in app.stack.top.buttons.buttons:
        assert b.rect.h >= 44 and b.rect.bottom <= 600
