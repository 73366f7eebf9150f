"""Helpers for the guided-first-game tests: open a coached table and act on it through the coach."""
from __future__ import annotations

import pygame

from game.session import Session
from game.tables import open_table
from tests.uiplay import run_until
from tools.driver import frames, make_app, settle


def coached(game_id: str, seed: int, mode: str = "computer", size=(1280, 800), app=None):
    """A table for ``game_id`` with the coach over it (as in a desktop run), after the deal."""
    app = app or make_app(size=size)
    app.coach_marks = True
    names = ["Ann", "Computer" if mode == "computer" else "Ben"]
    session = Session.new(game_id, mode, names, seed)
    table = open_table(app, session)
    app.stack.push(table)
    frames(app, 2)
    settle(app)
    return app, session, table


def coach_of(app):
    return app.stack.find("coach")


def table_button(table, bid: str) -> pygame.Rect:
    for b in table.buttons.buttons:
        if b.id == bid:
            return b.rect
    raise AssertionError(f"no button {bid!r}; have {[b.id for b in table.buttons.buttons]}")


def coach_button(app, bid: str) -> pygame.Rect:
    coach = coach_of(app)
    for b in coach.buttons.buttons:
        if b.id == bid:
            return b.rect
    raise AssertionError(f"no coach button {bid!r}")


def my_turn(app, table) -> None:
    run_until(app, lambda: table.my_turn and not table.cards.busy)
    settle(app)


def shown(app) -> str | None:
    """The key of the mark on show, after a frame has drawn it."""
    frames(app)
    coach = coach_of(app)
    return coach.mark.key if coach is not None and coach.mark is not None else None
