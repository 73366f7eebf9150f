"""The computer thinks in another process, gets only observations and an RNG state, and is deterministic."""
from __future__ import annotations

import os

import rules
from game.seats import BotExecutor, BotRunner, think
from rules.match import Match
from rules.rng import derive


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
    rng = derive(5, "bot", seat, 0).getstate()
    executor = BotExecutor(processes=False)
    try:
        action, pid = executor.submit(think, "cribbage", 2, seen, rng).result(timeout=60)
    finally:
        executor.shutdown()
    assert pid == os.getpid()
    assert action == think("cribbage", 2, seen, rng)[0]
