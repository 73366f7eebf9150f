"""Statistics in SQLite: recorded at the end of a game, shown on the statistics and end screens; a damaged
or locked file is reported and the app plays on."""
from __future__ import annotations

import sqlite3
import time

from game.records import recent_names, records
from game.session import Session
from game.stats import StatsStore, stats_path
from game.statsfile import MIGRATIONS, SCHEMA_VERSION, migrate
from game.tables import open_table
from rules.core import Action
from tests.uiplay import find_button
from tools.driver import frames, make_app, settle, tap


def run_until(app, cond, seconds=30.0):
    """Frames until ``cond`` holds; the statistics thread answers on the real clock, so wait by it."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        frames(app)
        time.sleep(0.001)
    return cond()


def finish_kombi(app, names=("Ann", "Ben"), mode="hotseat"):
    """A hotseat Kombi game ended by two passes (0:0), up to its end screen."""
    app.show("menu")
    frames(app, 2)
    table = open_table(app, Session.new("kombi", mode, list(names), 7))
    app.stack.push(table)
    frames(app, 2)
    for _ in range(2):
        while app.stack.top is not table:
            tap(app, (app.size[0] // 2, app.size[1] // 3))
            settle(app)
        assert table.submit(Action.make("pass"))
        settle(app)
    assert run_until(app, lambda: app.stack.top.name == "end")
    return table


def test_a_finished_game_appears_in_the_statistics():
    app = make_app()
    finish_kombi(app)
    end = app.stack.top
    assert run_until(app, lambda: end.record.line())
    assert "Ann: 1 game, 0 won, 1 drawn, streak: –" in end.record.line()  # 0:0 in Kombi is a draw, no win
    tap(app, find_button(app, "menu").center)
    frames(app, 2)
    tap(app, find_button(app, "stats").center)
    scene = app.stack.top
    assert scene.name == "stats"
    assert run_until(app, lambda: scene.table is not None)
    ann = scene.table["kombi"]["Ann"]
    assert (ann.played, ann.wins, ann.draws, ann.best, ann.streak) == (1, 0, 1, 0, 0)
    app.draw()
    again = make_app()  # a new App reads the same file
    rows = again.stats.games()
    assert run_until(again, lambda: rows.ready)
    assert [r["name0"] for r in rows.value] == ["Ann"] and rows.value[0]["actions"] == 2


def test_the_schema_is_versioned_and_migrates_an_old_file(tmp_path):
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    migrate_first = MIGRATIONS[0]
    for stmt in migrate_first:
        conn.execute(stmt)
    conn.execute("PRAGMA user_version = 1")
    conn.execute("INSERT INTO games (game, mode, name0, name1, score0, score1, winners, actions, played_at) "
                 "VALUES ('g', 'hotseat', 'A', 'B', 3, 1, '0', 9, '2026-01-01')")
    conn.commit()
    assert migrate(conn) == 1
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("SELECT humans FROM games").fetchone()[0] == "0,1"


def test_records_count_levels_streaks_and_recent_names():
    def row(mode, level, winners, s0, name0="Ann", humans="0"):
        return {"game": "g", "mode": mode, "name0": name0, "name1": "Computer", "score0": s0, "score1": 0,
                "winners": winners, "bot_level": level, "humans": humans}
    rows = [row("computer", 1, "0", 10), row("computer", 1, "1", 4), row("computer", 3, "0", 7),
            row("computer", 3, "0", 12), row("hotseat", None, "1", 2, name0="Cem", humans="0,1")]
    rec = records(rows)["g"]["Ann"]
    assert (rec.played, rec.wins, rec.best, rec.streak) == (4, 3, 12, 2)
    assert rec.win_rate(1) == 0.5 and rec.win_rate(3) == 1.0 and rec.win_rate(2) is None
    assert rec.average == 33 / 4
    assert recent_names(rows) == ["Cem", "Computer", "Ann"]


def test_a_damaged_database_is_set_aside_and_the_app_plays_on():
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"this is not a database at all" * 100)
    app = make_app()
    app.show("menu")
    frames(app, 2)
    menu = app.stack.top
    assert run_until(app, lambda: menu.notice)
    assert "damaged" in menu.notice and "set aside" in menu.notice
    aside = [p for p in path.parent.iterdir() if ".damaged-" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not")
    finish_kombi(app)  # plays, and the fresh file counts the game
    rows = app.stats.games()
    assert run_until(app, lambda: rows.ready) and len(rows.value) == 1


def test_a_locked_database_is_reported_the_game_waits_and_is_counted_once_free():
    """Issue 42: a lock held by another program is passing: the statistics stay on and the game is written later."""
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    StatsStore(path).close()  # a proper file, then someone else holds it
    other = sqlite3.connect(path)
    other.execute("BEGIN EXCLUSIVE")
    released = False
    try:
        app = make_app()
        app.show("menu")
        frames(app, 2)
        menu = app.stack.top
        assert run_until(app, lambda: menu.notice)
        assert "in use by another program" in menu.notice
        finish_kombi(app)
        assert app.stack.top.name == "end"
        assert app.stats.problem is None, "a lock never turns the statistics off"
        tap(app, find_button(app, "menu").center)
        frames(app, 2)
        tap(app, find_button(app, "stats").center)
        scene = app.stack.top
        run_until(app, lambda: False, seconds=1.5)
        assert scene.name == "stats" and scene.table is None, "still reading, not an empty history"
        other.rollback()
        other.close()
        released = True
        rows = None

        def counted() -> bool:
            nonlocal rows
            if rows is None or rows.ready and not rows.value:
                rows = app.stats.games()
            return rows.ready and len(rows.value) == 1

        assert run_until(app, counted, seconds=60), "the game that waited is written once the lock is gone"
        assert run_until(app, lambda: scene.table is not None, seconds=30)
        assert scene.table["kombi"]["Ann"].played == 1
        app.draw()
    finally:
        if not released:
            other.rollback()
            other.close()


def test_the_statistics_shot_shows_its_table_however_slow_the_statistics_thread(tmp_path, monkeypatch):
    """Issue 44 item 6: three of four shot runs caught "Reading the statistics…" (the shot counted frames)."""
    import game.statsdisk
    import tools.shot_kit
    from tools.settings_shots import settings_shots

    real_read = game.statsdisk.StatsDisk._read_book

    def slow_read(self, *args):
        time.sleep(2.0)  # a loaded machine
        return real_read(self, *args)

    shown = {}
    real_save = tools.shot_kit.save

    def spy(app, folder, name):
        shown[name] = getattr(app.stack.top, "table", None)
        return real_save(app, folder, name)

    monkeypatch.setattr(game.statsdisk.StatsDisk, "_read_book", slow_read)
    monkeypatch.setattr(tools.shot_kit, "save", spy)
    settings_shots(tmp_path, (1024, 600), "")
    assert shown["stats"] is not None and shown["stats"], "the table, with the games made up for the picture"
    assert (tmp_path / "stats.png").exists() or list(tmp_path.rglob("*stats*"))


def test_the_statistics_screen_shows_each_games_own_best_and_no_cribbage_score_past_121():
    """Issue 44 item 6: Card Square showed 27 as "Best" when 2 was won; cribbage showed 126."""
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    store = StatsStore(path)
    for game, score in (("square", 27), ("square", 2), ("trumps", 35), ("trumps", 0), ("cribbage", 126)):
        store.add_row((game, "computer", "Ann", "Computer", score, 5, "0", 30, "2026-01-01T10:00:00+00:00", 1, 2,
                       "0"))
    store.close()
    app = make_app()
    app.show("menu")
    frames(app, 2)
    scene = app.push("stats")
    assert run_until(app, lambda: scene.table is not None)
    best = {}
    for game in ("square", "trumps", "cribbage"):
        scene.press(f"game:{game}")
        frames(app)
        best[game] = scene.cells(scene.shown[0])[4]
        app.draw()
    assert best == {"square": "2", "trumps": "0", "cribbage": "121"}
    assert scene.cells(scene.shown[0])[5] == "121.0", "the average counts 121 too"
