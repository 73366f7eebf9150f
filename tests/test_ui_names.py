"""The names screen: recently used names with one tap, a prefilled field selected on focus, Ctrl+A,
and names cut to the limit with a note."""
from __future__ import annotations

import pygame

from game.scenes.names import MAX_NAME
from tests.test_stats import finish_kombi, run_until
from tests.uiplay import find_button
from tools.driver import frames, key, make_app, tap


def open_names(app, mode="hotseat"):
    app.show("menu")
    frames(app, 2)
    if mode == "computer":
        tap(app, find_button(app, "mode:computer").center)
    tap(app, find_button(app, "play").center)
    frames(app, 2)
    assert app.stack.top.name == "names"
    return app.stack.top


def test_recent_names_are_offered_and_one_tap_fills_the_field():
    app = make_app()
    finish_kombi(app, names=("Zoe", "Yann"))
    names = open_names(app)
    assert run_until(app, lambda: names.recent)
    assert names.recent[:2] == ["Zoe", "Yann"]
    tap(app, find_button(app, "recent:1").center)  # Yann into player 1; the focus moves on
    tap(app, find_button(app, "recent:0").center)  # Zoe into player 2
    assert names.names() == ["Yann", "Zoe"]
    tap(app, find_button(app, "start").center)
    frames(app, 3)
    assert app.stack.scenes[-2].session.names == ["Yann", "Zoe"]


def test_a_prefilled_field_is_selected_so_typing_replaces_it():
    app = make_app()
    names = open_names(app)
    assert names.fields[0].selected
    key(app, pygame.K_k, text="K")
    assert names.fields[0].text == "K"
    key(app, pygame.K_TAB)  # to player 2: its default is selected too
    assert names.active == 1 and names.fields[1].selected
    key(app, pygame.K_BACKSPACE)
    assert names.fields[1].text == ""


def test_ctrl_a_selects_all():
    app = make_app()
    names = open_names(app)
    key(app, pygame.K_x, text="x")
    key(app, pygame.K_y, text="y")
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    assert names.fields[0].selected
    key(app, pygame.K_q, text="Q")
    assert names.fields[0].text == "Q"


def test_a_name_cut_to_the_limit_says_so():
    app = make_app()
    names = open_names(app)
    key(app, pygame.K_a, text="A" * (MAX_NAME + 4))
    assert names.fields[0].text == "A" * MAX_NAME
    assert str(MAX_NAME) in names.error and "cut" in names.error
    key(app, pygame.K_BACKSPACE)
    app.draw()
