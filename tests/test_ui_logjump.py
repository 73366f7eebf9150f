"""Tap a log line to go there: the table lands on the nearest human decision at or before that line's
moment, animates there, and Forward comes back (issue 17 item 2)."""
from __future__ import annotations

import pygame
import pytest

import rules
from game.session import Session
from rules.bots import make_bot
from rules.rng import derive
from tools.driver import frames, key, make_app, settle, tap


def _table_after(game_id: str, mode: str = "computer", decisions: int = 4):
    """A table where the human (seat 0) has made ``decisions`` moves, waiting for the next one."""
    app = make_app()
    session = Session.new(game_id, mode, ["Ann", "Bob"], 5)
    table = app.open_table(session)
    app.stack.push(table)
    bot, rng = make_bot(game_id, 1), derive(5, "test")
    made = 0
    for _ in range(6000):
        top = app.stack.top
        if top is not table:  # hotseat: the cover; confirm it
            getattr(top, "confirm", lambda: None)()
            frames(app)
            continue
        st = table.match.state
        if st.is_over:
            break
        if table.my_turn and not table.cards.busy and not table.blocking():
            if made == decisions:
                break
            table.submit(bot.choose([st.observe(st.to_move)], rng))
            made += 1
        frames(app)
    settle(app)
    return app, table


def _line_action(table, line: int) -> int:
    """Brute force: the first action whose events make the log longer than ``line`` sentences."""
    log = table.match.log()
    for a in sorted({i for i, _ in log}):
        if len(table.log_lines([e for i, e in log if i <= a])) > line:
            return a
    raise AssertionError("no such line")


def _expected(match, action: int) -> int:
    for c in range(action + 1, -1, -1):
        st = match.state_at(c)
        if st.to_move == 0 or (st.is_over and c == action + 1):
            return c
    return 0


def _row(app, table, line: int):
    for rect, owner, _ in table.log._rows(app.fonts, table.scale)[2]:
        if owner == line:
            return rect
    return None


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
def test_a_log_tap_lands_on_the_right_state_and_forward_comes_back(game_id):
    app, table = _table_after(game_id)
    match = table.match
    here, here_obs = match.cursor, table.obs
    # the oldest visible sentence that goes back somewhere
    for line in range(len(table.log.lines)):
        rect = _row(app, table, line)
        if rect is not None and _expected(match, _line_action(table, line)) < here:
            break
    else:
        pytest.skip("no log line goes back")
    want = _expected(match, _line_action(table, line))
    tap(app, rect.center)
    assert table.cards.busy or table.match.cursor == want  # it animates there
    settle(app)
    assert match.cursor == want
    assert table.obs == match.state_at(want).observe(0)
    assert match.state.to_move == 0 or match.state.is_over
    redo = next(b for b in table.buttons.buttons if b.id == "redo")
    assert redo.enabled
    tap(app, redo.rect.center)
    settle(app)
    assert match.cursor == here and table.obs == here_obs


def test_the_keyboard_picks_a_log_line():
    app, table = _table_after(sorted(rules.GAMES)[0])
    match = table.match
    here = match.cursor
    key(app, pygame.K_l)
    assert table.log.selected == len(table.log.lines) - 1
    line = table.log.selected
    while line > 0 and _expected(match, _line_action(table, line)) >= here:
        key(app, pygame.K_UP)
        line -= 1
    assert table.log.selected == line
    want = _expected(match, _line_action(table, line))
    key(app, pygame.K_RETURN)
    settle(app)
    assert match.cursor == want < here and table.log.selected is None
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)  # Forward
    settle(app)
    assert match.cursor == here


def test_hotseat_log_taps_do_not_jump():
    app, table = _table_after(sorted(rules.GAMES)[0], mode="hotseat", decisions=2)
    if app.stack.top is not table:
        pytest.skip("the cover is up")
    here = table.match.cursor
    rect = _row(app, table, 0)
    tap(app, rect.center)
    settle(app)
    assert table.match.cursor == here
    assert table.toast is not None
