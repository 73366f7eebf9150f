"""How-to-play screenshots for ``make shots``: every page of every game, <prefix>how_to_play_<game>_<page>.png
(pages counted from 1)."""
from __future__ import annotations

from pathlib import Path


def howto_shots(folder: Path, size: tuple[int, int], prefix: str) -> None:
    from game.scenes.menu import MenuScene
    from game.tables import playable
    from tools.driver import frames, make_app
    from tools.shot_kit import save

    app = make_app(size=size)
    app.stack.push(MenuScene(app))
    frames(app, 2)
    for game in playable():
        app.push("howto", game_id=game)
        frames(app, 2)
        scene = app.stack.top
        for i in range(len(scene.pages)):
            scene.page = i
            scene.build()
            frames(app, 1)
            save(app, folder, f"{prefix}how_to_play_{game}_{i + 1}")
        app.stack.pop()
        frames(app, 1)
