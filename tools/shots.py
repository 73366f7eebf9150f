"""``make shots``: render every scene to PNG files for a person to look at."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from tools.howto_shots import howto_shots
from tools.kiosk_shots import kiosk_shots
from tools.online_shots import online_shots
from tools.settings_shots import settings_shots
from tools.tutorial_shots import tutorial_shots


def save(app, folder: Path, name: str) -> None:
    import pygame

    app.draw()  # a script may have changed a scene from outside the loop since the last frame: show it now
    pygame.image.save(app.screen, str(folder / f"{name}.png"))
    print(f"wrote {folder / name}.png")


def open_settled(app, session):
    """A table for ``session`` as the only scene, with its deal animation finished."""
    from game.tables import open_table
    from tools.driver import settle

    table = open_table(app, session)
    app.stack.reset(table)
    settle(app)
    return table


def play_out(session, seed: int = 3):
    """Let the computer finish the game for both seats (each sees only its own observation)."""
    from rules.bots import make_bot
    from rules.rng import derive

    bot = make_bot(session.game_id, 2)
    rng = derive(seed, "shots")
    st = session.match.state
    while not st.is_over:
        st = session.match.play(bot.choose([st.observe(st.to_move)], rng))
    return session


def midgame(game_id: str, moves: int, mode: str = "computer"):
    """A computer game a few moves in, with the human (seat 0) to move."""
    from game.session import Session
    from rules.bots import make_bot
    from rules.rng import derive

    bot = make_bot(game_id, 2)
    for seed in range(1, 200):
        session = Session.new(game_id, mode, ["Ann", "Computer" if mode == "computer" else "Ben"], seed)
        rng = derive(seed, "shots")
        st = session.match.state
        while not st.is_over and (len(session.match.actions) < moves or st.to_move != 0):
            st = session.match.play(bot.choose([st.observe(st.to_move)], rng))
        if not st.is_over:
            return session
    raise RuntimeError("no seed gave a long enough game")


def end_review(folder: Path, game_id: str, size: tuple[int, int], tag: str) -> None:
    """The final table with the result panel moved aside ("See the table"): hands face up."""
    import random

    from game.session import Session
    from tools.driver import frames, make_app

    session = Session.new(game_id, "computer", ["Ann", "Computer"], 5)
    rng = random.Random(5)
    st = session.match.state
    while not st.is_over:
        st = session.match.play(rng.choice(st.legal_actions()))
    app = make_app(size=size)
    table = open_settled(app, session)
    end = app.push("end", table=table)
    frames(app, 2)
    end.set_aside(True)
    app.invalidate()  # as the button's press would
    frames(app, 2)
    save(app, folder, f"{tag}end_review_{game_id}")


def main(argv: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("CARD_DUELS_HOME", str(Path(argv[0] if argv else "shots").resolve() / ".home"))
    folder = Path(argv[0] if argv else "shots")
    folder.mkdir(parents=True, exist_ok=True)
    for game_id, make in game_shot_makers():
        make(folder, (1920, 1080), f"{game_id}_")
        make(folder, (1024, 600), f"small_{game_id}_")
        make(folder, (3840, 2160), f"large_{game_id}_")
        end_review(folder, game_id, (1920, 1080), "")
        end_review(folder, game_id, (1024, 600), "small_")
    from tools.facing_shots import facing_shots

    for size, prefix in (((1920, 1080), ""), ((1024, 600), "small_"), ((3840, 2160), "large_")):
        facing_shots(folder, size, prefix)
    tutorial_shots(folder, (1920, 1080), "")
    tutorial_shots(folder, (1024, 600), "small_")
    online_shots(folder, (1920, 1080), "")
    online_shots(folder, (1024, 600), "small_")
    online_shots(folder, (3840, 2160), "large_")
    kiosk_shots(folder)
    settings_shots(folder, (1920, 1080), "")
    settings_shots(folder, (1024, 600), "small_")
    howto_shots(folder)
    from tools.recap_shots import recap_shots

    recap_shots(folder)
    from tools.review_shots import review_shots

    review_shots(folder)
    from tools.replay_shots import replay_shots

    replay_shots(folder, (1920, 1080), "")
    return 0


def game_shot_makers() -> list:
    """Each game may name its own screenshot script in its table registry entry (``module:function`` under
    tools/); a game without one gets its table in the middle of a game against the computer."""
    from functools import partial

    from game.tables import ENTRIES
    from tools.registry import resolve

    return [(gid, resolve(e.shots) if e.shots else partial(table_shot, gid)) for gid, e in ENTRIES.items()]


def table_shot(game_id: str, folder: Path, size: tuple[int, int], prefix: str) -> None:
    from tools.driver import make_app

    app = make_app(size=size)
    open_settled(app, midgame(game_id, 6))
    save(app, folder, f"{prefix}table")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
