"""Screenshots of the settings, statistics and names (with recently used names) screens."""
from __future__ import annotations

import tempfile
from pathlib import Path


def _stats_app(size, home: Path):
    from game.stats import StatsStore
    from game.tables import playable
    from tools.driver import make_app

    app = make_app(size=size)
    app.stats.close()
    app.stats = StatsStore(home / "stats.sqlite3")  # a fresh file, the same every run
    game = playable()[0]
    # (mode, names, scores, winners, actions, bot level, human seats)
    games = [
        ("computer", "Ann", "Computer", 34, 21, "0", 61, 1, "0"),
        ("computer", "Ann", "Computer", 40, 12, "0", 48, 1, "0"),
        ("computer", "Ann", "Computer", 18, 27, "1", 70, 2, "0"),
        ("computer", "Ann", "Computer", 29, 25, "0", 66, 2, "0"),
        ("computer", "Ann", "Computer", 22, 31, "1", 59, 3, "0"),
        ("hotseat", "Ann", "Ben", 26, 19, "0", 64, None, "0,1"),
        ("hotseat", "Cem", "Ben", 15, 30, "1", 52, None, "0,1"),
        ("hotseat", "Dana", "Ann", 24, 24, "0,1", 71, None, "0,1"),
        ("hotseat", "Ann", "Ben", 33, 20, "0", 58, None, "0,1"),
    ]
    for seed, (mode, a, b, sa, sb, won, n, level, humans) in enumerate(games, start=11):
        app.stats.add_row((game, mode, a, b, sa, sb, won, n, f"2026-11-{seed:02d}T18:00:00+00:00", seed, level, humans))
    return app


def _wait(app, ready) -> None:
    """Frames until ``ready()`` holds: the statistics thread answers on the real clock, so a shot waits for the
    answer, never for a number of frames (which a loaded machine outruns)."""
    from tools.driver import frames, run_until

    if not run_until(app, ready, 120):
        raise RuntimeError("the statistics did not come within 120 s")
    frames(app, 2)


def settings_shots(folder: Path, size: tuple[int, int], prefix: str) -> None:
    from tools.driver import frames
    from tools.shot_kit import save

    with tempfile.TemporaryDirectory() as tmp:
        app = _stats_app(size, Path(tmp))
        app.show("menu")
        frames(app, 2)
        app.push("settings")
        frames(app, 2)
        app.draw()
        save(app, folder, f"{prefix}settings")
        scene = app.show("stats")
        frames(app, 2)
        _wait(app, lambda: scene.table is not None)  # the table, never "Reading the statistics…"
        app.draw()
        save(app, folder, f"{prefix}stats")
        app.show("menu")
        frames(app, 2)
        names = app.push("names", game=app.stack.top.game, mode="hotseat")
        frames(app, 2)
        _wait(app, lambda: (names.pending or _Done()).ready)
        app.draw()
        save(app, folder, f"{prefix}names_recent")
        _continue_list(app, folder, prefix)
        app.stats.close()


def _continue_list(app, folder: Path, prefix: str) -> None:
    """Three kept games: the menu's Continue button, and the list it opens."""
    import os
    import time

    from game.session import Session
    from tools.driver import frames
    from tools.shot_kit import computer_name, save

    for i, (game, mode, names) in enumerate((("kombi", "computer", ["Mia", computer_name()]),
                                             ("cribbage", "hotseat", ["Ann", "Ben"]),
                                             ("trumps", "computer", ["Ann", computer_name()]))):
        session = Session.new(game, mode, names, 5 + i)
        session.match.play(session.match.state.legal_actions()[0])
        app.saves.save(session)
        stamp = time.time() - (90, 3 * 3600 + 60, 2 * 86400 + 60)[i]
        os.utime(app.saves.path_of(session), (stamp, stamp))
    app.show("menu")
    frames(app, 2)
    app.draw()
    save(app, folder, f"{prefix}menu_saves")
    app.push("saved")
    frames(app, 2)
    app.draw()
    save(app, folder, f"{prefix}continue_list")
    for info in app.saves.latest():
        info.path.unlink()


class _Done:
    ready = True
