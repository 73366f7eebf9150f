"""Menu → Watch a game: a typed or pasted replay code plays back at the table with play, pause, step and speed;
a damaged code is refused with its reason (issue 17 item 4)."""
from __future__ import annotations

import random

import pygame
import pytest

import rules
from game.clipboard import copy
from game.session import Session
from rules.replay import ReplayError, decode, encode
from tools.driver import frames, key, make_app, settle, tap


def _played(game_id: str, seed: int = 8, upto: int | None = None) -> Session:
    session = Session.new(game_id, "demo", ["A", "B"], seed)
    rng = random.Random(seed)
    m = session.match
    while not m.state.is_over and (upto is None or len(m.actions) < upto):
        m.play(rng.choice(m.state.legal_actions()))
    return session


def _button(scene, bid):
    return next(b for b in scene.buttons.buttons if b.id == bid)


def _open_watch(app):
    app.show("menu")
    frames(app, 2)
    tap(app, _button(app.stack.top, "watch").rect.center)
    assert app.stack.top.name == "watch"
    return app.stack.top


def _type(app, text: str) -> None:
    for i in range(0, len(text), 40):  # as a keyboard's text input delivers it
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text[i:i + 40]))
        frames(app)


def _shortest_finished() -> tuple[str, Session]:
    """A finished game short enough to watch at the table in a test (random Own Trumps runs long)."""
    best = min((_played(g, seed) for g in sorted(rules.GAMES) for seed in range(4)),
               key=lambda s: len(s.match.actions))
    return best.game_id, best


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
def test_a_typed_code_plays_to_its_end_by_the_controls(game_id):
    """Every game: a recording of the first moves, typed, stepped, sped up and played to its last move."""
    session = _played(game_id, upto=14)
    _watch_to_the_end(session)


def test_a_finished_game_plays_to_its_end_and_shows_every_hand():
    _, session = _shortest_finished()
    table, app = _watch_to_the_end(session)
    assert table.match.state.is_over
    assert not table.feed.playing and app.stack.top is table  # no end screen, no save, no statistics
    assert _button(table, "rp:view").enabled  # a finished game: the other hand may be shown
    tap(app, _button(table, "rp:view").rect.center)
    assert table.view_seat == 1 and table.obs == table.match.state.observe(1)


def _watch_to_the_end(session):
    code = session.replay_code()
    app = make_app()
    watch = _open_watch(app)
    _type(app, code)
    assert watch.field.text == code
    key(app, pygame.K_RETURN)
    table = app.stack.top
    assert getattr(table, "replaying", False) and table.match.cursor == 0
    recorded = decode(code)
    settle(app)
    tap(app, _button(table, "rp:step").rect.center)  # one step
    settle(app)
    assert table.match.cursor == 1
    for _ in range(2):  # 1x → 2x → 4x
        tap(app, _button(table, "rp:speed").rect.center)
    assert table.feed.speed == 4.0
    tap(app, _button(table, "rp:play").rect.center)
    assert table.feed.playing
    for _ in range(60000):
        frames(app)
        if table.match.cursor == len(recorded.actions) and not table.feed.playing and not table.wants_frame():
            break
    assert table.match.played == recorded.actions
    assert table.match.state.scores == recorded.state.scores
    assert table.match.state.is_over == recorded.state.is_over
    assert not _button(table, "rp:play").enabled  # the recording is over: nothing left to play
    return table, app


def test_an_unfinished_code_keeps_hidden_cards_hidden_and_pauses():
    game_id = sorted(rules.GAMES)[0]
    session = _played(game_id, upto=12)
    assert not session.match.state.is_over
    app = make_app()
    copy(app, encode(session.match))  # the system clipboard too, where there is one
    watch = _open_watch(app)
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)  # paste
    assert watch.field.text == app.clipboard
    tap(app, _button(watch, "watch").rect.center)
    table = app.stack.top
    settle(app)
    tap(app, _button(table, "rp:play").rect.center)
    for _ in range(600):
        frames(app)
        if table.match.cursor >= 3:
            break
    tap(app, _button(table, "rp:play").rect.center)  # pause
    settle(app)
    at = table.match.cursor
    frames(app, 240)
    assert table.match.cursor == at and not table.feed.playing
    assert table.obs == table.match.state.observe(0)  # seat 0's view, nothing more
    assert not _button(table, "rp:view").enabled
    undo = _button(table, "undo")
    tap(app, undo.rect.center)
    settle(app)
    assert table.match.cursor == at - 1


def test_a_damaged_code_is_refused_with_its_reason():
    code = _played(sorted(rules.GAMES)[0]).replay_code()
    bad = code[:-3] + ("A" if code[-3] != "A" else "B") + code[-2:]
    with pytest.raises(ReplayError) as why:
        decode(bad)
    app = make_app()
    watch = _open_watch(app)
    _type(app, bad)
    tap(app, _button(watch, "watch").rect.center)
    assert app.stack.top is watch
    assert str(why.value) in watch.error
    frames(app, 2)


def test_a_log_tap_in_a_replay_goes_to_that_move_and_forward_comes_back():
    session = _played(sorted(rules.GAMES)[0], upto=14)
    app = make_app()
    _open_watch(app)
    _type(app, session.replay_code())
    key(app, pygame.K_RETURN)
    table = app.stack.top
    settle(app)
    for _ in range(10):
        table.step()
        settle(app)
    for _ in range(3000):  # a count still being shown would take the tap as "skip"
        if not table.blocking() and not table.cards.busy:
            break
        frames(app)
    here = table.match.cursor
    rows = table.log._rows(app.fonts, table.scale)[2]
    rect, line, _ = rows[len(rows) // 2]
    log = table.match.log()
    action = next(a for a in sorted({i for i, _ in log})
                  if len(table.log_lines([e for i, e in log if i <= a])) > line)
    tap(app, rect.center)
    settle(app)
    assert table.match.cursor == min(action + 1, here)  # in a replay every move is a stop
    assert table.obs == table.match.state.observe(0)
    tap(app, _button(table, "redo").rect.center)
    settle(app)
    assert table.match.cursor == here


def test_a_replay_of_a_game_against_the_computer_names_the_computer():
    from game.session import replay_names
    from game.tables.replay import open_replay
    from rules.replay import read

    session = Session.new("kombi", "computer", ["Mia", "Computer"], 8)
    rng = random.Random(8)
    m = session.match
    while not m.state.is_over and len(m.actions) < 12:
        m.play(rng.choice(m.state.legal_actions()))
    app = make_app()
    watch = _open_watch(app)
    _type(app, session.replay_code())
    frames(app, 1)
    watch.watch()
    frames(app, 2)
    table = app.stack.top
    computer, player = app.t("names.computer"), app.t("names.player", n=1)
    assert table.session.names == [player, computer], "the computer is named the computer, not Ben"
    _, computers = read(session.replay_code())
    assert replay_names(app.t, computers) == [player, computer]
    assert replay_names(app.t, None) == [player, app.t("names.player", n=2)]
    assert open_replay  # the table the watch scene opens
