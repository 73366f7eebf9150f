"""The review opens from the end screen against the computer, steps through the human's decisions and closes."""
from __future__ import annotations

import random

import pygame
import pytest

from game.session import Session
from tools.driver import drag, frames, key, make_app, settle, tap


def finished(game_id: str, seed: int = 5) -> Session:
    session = Session.new(game_id, "computer", ["Ann", "Computer"], seed)
    rng = random.Random(seed)
    m = session.match
    while not m.state.is_over:
        m.play(rng.choice(m.state.legal_actions()))
    return session


def open_review(game_id: str, seed: int = 5):
    app = make_app()
    table = app.open_table(finished(game_id, seed))
    app.stack.reset(table)
    settle(app)
    end = app.push("end", table=table)
    frames(app, 2)
    review = next(b for b in end.buttons.buttons if b.id == "review")
    tap(app, review.rect.center)
    scene = app.stack.top
    assert scene.name == "review"
    assert scene.wait(60)
    frames(app, 2)
    return app, table, scene


def button(scene, bid):
    return next(b for b in scene.buttons.buttons if b.id == bid)


@pytest.mark.parametrize(("game_id", "seed"), [("kombi", 6), ("cribbage", 5)])  # random games with costly moments
def test_the_review_steps_through_the_decisions_and_closes(game_id, seed):
    app, table, scene = open_review(game_id, seed)
    match = table.session.match
    end_at = len(match.actions)
    assert scene.page == 0 and scene.pages > 0 and match.cursor == end_at
    assert any(line.startswith(app.t("review.accuracy", percent="")[:5]) for line, _, _ in scene.lines())
    tap(app, button(scene, "next").rect.center)
    first = scene.moments[0]
    assert scene.page == 1 and match.cursor == first.index and match.actor(first.index) == 0
    key(app, pygame.K_RIGHT)
    assert scene.page == 2 and match.cursor == scene.moments[1].index
    key(app, pygame.K_LEFT)
    assert scene.page == 1
    w, h = app.size
    drag(app, (w // 3, h // 2), (w // 3 - w // 5, h // 2))  # a swipe to the left: the next decision
    assert scene.page == 2
    tap(app, button(scene, "summary").rect.center)
    assert scene.page == 0 and match.cursor == end_at
    costly = [b for b in scene.buttons.buttons if b.id.startswith("at:")]
    assert costly, "a random game has costly moments"
    tap(app, costly[0].rect.center)
    m = scene.moment
    assert m is not None and m.costly and match.cursor == m.index
    text = [line for line, _, _ in scene.lines()]
    assert app.t(m.reason_key, **m.params) in text
    assert table.hint == m.better and scene.better_words in text  # the table marks the better move
    settle(app)
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert app.stack.top.name == "end" and match.cursor == end_at and table.hint is None


def test_no_review_button_in_hotseat():
    app = make_app()
    s = finished("kombi")
    hot = Session("kombi", "hotseat", ["A", "B"], s.match, s.bot_level)
    table = app.open_table(hot)
    app.stack.reset(table)
    settle(app)
    end = app.push("end", table=table)
    frames(app, 2)
    assert not any(b.id == "review" for b in end.buttons.buttons)


def test_a_game_under_review_is_not_a_game_in_play():
    from game.crash import session_in_play

    app, table, scene = open_review("kombi")
    scene.go(1)
    assert not table.session.match.state.is_over
    assert session_in_play(app.stack.scenes) is None


@pytest.mark.parametrize("game_id", ["square", "kombi"])
def test_the_review_panel_covers_no_card_and_the_table_gets_its_width_back(game_id):
    app, table, scene = open_review(game_id)
    before_close_board = table.board.w
    tap(app, button(scene, "next").rect.center)
    settle(app)
    panel = scene.panel
    rects = table.cards.rects()
    assert rects and all(r.right <= panel.x for r in rects.values()), (panel, rects)
    tap(app, button(scene, "close").rect.center)
    frames(app, 2)
    assert app.stack.top is not scene
    assert table.side_min == 0 and table.board.w > before_close_board


@pytest.mark.parametrize("game_id", ["kombi", "trumps"])
def test_the_summary_gives_the_verdict_for_the_result(game_id):
    from rules.review import outcome, verdict

    app, table, scene = open_review(game_id, 6)
    result = outcome(table.session.match.state.winners, 0)
    lines = [line for line, _, _ in scene.lines()]
    assert app.t(verdict(scene.moments, result)) in lines
    assert result != "lost" or not any("Well played" in line for line in lines)


def test_a_square_move_names_its_position_as_the_table_shows_it():
    """Card Square's table labels no positions, so the review words a move's card as it lies on the screen."""
    from game.scenes.review import move_words
    from rules.core import Action

    app = make_app()
    table = app.open_table(finished("square"))
    app.stack.reset(table)
    settle(app)
    t = table.t
    assert table.obs["seat"] == 0
    assert move_words(t, Action.make("take", pos=(2, 1)), table.position_words) == \
        "Take the discard in place of your bottom-left card"
    assert move_words(t, Action.make("swap", pos=(1, 2)), table.position_words) == \
        "Put the drawn card in place of your top-right card"
