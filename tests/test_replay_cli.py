"""Headless replay codes: a demo prints REPLAY before RESULT, and the code replays to the same RESULT."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import rules

ROOT = Path(__file__).resolve().parent.parent


def run_main(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          env=dict(os.environ), timeout=300, cwd=ROOT)


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
def test_a_demo_code_replays_to_the_same_result(game_id):
    demo = run_main("--game", game_id, "--demo", "--headless", "--until-end", "--seed", "4")
    assert demo.returncode == 0, demo.stderr
    lines = [ln for ln in demo.stdout.splitlines() if ln.startswith(("REPLAY ", "RESULT "))]
    assert [ln.split()[0] for ln in lines] == ["REPLAY", "RESULT"]
    code = lines[0].split()[1]
    again = run_main("--replay", code, "--headless", "--until-end")
    assert again.returncode == 0, again.stderr
    assert [ln for ln in again.stdout.splitlines() if ln.startswith("RESULT ")] == [lines[1]]


def test_a_damaged_code_exits_with_status_2_and_one_line():
    demo = run_main("--game", "square", "--demo", "--headless", "--until-end", "--seed", "4")
    code = next(ln.split()[1] for ln in demo.stdout.splitlines() if ln.startswith("REPLAY "))
    bad = code[:-3] + ("A" if code[-3] != "A" else "B") + code[-2:]
    out = run_main("--replay", bad, "--headless", "--until-end")
    assert out.returncode == 2
    assert out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and "replay code" in out.stderr


def _unfinished_code() -> str:
    from rules.match import Match
    from rules.replay import encode

    m = Match("square", {"seed": 4})
    for _ in range(6):
        m.play(m.state.legal_actions()[0])
    assert not m.state.is_over
    return encode(m)


def test_a_replay_ends_where_the_recorded_game_ends():
    """An unfinished game's code is not played on by the computer: --until-end returns at once, saying so."""
    out = run_main("--replay", _unfinished_code(), "--headless", "--until-end")
    assert out.returncode == 0, out.stderr
    assert "REPLAY-END game=square moves=6 unfinished" in out.stdout
    assert "RESULT" not in out.stdout


def test_play_on_lets_the_computer_finish_a_recorded_game():
    out = run_main("--replay", _unfinished_code(), "--play-on", "--headless", "--until-end")
    assert out.returncode == 0, out.stderr
    assert [ln.split()[1] for ln in out.stdout.splitlines() if ln.startswith("RESULT ")] == ["game=square"]
