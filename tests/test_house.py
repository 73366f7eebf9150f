"""The house: scenes reach each other through the app, the product never imports its tools, each game lives in
its own packages, and start-up loads no table."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.startup_probe import start

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = ("game", "rules", "sprites", "sounds")


def _imports(path: Path) -> set[str]:
    """Every module an import statement in ``path`` names (inside functions too)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}
    return out


def _product_files() -> list[Path]:
    files = [ROOT / "main.py"]
    for top in PRODUCT:
        files += sorted((ROOT / top).rglob("*.py"))
    return files


def test_no_scene_module_imports_another_scene_module():
    scenes = ROOT / "game" / "scenes"
    names = {f"game.scenes.{p.stem}" for p in scenes.glob("*.py") if p.stem != "__init__"}
    for path in scenes.glob("*.py"):
        me = f"game.scenes.{path.stem}"
        assert not (_imports(path) & (names - {me})), f"{path.name} imports another scene; ask the app instead"


def test_the_product_never_imports_tools_or_tests():
    for path in _product_files():
        bad = {m for m in _imports(path) if m.split(".")[0] in ("tools", "tests")}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_the_router_builds_every_scene_it_names():
    from game.router import Router

    router = Router(app=None)  # type: ignore[arg-type]  # only its names are read
    with pytest.raises(ValueError, match="no scene called 'nowhere'"):
        router.build("nowhere")
    assert {"menu", "names", "cover", "pause", "rules", "end", "online", "lobby"} <= set(router.names())


def test_every_game_has_both_rooms_and_its_registry_entries():
    import rules
    from game.tables import ENTRIES, playable

    assert set(ENTRIES) == set(rules.GAMES) == set(playable())
    for gid, entry in ENTRIES.items():
        assert entry.load().game_id == gid
        spec = rules.spec(gid)
        assert spec.make_bot is not None and spec.intents is not None and spec.gesture_for is not None
        # a game's own screenshot and bench scripts are optional: the shared ones cover every game
        assert all(not name or name.startswith("tools.") for name in (entry.shots, entry.bench))


def test_start_up_to_the_first_menu_frame_loads_no_table_module(tmp_path):
    modules = start(tmp_path, 1)["modules"]
    assert sorted(m for m in modules if m.startswith("game.tables.") and m.endswith(".table")) == []


def test_the_house_check_holds():
    check = ROOT.parent / "shared" / "tools" / "house_check.py"
    if not check.is_file():
        pytest.skip("the shared house check is not beside this checkout")
    out = subprocess.run([sys.executable, str(check), str(ROOT)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout


def test_no_import_circle_among_the_tools():
    """A tool imports what it uses and is never imported back by it (inside functions too): the scripts share a kit
    (tools/shot_kit.py, tools/timing.py), never the runner that lists them."""
    tools = {p.stem: p for p in (ROOT / "tools").glob("*.py")}
    edges = {m: {n.split(".")[1] for n in _imports(p) if n.startswith("tools.")} & set(tools) for m, p in tools.items()}
    circles = []
    for tool in tools:  # a path back to ``tool`` from what it imports
        seen, todo = set(), list(edges[tool])
        while todo:
            m = todo.pop()
            if m == tool:
                circles.append(tool)
                break
            if m not in seen:
                seen.add(m)
                todo += edges[m]
    assert circles == []
