"""Screenshots of watching a replay code: watch.png (the code typed in) and replay_<game>.png (the replay
table paused a few moves in, with its play/pause, step, speed and view controls)."""
from __future__ import annotations

from pathlib import Path


def replay_shots(folder: Path, size: tuple[int, int] = (1920, 1080), tag: str = "") -> None:
    from game.tables import ENTRIES
    from game.tables.replay import open_replay
    from rules.replay import decode
    from tools.driver import frames, make_app, settle
    from tools.shot_kit import computer_name, midgame, save

    for i, game_id in enumerate(ENTRIES):
        code = midgame(game_id, 16).replay_code()
        app = make_app(size=size)
        if i == 0:
            app.show("menu")
            app.push("watch", code=code)
            frames(app, 3)
            app.draw()
            save(app, folder, f"{tag}watch")
        table = open_replay(app, decode(code), ["Ann", computer_name()])
        app.stack.reset(table)
        settle(app)
        for _ in range(10):  # a few moves in, paused: the log has lines, the last move glides no more
            table.step()
            settle(app)
        frames(app, 3)
        app.draw()
        save(app, folder, f"{tag}replay_{game_id}")


if __name__ == "__main__":
    import os
    import sys

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "shots")
    out.mkdir(parents=True, exist_ok=True)
    replay_shots(out)
