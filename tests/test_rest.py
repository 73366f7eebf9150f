"""Rest means rest: the loop draws only when something changed and sleeps on events until the next timer.

These tests count draws and read the wait timeout; they never time anything.
"""
from __future__ import annotations

import threading
import time

import pygame
import pytest

from game.app import REST_SLICE, STATS_POLL
from game.session import Session
from game.tables import open_table
from tools.driver import frames, make_app, settle
from tools.shots import midgame


def _motion(pos=(5, 5)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0), touch=False)


def _idle_then_input(app) -> None:
    frames(app, 3)
    before = app.draws
    frames(app, 120)
    assert app.draws == before, "nothing changed, yet frames were drawn"
    assert app.resting()
    pygame.event.post(_motion())
    assert not app.resting()
    frames(app, 1)
    assert app.draws == before + 1, "an input event causes exactly one redraw"
    frames(app, 60)
    assert app.draws == before + 1


def test_menu_rests_and_redraws_once_on_input():
    app = make_app()
    app.stack.push(app.scene("menu"))
    _idle_then_input(app)
    pygame.quit()


def test_cover_rests_and_redraws_once_on_input():
    app = make_app()
    table = open_table(app, Session.new("kombi", "hotseat", ["Ann", "Ben"], 5))
    app.stack.push(table)
    settle(app)
    assert app.stack.top.name == "cover"
    _idle_then_input(app)
    pygame.quit()


@pytest.mark.parametrize("game_id", ["kombi", "cribbage"])
def test_table_waiting_for_input_rests(game_id):
    app = make_app()
    table = open_table(app, midgame(game_id, 6))
    app.stack.push(table)
    settle(app)
    frames(app, 300)  # the deal, any count and the toast of a fresh table are over
    assert table.my_turn
    _idle_then_input(app)
    pygame.quit()


def test_an_animation_keeps_frames_coming_until_it_settles():
    app = make_app()
    table = open_table(app, midgame("kombi", 6))
    app.stack.push(table)
    settle(app)
    frames(app, 300)
    key = next(iter(table.cards.targets))
    s = table.cards.targets[key]
    table.cards.anim.move(key, (s.x - 300, s.y), (s.x, s.y), 0.3)
    drawn = 0
    while table.cards.busy:
        before = app.draws
        frames(app, 1)
        assert app.draws == before + 1, "a frame without a draw while a card glides"
        drawn += 1
        assert drawn < 200
    assert drawn >= 10  # 0.3 s at 60 frames a second
    settle_draws = app.draws
    frames(app, 60)
    assert app.draws == settle_draws


def test_the_wait_timeout_honours_the_next_timer(monkeypatch):
    app = make_app()
    table = open_table(app, midgame("kombi", 6))
    app.stack.push(table)
    settle(app)
    frames(app, 300)
    until = time.monotonic() + 30
    while app.stats.busy and time.monotonic() < until:  # its thread's work brings a look of its own
        time.sleep(0.01)
    assert not app.stats.busy
    table.show_toast("hello")
    frames(app, 1)
    while table.toast[1] > 0.5:
        frames(app, 1)
    left = table.toast[1]
    assert app.resting()
    asked = []
    monkeypatch.setattr(time, "sleep", asked.append)
    monkeypatch.setattr(time, "perf_counter", lambda: sum(asked))
    app._rest()
    assert sum(asked) == pytest.approx(left) and max(asked) <= REST_SLICE
    monkeypatch.undo()
    # the toast's end is drawn, and then the table rests again
    before = app.draws
    while table.toast is not None:
        frames(app, 1)
    assert app.draws == before + 1
    frames(app, 30)
    assert app.draws == before + 1


def test_the_caret_blink_is_a_timer():
    app = make_app()
    app.stack.push(app.scene("names", game="kombi", mode="hotseat"))
    frames(app, 2)
    assert 0 < app.rest_timeout() <= 0.5
    before = app.draws
    frames(app, 60)  # one second: the caret turns twice
    assert app.draws - before == 2


def test_a_rest_ended_by_input_counts_the_time_before_the_event(monkeypatch):
    app = make_app()
    app.stack.push(app.scene("menu"))
    frames(app, 3)
    assert app.resting()
    event = _motion()
    slept = []
    monkeypatch.setattr(time, "sleep", lambda s: slept.append(s) or pygame.event.post(event))
    seen = []
    monkeypatch.setattr(app, "dispatch", seen.append)
    app._pace()
    assert len(slept) == 1 and seen == []  # the rest ended at the event, and its frame ran without it
    app.step(0.0)
    assert [e.type for e in seen] == [pygame.MOUSEMOTION]


def test_the_first_menu_frame_comes_before_the_card_fans():
    from game.tables import playable

    app = make_app()
    app.stack.push(app.scene("menu"))
    frames(app, 1)
    menu = app.stack.top
    assert app.draws == 1 and not menu._fans and app.animating()
    frames(app, 1)
    assert app.draws == 2 and len(menu._fans) == len(playable()) and not app.animating()
    frames(app, 30)
    assert app.draws == 2


def test_a_resting_app_looks_again_soon_while_the_statistics_thread_works():
    app = make_app()
    app.stack.push(app.scene("menu"))
    frames(app, 3)
    release = threading.Event()
    app.stats._submit(release.wait)  # a query still running
    assert app.stats.busy and app.next_deadline() == pytest.approx(STATS_POLL)
    release.set()
    until = time.monotonic() + 30
    while app.stats.busy and time.monotonic() < until:
        time.sleep(0.01)
    assert not app.stats.busy
