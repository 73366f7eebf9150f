"""Plain words online: every network failure a player sees is a sentence in their language saying what to do (never
"[Errno 111]"), the address to share is never a loopback one, and the nearby list shows each server once and
forgets one that stopped."""
from __future__ import annotations

import errno
import http.server
import socket
import threading

import pytest
from websockets.exceptions import InvalidStatus

from game.online import address
from game.online.failures import CONNECT_KINDS, SERVER_KINDS, connect_failure, failure_words, server_failure
from game.online.hosting import ServerThread
from game.online.limits import Limits
from game.online.nearby import FRESH, Browser, Nearby, listed
from game.scenes.lobby import LobbyScene
from tests.test_online_client import FAST, until
from tests.test_online_leave import host_with_guest
from tests.test_online_meet_app import find, open_online
from tools.driver import frames, make_app, speaking, tap


def free_port() -> int:
    """A loopback port nothing listens on (bound, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def plain(text: str) -> None:
    assert text and "Errno" not in text and "[" not in text and "Traceback" not in text, text


@pytest.mark.parametrize("lang", ["en", "de", "uk"])
def test_nobody_listening_is_said_in_the_players_language(lang):
    url = f"ws://127.0.0.1:{free_port()}"
    with speaking(lang):
        app = make_app()
    lobby = LobbyScene(app, url, "Ann", game="square")
    app.stack.push(lobby)
    until(lambda: lobby.error, step=lambda: frames(app))
    plain(lobby.error)
    assert lobby.error == app.t("online.net.refused", url=url)
    app.t.set_language("en")
    assert (lobby.error == app.t("online.net.refused", url=url)) == (lang == "en")  # translated, not English


def test_a_web_server_that_is_not_a_game_server_is_named_so():
    class NotHere(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - the standard library's name
            self.send_error(404)

        def log_message(self, *args):
            pass

    web = http.server.HTTPServer(("127.0.0.1", 0), NotHere)
    threading.Thread(target=web.serve_forever, daemon=True).start()
    try:
        url = f"ws://127.0.0.1:{web.server_address[1]}"
        app = make_app()
        lobby = LobbyScene(app, url, "Ann", game="square")
        app.stack.push(lobby)
        until(lambda: lobby.error, step=lambda: frames(app))
        assert lobby.error == app.t("online.net.not_server", url=url)
    finally:
        web.shutdown()
        web.server_close()


def test_a_full_server_is_said_so_not_called_something_else(monkeypatch):
    server = ServerThread("127.0.0.1", 0, limits=Limits(rate=1e6, burst=1e6, max_connections=0)).start()
    try:
        app = make_app()
        lobby = LobbyScene(app, server.url, "Ann", game="square")
        app.stack.push(lobby)
        until(lambda: lobby.error, step=lambda: frames(app))
        assert lobby.error == app.t("online.error.server_full")
    finally:
        server.stop()


def test_a_port_in_use_is_said_with_what_to_do():
    with socket.socket() as taken:
        taken.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        app = make_app()
        form = open_online(app)
        form.fields["server"].text = f"ws://127.0.0.1:{port}"
        tap(app, find(app, "host_here").center)
        assert app.stack.top is form
        plain(form.error)
        assert form.error == app.t("online.net.port_in_use", port=port) and str(port) in form.error


def test_each_kind_of_failure_has_its_own_sentence():
    cases = {
        OSError(errno.ECONNREFUSED, "Connect call failed ('127.0.0.1', 1)"): "refused",
        OSError("Multiple exceptions: [Errno 111] Connect call failed ('::1', 1), [Errno 99] Cannot assign"): "refused",
        OSError(errno.ENETUNREACH, "Network is unreachable"): "unreachable",
        OSError(errno.ECONNRESET, "reset"): "lost",
        socket.gaierror(-2, "Name or service not known"): "dns",
        TimeoutError("timed out during opening handshake"): "timeout",
        ValueError("odd"): "other",
    }
    for exc, kind in cases.items():
        assert connect_failure(exc) == kind, exc
    assert server_failure(OSError(errno.EADDRINUSE, "error while attempting to bind")) == "port_in_use"
    assert server_failure(OSError(errno.EACCES, "denied")) == "port_denied"
    assert server_failure(RuntimeError("?")) == "server_other"
    from websockets.datastructures import Headers
    from websockets.http11 import Response
    assert connect_failure(InvalidStatus(Response(404, "Not Found", Headers()))) == "not_server"
    assert connect_failure(InvalidStatus(Response(503, "Service Unavailable", Headers()))) == "server_full"
    assert connect_failure(InvalidStatus(Response(429, "Too Many Requests", Headers()))) == "crowded"
    app = make_app()
    said = {failure_words(app.t, kind, url="ws://x:1", port=1) for kind in CONNECT_KINDS + SERVER_KINDS}
    assert len(said) == len(CONNECT_KINDS + SERVER_KINDS)  # each kind says what to do in its own words
    for text in said:
        plain(text)
        assert app.t.has(text) is False  # a sentence, not a key shown as itself
    assert failure_words(app.t, "no such kind", url="ws://x:1") == app.t("online.net.other", url="ws://x:1")


def test_a_lost_table_and_a_server_refusal_are_said_plainly():
    server = ServerThread("127.0.0.1", 0, limits=FAST).start()
    try:
        app, lobby, guest = host_with_guest(server.url)
        table = app.stack.top
        table.remote.feed([{"type": "_status", "status": "failed", "kind": "refused",
                            "reason": "[Errno 111] Connect call failed ('127.0.0.1', 8765)"}])
        text, _ = table.banner()
        assert text == app.t("online.net.refused", url=server.url)
        plain(text)
        table.remote.pop_notices()
        table.remote.feed([{"type": "error", "code": "something_new", "message": "internal: KeyError 'x'"}])
        assert table.remote.pop_notices() == [(app.t("online.error.other"), True)]
    finally:
        server.stop()
    app = make_app()
    lobby = LobbyScene(app, "ws://127.0.0.1:1", "Ann", game="square")
    lobby.handle({"type": "error", "code": "something_new", "message": "internal: KeyError 'x'"})
    assert lobby.error == app.t("online.error.other")


class Adapter:
    def __init__(self, name, *ips):
        self.nice_name = name
        self.ips = [type("IP", (), {"ip": ip, "network_prefix": 24})() for ip in ips]


@pytest.fixture
def adapters(monkeypatch):
    """The machine's network adapters, as the test says; the routing table is not asked."""
    found: list[Adapter] = []
    monkeypatch.setattr("ifaddr.get_adapters", lambda: list(found))
    monkeypatch.setattr(address, "_routed", lambda: None)
    return found


