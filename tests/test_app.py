"""The app as a whole: command line, demo determinism, translations, settings, scene stack basics."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.i18n import LANGUAGES, Translator
from game.scenes.menu import MenuScene
from game.scenes.names import NamesScene
from tests.uiplay import find_button
from tools.driver import frames, key, make_app, tap

ROOT = Path(__file__).resolve().parent.parent


def run_main(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          env=env, timeout=300, cwd=ROOT)


def test_help_lists_the_options():
    out = run_main("--help")
    assert out.returncode == 0
    for flag in ("--game", "--mode", "--players", "--seed", "--lang", "--fullscreen", "--size", "--demo",
                 "--headless", "--until-end", "--frames"):
        assert flag in out.stdout


def test_demo_prints_the_same_result_for_the_same_seed():
    first = run_main("--game", "kombi", "--demo", "--headless", "--until-end", "--seed", "3")
    second = run_main("--game", "kombi", "--demo", "--headless", "--until-end", "--seed", "3")
    assert first.returncode == 0, first.stderr
    lines = [ln for ln in first.stdout.splitlines() if ln.startswith("RESULT")]
    assert len(lines) == 1
    assert re.fullmatch(r"RESULT game=kombi seed=3 winners=[01](,[01])? scores=\d+,\d+", lines[0])
    assert lines == [ln for ln in second.stdout.splitlines() if ln.startswith("RESULT")]


def test_bad_arguments_are_refused_with_a_message():
    out = run_main("--players", "Ann", "--headless")
    assert out.returncode != 0 and "two different names" in out.stderr


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_exists_in_every_language(lang):
    # The compiled catalogue the app loads translates every key (tests/test_i18n.py checks the .po files).
    t = Translator(lang)
    assert t.keys(lang) == t.keys("en")
    t.set_language(lang)
    for k in t.keys(lang):
        assert t(k).strip(), k


def test_language_switch_in_the_menu():
    app = make_app()
    app.stack.push(MenuScene(app))
    frames(app, 2)
    tap(app, find_button(app, "lang").center)
    assert app.t.lang == "de"
    labels = [b.label for b in app.stack.top.buttons.buttons]
    assert "Deutsch" in labels and "Spielen" in labels, labels  # the button names the language in itself
    frames(app, 2)
    tap(app, find_button(app, "lang").center)
    assert app.t.lang == "uk" and app.settings.language == "uk"
    labels = [b.label for b in app.stack.top.buttons.buttons]
    assert "Українська" in labels and "Грати" in labels, labels
    frames(app, 2)
    tap(app, find_button(app, "lang").center)
    assert app.t.lang == "en"


def test_lang_uk_on_the_command_line():
    from game.options import parse

    assert parse(["--lang", "uk"], ["kombi"]).lang == "uk"
    app = make_app(lang="uk")
    app.stack.push(MenuScene(app))
    frames(app, 2)
    assert app.t("menu.quit") == "Вийти"
    assert any(b.label == "Вийти" for b in app.stack.top.buttons.buttons)


def test_names_scene_with_keyboard_and_on_screen_keys():
    app = make_app()
    app.stack.push(MenuScene(app))
    frames(app, 2)
    tap(app, find_button(app, "play").center)
    frames(app, 2)
    names = app.stack.top
    assert isinstance(names, NamesScene)
    field = names.fields[0]
    for _ in range(5):
        key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_z, text="Z")
    assert field.text == "Z"
    tap(app, names.fields[1].rect.center, touch=True)
    assert names.keyboard is not None, "touch on a name field shows the on-screen keyboard"
    q = next(rect for k, rect in names.keyboard.keys if k == "q")
    tap(app, q.center, touch=True)
    assert names.fields[1].text.endswith("q")
    tap(app, find_button(app, "start").center)
    frames(app, 2)
    assert app.stack.top.name == "cover", "hotseat starts behind the cover"
    assert app.stack.scenes[-2].session.names == ["Z", "q"]  # the prefilled "Ben" was selected on focus


def test_ukrainian_names_by_touch_on_the_cyrillic_keyboard():
    app = make_app(lang="uk")
    app.stack.push(MenuScene(app))
    frames(app, 2)
    tap(app, find_button(app, "play").center)
    frames(app, 2)
    names = app.stack.top
    tap(app, names.fields[1].rect.center, touch=True)
    assert names.keyboard is not None and names.keyboard.layout == "uk"
    keys = dict((k, r) for k, r in names.keyboard.keys)
    for k in ("ї", "я"):
        tap(app, keys[k].center, touch=True)
    assert names.fields[1].text.endswith("їя")
    frames(app, 2)


def test_same_names_are_refused():
    app = make_app()
    names = NamesScene(app, "kombi", "hotseat", names=["Ann", "ann"])
    app.stack.push(names)
    frames(app, 2)
    tap(app, find_button(app, "start").center)
    assert names.error and app.stack.top is names


def test_window_resize_relayouts_the_table():
    from game.session import Session
    from game.tables import open_table

    app = make_app(size=(1024, 600))
    table = open_table(app, Session.new("kombi", "computer", ["Ann", "Bob"], 2))
    app.stack.push(table)
    frames(app, 30)
    small = table.cw
    app.screen = pygame.display.set_mode((3840, 2160), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(3840, 2160), w=3840, h=2160))
    frames(app, 3)
    assert table.cw > 2 * small
    assert all(table.board.contains(s.rect()) for s in table.cards.targets.values())


def test_against_the_computer_the_human_chooses_the_trump_first():
    from game.session import Session

    for seed in range(12):
        session = Session.new("trumps", "computer", ["Ann", "Bob"], seed)
        obs = session.match.state.observe(0)
        assert obs["phase"] == "choose_trump" and obs["chooser"] == 0
    dealers = {Session.new("trumps", "computer", ["Ann", "Bob"], s).match.state.observe(0)["dealer"]
               for s in range(12)}
    assert dealers == {0, 1}, "the dealer is still random"
