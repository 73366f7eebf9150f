"""Start-up: the first menu frame loads only what the menu needs; what it does not need comes right after.

These tests look at the modules a real start-up imports and at the files it opens; they time nothing.
"""
from __future__ import annotations

import subprocess
import sys

import rules
from tests.startup_probe import ROOT, start

NOT_AT_START = ("sqlite3", "subprocess", "json", "tomllib", "pickle", "multiprocessing", "concurrent.futures",
                "game.seats", "game.session", "game.tables.pages", "rules.core", "rules.match", "rules.bots")
# The records the first frame needs as dataclasses: a card (ordered, hashed by its code) and the two mutable
# records (the options, and the settings written field by field). The rest at start-up are NamedTuples.
DATACLASSES_AT_START = {"rules.cards.Card", "game.options.Options", "game.settings.Settings"}


def test_the_first_menu_frame_loads_no_rules_of_play_no_worker_and_no_statistics(tmp_path):
    modules = start(tmp_path, 1)["modules"]
    assert not {m for m in modules if m.split(".")[:2] in (["rules", g] for g in rules.GAMES)}, "a game's rules loaded"
    assert not {m for m in modules if m.startswith("game.tables.") and m.endswith(".table")}
    loaded = {m for m in NOT_AT_START if m in modules}
    assert not loaded, f"the first menu frame does not need {sorted(loaded)}"
    assert not list(tmp_path.rglob("stats.sqlite3")), "the statistics file opens after the first frame"


def test_the_first_menu_frame_builds_only_the_dataclasses_it_needs(tmp_path):
    ours = {d for d in start(tmp_path, 1)["dataclasses"] if d.split(".")[0] in ("game", "rules", "sprites", "sounds")}
    assert ours == DATACLASSES_AT_START, "a dataclass costs ~0.6 ms of start-up: a NamedTuple ~0.1 ms"


def test_right_after_the_first_frame_the_statistics_file_opens(tmp_path):
    modules = start(tmp_path, 3)["modules"]
    assert "sqlite3" in modules and list(tmp_path.rglob("stats.sqlite3"))


def test_the_rules_registry_lists_the_games_without_loading_them():
    first = sorted(rules.GAMES)[0]
    code = ("import sys, rules\nids = sorted(rules.GAMES)\n"
            f"before = [m for m in sys.modules if m.startswith('rules.')]\nspec = rules.spec({first!r})\n"
            f"print(ids, sorted(before), spec.id, any(m.startswith('rules.{first}.') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         check=True).stdout.strip()
    assert out == f"{sorted(rules.GAMES)} ['rules.cards'] {first} True"
