"""Stumbles met walking the online flow as a new player, in real windows (a server of two gateways, two and three
app instances), each pinned here headless: the table's notes repainted when they move; no address offered that
nobody answers at; a spectator told who won; a dead owner's spectators not counted twice;
the opponent's absence said once; no "Paused" over a game that goes on."""
from __future__ import annotations

import time
from urllib.parse import urlsplit

import pygame
import pytest

from game.online import address
from game.online.hosting import ServerThread
from game.online.limits import Limits
from game.online.play import OnlineTable
from game.online.server import GameServer
from game.online.spectator import WatchTable
from sprites import theme
from tests.test_online_client import FAST, until
from tests.test_online_identity import Raw
from tests.test_online_leave import open_pause
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


@pytest.mark.parametrize(("host", "told"), [("127.0.0.1", False), ("0.0.0.0", True)])
def test_the_waiting_room_offers_no_address_a_server_for_this_computer_only_does_not_answer_at(monkeypatch, host, told):
    """Seen in a real window: `serve` (127.0.0.1 by default), the table opened at ws://127.0.0.1:PORT, and the
    waiting room said "Server address: ws://<this computer's network address>:PORT", where nothing answered:
    the other player got "Nothing answers at …". 127.0.0.2 stands in for the network address here: a server on
    127.0.0.1 does not answer there, one on 0.0.0.0 does."""
    monkeypatch.setattr(address, "lan_address", lambda: "127.0.0.2")
    srv = ServerThread(host, 0, FAST).start()
    try:
        app = make_app()
        port = urlsplit(srv.url).port
        url = f"ws://127.0.0.1:{port}"
        form = open_online(app)
        form.fields["server"].text, form.fields["name"].text = url, "Ann"
        tap(app, find(app, "host").center)
        lobby = app.stack.top
        until(lambda: lobby.code is not None, step=lambda: frames(app))
        assert lobby.shown_url == (f"ws://127.0.0.2:{port}" if told else "")
        assert lobby.server_local is not told  # and it says why only a player here can join
        frames(app, 2)
        lobby.client.close()
    finally:
        srv.stop()


def test_a_spectator_is_told_who_won_and_the_series_score_at_the_end(server):
    """Seen in a real window: at the end the spectator read only "The game is over.": the series' score went
    with the game, and nothing said who won (a spectator has no end screen)."""
    ann, ben = Raw(server.url), Raw(server.url)
    code = ann.ask("create", game="kombi", name="Ann", best=3)["code"]
    assert ben.ask("join", code=code, name="Ben")["type"] == "seated"
    app = make_app()
    form = open_online(app)
    form.fields["server"].text, form.fields["code"].text = server.url, code
    tap(app, find(app, "watch_live").center)
    until(lambda: isinstance(app.stack.top, WatchTable) and app.stack.top.remote.started, step=lambda: frames(app))
    table = app.stack.top
    ben.client.send("resign")
    until(lambda: table.remote.state.is_over and not table.remote.waiting, step=lambda: frames(app))
    frames(app, 2)
    assert table.banner() == ("Ann wins!", theme.GOLD)
    note = table.series_note()
    assert note is not None and table.series_line() == "Series 1–0 · game 1 of 3"
    assert note[1] in table.kept_clear()
    ann.close(), ben.close()


def test_a_claimed_table_forgets_the_dead_owners_count_of_spectators():
    """Seen in real windows: after kill -9 of the gateway that held a watched table, the spectator came back (to
    the new owner) and both players read "2 watching" of one spectator for 30 s, until the dead gateway's count
    was forgotten. Spectators sit at the owner, so the count heard from the old one goes when the table is taken."""
    gate = GameServer(Limits())
    gate.elsewhere["ABC123"] = {"dead-gateway": (1, time.monotonic())}
    gate.elsewhere["XYZ789"] = {"live-gateway": (2, time.monotonic())}
    assert gate.watcher_count("ABC123") == 1
    gate._claimed([("ABC123", 2)])
    assert gate.watcher_count("ABC123") == 0
    assert gate.watcher_count("XYZ789") == 2  # a table not taken keeps what its owner says


def test_the_opponent_gone_is_said_once_not_in_a_toast_under_the_same_words(server):
    """Seen in a real window: "Annika disconnected — waiting" twice, the table's note and a toast just under it."""
    app = make_app()
    table, _code, ben = _series_table(server, app)
    ben.client.close(wait=1.0)  # gone without a word, as a killed app
    until(lambda: table.remote.opponent_away, step=lambda: frames(app), timeout=20)
    frames(app, 2)
    said = table.t("online.opponent_away", name="Ben")
    assert table.banner() is not None and table.banner()[0] == said
    assert table.toast is None or table.toast[0] != said


def test_the_menu_of_an_online_game_does_not_say_paused(server):
    """Seen in a real window: Menu in an online game read "Paused" while the other player went on playing."""
    app = make_app()
    table, _code, ben = _series_table(server, app)
    pause = open_pause(app)
    assert pause.title() == "Menu" != app.t("pause.title")
    ben.close()
