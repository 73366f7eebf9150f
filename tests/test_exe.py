"""The packaged executables. The quick checks of what the spec declares run in every suite; the checks
of the built one-file and one-dir executables run only under ``make test-exe`` (which builds them
first and sets CARD_DUELS_TEST_EXE=1)."""
from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from game.bundle import data_files, expected_data, stray_data
from game.icon import ico_bytes

ROOT = Path(__file__).resolve().parent.parent
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""
ONEFILE = ROOT / "dist" / f"card-duels{EXE_SUFFIX}"
ONEDIR = ROOT / "dist" / "card-duels-dir" / f"card-duels{EXE_SUFFIX}"
RESULT = re.compile(r"^RESULT .*$", re.M)
built_only = pytest.mark.skipif(os.environ.get("CARD_DUELS_TEST_EXE") != "1",
                                reason="checks the built executables: run `make test-exe`")


# --- what the spec declares (every suite) --------------------------------------------------------
def test_every_sound_and_translation_is_declared_with_its_bundle_folder():
    pairs = data_files(ROOT)
    from sounds import NAMES

    sounds = [(Path(src).name, dest) for src, dest in pairs if dest == "sounds"]
    assert sorted(name for name, _ in sounds) == sorted(f"{n}.wav" for n in NAMES)
    langs = sorted(p.parent.name for p in (ROOT / "game" / "locale").glob("*/LC_MESSAGES"))
    assert langs, "no translations found"
    mo = sorted((dest, Path(src).name) for src, dest in pairs if dest != "sounds")
    assert mo == [(f"game/locale/{lang}/LC_MESSAGES", "card-duels.mo") for lang in langs]


def test_a_missing_data_file_stops_the_build(tmp_path):
    for p in expected_data(ROOT)[1:]:
        (tmp_path / "sounds").mkdir(exist_ok=True)
        shutil.copy(p, tmp_path / "sounds" / p.name)
    first = expected_data(ROOT)[0].name
    with pytest.raises(FileNotFoundError, match=first):
        data_files(tmp_path)


def test_no_data_file_in_the_tree_is_left_undeclared():
    assert stray_data(ROOT) == []


def test_the_windows_icon_is_a_valid_ico_of_pngs():
    data = ico_bytes((16, 48, 256))
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, 3)
    for i, size in enumerate((16, 48, 256)):
        w, h, _, _, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert (w, h) == ((0, 0) if size == 256 else (size, size)) and (planes, bits) == (1, 32)
        png = data[offset:offset + length]
        assert png.startswith(b"\x89PNG") and struct.unpack(">II", png[16:24]) == (size, size)


# --- the built executables (make test-exe) ---------------------------------------------------------
def run(cmd: list[str], home: Path, timeout: float = 900) -> subprocess.CompletedProcess:
    env = dict(os.environ, CARD_DUELS_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout, cwd=home.parent)


def games_with_tables() -> tuple[list[str], list[str]]:
    import rules
    from game.tables import playable

    ready = playable()
    return [g for g in sorted(rules.GAMES) if g in ready], [g for g in sorted(rules.GAMES) if g not in ready]


@built_only
def test_both_executables_exist_and_carry_every_data_file():
    from PyInstaller.archive.readers import CArchiveReader

    assert ONEFILE.is_file() and ONEDIR.is_file(), "build them with `make exe`"
    wanted = {p.relative_to(ROOT).as_posix() for p in expected_data(ROOT)}
    assert wanted <= set(CArchiveReader(str(ONEFILE)).toc), "one-file archive lacks data files"
    internal = ONEDIR.parent / "_internal"
    assert all((internal / name).is_file() for name in wanted), "one-dir folder lacks data files"


FAST = "animation_speed = 4\n"  # a quarter of the think pauses and animations; the bots play the same


def result_lines(jobs: list[tuple[str, list[str], Path, str]]) -> dict[str, list[str]]:
    """Run ``(key, command, home, settings text)`` jobs in parallel; the RESULT lines by key."""
    for _, _, home, text in jobs:
        (home / "config").mkdir(parents=True)
        (home / "config" / "settings.toml").write_text(text, encoding="utf-8")
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        done = list(pool.map(lambda j: (j[0], run(j[1], j[2])), jobs))
    out = {}
    for key, proc in done:
        assert proc.returncode == 0, f"{key} failed:\n{proc.stderr[-3000:]}"
        assert "Traceback" not in proc.stderr and "missing" not in proc.stderr, proc.stderr[-3000:]
        out[key] = RESULT.findall(proc.stdout)
    return out


COMMANDS = (("source", [sys.executable, str(ROOT / "main.py")]), ("onefile", [str(ONEFILE)]),
            ("onedir", [str(ONEDIR)]))


@built_only
def test_the_issue_command_prints_the_same_result_line_as_the_source(tmp_path):
    args = ["--demo", "--headless", "--until-end", "--game", "kombi", "--seed", "3"]
    got = result_lines([(tag, cmd + args, tmp_path / tag / "home", "") for tag, cmd in COMMANDS[:2]])
    assert len(got["source"]) == 1 and got["source"][0].startswith("RESULT game=kombi seed=3 ")
    assert got["onefile"] == got["source"]


@built_only
def test_every_game_gives_the_same_result_from_source_and_both_executables(tmp_path):
    games, no_table = games_with_tables()
    assert games, "no game has a table"
    args = ["--demo", "--headless", "--until-end", "--seed", "3", "--size", "1024x600", "--game"]
    jobs = [(f"{game} {tag}", cmd + args + [game], tmp_path / f"{game}-{tag}" / "home", FAST)
            for game in games for tag, cmd in COMMANDS]
    got = result_lines(jobs)
    for game in games:
        source = got[f"{game} source"]
        assert len(source) == 1 and source[0].startswith(f"RESULT game={game} seed=3 "), source
        assert got[f"{game} onefile"] == source == got[f"{game} onedir"], game
    if no_table:
        print(f"not checked (rules but no table yet): {', '.join(no_table)}")


@built_only
def test_the_executable_says_loudly_when_a_data_file_is_missing(tmp_path):
    copy = tmp_path / "card-duels-dir"
    shutil.copytree(ONEDIR.parent, copy, symlinks=True)
    (copy / "_internal" / "sounds" / "click.wav").unlink()
    home = tmp_path / "home"
    proc = run([str(copy / ONEDIR.name), "--headless", "--frames", "2"], home)
    assert "sound files missing" in proc.stderr and "click" in proc.stderr, proc.stderr


@built_only
def test_the_executable_starts_in_kiosk_mode(tmp_path):
    proc = run([str(ONEDIR), "--headless", "--kiosk", "--frames", "3"], tmp_path / "home")
    assert proc.returncode == 0, proc.stderr
