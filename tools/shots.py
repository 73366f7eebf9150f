"""``make shots``: render every scene to PNG files for a person to look at."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from game.kiosk_shots import kiosk_shots
from game.online.shots import online_shots


def save(app, folder: Path, name: str) -> None:
    import pygame

    pygame.image.save(app.screen, str(folder / f"{name}.png"))
    print(f"wrote {folder / name}.png")


def open_settled(app, session):
    """A table for ``session`` as the only scene, with its deal animation finished."""
    from game.driver import settle
    from game.tables import open_table

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


def kombi_shots(folder: Path, size: tuple[int, int], tag: str) -> None:
    from game.driver import drag, frames, make_app, settle
    from game.endscene import EndScene
    from game.menu import MenuScene
    from game.names import NamesScene
    from game.overlays import CoverScene, PauseScene, RulesScene
    from game.tables import open_table
    from rules.bots import make_bot
    from rules.rng import derive

    app = make_app(size=size)
    app.stack.push(MenuScene(app))
    frames(app, 3)
    save(app, folder, f"{tag}menu")
    names = NamesScene(app, "kombi", "hotseat")
    app.stack.push(names)
    frames(app, 2)
    names.show_keyboard(True)
    frames(app, 2)
    save(app, folder, f"{tag}names_keyboard")

    session = midgame("kombi", 14)
    bot = make_bot("kombi", 2)
    rng = derive(0, "shots")
    table = open_table(app, session)
    app.stack.reset(table)
    settle(app)
    hand = table.ordered_hand(table.obs)
    table.selected = set(hand[:3])
    table.refresh(animate=False)
    frames(app, 2)
    save(app, folder, f"{tag}kombi_table")
    table.selected = set()
    table.refresh(animate=False)
    settle(app)
    r1 = table.cards.current_rect(hand[0])
    drag(app, r1.center, table.my_pile_zone.center)
    frames(app, 10)
    save(app, folder, f"{tag}kombi_rejected_drop")
    app.stack.push(CoverScene(app, table, 1))
    frames(app, 2)
    save(app, folder, f"{tag}cover")
    app.stack.pop()
    app.stack.push(PauseScene(app, table))
    frames(app, 2)
    save(app, folder, f"{tag}pause")
    app.stack.push(RulesScene(app, "kombi"))
    frames(app, 2)
    save(app, folder, f"{tag}rules")
    app.stack.pop()
    app.stack.pop()
    while not session.match.state.is_over:
        st = session.match.state
        session.match.play(bot.choose([st.observe(st.to_move)], rng))
    table.refresh(animate=False)
    app.stack.push(EndScene(app, table))
    frames(app, 2)
    save(app, folder, f"{tag}end")


def main(argv: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("CARD_DUELS_HOME", str(Path(argv[0] if argv else "shots").resolve() / ".home"))
    folder = Path(argv[0] if argv else "shots")
    folder.mkdir(parents=True, exist_ok=True)
    kombi_shots(folder, (1920, 1080), "")
    kombi_shots(folder, (1024, 600), "small_")
    for game_id, make in game_shot_makers():
        make(folder, (1920, 1080), f"{game_id}_")
        make(folder, (1024, 600), f"small_{game_id}_")
    online_shots(folder, (1920, 1080), "")
    online_shots(folder, (1024, 600), "small_")
    kiosk_shots(folder)
    return 0


def game_shot_makers() -> list:
    """Each further game keeps its screenshots beside its table: game/tables/<game>_shots.py."""
    from game.tables.cribbage_shots import cribbage_shots
    from game.tables.square_shots import square_shots
    from game.tables.trumps_shots import trumps_shots

    makers: list = []
    makers.append(("cribbage", cribbage_shots))
    makers.append(("square", square_shots))
    makers.append(("trumps", trumps_shots))
    return makers


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
