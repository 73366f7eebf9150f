"""The computer thinks in another process, gets only observations and an RNG state, and is deterministic;
so do hints, which a change of position cancels."""
from __future__ import annotations

import gc
import os
import sys
import threading
import time

import pygame
import pytest

import rules
from game.botworker import WorkerProcess, worker_command
from game.seats import BotExecutor, BotRunner, hint_for, think
from game.tables import open_table
from rules.bots import make_bot
from rules.core import Action
from rules.match import Match
from rules.rng import derive
from tools.driver import frames, key, make_app, settle, wait_for_hint
from tools.shots import midgame


def _match(game_id: str, seed: int) -> Match:
    return Match(game_id, {"seed": seed}, [])


def _run(runner: BotRunner, match: Match, seat: int) -> rules.Action:
    runner.start(match.game_id, 2, match, seat, seed=5)
    for _ in range(2000):
        action = runner.poll(0.05, pause=0.0)
        if action is not None:
            return action
        runner.future.result(timeout=60)
    raise AssertionError("the bot never answered")


def played(table, action) -> str:
    """The hint's words as its toast says them: the hint, and how to play it (a tap on what glows, or Enter)."""
    return table.t("table.hint_play" if table.hint_keys() else "table.hint_enter", hint=table.hint_text(action))


def test_the_bot_moves_in_another_process_and_the_same_seed_gives_the_same_move():
    executor = BotExecutor()
    try:
        runner = BotRunner(executor)
        match = _match("kombi", 7)
        seat = match.state.to_move
        first = _run(runner, match, seat)
        assert runner.worker_pid is not None and runner.worker_pid != os.getpid()
        runner.cancel()
        assert _run(runner, match, seat) == first
        assert first in match.state.legal_actions()
    finally:
        executor.shutdown(wait=True)


def test_without_processes_the_same_job_runs_on_a_thread_with_the_same_result():
    match = _match("cribbage", 3)
    seat = match.state.to_move
    seen = [match.state.observe(seat)]
    stream = (5, "bot", seat, 0)
    executor = BotExecutor(processes=False)
    try:
        action, pid = executor.submit(think, "cribbage", 2, seen, stream).result(timeout=60)
    finally:
        executor.shutdown()
    assert pid == os.getpid()
    assert action == think("cribbage", 2, seen, stream)[0]
    assert action == make_bot("cribbage", 2).choose(seen, derive(*stream))


# --- the worker process itself ----------------------------------------------------------------------------
def test_a_job_cancelled_while_it_runs_stops_the_worker_and_the_next_job_gets_a_fresh_one():
    worker = WorkerProcess()
    try:
        slow = worker.submit(time.sleep, 60)
        first = worker.pid
        worker.cancel(slow)
        assert slow.done() and worker.pid is None
        assert worker.submit(abs, -3).result(timeout=60) == 3
        assert worker.starts == 2 and worker.pid != first
    finally:
        worker.shutdown()


def test_a_job_that_raises_raises_from_its_future_and_the_worker_goes_on():
    worker = WorkerProcess()
    try:
        with pytest.raises(ValueError):
            worker.submit(int, "not a number").result(timeout=60)
        assert worker.submit(max, 2, 7).result(timeout=60) == 7 and worker.starts == 1
    finally:
        worker.shutdown()


def test_a_worker_nobody_holds_any_more_stops_its_process():
    worker = WorkerProcess()
    assert worker.submit(abs, -1).result(timeout=60) == 1
    proc = worker._proc
    del worker
    gc.collect()
    assert proc.wait(timeout=30) is not None


