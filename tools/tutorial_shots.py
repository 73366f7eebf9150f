"""``make shots``: the guided first game of every game, one picture per coach mark (tutorial_<game>_<n>.png), each
as it first appears while a newcomer plays the game by the marks (tools/newcomer.py) against the computer."""
from __future__ import annotations

from pathlib import Path


def tutorial_shots(folder: Path, size: tuple[int, int], prefix: str, lang: str | None = None) -> None:
    from game.tables import ENTRIES

    for game_id, entry in ENTRIES.items():
        if entry.coach is not None:
            _one_game(folder, size, prefix, game_id, lang)


def _one_game(folder: Path, size: tuple[int, int], prefix: str, game_id: str, lang: str | None) -> None:
    from game import prefs
    from tools.driver import frames, make_app
    from tools.newcomer import first_game, open_first_game
    from tools.shot_kit import save

    app = make_app(size=size)
    if lang:
        prefs.change(app, "language", lang)
    _, table = open_first_game(app, game_id, 5)
    saved: list[str] = []

    def on_frame(coach) -> None:
        mark = coach.mark if coach is not None else None
        if mark is not None and mark.key not in saved:
            saved.append(mark.key)
            save(app, folder, f"{prefix}tutorial_{game_id}_{len(saved)}")

    first_game(app, table, 5, on_frame=on_frame)
    app.stack.reset(table)
    frames(app, 1)
