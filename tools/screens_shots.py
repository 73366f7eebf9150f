"""Screenshots of the online screens around a game for ``make shots``: Watch with the running games listed, the
leaderboard and the recovery code. A real server runs in a thread on loopback with a game between two scripted
clients, so the list is what a spectator would see."""
from __future__ import annotations

import os
from pathlib import Path


def screens_shots(folder: Path, size: tuple[int, int], tag: str) -> None:
    import pygame

    from game.online.client import OnlineClient
    from game.online.hosting import ServerThread
    from tools.driver import frames, make_app
    from tools.shot_kit import save, until

    os.environ["CARD_DUELS_NEARBY"] = "0"
    server = ServerThread("127.0.0.1", 0, seeds=lambda: 5).start()
    players: list[OnlineClient] = []
    try:
        for game, host, guest in (("kombi", "Mia", "Ben"), ("cribbage", "Olena", "Kai")):
            first = OnlineClient(server.url).start()
            first.wait_for(lambda m: m.get("status") == "connected")
            first.send("create", game=game, name=host)
            code = first.wait_for(lambda m: m.get("type") == "seated")["code"]
            second = OnlineClient(server.url).start()
            second.wait_for(lambda m: m.get("status") == "connected")
            second.send("join", code=code, name=guest)
            second.wait_for(lambda m: m.get("type") == "seated")
            players += [first, second]
        app = make_app(size=size)
        app.settings.server = server.url
        app.show("menu")
        watch = app.push("watch", live=True)
        until(lambda: len(watch.live) == 2, lambda: frames(app))
        frames(app, 2)
        save(app, folder, f"{tag}watch_live")
        app.stack.pop()
        board = app.push("leaderboard", url=server.url, game="kombi")
        until(lambda: board.standing.board is not None or board.standing.failed, lambda: frames(app))
        frames(app, 2)
        save(app, folder, f"{tag}leaderboard")
        app.stack.pop()
        app.push("identity")
        frames(app, 2)
        save(app, folder, f"{tag}identity")
        pygame.quit()
    finally:
        for client in players:
            client.close()
        server.stop()
