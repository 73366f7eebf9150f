"""The recipe is the spec: a fifth game made of its rules, its table and its strings alone (tests/samplegame, Three
Tricks) is covered by the shared tests without a line of theirs changed: the registries drive every check."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ("test_conformance.py", "test_gestures.py", "test_termination.py", "test_privacy.py",
          "test_play_by_gestures.py", "test_newcomer.py", "test_frames.py")


def test_the_shared_tests_cover_a_new_game_registered_only_by_its_registry_lines():
    env = {**os.environ, "CARD_DUELS_SAMPLE_GAME": "1"}
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", "sample",
                          *(f"tests/{name}" for name in SHARED)],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-3000:]
    passed = int(re.search(r"(\d+) passed", out.stdout).group(1))
    assert passed >= 20, out.stdout[-500:]


def test_the_sample_game_lives_in_its_own_folder_only():
    files = [p for top in ("game", "rules", "sprites", "sounds", "tools", "tests") for p in (ROOT / top).rglob("*.py")]
    mentions = [p for p in files if "samplegame" not in p.parts and p.name not in ("conftest.py", "test_sample_game.py")
                and '"sample"' in p.read_text(encoding="utf-8")]
    assert mentions == []