def test_the_frozen_app_starts_itself_as_the_worker(monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/opt/card-duels/card-duels")
    assert worker_command() == ["/opt/card-duels/card-duels", "bot-worker"]


# --- hints think in the worker too --------------------------------------------------------------------------
def _table_at_my_turn():
    app = make_app()
    table = open_table(app, midgame("kombi", 6))
    app.stack.push(table)
    settle(app)
    assert table.my_turn
    return app, table


def test_a_hint_thinks_in_the_worker_while_the_table_keeps_drawing():
    app, table = _table_at_my_turn()
    app.opts.headless = False  # a windowed run: the frame loop never waits for the hint
    table.show_hint()
    job = table.hint_job
    assert job is not None and table.hint is None and table.toast[0] == table.t("table.hint_coming")
    assert not next(b for b in table.buttons.buttons if b.id == "hint").enabled
    assert table.wants_frame()
    action, pid = job[1].result(timeout=60)
    frames(app, 1)
    assert table.hint == action and table.hint_job is None and table.toast[0] == played(table, action)
    assert pid == table.hint_pid == app.executor.worker_pid != os.getpid()
    assert action == hint_for("kombi", table.match, table.view_seat), "the same position gives the same hint"


def test_a_hint_still_coming_is_dropped_when_the_position_changes():
    app, table = _table_at_my_turn()
    app.opts.headless = False
    table.show_hint()
    future = table.hint_job[1]
    assert table.submit(Action.make("draw"))
    assert table.hint_job is None and future.done() and table.toast is None
    frames(app, 30)
    assert table.hint is None


def test_headless_frames_go_on_while_a_hint_is_thought_and_the_hint_comes_with_the_answer(monkeypatch):
    """Issue 42: a headless run waited for the hint on the frame that asked (0.7 s in Kombi, 2.5 s in Cribbage)."""
    from concurrent.futures import Future

    app, table = _table_at_my_turn()
    answer = hint_for("kombi", table.match, table.view_seat)
    slow: Future = Future()
    monkeypatch.setattr(app.executor, "submit", lambda fn, *args: slow)  # a worker that thinks for 1.5 s
    later = threading.Timer(1.5, lambda: slow.set_result((answer, 4242)))
    later.start()
    start = time.monotonic()
    key(app, pygame.K_h)
    frames(app, 10)
    assert time.monotonic() - start < 1.0, "the frames never wait for the worker"
    assert table.hint is None and table.hint_job is not None and table.toast[0] == table.t("table.hint_coming")
    wait_for_hint(app, table)
    assert table.hint == answer and table.hint_pid == 4242 and table.toast[0] == played(table, answer)


def test_a_hint_from_the_worker_process_shows_once_it_comes():
    app, table = _table_at_my_turn()
    key(app, pygame.K_h)
    wait_for_hint(app, table)
    assert table.hint is not None and table.hint_job is None and table.hint_pid != os.getpid()


def test_a_hint_keeps_its_sentence_as_long_as_its_glow_and_both_go_with_a_move():
    from game.tables.toast import TOAST_SECONDS

    app, table = _table_at_my_turn()
    key(app, pygame.K_h)
    wait_for_hint(app, table)
    words = played(table, table.hint)
    assert words.endswith(".") and len(words.split()) >= 3, "a hint is a sentence"
    frames(app, int(TOAST_SECONDS * 60) + 30)
    assert table.hint is not None and table.toast is not None and table.toast[0] == words
    assert table.submit(table.hint)
    assert table.hint is None and table.toast is None


def test_a_worker_that_dies_mid_think_leaves_the_move_to_a_thread_with_the_same_result():
    match = _match("trumps", 4)
    seat = match.state.to_move
    executor = BotExecutor()
    try:
        runner = BotRunner(executor, block=True)
        runner.start("trumps", 2, match, seat, seed=5)
        os.kill(executor.worker_pid, 9)
        action = None
        for _ in range(3):
            action = action or runner.poll(0.05, pause=0.0)
        assert action is not None and not executor.processes and runner.worker_pid == os.getpid()
        seen = [match.state.observe(seat)]
        assert action == think("trumps", 2, seen, (5, "bot", seat, 0))[0]
    finally:
        executor.shutdown()
