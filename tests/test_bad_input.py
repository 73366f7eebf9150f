"""Bad input refused everywhere: the reproducers of issue 16 (F1-F9, the rules decoder and observe)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import rules
from game.names_check import NAME_MAX, check_name, check_names
from game.online import protocol
from game.options import parse
from game.paths import atomic_write
from game.saves import SaveStore
from game.session import Session
from game.settings import SettingsStore, parse_settings
from rules.core import Action, IllegalAction

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(rules.GAMES)


# --- names: one check everywhere -------------------------------------------------------------------------
@pytest.mark.parametrize("bad", ["", "   ", "A\x00nn", "\ud800Ann", "\udcffAnn", "x" * (NAME_MAX + 1),
                                 "x" * 10_000, "Ann\nBob", "\x1b[2J", None, 7, ["Ann"]])
def test_one_name_check_refuses_what_cannot_be_drawn(bad):
    with pytest.raises(ValueError):
        check_name(bad)
    with pytest.raises(protocol.ProtocolError) as exc:  # the network uses the same function
        protocol.player_name(bad)
    assert exc.value.code == "bad_name"


def test_names_are_tidied_and_must_differ():
    assert check_name("  Ann   Marie ") == "Ann Marie"
    assert check_name("Ärger Ōno ✓") == "Ärger Ōno ✓"
    with pytest.raises(ValueError):
        check_names(["Ann", "ann"])


def test_f3_players_with_a_byte_that_is_not_utf8_is_refused_cleanly():
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    out = subprocess.run([sys.executable, str(ROOT / "main.py"), "--players", "\udcffAnn,Bob", "--headless",
                          "--frames", "1"], capture_output=True, env=env, cwd=ROOT, timeout=60)
    err = out.stderr.decode("utf-8", "replace")
    assert out.returncode == 2, err
    assert "UnicodeEncodeError" not in err and "Traceback" not in err
    assert "printable" in err


def test_f4_players_has_a_length_limit():
    with pytest.raises(SystemExit):
        parse(["--players", "x" * 10_000 + ",Bob"], GAMES)
    assert parse(["--players", "Ann,Bob"], GAMES).players == ["Ann", "Bob"]


def test_f2_a_save_with_a_nul_or_a_lone_surrogate_in_a_name_is_set_aside(tmp_path):
    store = SaveStore(tmp_path)
    good = Session.new("kombi", "hotseat", ["Ann", "Bob"], 5)
    for bad in ("A\x00nn", "\ud800"):
        record = {"format": "card-duels-save", "version": 1, "saved_at": 0, "session": good.to_json()}
        record["session"]["names"] = [bad, "Bob"]
        path = store.path_for("kombi", "hotseat")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(record), encoding="utf-8")
        with pytest.raises(ValueError):
            store.load(path)
        assert not path.exists()
    with pytest.raises(ValueError):
        Session.new("kombi", "hotseat", ["A\x00", "Bob"], 5)  # nor can such a session be made to be saved


# --- files -------------------------------------------------------------------------------------------------
def test_f1_a_deeply_nested_settings_file_falls_back_to_the_defaults(tmp_path):
    text = "a = " + "[" * 100_000 + "]" * 100_000 + "\n"
    settings, problems = parse_settings(text)
    assert problems and "deeply" in problems[0]
    path = tmp_path / "settings.toml"
    path.write_text(text, encoding="utf-8")
    store = SettingsStore(path)
    store.load()
    assert store.problems


def test_f5_damaged_saves_set_aside_in_one_second_keep_each_their_file(tmp_path):
    store = SaveStore(tmp_path)
    for i in range(3):
        path = store.path_for("kombi", "hotseat")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"damaged {i}", encoding="utf-8")
        with pytest.raises(ValueError):
            store.load(path)
    kept = sorted(p.read_text() for p in (store.root / "damaged").iterdir())
    assert kept == ["damaged 0", "damaged 1", "damaged 2"]


def test_f8_two_writers_of_one_file_both_succeed(tmp_path):
    target = tmp_path / "autosave-kombi.json"
    errors: list[BaseException] = []
    start = threading.Barrier(4)

    def writer(n: int) -> None:
        start.wait()
        for i in range(50):
            try:
                atomic_write(target, f"{n}:{i}" * 1000)
            except BaseException as exc:  # noqa: BLE001 - the test counts every failure
                errors.append(exc)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert not list(tmp_path.glob("*.tmp"))
    text = target.read_text()
    assert text == text[: len(text) // 1000] * 1000  # one writer's whole text, never a mix


def test_f9_an_unusable_data_folder_is_shown_to_the_player_once(tmp_path, monkeypatch):
    from tools.driver import make_app

    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folder should be")
    app = make_app()
    app.saves = SaveStore(blocked)
    shown: list[str] = []

    class Top:
        def show_toast(self, text: str, error: bool = False) -> None:
            shown.append(text)

    monkeypatch.setattr(type(app.stack), "top", property(lambda self: Top()))
    session = Session.new("kombi", "hotseat", ["Ann", "Bob"], 3)
    app.autosave(session)
    app.autosave(session)
    assert len(shown) == 1 and str(blocked) in shown[0]
    assert app.notice and str(blocked) in app.notice  # the menu shows it too


# --- rules decoders and observations ------------------------------------------------------------------------
@pytest.mark.parametrize("data", [{"kind": []}, {"kind": {}}, {"kind": None}, {"kind": 3}, {}, {"kind": "play"}])
@pytest.mark.parametrize("game", GAMES)
def test_malformed_actions_raise_illegal_action(game, data):
    with pytest.raises(IllegalAction):
        rules.action_from_json(game, data)


def test_trumps_action_with_an_extra_argument_is_refused():
    state = rules.new_game("trumps", seed=1)
    while state.phase == "choose_trump":
        state = state.apply(state.legal_actions()[0])
    legal = state.legal_actions()[0]
    with pytest.raises(IllegalAction):
        state.apply(Action(legal.kind, legal.args + (("x", 1),)))


@pytest.mark.parametrize("seat", [-1, 2, "0", None])
@pytest.mark.parametrize("game", GAMES)
def test_observe_refuses_a_seat_that_does_not_exist(game, seat):
    state = rules.new_game(game, seed=2)
    with pytest.raises(ValueError):
        state.observe(seat)
    assert state.observe(0)["seat"] == 0 and state.observe(1)["seat"] == 1