def test_the_address_to_share_is_the_network_one(adapters):
    adapters += [Adapter("lo", "127.0.0.1", ("::1", 0, 0)), Adapter("eth0", "169.254.3.3", "192.168.1.20")]
    assert address.share_url("ws://127.0.0.1:8765") == "ws://192.168.1.20:8765"
    assert address.share_url("ws://localhost:9000") == "ws://192.168.1.20:9000"
    assert address.share_url("ws://cards.example.org:8765") == "ws://cards.example.org:8765"
    app = make_app()
    form = open_online(app)
    form.fields["server"].text = "ws://127.0.0.1:0"
    tap(app, find(app, "host_here").center)
    lobby = app.stack.top
    try:
        until(lambda: lobby.match is not None, step=lambda: frames(app))
        assert lobby.shown_url == f"ws://192.168.1.20:{lobby.server.port}"
        assert "127.0.0.1" not in lobby.shown_url
    finally:
        lobby.server.stop()


@pytest.mark.parametrize("lan", [True, False])
def test_without_a_network_the_waiting_room_says_only_this_computer_can_join(adapters, lan):
    adapters.append(Adapter("lo", "127.0.0.1"))
    assert address.lan_address() is None and address.share_url("ws://127.0.0.1:8765") is None
    app = make_app()
    form = open_online(app)
    form.fields["server"].text = "ws://127.0.0.1:0"
    form.lan = lan
    tap(app, find(app, "host_here").center)
    lobby = app.stack.top
    said: list[str] = []
    real = app.fonts.render

    def render(text, *args, **kw):
        said.append(text)
        return real(text, *args, **kw)

    app.fonts.render = render
    try:
        until(lambda: lobby.match is not None, step=lambda: frames(app))
        lobby.draw(app.screen)
        assert lobby.shown_url == "" and not any("127.0.0.1" in line for line in said)
        key = "online.only_here" if lan else "online.only_here_lan_off"
        assert app.t(key) in " ".join(said)
        assert app.t("online.address", url="") not in said
    finally:
        lobby.server.stop()


def test_a_server_opened_elsewhere_on_this_computer_is_shared_by_its_network_address(adapters):
    adapters.append(Adapter("eth0", "10.0.0.7"))
    app = make_app()
    lobby = LobbyScene(app, "ws://127.0.0.1:8765", "Ann", game="square")
    assert lobby.shown_url == "ws://10.0.0.7:8765"


# --- nearby games ---------------------------------------------------------------------------------------------
def test_a_server_heard_under_two_names_or_twice_at_one_address_is_listed_once():
    a1 = Nearby("Ann-8765._card-duels._tcp.local.", "ws://192.168.1.20:8765", "Ann", server="aa11aa11aa11aa11")
    a2 = Nearby("Ann-8765-2._card-duels._tcp.local.", "ws://192.168.1.21:8765", "Ann", "kombi", "K7Q2MF",
                server="aa11aa11aa11aa11")  # the same server on its second network card, now with a table
    b_old = Nearby("Box._card-duels._tcp.local.", "ws://192.168.1.30:8765", "Box")
    b_new = Nearby("Box-2._card-duels._tcp.local.", "ws://192.168.1.30:8765", "Box")  # restarted: a new name
    shown = listed([(a1, 10.0), (a2, 11.0), (b_old, 5.0), (b_new, 12.0)], now=12.0)
    assert shown == [a2, b_new]


def test_a_server_that_stopped_drops_out_of_the_list():
    now = [100.0]
    browser = Browser(clock=lambda: now[0])  # not started: the test says what the network said
    ann = Nearby("Ann._card-duels._tcp.local.", "ws://192.168.1.20:8765", "Ann", server="aa11aa11aa11aa11")
    box = Nearby("Box._card-duels._tcp.local.", "ws://192.168.1.30:8765", "Box", server="bb22bb22bb22bb22")
    browser.heard(ann.key, ann)
    browser.heard(box.key, box)
    assert browser.found() == [ann, box]
    browser.removed(ann.key)  # its goodbye
    assert browser.found() == [box]
    now[0] += FRESH - 1
    assert browser.found() == [box]
    now[0] += 2  # killed without a goodbye and no answer since: forgotten
    assert browser.found() == []
    browser.heard(box.key, box)  # it answers again
    assert browser.found() == [box]
    browser.heard(box.key, None)  # now with something this app cannot use
    assert browser.found() == []
