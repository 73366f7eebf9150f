"""Watching a live game in the app: Online -> Watch a live game lists the running games, a tap opens the table as a
spectator sees it (the public view only, nothing to play) and it follows the game to its end; a live table's code
typed on the Watch screen does the same; the players' tables show how many watch."""
from __future__ import annotations

import pytest

import rules
from game.online.client import STATUS, OnlineClient
from game.online.hosting import ServerThread
from game.online.server import Limits
from game.online.spectator import WatchTable
from game.scenes.menu import MenuScene
from rules.core import IllegalAction
from tests.test_online_client import FAST, pick, seat_two, until
from tests.test_online_leave import host_with_guest, stats_rows
from tests.test_online_meet_app import find, open_online
from tests.test_online_server import cards_in
from tools.driver import frames, make_app, tap

SEED = 7


@pytest.fixture
def server():
    srv = ServerThread("127.0.0.1", 0, FAST, seeds=lambda: SEED).start()
    yield srv
    srv.stop()


def unseen(server: ServerThread, code: str) -> set[str]:
    """The cards an onlooker may not see at the table's position now (the server's state)."""
    state = server.call(lambda: server.server.tables[code].match.state)
    return set(state.pack - state.visible_to(None))


def test_an_app_watches_a_game_from_the_live_list_to_its_end(server):
    a, b = seat_two(server.url, "kombi")
    app = make_app()
    form = open_online(app)
    form.fields["server"].text = server.url
    tap(app, find(app, "watch_live").center)
    frames(app, 2)
    until(lambda: any(x.id == "live0" for x in app.stack.top.buttons.buttons), step=lambda: frames(app))
    assert app.stack.top.live[0]["code"] == a.client.code and app.stack.top.live[0]["names"] == ["Ann", "Ben"]
    tap(app, find(app, "live0").center)
    until(lambda: isinstance(app.stack.top, WatchTable), step=lambda: frames(app))
    table = app.stack.top
    frames(app, 3)
    assert not cards_in(table.obs) & unseen(server, a.client.code)  # before a move: both hands are hidden
    assert table.obs["legal"] == [] and "resign" not in [x.id for x in table.buttons.buttons]
    with pytest.raises(IllegalAction):
        table.remote.play(rules.action_from_json("kombi", a.match.state.observe(a.match.seat)["legal"][0])
                          if not a.match.waiting else rules.action_from_json(
                              "kombi", b.match.state.observe(b.match.seat)["legal"][0]))
    until(lambda: a.match.watchers == 1 and b.match.watchers == 1, step=lambda: (a.pump(), b.pump(), frames(app)))

    def step() -> None:
        for s in (a, b):
            s.pump()
            m = s.match
            if not m.waiting and not m.state.is_over:
                m.play(rules.action_from_json("kombi", pick(m.state.observe(m.seat)["legal"], SEED, m.cursor)))
        frames(app)

    until(lambda: all(s.match.state.is_over for s in (a, b)), 30, step)
    until(lambda: table.remote.started and table.remote.state.is_over, 60, step=lambda: frames(app),
          why=lambda: f"{table.remote.cursor} {a.match.cursor} {len(table.remote._steps)} {table.remote.link}")
    assert list(table.remote.state.winners) == list(a.match.state.winners)
    assert table.remote.cursor == a.match.cursor  # the end itself, not a delayed position
    until(lambda: table.ended, step=lambda: frames(app))  # the end is shown on the table, with no end screen
    assert app.stack.top is table and table.toast is not None and table.toast[0] == app.t("watch.live.over")
    assert stats_rows(app) == []  # a game watched is nobody's game here
    frames(app, 5)
    app.stack.replace(MenuScene(app))  # leaving asks nothing: a spectator gives nothing up
    frames(app, 2)
    until(lambda: a.match.watchers == 0, step=a.pump)
    for s in (a, b):
        s.client.close()


