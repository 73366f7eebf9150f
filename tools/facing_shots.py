"""Screenshots of the face-to-face table: ``face_to_face_<game>.png`` — a hotseat game a few moves in, the
player across (the top half, turned) holding the table with their cards showing, the other half public —,
``face_to_face_cover.png``, the hand-off cover turned to the player across, and ``face_to_face_log.png``, both
halves' log drawers open."""
from __future__ import annotations

from pathlib import Path

MOVES = 8  # about this far into the game


def session_for_top(game_id: str, moves: int = MOVES):
    """A hotseat game ``moves`` or more actions in (at most half its longest game) with seat 1 (the top half) to
    move."""
    import rules
    from game.session import Session
    from rules.bots import make_bot
    from rules.rng import derive

    moves = min(moves, rules.spec(game_id).max_actions // 2)
    bot = make_bot(game_id, 1)
    for seed in range(1, 200):
        session = Session.new(game_id, "hotseat", ["Ann", "Ben"], seed)
        rng = derive(seed, "shots")
        st = session.match.state
        while not st.is_over and (len(session.match.actions) < moves or st.to_move != 1):
            st = session.match.play(bot.choose([st.observe(st.to_move)], rng))
        if not st.is_over:
            return session
    raise RuntimeError("no seed gave a long enough game")


def open_facing_settled(size: tuple[int, int], game_id: str, confirm: bool = True):
    """The app with a face-to-face table for ``game_id``; the top seat's cover confirmed when ``confirm``."""
    from tools.driver import frames, make_app, settle

    app = make_app(size=size)
    app.settings.face_to_face = True
    table = app.open_table(session_for_top(game_id))
    app.stack.reset(table)
    frames(app, 3)
    if confirm and app.stack.top.name == "cover":
        app.stack.top.confirm()
    settle(app)
    frames(app, 2)
    return app, table


def facing_shot(folder: Path, size: tuple[int, int], prefix: str, game_id: str) -> None:
    from tools.shot_kit import save

    app, _ = open_facing_settled(size, game_id)
    save(app, folder, f"{prefix}face_to_face_{game_id}")


def facing_shots(folder: Path, size: tuple[int, int], prefix: str) -> None:
    from game.tables import ENTRIES
    from tools.shot_kit import save

    for game_id in ENTRIES:
        facing_shot(folder, size, prefix, game_id)
    app, _ = open_facing_settled(size, next(iter(ENTRIES)), confirm=False)
    app.draw()
    save(app, folder, f"{prefix}face_to_face_cover")
    facing_log_shot(folder, size, prefix, next(iter(ENTRIES)))


def facing_log_shot(folder: Path, size: tuple[int, int], prefix: str, game_id: str) -> None:
    """``face_to_face_log.png``: both halves' log drawers open (each player reads the last sentences)."""
    from tools.driver import frames
    from tools.shot_kit import save

    app, table = open_facing_settled(size, game_id)
    for band in table.bands:
        band.drawer.open = True  # as a tap on the half's log panel opens it
        band.touches += 1
    frames(app, 2)
    save(app, folder, f"{prefix}face_to_face_log")
