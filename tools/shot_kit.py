"""What the screenshot scripts share (tools/<name>_shots.py): a game opened and settled, played some or all of the
way, and a shot saved to a folder or a ``Sink``. The scripts import this, never tools/shots.py, which imports them."""
from __future__ import annotations


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


def until(done, step, timeout: float = 30.0) -> None:
    """Run ``step`` (a frame) until ``done``: a picture of an online screen waits for its loopback server."""
    import time

    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise RuntimeError("screenshots: the server did not answer in time")
        step()
        time.sleep(0.002)
