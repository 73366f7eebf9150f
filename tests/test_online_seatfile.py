"""The seat kept on disk for a comeback: round trip, expiry, refresh, and damaged or hostile files refused."""
from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from game.online.hosting import ServerThread
from game.online.seatfile import TOUCH_EVERY, SeatFile
from game.scenes.lobby import LobbyScene
from tests.test_online_client import until
from tools.driver import make_app

TOKEN = "abcdefghijklmnopqrstuvwxyz012345"


def store(tmp_path, now):
    return SeatFile(tmp_path / "seat.json", window=600.0, clock=lambda: now[0])


def test_a_saved_seat_comes_back_until_the_window_closes(tmp_path):
    now = [1000.0]
    f = store(tmp_path, now)
    assert f.load() is None
    f.save("ws://10.0.0.2:8765", "K7Q2MF", TOKEN, 1, "cribbage", "Ben")
    seat = f.load()
    assert (seat.url, seat.code, seat.token, seat.seat, seat.game, seat.name) == (
        "ws://10.0.0.2:8765", "K7Q2MF", TOKEN, 1, "cribbage", "Ben")
    now[0] += 599
    assert f.load() is not None
    now[0] += 2
    assert f.load() is None and "expired" in f.problem and not f.path.exists()


def test_touch_moves_the_time_forward_at_most_every_half_minute(tmp_path):
    now = [1000.0]
    f = store(tmp_path, now)
    f.save("ws://h:1", "K7Q2MF", TOKEN, 0, "kombi", "Ann")
    now[0] += TOUCH_EVERY / 2
    f.touch()
    assert f.load().heard == 1000.0
    now[0] += TOUCH_EVERY
    f.touch()
    assert f.load().heard == now[0]
    now[0] += 590  # a long game is not cut off by the window: only silence is
    assert f.load() is not None


def test_an_unwritable_place_costs_the_comeback_not_the_game(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    f = SeatFile(blocker / "seat.json")
    f.save("ws://h:1", "K7Q2MF", TOKEN, 0, "kombi", "Ann")  # no exception
    f.clear()
    assert f.load() is None


GOOD = {"version": 1, "url": "ws://h:1", "code": "K7Q2MF", "token": TOKEN, "seat": 0, "game": "kombi",
        "name": "Ann", "heard": 1000.0}
json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=80),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                      max_size=4), max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(field=st.sampled_from(sorted(GOOD)), value=json_values | st.sampled_from([True, 1, 2, "trumps", "K7Q2M0", "x"]))
def test_a_damaged_field_is_refused_and_the_file_removed(tmp_path_factory, field, value):
    """Every field alike: wrong types (true for 1 too), foreign games, bad codes, tokens, names, addresses."""
    path = tmp_path_factory.mktemp("seat") / "seat.json"
    data = {**GOOD, field: value}
    path.write_text(json.dumps(data))
    f = SeatFile(path, clock=lambda: 1000.0)
    loaded = f.load()
    if loaded is None:
        assert not path.exists() and f.problem
    else:  # only a value that is itself valid may pass, and then exactly as written
        assert type(value) is not bool and value == (1 if field == "version" else getattr(loaded, field))


@settings(max_examples=60, deadline=None)
@given(raw=st.binary(max_size=300))
def test_any_bytes_are_refused_or_read_never_a_crash(tmp_path_factory, raw):
    path = tmp_path_factory.mktemp("seat") / "seat.json"
    path.write_bytes(raw)
    f = SeatFile(path, clock=lambda: 1000.0)
    assert f.load() is None and f.problem and not path.exists()


def test_a_seat_the_server_no_longer_has_is_reported_and_forgotten():
    server = ServerThread("127.0.0.1", 0).start()
    try:
        f = SeatFile()
        f.save(server.url, "K7Q2MF", TOKEN, 0, "kombi", "Ann")
        app = make_app()
        lobby = LobbyScene(app, server.url, "Ann", resume=f.load())
        app.stack.push(lobby)
        until(lambda: lobby.error, step=lambda: app.step(1 / 60))
        assert lobby.error == app.t("online.error.seat_gone")
        assert f.load() is None
    finally:
        server.stop()


def test_back_from_a_comeback_keeps_the_seat_for_later():
    server = ServerThread("127.0.0.1", 0).start()
    try:
        f = SeatFile()
        app = make_app()
        host = LobbyScene(app, server.url, "Ann", game="kombi")
        app.stack.push(host)
        until(lambda: host.code and f.load() is not None, step=lambda: app.step(1 / 60))
        host.client.close()  # the app dies with its table still waiting for a guest
        saved = f.load()
        back = LobbyScene(app, saved.url, saved.name, resume=saved)
        app.stack.replace(back)
        until(lambda: back.match is not None, step=lambda: app.step(1 / 60))
        assert back.hosting and back.code == saved.code and back.match.seat == 0
        app.stack.pop()
        app.step(1 / 60)
        assert f.load() is not None, "Back is not leaving: the table still waits for its guest"
    finally:
        server.stop()
