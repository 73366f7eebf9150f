"""Meeting people through the app: quick match between two headless apps, the rematch from the end screen,
the waiting room's Copy button, and the Online screen's list of nearby games."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.online.hosting import ServerThread
from game.online.nearby import Nearby
from game.online.play import OnlineTable
from game.scenes.end import EndScene
from game.scenes.lobby import LobbyScene
from game.scenes.menu import MenuScene
from game.scenes.online import OnlineScene
from tests.test_online_client import FAST, Side, until
from tools.driver import frames, make_app, tap

ROOT = Path(__file__).resolve().parent.parent


def find(app, bid: str):
    """The top scene's button with this id (its ``center`` is where to tap)."""
    for b in app.stack.top.buttons.buttons:
        if b.id == bid:
            b.center = b.rect.center
            return b
    raise AssertionError(f"no button {bid!r}; have {[b.id for b in app.stack.top.buttons.buttons]}")


def test_two_headless_apps_meet_through_quick_match():
    seed = 11
    server = ServerThread("127.0.0.1", 0, seeds=lambda: seed).start()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    common = [sys.executable, str(ROOT / "main.py"), "--headless", "--demo", "--until-end", "--size", "1024x600",
              "--server", server.url, "--quick-match", "--game", "kombi"]
    procs = [subprocess.Popen([*common, "--name", name], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env=env, cwd=ROOT) for name in ("Ann", "Ben")]
    try:
        outs = [p.communicate(timeout=120) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
        server.stop()
    results = [[x for x in out.splitlines() if x.startswith("RESULT ")] for out, _err in outs]
    assert results[0] and results[0] == results[1], outs
    (table,) = server.server.tables.values()
    assert table.names in (["Ann", "Ben"], ["Ben", "Ann"]) and table.match.state.is_over


def open_online(app) -> OnlineScene:
    app.stack.push(MenuScene(app))
    frames(app, 2)
    tap(app, find(app, "online").center)
    frames(app, 2)
    return app.stack.top


def host_with_guest(url: str, game: str = "square"):
    app = make_app()
    form = open_online(app)
    form.fields["server"].text = url
    tap(app, find(app, "host").center)
    lobby = app.stack.top
    until(lambda: lobby.match is not None and lobby.code, step=lambda: frames(app))
    guest = Side(url)
    until(guest.connected)
    guest.client.send("join", code=lobby.code, name="Ben")
    until(lambda: isinstance(app.stack.top, OnlineTable) and guest.match is not None,
          step=lambda: (frames(app), guest.pump()))
    return app, lobby, guest


def test_the_waiting_room_copies_its_code():
    server = ServerThread("127.0.0.1", 0).start()
    try:
        app = make_app()
        form = open_online(app)
        form.fields["server"].text = server.url
        tap(app, find(app, "host").center)
        lobby: LobbyScene = app.stack.top
        until(lambda: lobby.match is not None, step=lambda: frames(app))
        frames(app, 2)
        tap(app, find(app, "copy").center)
        frames(app, 2)
        assert app.clipboard == f"{lobby.code[:3]} {lobby.code[3:]}" and find(app, "copy") is not None
        assert lobby.buttons.buttons[0].label == app.t("online.copied")
    finally:
        server.stop()


def test_a_rematch_from_the_end_screen_deals_anew_with_seats_swapped():
    server = ServerThread("127.0.0.1", 0, limits=FAST).start()
    try:
        app, lobby, guest = host_with_guest(server.url)
        first = app.stack.top
        guest.client.send("resign")
        until(lambda: isinstance(app.stack.top, EndScene), step=lambda: frames(app))
        end = app.stack.top
        assert find(app, "again").label == app.t("online.rematch") and find(app, "online") is not None
        tap(app, find(app, "again").center)
        frames(app, 2)
        assert not find(app, "again").enabled and end.offered[2] == app.t("online.rematch_waiting", name="Ben")
        until(lambda: any(m["type"] == "rematch" for m in guest.other), step=guest.pump)
        guest.client.send("rematch")
        until(lambda: isinstance(app.stack.top, OnlineTable) and app.stack.top is not first,
              step=lambda: frames(app))
        second = app.stack.top
        until(lambda: second.match.started, step=lambda: frames(app))
        assert second.code != lobby.code and second.match.seat == 1 and second.session.names == ["Ben", "Ann"]
        assert EndScene not in [type(s) for s in app.stack.scenes]

        until(lambda: len([m for m in guest.other if m["type"] == "seated"]) == 2, step=guest.pump)
        seated = [m for m in guest.other if m["type"] == "seated"][-1]  # the guest's new seat: 0
        assert seated["seat"] == 0 and seated["code"] == second.code
        guest.client.send("rematch")  # not yet over: refused, nothing changes
        guest.client.send("resign")
        until(lambda: isinstance(app.stack.top, EndScene), step=lambda: frames(app))
        end = app.stack.top
        guest.client.send("rematch")  # this time Ben asks first
        until(lambda: end.offered[0] == app.t("online.rematch_accept"), step=lambda: frames(app))
        assert end.offered[2] == app.t("online.rematch_asked", name="Ben")
    finally:
        server.stop()


def test_nearby_games_are_listed_and_a_waiting_table_is_joined_with_one_tap(monkeypatch):
    """The screen's side of nearby games (the network's side: tests/test_online_nearby.py)."""
    server = ServerThread("127.0.0.1", 0, limits=FAST).start()
    try:
        host = Side(server.url)
        until(host.connected)
        host.client.send("create", game="kombi", name="Ann")
        until(lambda: host.match is not None, step=host.pump)
        code = host.client.code
        seen = [Nearby("Ann-1._card-duels._tcp.local.", server.url, "Ann", "kombi", code),
                Nearby("box._card-duels._tcp.local.", "ws://127.0.0.9:8765", "Box")]

        class Heard:
            def __init__(self):
                self.stopped = False

            def start(self):
                return self

            def found(self):
                return list(seen)

            def stop(self):
                self.stopped = True

        monkeypatch.setattr("game.scenes.online.Browser", Heard)
        monkeypatch.setenv("CARD_DUELS_NEARBY", "1")
        app = make_app()
        form = open_online(app)
        frames(app, 2)
        labels = [b.label for b in form.buttons.buttons if b.id.startswith("nearby")]
        assert labels == [app.t("online.nearby_table", name="Ann", game=app.t("game.kombi")),
                          app.t("online.nearby_server", name="Box")]
        tap(app, find(app, "nearby1").center)  # a server: it becomes the address
        assert form.fields["server"].text == "ws://127.0.0.9:8765" and app.stack.top is form
        form.fields["name"].text = "Ben"
        tap(app, find(app, "nearby0").center)  # a waiting table: straight in
        frames(app, 2)
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene) and lobby.code == code and lobby.url == server.url
        until(lambda: isinstance(app.stack.top, OnlineTable), step=lambda: frames(app), why=lambda: lobby.error)
    finally:
        server.stop()


@pytest.mark.parametrize("kiosk,nearby,listens", [(False, False, True), (True, False, False), (True, True, True)])
def test_nearby_games_are_off_in_kiosk_mode_unless_enabled(kiosk, nearby, listens, monkeypatch):
    started = []

    class Heard:
        def start(self):
            started.append(self)
            return self

        def found(self):
            return []

        def stop(self):
            pass

    monkeypatch.setattr("game.scenes.online.Browser", Heard)
    monkeypatch.setenv("CARD_DUELS_NEARBY", "1")
    app = make_app(kiosk=kiosk, nearby=nearby)
    app.stack.push(OnlineScene(app))
    frames(app, 2)
    assert bool(started) == listens


def test_nearby_games_stay_off_where_the_environment_says_so(monkeypatch):
    started = []
    monkeypatch.setattr("game.scenes.online.Browser", lambda: started.append(1))
    monkeypatch.setenv("CARD_DUELS_NEARBY", "0")
    app = make_app()
    app.stack.push(OnlineScene(app))
    frames(app, 2)
    assert not started
