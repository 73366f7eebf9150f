"""Ranked play in the app: Online -> Ranked match seats the player by rating, the end screen shows the rating's
change, Statistics the rating, and Online -> Leaderboard the server's board with the player's own line."""
from __future__ import annotations

import json

import pytest

from game.online.hosting import ServerThread
from game.online.keyfile import KeyFile, Keys
from game.online.standing import RatingFile, change_words, rating_words
from game.scenes.stats import StatsScene
from tests.test_online_client import FAST, until
from tests.test_online_identity import Raw
from tests.test_online_meet_app import find, open_online
from tools.driver import frames, make_app, tap


@pytest.fixture
def server():
    srv = ServerThread("127.0.0.1", 0, FAST).start()
    yield srv
    srv.stop()


def test_a_ranked_match_from_the_online_screen_shows_the_change_at_the_end_and_in_statistics(server):
    app = make_app()
    form = open_online(app)
    form.fields["server"].text, form.fields["name"].text = server.url, "Ann"
    game = form.game
    tap(app, find(app, "ranked").center)
    lobby = app.stack.top
    until(lambda: lobby.match is not None, step=lambda: frames(app))
    assert lobby.ranked and not lobby.error
    until(lambda: lobby.standing is not None and lobby.standing.board is not None, step=lambda: frames(app))
    assert lobby.standing.mine is None  # no rating yet: the waiting room says how to get one
    frames(app, 2)

    ben = Raw(server.url)
    assert ben.prove(Keys.make(), "Ben")["type"] == "identified"
    assert ben.ask("ranked", game=game, name="Ben")["type"] == "seated"
    until(lambda: app.stack.top is not lobby, step=lambda: frames(app))
    ben.client.send("resign")
    until(lambda: any(s.name == "end" for s in app.stack.scenes), step=lambda: frames(app), timeout=20)
    end = next(s for s in app.stack.scenes if s.name == "end")
    until(lambda: end.rating_shown, step=lambda: frames(app))

    ann = KeyFile().load()
    row = server.server.store.read(lambda db: db.one("SELECT rating, prior, games FROM ratings WHERE player = ? "
                                                     "AND game = ?", (ann.player, game)))
    assert row[1] == 1500 and row[0] > 1500 and row[2] == 1  # Ann won by Ben's resignation
    shown = change_words(app.t, end.rating.mine)
    assert shown == app.t("rating.change_provisional", before=1500, after=round(row[0]),
                          change=f"+{round(row[0]) - 1500}", games=1, placement=5)  # the first of five placement games
    assert shown in end.how_lines
    frames(app, 2)  # drawn with it

    kept = RatingFile().load()[game]
    assert kept["rating"] == round(row[0]) and kept["provisional"]
    stats = StatsScene(app)
    stats.game = game
    assert rating_words(app.t, game, kept) in stats.note()
    ben.close()


def test_the_leaderboard_is_reachable_from_the_online_screen_and_shows_ones_own_line(server):
    app = make_app()
    form = open_online(app)
    form.fields["server"].text = server.url
    game = form.game
    me = Keys.make()
    KeyFile().save(me)
    store = server.server.store
    store.run(lambda db: db.run("INSERT INTO players (id, pubkey, name, folded, created, seen) VALUES "
                                "(?, 'k', 'Ann', 'ann', 0, 0)", (me.player,)))
    store.run(lambda db: db.run("INSERT INTO ratings (player, game, rating, rd, vol, games, prior) VALUES "
                                "(?, ?, 1612.4, 70, 0.06, 9, 1600)", (me.player, game)))
    tap(app, find(app, "board").center)
    board = app.stack.top
    assert board.name == "leaderboard" and board.game == game
    until(lambda: board.standing.board is not None, step=lambda: frames(app))
    doc = board.standing.board
    assert doc["top"] == [{"place": 1, "name": "Ann", "rating": 1612, "games": 9}]
    app.settings.online_name = "ann"
    assert board.is_mine(doc["top"][0])  # drawn in gold
    app.settings.online_name = "Ben"
    assert not board.is_mine(doc["top"][0])
    assert doc["me"] == {"rating": 1612, "games": 9, "provisional": False, "prior": 1600, "place": 1}
    assert rating_words(app.t, game, doc["me"], doc["players"]) == app.t(
        "rating.placed", game=app.t(f"game.{game}"), rating=1612, place=1, players=1)
    frames(app, 2)
    tap(app, find(app, "game").center)  # the next game's board: nobody there yet
    assert board.game != game
    until(lambda: board.standing.board is not None, step=lambda: frames(app))
    assert board.standing.board["top"] == [] and board.standing.mine is None
    frames(app, 2)
    tap(app, find(app, "back").center)
    assert app.stack.top is form


