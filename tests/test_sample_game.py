"""The recipe is the spec: a fifth game made of its rules, its table and its strings alone (tests/samplegame, Three
Tricks) is covered by the shared tests without a line of theirs changed: the registries drive every check."""
from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import rules

ROOT = Path(__file__).resolve().parents[1]
# What a test-only game cannot do: the catalogues (German, Ukrainian) would ship its words, and the program's own
# command line (a new process, without the tests' registration) does not know it.
CANNOT = ("de-sample", "uk-sample", "test_a_demo_code_replays_to_the_same_result")


def registry_driven() -> list[str]:
    """The shared test files: those that read a registry (``rules.GAMES``, the tables' ``ENTRIES``)."""
    return sorted(p.name for p in (ROOT / "tests").glob("test_*.py")
                  if p.name != Path(__file__).name and re.search(r"\b(GAMES|ENTRIES)\b", p.read_text(encoding="utf-8")))


def test_the_shared_tests_cover_a_new_game_registered_only_by_its_registry_lines():
    files = registry_driven()
    assert len(files) >= 20 and "test_redeal.py" in files and "test_layout.py" in files
    env = {**os.environ, "CARD_DUELS_SAMPLE_GAME": "1"}
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rf",
                          "-k", "sample and not (" + " or ".join(CANNOT) + ")", *(f"tests/{name}" for name in files)],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stdout[-3000:]
    passed = int(re.search(r"(\d+) passed", out.stdout).group(1))
    assert passed >= 60, out.stdout[-500:]


def test_the_sample_game_lives_in_its_own_folder_only():
    files = [p for top in ("game", "rules", "sprites", "sounds", "tools", "tests") for p in (ROOT / top).rglob("*.py")]
    mentions = [p for p in files if "samplegame" not in p.parts and p.name not in ("conftest.py", "test_sample_game.py")
                and '"sample"' in p.read_text(encoding="utf-8")]
    assert mentions == []


def per_game_tables(source: str, game_ids: set[str]) -> list[int]:
    """Lines of literal tables keyed by two or more games (``{"kombi": ..., "trumps": ...}``, also in tuple keys)
    or listing two or more: the lists a new game would have to join.

    >>> per_game_tables('X = {"a": 1, ("3-2", "b"): 2}\\nY = ["a"]\\nZ = ("a", "b")', {"a", "b"})
    [1, 3]
    """
    def named(node: ast.AST | None) -> set[str]:
        if isinstance(node, ast.Constant) and node.value in game_ids:
            return {node.value}
        if isinstance(node, ast.Tuple):
            return set().union(*(named(e) for e in node.elts))
        return set()

    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            found = set().union(*(named(k) for k in node.keys))
        elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            found = {e.value for e in node.elts if isinstance(e, ast.Constant) and e.value in game_ids}
        else:
            continue
        if len(found) >= 2:
            lines.append(node.lineno)
    return lines


def test_no_shared_module_or_tool_keeps_a_table_of_the_games():
    """The product and the tools outside a game's own files list no games (the greedy baselines, the strength
    bench's deals, the mid-game shots, the playout rates all come from the registry entries): a new game changes
    nothing there. Only the two registries list them."""
    game_ids = set(rules.GAMES)
    registries = {ROOT / "rules" / "__init__.py", ROOT / "game" / "tables" / "__init__.py"}
    found = {}
    for top in ("game", "rules", "sprites", "sounds", "tools"):
        for path in (ROOT / top).rglob("*.py"):
            own = any(g in path.relative_to(ROOT).parts or path.name.startswith(f"{g}_") for g in game_ids)
            if path in registries or own:
                continue
            lines = per_game_tables(path.read_text(encoding="utf-8"), game_ids)
            if lines:
                found[str(path.relative_to(ROOT))] = lines
    assert found == {}
