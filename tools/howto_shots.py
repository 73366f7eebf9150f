"""How-to-play screenshots for ``make shots``: every page of every game, how_to_play_<game>_<page>.png at
1920x1080 and small_how_to_play_<game>_<page>.png at 1024x600 (pages counted from 1)."""
from __future__ import annotations

from pathlib import Path

SIZES = (((1920, 1080), ""), ((1024, 600), "small_"))


def howto_shots(folder: Path) -> None:
    from game.scenes.menu import MenuScene
    from game.tables import playable
    from tools.driver import frames, make_app
    from tools.shots import save

    for size, tag in SIZES:
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
                save(app, folder, f"{tag}how_to_play_{game}_{i + 1}")
            app.stack.pop()
            frames(app, 1)
