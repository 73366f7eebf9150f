"""Starting the app from the command line: the first scene the options ask for, and ``main``."""
from __future__ import annotations

import logging
import sys

from game.app import App
from game.options import Options
from game.scene import Scene


def start_scene(app: App) -> Scene:
    """The first scene for the given options: a table directly, or the menu."""
    o = app.opts
    if o.server and (o.host_table or o.join or o.quick_match or o.ranked_match):
        from game.scenes.lobby import lobby_from_options

        return lobby_from_options(app)
    if not (o.replay or o.demo or (o.game and o.players)):
        return app.scene("menu")
    from game.session import Session
    from game.tables import playable

    if o.replay:
        session = Session.watching(o.replay, app.t)
        if session.match.state.is_over or o.play_on:
            return app.open_table(session)
        from game.tables.replay import open_replay  # the recording ends where the game was left

        return open_replay(app, session.match, session.names)
    if o.demo:
        names = [app.t("names.computer") + " A", app.t("names.computer") + " B"]
        session = Session.new(o.game or playable()[0], "demo", names,
                              o.seed if o.seed is not None else app.new_seed(), o.level)
        return app.open_table(session)
    assert o.game and o.players  # else the menu opened above
    seed = o.seed if o.seed is not None else app.new_seed()
    names = list(o.players)
    if len(names) == 1:  # against the computer one name is enough: the computer is the computer
        names.append(app.t("names.computer"))
    return app.open_table(Session.new(o.game, o.mode, names, seed, o.level))


def main(opts: Options) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    if opts.replay:
        from rules.replay import ReplayError, decode

        try:
            match = decode(opts.replay)  # a bad code is refused before any window opens
        except ReplayError as exc:
            print(f"card-duels: bad replay code: {exc}", file=sys.stderr)
            return 2
        if opts.until_end and not (match.state.is_over or opts.play_on):
            # the recorded game has no end to wait for; only --play-on lets the computer finish it
            print(f"REPLAY-END game={match.game_id} moves={match.cursor} unfinished", flush=True)
            return 0
    from game.kiosk import AlreadyRunning

    try:
        app = App(opts)
    except AlreadyRunning as exc:  # a kiosk runs already on this computer: said, and nothing else opens
        print(f"card-duels: {exc}", file=sys.stderr)
        return 3
    return app.run(start_scene(app))
