"""``make shots``: render every scene to PNG files for a person to look at."""
from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

# Every scene at 1920x1080, 1024x600 (small_) and 3840x2160 (large_) in English, and at 1024x600 in German and
# Ukrainian: (language, window size, file name prefix).
RUNS = (("en", (1920, 1080), ""), ("en", (1024, 600), "small_"), ("en", (3840, 2160), "large_"),
        ("de", (1024, 600), "small_de_"), ("uk", (1024, 600), "small_uk_"))


class Sink:
    """Where ``save`` sends a shot instead of a PNG file (the layout self-check passes one as the folder)."""

    def shot(self, app, name: str) -> None:
        raise NotImplementedError


def computer_name() -> str:
    """The computer's name in the language the shots speak."""
    from tools.driver import computer_name as name

    return name()


def save(app, folder, name: str) -> None:
    import pygame

    app.draw()  # a script may have changed a scene from outside the loop since the last frame: show it now
    if isinstance(folder, Sink):
        folder.shot(app, name)
        return
    pygame.image.save(app.screen, str(folder / f"{name}.png"))
    for hook in getattr(folder, "hooks", ()):
        hook(app, name)
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
    """A computer game ``moves`` moves in (fewer in a game too short for that), with the human (seat 0) to move."""
    from game.session import Session
    from rules.bots import make_bot
    from rules.rng import derive

    bot = make_bot(game_id, 2)
    for seed in range(1, 200):
        session = Session.new(game_id, mode, ["Ann", computer_name() if mode == "computer" else "Ben"], seed)
        rng = derive(seed, "shots")
        st = session.match.state
        while not st.is_over and (len(session.match.actions) < moves or st.to_move != 0):
            st = session.match.play(bot.choose([st.observe(st.to_move)], rng))
        if not st.is_over:
            return session
    if moves > 0:  # a short game (a few tricks): as far in as it goes with the human to move
        return midgame(game_id, moves // 2, mode)
    raise RuntimeError("no seed gave a game with the human to move")


def end_review(folder: Path, game_id: str, size: tuple[int, int], tag: str) -> None:
    """The final table with the result panel moved aside ("See the table"): hands face up."""
    import random

    from game.session import Session
    from tools.driver import frames, make_app

    session = Session.new(game_id, "computer", ["Ann", computer_name()], 5)
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


def shot_groups(games: list[str] | None = None) -> list[tuple[str, Callable]]:
    """Every screenshot script as ``(name, make(folder, size, prefix))``, for the shots and the layout check."""
    from tools.facing_shots import facing_shot, facing_shots
    from tools.howto_shots import howto_shots
    from tools.kiosk_shots import kiosk_shots
    from tools.online_shots import online_shots
    from tools.recap_shots import recap_shots
    from tools.replay_shots import replay_shots
    from tools.review_shots import review_shots
    from tools.settings_shots import settings_shots
    from tools.tutorial_shots import tutorial_shots

    def game(gid, make):
        return lambda folder, size, prefix: make(folder, size, f"{prefix}{gid}_")

    def review_end(gid):
        return lambda folder, size, prefix: end_review(folder, gid, size, prefix)

    def facing(gid):
        return lambda folder, size, prefix: facing_shot(folder, size, prefix, gid)

    picked = [(gid, make) for gid, make in game_shot_makers() if not games or gid in games]
    groups = [(gid, game(gid, make)) for gid, make in picked]
    groups += [(f"end_review_{gid}", review_end(gid)) for gid, _ in picked]
    if games:  # one game's own scenes and its face-to-face table
        return groups + [(f"face_to_face_{gid}", facing(gid)) for gid, _ in picked]
    return groups + [("face_to_face", facing_shots), ("tutorial", tutorial_shots), ("online", online_shots),
                     ("kiosk", kiosk_shots), ("settings", settings_shots), ("howto", howto_shots),
                     ("recap", recap_shots), ("review", review_shots), ("replay", replay_shots)]


class ShotFolder(type(Path())):
    """The output folder; each saved shot also goes to its ``hooks`` (the layout check, the measures)."""

    hooks: tuple = ()


def main(argv: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("CARD_DUELS_HOME", str(Path(argv[0] if argv else "shots").resolve() / ".home"))
    from tools.driver import speaking
    from tools.layout_check import Findings
    from tools.table_share import Measures

    folder = ShotFolder(argv[0] if argv else "shots")
    folder.mkdir(parents=True, exist_ok=True)
    findings, measures = Findings(), Measures()
    folder.hooks = (findings.shot, measures.shot)
    for lang, size, prefix in RUNS:
        with speaking(lang):
            findings.lang = lang
            for _, make in shot_groups():
                make(folder, size, prefix)
    measures.write(folder)
    findings.report()
    measures.report(folder)
    return 1 if findings.found else 0  # the layout check fails the run (issue 44)


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
