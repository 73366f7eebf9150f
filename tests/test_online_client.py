"""The app's side: the client thread, RemoteMatch in place of a Match, the Online screens, two real apps."""
import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

import rules
from game.online.client import STATUS, OnlineClient
from game.online.hosting import ServerThread
from game.online.play import OnlineTable
from game.online.protocol import check_url
from game.online.remote import RemoteMatch
from game.online.server import Limits
from game.scenes.lobby import LobbyScene
from game.scenes.online import OnlineScene
from rules.core import Action, IllegalAction
from sprites import theme
from tests.test_online_server import short_seed
from tools.driver import frames, make_app, tap
from tools.online_bench import pick

ROOT = Path(__file__).resolve().parent.parent
FAST = Limits(rate=1e6, burst=1e6)


def until(done, timeout: float = 10.0, step=None, why=lambda: "") -> None:
    """Poll ``done`` (running ``step`` in between) until it is true; a bounded loop."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out {why()}")
        if step is not None:
            step()
        time.sleep(0.002)


class Side:
    """One player: a client thread and the RemoteMatch it feeds."""

    def __init__(self, url: str) -> None:
        self.client = OnlineClient(url).start()
        self.match: RemoteMatch | None = None
        self.other: list[dict] = []
        self.notices: list[str] = []

    def pump(self) -> None:
        msgs = self.client.poll()
        for msg in msgs:
            if msg["type"] == "seated" and self.match is None:
                self.match = RemoteMatch(msg["game"], msg["seat"], self.client.send)
        if self.match is not None:
            self.match.feed(msgs)
            while self.match.advance() is not None:
                pass
            self.notices += [text for text, _ in self.match.pop_notices()]
        self.other += msgs

    def connected(self) -> bool:
        self.pump()
        return any(m["type"] == STATUS and m["status"] == "connected" for m in self.other)


def seat_two(url: str, game: str) -> tuple[Side, Side]:
    a, b = Side(url), Side(url)
    until(a.connected)
    until(b.connected)
    assert a.client.send("create", game=game, name="Ann")
    until(lambda: a.match is not None, step=a.pump)
    assert b.client.send("join", code=a.client.code, name="Ben")
    until(lambda: a.match.started and b.match is not None and b.match.started, step=lambda: (a.pump(), b.pump()))
    return a, b


def play_on(sides: tuple[Side, Side], seed: int, stop=lambda: False, timeout: float = 20.0) -> None:
    game = sides[0].match.game_id

    def step() -> None:
        for s in sides:
            s.pump()
            m = s.match
            if not m.waiting and not m.state.is_over:
                legal = m.state.observe(m.seat)["legal"]
                m.play(rules.action_from_json(game, pick(legal, seed, m.cursor)))

    until(lambda: stop() or all(s.match.state.is_over for s in sides), timeout, step)


@pytest.fixture
def server():
    srv = ServerThread("127.0.0.1", 0, FAST, seeds=lambda: 7).start()
    yield srv
    srv.stop()


def test_remote_matches_play_a_whole_game_and_refuse_what_is_not_theirs(server):
    a, b = seat_two(server.url, "kombi")
    try:
        mover = a if a.match.state.to_move == a.match.seat else b
        idle = b if mover is a else a
        with pytest.raises(IllegalAction, match="online.not_your_turn"):
            idle.match.play(Action.make("pass"))
        with pytest.raises(IllegalAction, match="online.not_allowed"):
            mover.match.play(Action.make("exchange", hand="AS", area="AS"))
        assert not mover.match.can_undo() and not mover.match.can_redo() and not mover.match.undo()
        legal = mover.match.state.legal_actions()
        mover.match.play(legal[0])
        with pytest.raises(IllegalAction, match="online.wait_confirm"):
            mover.match.play(legal[0])
        assert mover.match.state.observe(mover.match.seat)["legal"] == []  # nothing offered while in flight
        until(lambda: mover.match.cursor == 1, step=mover.pump)
        play_on((a, b), 7)
        assert a.match.state.winners == b.match.state.winners and a.match.state.scores == b.match.state.scores
        assert a.match.setup == b.match.setup == {"seed": 7}  # revealed at the end, for a replay
        assert a.match.log() == b.match.log() and len(a.match.log()) >= a.match.cursor
        table = server.call(lambda: next(iter(server.server.tables.values())))
        assert a.match.cursor == len(table.match.actions)
        assert [x for x in a.match.actions if x is not None] == \
            [x for i, x in enumerate(table.match.actions) if table.match.actor(i) == a.match.seat]
    finally:
        a.client.close(), b.client.close()


def test_a_dropped_client_reconnects_by_itself_and_the_opponent_is_told():
    seed = short_seed("kombi", 300, at_least=12)
    server = ServerThread("127.0.0.1", 0, FAST, seeds=lambda: seed).start()
    a, b = seat_two(server.url, "kombi")
    try:
        play_on((a, b), seed, stop=lambda: a.match.cursor >= 4)

        def cut() -> None:  # the network drops A (the server side sees it vanish)
            for conn in list(server.server.conns):
                if conn.seat == a.match.seat:
                    conn.ws.transport.abort()

        server.call(cut)
        until(lambda: "Ann disconnected — waiting" in b.notices, step=b.pump)
        until(lambda: "Ann is back." in b.notices and a.match.link == "connected", step=lambda: (a.pump(), b.pump()),
              why=lambda: (b.notices, a.match.link, [m for m in a.other if m["type"] != "state"][-4:]))
        assert any(m["type"] == STATUS and m["status"] == "reconnecting" for m in a.other)
        assert not b.match.opponent_away
        play_on((a, b), seed)
        assert a.match.state.winners == b.match.state.winners and a.match.cursor >= 12
    finally:
        a.client.close(), b.client.close()
        server.stop()


def test_leaving_resigns_and_poll_never_waits(server):
    a, b = seat_two(server.url, "kombi")
    a.client.close(leave=True)
    until(lambda: b.match.state.is_over, step=b.pump)
    assert b.match.result == {"reason": "resign", "seat": 0, "winners": [1]}
    t0 = time.perf_counter()
    for _ in range(1000):
        a.client.poll()
    assert time.perf_counter() - t0 < 0.5
    assert not a.client.send("ping", id=1)  # closed: nothing is sent, nothing blocks
    b.client.close()


def test_unreachable_server_is_reported_not_retried():
    probe = ServerThread("127.0.0.1", 0).start()
    url = probe.url
    probe.stop()  # a port that was just free: nobody listens there now
    c = OnlineClient(url, open_timeout=2).start()
    msg = c.wait_for(lambda m: m["type"] == STATUS and m["status"] == "failed", 10)
    assert msg["reason"]
    c.close()
    assert check_url("192.168.1.20:8765") == "ws://192.168.1.20:8765"
    with pytest.raises(ValueError):
        check_url("ws://")


# --- the screens ------------------------------------------------------------------------------------------------
def find(app, bid: str) -> pygame.Rect:
    for b in app.stack.top.buttons.buttons:
        if b.id == bid:
            return b.rect
    raise AssertionError(f"no button {bid}")


def test_menu_online_host_here_join_wait_and_disconnect():
    from game.scenes.menu import MenuScene

    app = make_app()
    app.stack.push(MenuScene(app))
    frames(app, 2)
    tap(app, find(app, "online").center)
    frames(app, 2)
    form = app.stack.top
    assert isinstance(form, OnlineScene)
    form.fields["server"].text = "ws://127.0.0.1:0"  # port 0: the system picks a free one
    tap(app, find(app, "lan").center)  # this computer only, for the test
    assert not form.lan
    tap(app, find(app, "host_here").center)
    frames(app, 2)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.server is not None
    until(lambda: lobby.match is not None and lobby.code, step=lambda: frames(app))
    guest = OnlineClient(lobby.server.url).start()
    guest.wait_for(lambda m: m.get("status") == "connected")
    guest.send("join", code=lobby.code.lower(), name="Ben")
    until(lambda: isinstance(app.stack.top, OnlineTable), step=lambda: frames(app))
    table = app.stack.top
    assert table.session.names == ["Ann", "Ben"] and table.view_seat == 0
    frames(app, 5)
    if table.match.state.to_move == 1:
        assert table.banner()[0] == "Waiting for Ben…"
    server = lobby.server
    guest.close()  # Ben's app is gone (no goodbye: his seat waits for him)
    until(lambda: table.banner() == ("Ben disconnected — waiting", theme.BAD), step=lambda: frames(app),
          why=lambda: (table.banner(), table.match.connected, table.match.status, type(app.stack.top).__name__))
    table.show_toast("Ben left the table for a moment.")  # a toast stands beside the note, not over it
    app.draw()
    assert table.kept_clear() and not table.toast_rect.colliderect(table.kept_clear()[0])
    tap(app, find(app, "resign").center)
    tap(app, find(app, "resign").center)
    until(lambda: app.results, step=lambda: frames(app))
    assert app.results[-1].startswith("RESULT game=kombi seed=") and " winners=1 " in app.results[-1]
    app.stack.reset(MenuScene(app))
    frames(app, 2)
    until(lambda: not server.running, 5)  # leaving the table stops the server it started
    pygame.quit()


def test_two_headless_apps_play_kombi_through_a_server():
    seed = 11  # a short game for the computer players
    server = ServerThread("127.0.0.1", 0, seeds=lambda: seed).start()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    common = [sys.executable, str(ROOT / "main.py"), "--headless", "--demo", "--until-end", "--size", "1024x600",
              "--server", server.url]
    host = subprocess.Popen([*common, "--host-table", "--game", "kombi", "--name", "Ann"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    guest = None
    try:
        line = host.stdout.readline()
        assert line.startswith("CODE "), (line, host.stderr.read() if host.poll() is not None else "")
        code = line.split()[1]
        guest = subprocess.Popen([*common, "--join", code, "--name", "Ben"], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        out_guest, err_guest = guest.communicate(timeout=90)
        out_host, err_host = host.communicate(timeout=30)
    finally:
        for p in (host, guest):
            if p is not None and p.poll() is None:
                p.kill()
        server.stop()
    results = [[x for x in out.splitlines() if x.startswith("RESULT ")] for out in (out_host, out_guest)]
    assert results[0] and results[0] == results[1], (out_host, err_host, out_guest, err_guest)
    st = next(iter(server.server.tables.values())).match.state  # the referee's own result
    assert st.is_over and results[0][0] == (f"RESULT game=kombi seed={seed} winners={','.join(map(str, st.winners))} "
                                            f"scores={','.join(map(str, st.scores))}")


def test_host_here_on_a_busy_port_says_so():
    busy = ServerThread("127.0.0.1", 0).start()
    try:
        with pytest.raises(OSError):
            ServerThread("127.0.0.1", busy.port).start()
        app = make_app()
        form = OnlineScene(app)
        app.stack.push(form)
        frames(app, 2)
        form.fields["server"].text = f"ws://127.0.0.1:{busy.port}"
        form.lan = False
        form.press("host_here")
        assert app.stack.top is form and form.error == app.t("online.net.port_in_use", port=busy.port)
        pygame.quit()
    finally:
        busy.stop()


def test_remote_match_follows_the_messages_in_order_and_asks_again_when_a_step_is_missing():
    from game.online.table import Table

    sent = []
    table = Table("ABCDEF", "kombi", 3, "Ann", 0.0)
    table.join("Ben")
    m = RemoteMatch("kombi", 0, lambda kind, **fields: sent.append((kind, fields)) or True)
    assert m.feed([table.state_message(0, 0, full=True)]) and m.cursor == 0
    steps = []
    for _ in range(4):
        start = table.count
        mover = table.match.state.to_move
        events = table.act(mover, start, pick(table.match.state.observe(mover)["legal"], 3, start))
        steps.append(table.state_message(0, start, full=False, events=events))
    away = {"v": 1, "type": "presence", "names": ["Ann", "Ben"], "connected": [True, False], "status": "playing"}
    m.feed([steps[0], steps[1], away])
    assert m.waiting and m.cursor == 0  # queued steps wait for the table to animate them one by one
    assert m.advance() == tuple(e for _, e in steps[0]["events"]) and m.cursor == 1
    assert m.advance() is not None and m.cursor == 2
    assert m.opponent_away  # an older step does not undo the newer presence note
    m.feed([steps[3]])  # steps[2] got lost
    assert m.advance() is None and sent[-1] == ("sync", {})
    m.feed([table.state_message(0, 0, full=True)])
    assert m.cursor == 4 and m.log() == [(i, e) for i, e in table.match.events()]
    assert m.state.observe(0) == table.match.state.observe(0)
    assert m.state.to_move == 0 and not m.waiting
    m.play(m.state.legal_actions()[0])
    assert m.pending == 4 and m.waiting and sent[-1][0] == "act" and sent[-1][1]["at"] == 4
    m.feed([{"v": 1, "type": "error", "code": "stale", "message": "moved on", "ref": "act"}])
    assert m.pending is None and m.state.observe(0)["legal"]
    assert m.pop_notices()[-1] == ("moved on", True)


def test_a_closed_or_killed_app_takes_its_seat_back_from_the_online_screen(server):
    """The seat token outlives the app: the next start offers the game on the Online screen and resumes it."""
    from game.online.seatfile import SeatFile
    from game.scenes.menu import MenuScene

    def open_online(app):
        app.stack.push(MenuScene(app))
        frames(app, 2)
        tap(app, find(app, "online").center)
        frames(app, 2)
        return app.stack.top

    app = make_app()
    form = open_online(app)
    assert "resume" not in [b.id for b in form.buttons.buttons]
    form.fields["server"].text = server.url
    tap(app, find(app, "host").center)
    lobby = app.stack.top
    until(lambda: lobby.match is not None and lobby.code, step=lambda: frames(app))
    guest = Side(server.url)
    until(guest.connected)
    guest.client.send("join", code=lobby.code, name="Ben")
    until(lambda: isinstance(app.stack.top, OnlineTable) and guest.match is not None,
          step=lambda: (frames(app), guest.pump()))
    table = app.stack.top

    def step(table) -> None:
        frames(table.app)
        guest.pump()
        for m, play in ((guest.match, guest.match.play), (table.match, table.submit)):
            if m.started and not m.waiting and not m.state.is_over:
                play(rules.action_from_json("kombi", pick(m.state.observe(m.seat)["legal"], 3, m.cursor)))

    until(lambda: table.match.cursor >= 4, step=lambda: step(table))
    until(lambda: not table.match.waiting and not table.cards.busy, step=lambda: frames(app))
    played, code = table.match.cursor, lobby.code
    saved = SeatFile().load()
    assert saved is not None and (saved.code, saved.seat, saved.game, saved.name) == (code, 0, "kombi", "Ann")
    table.client.close()  # the process ends without a goodbye, as when it is killed or its window closed
    pygame.quit()
    until(lambda: guest.match.opponent_away, step=guest.pump)

    app = make_app()  # the next start of the app, on the same computer
    form = open_online(app)
    tap(app, find(app, "resume").center)
    until(lambda: isinstance(app.stack.top, OnlineTable), step=lambda: frames(app))
    table = app.stack.top
    assert table.match.seat == 0 and table.session.names == ["Ann", "Ben"]
    until(lambda: table.match.cursor == played, step=lambda: frames(app))
    until(lambda: not guest.match.opponent_away, step=guest.pump)
    until(lambda: table.match.cursor >= played + 2, step=lambda: step(table))  # the game goes on from there
    assert guest.match.resign()
    until(lambda: table.match.state.is_over, step=lambda: frames(app))
    assert SeatFile().load() is None, "a finished game leaves nothing to come back to"
    table.client.close()
    pygame.quit()


def test_the_online_screenshots_render_from_a_real_server(tmp_path):
    from tools.online_shots import online_shots

    online_shots(tmp_path, (800, 500), "t_")
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    assert names == ["t_online_form.png", "t_online_lobby.png", "t_online_opponent_away.png",
                     "t_online_quick.png", "t_online_rematch.png", "t_online_waiting.png"]
