"""Issue 40's items between two real app instances: this test's app (driven through its screens) and a second app
in its own process and data folder (``main.py --headless``), both talking to one server on loopback."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pygame

from game.online.hosting import ServerThread
from game.online.play import OnlineTable
from game.scenes.menu import MenuScene
from tests.test_online_client import FAST, until
from tests.test_online_meet_app import find, open_online
from tools.driver import frames, make_app, tap

ROOT = Path(__file__).resolve().parent.parent


def other_app(tmp_path: Path, *args: str) -> subprocess.Popen:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
               CARD_DUELS_HOME=str(tmp_path / "other-device"))
    return subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--headless", "--size", "1024x600", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)


def host_here(app, url: str, name: str):
    form = open_online(app)
    form.fields["server"].text, form.fields["name"].text, form.game = url, name, "square"
    tap(app, find(app, "host").center)
    lobby = app.stack.top
    until(lambda: lobby.match is not None or lobby.error, step=lambda: frames(app), why=lambda: lobby.error)
    return lobby


def test_leaving_with_resign_ends_the_game_for_the_other_app(tmp_path):
    server = ServerThread("127.0.0.1", 0, limits=FAST).start()
    ben = None
    try:
        app = make_app()
        lobby = host_here(app, server.url, "Ann")
        ben = other_app(tmp_path, "--demo", "--until-end", "--server", server.url, "--join", lobby.code,
                        "--name", "Ben")
        until(lambda: isinstance(app.stack.top, OnlineTable), timeout=60, step=lambda: frames(app))
        table = app.stack.top
        until(lambda: table.remote.state.to_move is not None and not table.cards.busy, timeout=30,
              step=lambda: frames(app))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        frames(app, 2)
        assert "restart" not in [b.id for b in app.stack.top.buttons.buttons]
        tap(app, find(app, "menu").center)
        tap(app, find(app, "pick:1").center)  # resign and leave
        frames(app, 2)
        assert isinstance(app.stack.top, MenuScene)
        out, err = ben.communicate(timeout=60)
        result = [line for line in out.splitlines() if line.startswith("RESULT ")]
        assert result and f"winners={1 - table.remote.seat}" in result[0], (out, err)
        pending = app.stats.games()
        until(lambda: pending.ready)
        assert [row["winners"] for row in pending.value] == [str(1 - table.remote.seat)]
    finally:
        if ben is not None and ben.poll() is None:
            ben.kill()
        server.stop()


def test_a_name_another_app_holds_is_refused_to_this_one(tmp_path):
    server = ServerThread("127.0.0.1", 0, limits=FAST).start()
    ann = None
    try:
        ann = other_app(tmp_path, "--server", server.url, "--host-table", "--game", "square", "--name", "Ann",
                        "--frames", "100000")
        deadline = time.monotonic() + 60
        while not server.call(lambda: any(t.names[0] == "Ann" for t in server.server.tables.values())):
            assert time.monotonic() < deadline and ann.poll() is None, ann.communicate()
            time.sleep(0.05)
        claimed = server.server.store.read(lambda db: db.rows("SELECT name FROM players"))
        assert claimed == [("Ann",)]  # the other app proved its key and holds the name
        app = make_app()
        lobby = host_here(app, server.url, "ann")
        assert lobby.error == app.t("online.error.name_taken") and lobby.match is None
        lobby = host_here(app, server.url, "Cleo")  # a name of its own is fine
        assert lobby.match is not None and not lobby.error
    finally:
        if ann is not None and ann.poll() is None:
            ann.kill()
        server.stop()
