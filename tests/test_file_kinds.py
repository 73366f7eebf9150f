"""One property per file kind the app reads (saves and their per-copy slots, settings, whatever is at the statistics
file's path; statistics rows and replay codes have theirs in test_stats_files.py, test_stats_tally.py and
test_replay.py): whatever a file holds, it is refused with a message or accepted and playable, and only a damaged
file is set aside; nothing else escapes."""
from __future__ import annotations

import json
import math
import random

import pytest
import tomli_w
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from game.saves import SaveStore
from game.schema import Bad
from game.schema.settings import RULES
from game.session import Session
from game.settings import Settings, parse_settings
from game.tables import playable

json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(),
                      st.text(max_size=12), st.sampled_from(["12", "kombi", "computer", "human", "bot", ""]))
json_value = st.recursive(json_leaf, lambda kids: st.one_of(st.lists(kids, max_size=4),
                                                             st.dictionaries(st.text(max_size=8), kids, max_size=4)),
                          max_leaves=12)


def valid_record(game_id: str, mode: str, moves: int) -> dict:
    session = Session.new(game_id, mode, ["Ann", "Computer" if mode == "computer" else "Bob"], 11)
    rng = random.Random(moves)
    for _ in range(moves):
        if session.match.state.is_over:
            break
        session.match.play(rng.choice(session.match.state.legal_actions()))
    return {"format": "card-duels-save", "version": 1, "saved_at": 1.7e9, "session": session.to_json()}


def paths(value, at=()):
    """Every place in a JSON value (the value itself included)."""
    yield at
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*at, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, (*at, i))


def put(value, at, new):
    if not at:
        return new
    head, *rest = at
    out = dict(value) if isinstance(value, dict) else list(value)
    out[head] = put(value[head], tuple(rest), new)
    return out


def playable_to_the_end(session: Session) -> None:
    """Accepted means playable: both seats can look, and random legal moves finish the game."""
    match = session.match
    rng = random.Random(3)
    for _ in range(20_000):
        match.state.observe(0), match.state.observe(1)
        if match.state.is_over:
            return
        match.play(rng.choice(match.state.legal_actions()))
    pytest.fail("the loaded game never ends")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(game_id=st.sampled_from(playable()), mode=st.sampled_from(["hotseat", "computer"]),
       moves=st.integers(0, 12), where=st.randoms(use_true_random=False), new=json_value)
@example(game_id="trumps", mode="computer", moves=3, where=random.Random(0), new=math.inf).via("issue 32 F2")
def test_a_save_is_refused_with_a_reason_or_loads_and_plays(tmp_path_factory, game_id, mode, moves, where, new):
    record = valid_record(game_id, mode, moves)
    places = list(paths(record))
    at = ("session", "match", "setup", "seed") if new is math.inf else where.choice(places)
    bad = put(record, at, new)
    store = SaveStore(tmp_path_factory.mktemp("saves"))
    path = store.path_for(game_id, mode)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(bad), encoding="utf-8")  # inf and nan as JSON's Infinity and NaN
    try:
        session = store.load(path)
    except ValueError as exc:
        assert str(exc) and "\n" not in str(exc)
        assert not path.exists() and list((store.root / "damaged").iterdir()), "set aside"
        return
    playable_to_the_end(session)


@pytest.mark.parametrize("seed", [math.inf, -math.inf, math.nan, True, "12", 1.5, -1, 2**63, None, [1]])
@pytest.mark.parametrize("game_id", ["square", "trumps"])
def test_a_seed_that_is_not_a_whole_number_in_range_is_refused(tmp_path, game_id, seed):
    """Issue 32 F2: Own Trumps let inf escape as OverflowError; both games took true, "12" and 1.5."""
    record = valid_record(game_id, "hotseat", 0)
    record["session"]["match"]["setup"]["seed"] = seed
    store = SaveStore(tmp_path)
    path = store.path_for(game_id, "hotseat")
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(ValueError, match="seed"):
        store.load(path)
    assert not path.exists()


toml_value = st.recursive(
    st.one_of(st.booleans(), st.integers(-2**63, 2**63 - 1), st.floats(), st.text(max_size=10),
              st.sampled_from(["green", "blue", "en", "ws://x", "4711", "suit", "hotseat", "kombi"])),
    lambda kids: st.one_of(st.lists(kids, max_size=3), st.dictionaries(st.text(min_size=1, max_size=6), kids,
                                                                        max_size=3)),
    max_leaves=8)


@settings(max_examples=300, deadline=None)
@given(data=st.dictionaries(st.one_of(st.sampled_from(sorted(RULES)), st.text(min_size=1, max_size=8)), toml_value,
                            max_size=8))