def test_a_live_code_typed_on_the_watch_screen_and_an_unknown_one(server):
    a, b = seat_two(server.url, "square")
    app = make_app()
    app.settings.server = server.url
    app.stack.push(MenuScene(app))
    frames(app, 2)
    app.push("watch")
    frames(app, 2)
    scene = app.stack.top
    scene.field.text = "zzz-zzz"
    tap(app, find(app, "watch").center)
    until(lambda: scene.error == app.t("online.error.no_table"), step=lambda: frames(app))
    scene.field.text = a.client.code.lower()
    tap(app, find(app, "watch").center)
    until(lambda: isinstance(app.stack.top, WatchTable), step=lambda: frames(app))
    assert app.stack.top.session.names == ["Ann", "Ben"]
    for s in (a, b):
        s.client.close()


def test_the_players_table_shows_how_many_watch(server):
    app, lobby, guest = host_with_guest(server.url)
    table = app.stack.top
    assert table.watching_note() is None
    frames(app, 3)
    before = app.screen.copy()
    spectator = OnlineClient(server.url).start()
    until(lambda: any(m["type"] == STATUS and m["status"] == "connected" for m in spectator.poll()))
    spectator.send("watch", code=lobby.code)
    until(lambda: table.remote.watchers == 1 and guest.match.watchers == 1,
          step=lambda: (frames(app), guest.pump()))
    note = table.watching_note()
    assert note is not None and note[1].colliderect(table.board)
    frames(app, 3)
    box = note[1]
    assert app.screen.subsurface(box).copy().get_view("1").raw != before.subsurface(box).copy().get_view("1").raw
    spectator.send("resign")  # a spectator cannot play
    reply = spectator.wait_for(lambda m: m["type"] == "error")
    assert reply["code"] == "spectator"
    spectator.close(leave=True)
    until(lambda: table.remote.watchers == 0, step=lambda: frames(app))
    assert table.watching_note() is None
    guest.client.close()


def test_the_list_of_live_games_keeps_itself_up_to_date(server):
    app = make_app()
    form = open_online(app)
    form.fields["server"].text = server.url
    tap(app, find(app, "watch_live").center)
    frames(app, 2)
    scene = app.stack.top
    until(lambda: scene.client is not None and scene.asked_at > float("-inf"), step=lambda: frames(app))
    frames(app, 10)
    assert scene.live == [] and not [x for x in scene.buttons.buttons if x.id.startswith("live")]
    a, b = seat_two(server.url, "trumps")  # a game starts while the list shows
    until(lambda: any(x.id == "live0" for x in scene.buttons.buttons), 20, step=lambda: frames(app))
    assert scene.live[0]["code"] == a.client.code and scene.error == ""
    for s in (a, b):
        s.client.close()


def test_the_spectators_table_says_how_far_behind_it_is():
    srv = ServerThread("127.0.0.1", 0, Limits(rate=1e6, burst=1e6, watch_delay=3), seeds=lambda: SEED).start()
    try:
        a, b = seat_two(srv.url, "kombi")
        app = make_app()
        app.settings.server = srv.url
        app.stack.push(MenuScene(app))
        frames(app, 2)
        app.push("watch", code=a.client.code)
        frames(app, 2)
        tap(app, find(app, "watch").center)
        until(lambda: isinstance(app.stack.top, WatchTable), step=lambda: frames(app))
        table = app.stack.top
        assert table.banner()[0] == app.t.n("watch.live.delayed", 3, first="Ann", second="Ben")
        for s in (a, b):
            s.client.close()
    finally:
        srv.stop()


def test_watch_on_the_online_screen_opens_the_table_of_the_code_typed(server):
    a, b = seat_two(server.url, "cribbage")
    app = make_app()
    form = open_online(app)
    form.fields["server"].text = server.url
    form.fields["code"].text = a.client.code
    tap(app, find(app, "watch_live").center)
    until(lambda: isinstance(app.stack.top, WatchTable), step=lambda: frames(app))
    assert app.stack.top.session.game_id == "cribbage" and app.stack.top.session.names == ["Ann", "Ben"]
    for s in (a, b):
        s.client.close()
