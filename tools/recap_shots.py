"""Screenshots of the hotseat cover with its "Since your turn" recap: cover_recap_<game>.png."""
from __future__ import annotations

import random
from pathlib import Path


def recap_shots(folder: Path, size: tuple[int, int] = (1920, 1080), prefix: str = "") -> None:
    from game.tables import ENTRIES
    from tools.driver import frames, make_app
    from tools.shot_kit import midgame, open_settled, save

    for game_id in ENTRIES:
        app = make_app(size=size)
        session = midgame(game_id, 12, mode="hotseat")
        m = session.match
        rng = random.Random(5)
        while not m.state.is_over and m.actor(len(m.actions) - 1) == m.state.to_move:  # to a hand-off
            m.play(rng.choice(m.state.legal_actions()))
        seat = m.state.to_move
        if seat is None or not any(m.actor(i) == seat for i in range(len(m.actions))):
            continue
        table = open_settled(app, session)
        if getattr(app.stack.top, "name", "") != "cover":
            app.push("cover", table=table, seat=seat)
        frames(app, 3)
        app.draw()
        save(app, folder, f"{prefix}cover_recap_{game_id}")