@example(data={"felt": ["green"], "card_back": {"a": 1}}).via("issue 32 F3")
def test_a_settings_file_gives_valid_settings_and_a_message_per_bad_value(data):
    text = tomli_w.dumps(data)
    s, problems = parse_settings(text)
    assert isinstance(s, Settings)
    for key, rule in RULES.items():
        try:
            rule(getattr(s, key))
        except Bad:
            pytest.fail(f"{key} = {getattr(s, key)!r} breaks its own rule")
    for key, value in data.items():
        heads = (f"settings.toml: '{key}' ", f"settings.toml: unknown setting '{key}'")
        said = [p for p in problems if p.startswith(heads)]
        if key not in RULES:
            assert said, key
            continue
        try:
            good = RULES[key](value)
        except Bad:
            assert len(said) == 1 and getattr(s, key) == getattr(Settings(), key), key
        else:
            assert not said and getattr(s, key) == good


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=200))
def test_any_text_as_a_settings_file_gives_the_defaults_or_settings(text):
    s, problems = parse_settings(text)
    assert isinstance(s, Settings) and all(isinstance(p, str) and p for p in problems)


# --- the statistics file: whatever is at its path, only a damaged file is ever set aside (issue 42) ----------------
STATS_KINDS = ("garbage", "empty", "valid", "newer", "truncated", "symlink to valid", "symlink to garbage", "fifo",
               "folder")


def _stats_thing(where, kind: str, noise: bytes, cut: int):
    """Put ``kind`` at ``where``/stats.sqlite3; returns (the path, the bytes of the file behind it or None)."""
    import os
    import sqlite3

    from game.stats import StatsStore
    from game.statsfile import SCHEMA_VERSION

    path = where / "stats.sqlite3"
    real = where / "elsewhere" / "real.sqlite3" if kind.startswith("symlink") else path
    real.parent.mkdir(parents=True, exist_ok=True)
    if kind in ("valid", "newer", "truncated", "symlink to valid"):
        store = StatsStore(real)
        store.add_row(("kombi", "hotseat", "Ann", "Ben", 3, 4, "1", 9, "2026-01-01T00:00:00Z", 1, None, "0,1"))
        store.close()
        if kind == "newer":
            conn = sqlite3.connect(real)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1 + cut % 5}")
            conn.commit()
            conn.close()
        if kind == "truncated":
            real.write_bytes(real.read_bytes()[:max(1, cut)])
    elif kind in ("garbage", "symlink to garbage"):
        real.write_bytes(b"not SQLite " + noise)
    elif kind == "empty":
        real.write_bytes(b"")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    if real != path:
        path.symlink_to(real)
    return path, real, (real.read_bytes() if real.is_file() else None)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(STATS_KINDS), noise=st.binary(max_size=600), cut=st.integers(0, 40_000))
def test_a_statistics_file_of_any_kind_is_read_refused_or_set_aside_only_when_damaged(tmp_path_factory, kind, noise,
                                                                                     cut):
    import stat
    import time

    from game.stats import StatsStore

    where = tmp_path_factory.mktemp("data")
    path, real, before = _stats_thing(where, kind, noise, cut)
    store = StatsStore(path)
    store.add_row(("kombi", "hotseat", "Cem", "Dana", 1, 2, "0", 5, "2026-01-02T00:00:00Z", 2, None, "0,1"))
    pending = store.records()
    end = time.monotonic() + 30
    while not pending.ready and time.monotonic() < end:
        time.sleep(0.005)
    assert pending.ready, "never hangs (a pipe is never opened)"
    store.close()
    aside = [p for p in real.parent.iterdir() if ".damaged-" in p.name]
    if kind in ("fifo", "folder"):
        mode = path.lstat().st_mode
        assert (stat.S_ISFIFO(mode) if kind == "fifo" else stat.S_ISDIR(mode)) and store.problem and not aside
        return
    if kind.startswith("symlink"):
        assert path.is_symlink() and path.resolve() == real, "a symlink stays the user's symlink"
    if aside:  # set aside: only what SQLite calls damaged, whole, and a fresh file counted the game
        assert kind in ("garbage", "symlink to garbage", "truncated") and len(aside) == 1
        assert aside[0].read_bytes() == before
    else:
        assert kind not in ("garbage", "symlink to garbage"), "a file that is not a database is set aside"
    if kind == "newer":
        assert real.read_bytes() == before and store.newer, "a newer file is never changed or renamed"
    elif kind in ("valid", "empty", "symlink to valid", "garbage", "symlink to garbage"):
        assert store.problem is None and not store.waiting


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game_id=st.sampled_from(playable()), mode=st.sampled_from(["hotseat", "computer"]), slot=st.integers(0, 99),
       stray=st.text(alphabet="abc-~0123456789.", max_size=16))
def test_a_save_in_any_copys_slot_is_listed_with_its_game_and_mode(tmp_path_factory, game_id, mode, slot, stray):
    """One save per copy (issue 42): ``autosave-<game>-<mode>~<n>.json`` lists as its game and mode; any other
    name in the folder lists as what it says or not at all, and nothing raises."""
    store = SaveStore(tmp_path_factory.mktemp("saves"))
    path = store.path_for(game_id, mode, slot)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(valid_record(game_id, mode, 2)), encoding="utf-8")
    (store.root / f"autosave-{stray}.json").write_text("{}", encoding="utf-8")
    found = {s.path: s for s in store.latest()}
    assert (found[path].game_id, found[path].mode) == (game_id, mode)
    assert store.find(game_id, mode) is not None
    session = store.load(path)
    assert store.path_of(session) == path, "a continued game goes on in its own save"
