"""Every screenshot script (``make shots`` and the layout self-check run them all): each game's own, or its table
mid-game, its final table, its face-to-face table, and the shared scenes' scripts."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tools.shot_kit import computer_name, midgame, open_settled, save


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
    from tools.screens_shots import screens_shots
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
                     ("screens", screens_shots), ("kiosk", kiosk_shots), ("settings", settings_shots),
                     ("howto", howto_shots), ("recap", recap_shots), ("review", review_shots), ("replay", replay_shots)]


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