def test_a_server_without_leaderboards_is_said_in_plain_words():
    app = make_app()
    form = open_online(app)
    form.fields["server"].text = "ws://127.0.0.1:9"  # nothing listens there
    tap(app, find(app, "board").center)
    board = app.stack.top
    until(lambda: board.standing.failed, step=lambda: frames(app))
    frames(app, 2)
    assert board.next_deadline() is None  # nothing more to wait for


def test_the_waiting_room_follows_a_move_to_an_older_table(server, monkeypatch):
    """The app's player waits at a ranked table of their own until an older host's window reaches them; then the
    server seats them there and the game starts in the app."""
    from game.online import ranked

    monkeypatch.setattr(ranked, "WINDOW_GROWTH", 100.0)  # 2 s to reach 300 points
    monkeypatch.setattr(ranked, "RETRY", 0.1)
    app = make_app()
    form = open_online(app)
    form.fields["server"].text, form.fields["name"].text = server.url, "Ben"
    game = form.game
    ben, ann = Keys.make(), Keys.make()
    KeyFile().save(ben)
    for keys, value in ((ann, 1500.0), (ben, 1800.0)):
        server.server.store.run(lambda db, k=keys, v=value: db.run(
            "INSERT INTO ratings (player, game, rating, rd, vol, games) VALUES (?, ?, ?, 60, 0.06, 20)",
            (k.player, game, v)))
    host = Raw(server.url)
    assert host.prove(ann, "Ann")["type"] == "identified"
    assert host.ask("ranked", game=game, name="Ann")["seat"] == 0
    tap(app, find(app, "ranked").center)
    lobby = app.stack.top
    until(lambda: lobby.match is not None, step=lambda: frames(app))
    own = lobby.code
    until(lambda: app.stack.top is not lobby, step=lambda: frames(app), timeout=15)
    assert lobby.code != own and lobby.match.seat == 1 and lobby.match.rated == (server.url, ben.player)
    host.close()


def test_two_headless_apps_play_a_ranked_match_and_both_ratings_move(tmp_path):
    """Two app processes, each with its own data folder (its own key), meet through --ranked-match; the computer
    plays each seat to the end; the server's store then holds one rated game for each key, moved the right way."""
    import os
    import subprocess
    import sys

    from tests.test_online_meet_app import ROOT

    server = ServerThread("127.0.0.1", 0, seeds=lambda: 11).start()
    base = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    common = [sys.executable, str(ROOT / "main.py"), "--headless", "--demo", "--until-end", "--size", "1024x600",
              "--server", server.url, "--ranked-match", "--game", "kombi"]
    procs = [subprocess.Popen([*common, "--name", name], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env={**base, "CARD_DUELS_HOME": str(tmp_path / name)}, cwd=ROOT)
             for name in ("Ann", "Ben")]
    try:
        outs = [p.communicate(timeout=120) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    try:
        results = [[x for x in out.splitlines() if x.startswith("RESULT ")] for out, _err in outs]
        assert results[0] and results[0] == results[1], outs
        (table,) = server.server.tables.values()
        winners = list(table.match.state.winners)
        keys = [json.loads((tmp_path / name / "data" / "online-identity.json").read_text()) for name in ("Ann", "Ben")]
        assert keys[0] != keys[1]
        rows = server.server.store.read(lambda db: db.rows(
            "SELECT p.name, g.rating, g.games FROM ratings g JOIN players p ON p.id = g.player WHERE g.game = 'kombi'"))
        by_name = {name: (rating, games) for name, rating, games in rows}
        assert set(by_name) == {"Ann", "Ben"} and all(games == 1 for _r, games in by_name.values())
        names = table.names
        if len(winners) == 1:
            won, lost = names[winners[0]], names[1 - winners[0]]
            assert by_name[won][0] > 1500 > by_name[lost][0]
    finally:
        server.stop()
