"""Stumbles met walking the online flow as a new player, in real windows (a server of two gateways, two and three
app instances), each pinned here headless: the table's notes repainted when they move."""
from __future__ import annotations

import pygame
import pytest

from game.online.hosting import ServerThread
from game.online.play import OnlineTable
from tests.test_online_client import FAST, until
from tests.test_online_identity import Raw
from tests.test_online_meet_app import find, open_online
from tools.driver import frames, make_app, tap


@pytest.fixture
def server():
    srv = ServerThread("127.0.0.1", 0, FAST, seeds=lambda: 2).start()  # Kombi's deal 2: the host moves first
    yield srv
    srv.stop()


def _series_table(server, app):
    form = open_online(app)
    form.fields["server"].text, form.fields["name"].text = server.url, "Ann"
    tap(app, find(app, "best").center)
    frames(app, 2)
    tap(app, find(app, "host").center)
    lobby = app.stack.top
    until(lambda: lobby.match is not None, step=lambda: frames(app))
    ben = Raw(server.url)
    assert ben.ask("join", code=lobby.code, name="Ben")["type"] == "seated"
    until(lambda: isinstance(app.stack.top, OnlineTable) and app.stack.top.remote.started, step=lambda: frames(app))
    table = app.stack.top
    # at rest: no card moving, no toast ("Ben joined the table.") holding the felt
    until(lambda: not table.cards.busy and table.toast is None and not table.blocking(), step=lambda: frames(app))
    return table, lobby.code, ben


def test_the_series_note_pushed_down_by_a_watcher_leaves_nothing_behind(server):
    """Seen in a real window: when a spectator came, the score moved under "1 watching" and its old box stayed
    drawn beside the count (a frame that repainted only where cards moved)."""
    app = make_app()
    table, _code, ben = _series_table(server, app)
    assert not table.remote.waiting  # (a table waiting for the other player redraws whole at every frame)
    old = table.series_note()[1]
    app.invalidate()
    frames(app)  # the frame just before, as at a table where nothing moves
    table.remote.watchers = 1  # as a presence note alone says it (no new view): the table only asks for a frame
    app.invalidate()
    frames(app)
    assert table.series_note()[1] != old  # it moved down, under the count
    shown = app.screen.subsurface(old).copy()
    table.layers.frame_for = object()  # the next frame is drawn whole
    app.invalidate()
    frames(app)
    whole = app.screen.subsurface(old).copy()
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(whole, "RGB")
    ben.close()
