"""Screenshots of the post-game review: review_<game>.png (a costly decision marked) and review_summary.png."""
from __future__ import annotations

import random
from pathlib import Path


def finished_vs_computer(game_id: str, seed: int = 5):
    """A game against the computer: the human (seat 0) half at random, the computer plays its best."""
    from game.session import Session
    from rules.bots import make_bot
    from tools.shot_kit import computer_name

    session = Session.new(game_id, "computer", ["Ann", computer_name()], seed)
    m, rng, bot = session.match, random.Random(seed), make_bot(game_id, 2)
    while not m.state.is_over and len(m.actions) < 4000:
        st = m.state
        if st.to_move == 0 and rng.random() < 0.5:
            m.play(rng.choice(st.legal_actions()))
        else:
            m.play(bot.choose([st.observe(st.to_move)], rng))
    return session


def open_review(game_id: str, size: tuple[int, int]):
    from rules.review import review
    from tools.driver import frames, make_app, settle
    from tools.shot_kit import open_settled

    chosen, rank = None, -1
    for seed in range(5, 17):  # a deal whose review marks a costly decision, else one with a verdict
        session = finished_vs_computer(game_id, seed)
        if not session.match.state.is_over:
            continue
        moments = review(session.match, 0)
        got = 2 if any(m.costly for m in moments) else 1 if any(m.judged for m in moments) else 0
        if got > rank:
            chosen, rank = session, got
        if got == 2:
            break
    if chosen is None:
        return None, None
    session = chosen
    app = make_app(size=size)
    table = open_settled(app, session)
    app.push("end", table=table)
    frames(app, 2)
    app.stack.top.press("review")
    frames(app, 1)
    scene = app.stack.top
    scene.wait()
    frames(app, 2)
    settle(app)
    return app, scene


def review_shots(folder: Path, size: tuple[int, int] = (1920, 1080), prefix: str = "") -> None:
    from game.tables import ENTRIES
    from tools.driver import frames, settle
    from tools.shot_kit import save

    for game_id in ENTRIES:
        app, scene = open_review(game_id, size)
        if scene is None:
            continue
        if game_id == next(iter(ENTRIES)):
            frames(app, 2)
            app.draw()
            save(app, folder, f"{prefix}review_summary")
        moments = scene.moments or []
        pick = next((i for i, m in enumerate(moments) if m.costly),
                    next((i for i, m in enumerate(moments) if m.judged), 0))
        scene.go(pick + 1)
        settle(app)
        frames(app, 2)
        app.draw()
        save(app, folder, f"{prefix}review_{game_id}")
