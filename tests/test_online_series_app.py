"""A best-of-3 series in the app: the Online screen's series setting opens one, the online table shows the score
in its corner while a game of it runs, and the end screen says the score, offers the next game and, at the end,
who won the series; in English, German and Ukrainian."""
from __future__ import annotations

import pytest

from game.online import series
from game.online.hosting import ServerThread
from game.online.play import OnlineTable
from game.online.spectator import WatchTable
from sprites import theme
from sprites.roles import BODY
from tests.test_online_client import FAST, until
from tests.test_online_identity import Raw
from tests.test_online_meet_app import find, open_online
from tools.driver import frames, make_app, speaking, tap


@pytest.fixture
def server():
    srv = ServerThread("127.0.0.1", 0, FAST).start()
    yield srv
    srv.stop()


def _end(app):
    until(lambda: app.stack.top.name == "end", step=lambda: frames(app), timeout=20)
    frames(app, 2)  # drawn
    return app.stack.top


def test_a_series_from_the_online_screen_shows_its_score_on_the_table_and_the_end_screen(server):
    app = make_app()
    form = open_online(app)
    form.fields["server"].text, form.fields["name"].text = server.url, "Ann"
    assert find(app, "best").label == app.t("online.best3") and not find(app, "best").on
    tap(app, find(app, "best").center)
    frames(app, 2)
    assert form.best == 3 and find(app, "best").on
    tap(app, find(app, "host").center)
    lobby = app.stack.top
    until(lambda: lobby.match is not None, step=lambda: frames(app))
    assert (app.t("online.best3"), BODY, theme.TEXT_DIM) in lobby.said()  # the waiting room says what it opened
    ben = Raw(server.url)
    assert ben.ask("join", code=lobby.code, name="Ben")["type"] == "seated"
    until(lambda: isinstance(app.stack.top, OnlineTable) and app.stack.top.remote.started, step=lambda: frames(app))
    table = app.stack.top
    frames(app, 2)
    note = table.series_note()
    assert note is not None and table.series_line() == "Series 0–0 · game 1 of 3"
    assert note[1] in table.kept_clear() and table.board.contains(note[1])

    ben.client.send("resign")  # Ann 1-0
    end = _end(app)
    assert "Series 1–0 · game 1 of 3" in end.how_lines
    assert end.offered[0] == "Next game" and end.offered[1]
    tap(app, find(app, "again").center)
    frames(app, 2)
    assert end.offer()[2] == "Waiting for Ben to start the next game…"
    ben.client.send("rematch")
    until(lambda: isinstance(app.stack.top, OnlineTable) and app.stack.top is not table
          and app.stack.top.remote.started, step=lambda: frames(app), timeout=20)
    table = app.stack.top
    frames(app, 2)
    assert table.remote.seat == 1 and table.series_line() == "Series 1–0 · game 2 of 3"  # seats swapped

    ben.client.send("resign")  # Ann wins the series 2-0
    end = _end(app)
    assert "Ann wins the series 2–0" in end.how_lines
    assert end.offered[0] == "Rematch"  # a decided series: a rematch opens a new one
    assert table.series_note() is None  # the end screen says it in full
    ben.close()


@pytest.mark.parametrize(("lang", "going", "won"), [
    ("de", "Serie 1–0 · Spiel 2 von 3", "Ann gewinnt die Serie 2–1"),
    ("uk", "Серія 1–0 · гра 2 з 3", "Ann виграє серію 2–1"),
])
def test_the_series_words_in_german_and_ukrainian(lang, going, won):
    with speaking(lang):
        app = make_app()
    s = {"best": 3, "game": 2, "wins": [0, 1]}
    assert series.words(app.t, s, ["Ben", "Ann"], 1) == going  # the player's own wins first
    done = {"best": 3, "game": 3, "wins": [2, 1]}
    assert series.words(app.t, done, ["Ann", "Ben"], 1) == won
    assert app.t("online.series_next") != "Next game" and app.t("online.best3") != "Series: best of 3"


def test_a_spectator_sees_the_series_score_too(server):
    ann, ben = Raw(server.url), Raw(server.url)
    code = ann.ask("create", game="kombi", name="Ann", best=3)["code"]
    assert ben.ask("join", code=code, name="Ben")["type"] == "seated"
    app = make_app()
    form = open_online(app)
    form.fields["server"].text, form.fields["code"].text = server.url, code
    tap(app, find(app, "watch_live").center)
    until(lambda: isinstance(app.stack.top, WatchTable) and app.stack.top.remote.started, step=lambda: frames(app))
    table = app.stack.top
    frames(app, 2)
    assert table.series_line() == "Series 0–0 · game 1 of 3" and table.series_note() is not None
    ben.client.send("resign")
    until(lambda: table.remote.state.is_over, step=lambda: frames(app))
    assert table.series_line() == "Series 1–0 · game 1 of 3"  # seat 0's wins first, as the names above read
    ann.close(), ben.close()


def test_the_score_note_keeps_off_the_cards_where_the_corner_is_taken(server):
    """Card Square's opponent sits in the board's top right corner: the note goes to the free place nearest it."""
    app = make_app(size=(1024, 600))
    form = open_online(app)
    form.fields["server"].text, form.fields["name"].text, form.game = server.url, "Ann", "square"
    tap(app, find(app, "best").center)
    frames(app, 2)
    tap(app, find(app, "host").center)
    lobby = app.stack.top
    until(lambda: lobby.match is not None, step=lambda: frames(app))
    ben = Raw(server.url)
    assert ben.ask("join", code=lobby.code, name="Ben")["type"] == "seated"
    until(lambda: isinstance(app.stack.top, OnlineTable) and app.stack.top.remote.started, step=lambda: frames(app))
    table = app.stack.top
    until(lambda: not table.cards.busy, step=lambda: frames(app))
    frames(app, 2)
    box = table.series_note()[1]
    report = table.table_report()
    assert table.board.contains(box)
    assert not [c for c in report["cards"] + list(report["plates"]) if box.colliderect(c.inflate(-4, -4))]
    corner = box.copy()
    corner.topright = (table.board.right - round(10 * table.scale), table.board.top + round(10 * table.scale))
    assert box != corner  # (the corner itself holds the opponent's square)
    ben.close()
