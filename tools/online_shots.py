"""Screenshots of online play for ``make shots``: the Online screen (with a game to come back to), the
waiting room with its code, and an online table (the first game of a best-of-3 series) waiting for the opponent
and then missing them, and its end with the series' score and the next game offered.

A real server runs in a thread on loopback and a second client joins it, so every picture shows what a
player would see, not a mock-up.
"""
from __future__ import annotations

import os
from pathlib import Path


class Heard:
    """Two servers "heard" on the network, for the picture of the Online screen (and its tests)."""

    def found(self):
        from game.online.nearby import Nearby

        return [Nearby("a", "ws://192.168.1.20:8765", "Mia", "kombi", "K7Q2MF"),
                Nearby("b", "ws://192.168.1.31:8765", "Kitchen")]

    def stop(self) -> None:
        pass


def online_shots(folder: Path, size: tuple[int, int], tag: str) -> None:
    import pygame

    from game.online.client import OnlineClient
    from game.online.hosting import ServerThread
    from game.online.play import OnlineTable
    from game.online.seatfile import SeatFile
    from game.scenes.lobby import LobbyScene
    from game.scenes.menu import MenuScene
    from game.scenes.online import OnlineScene
    from tools.driver import frames, make_app, settle
    from tools.shot_kit import save, until

    os.environ["CARD_DUELS_NEARBY"] = "0"  # a picture sends no multicast: the list below is made up
    server = ServerThread("127.0.0.1", 0, seeds=lambda: 5).start()
    guest = None
    try:
        app = make_app(size=size)
        app.stack.push(MenuScene(app))
        SeatFile().save(server.url, "K7Q2MF", "x" * 32, 0, "cribbage", "Ann")
        form = OnlineScene(app)
        app.stack.push(form)
        frames(app, 1)
        form.browser = Heard()  # what the network would say: no multicast for a picture
        frames(app, 2)
        save(app, folder, f"{tag}online_form")
        SeatFile().clear()
        quick = LobbyScene(app, server.url, "Ann", game="square", quick=True)
        app.stack.push(quick)
        until(lambda: quick.match is not None, lambda: frames(app))
        frames(app, 2)
        save(app, folder, f"{tag}online_quick")
        app.stack.pop()
        frames(app, 2)
        form.fields["server"].text = server.url
        lobby = LobbyScene(app, server.url, "Ann", game="kombi", best=3)  # a best of 3: its score on the table
        app.stack.push(lobby)
        until(lambda: lobby.match is not None, lambda: frames(app))
        frames(app, 2)
        save(app, folder, f"{tag}online_lobby")

        guest = OnlineClient(server.url).start()
        guest.wait_for(lambda m: m.get("status") == "connected")
        guest.send("join", code=lobby.code, name="Ben")
        until(lambda: isinstance(app.stack.top, OnlineTable), lambda: frames(app))
        table = app.stack.top
        settle(app)
        while table.match.state.to_move == 0:  # Ann draws and ends her turn, so the picture waits for Ben
            legal, before = table.match.state.legal_actions(), table.match.cursor
            table.submit(next((a for a in legal if a.kind == "draw"), next(a for a in legal if a.kind == "pass")))
            until(lambda n=before: table.match.cursor > n, lambda: frames(app))
            settle(app)
        save(app, folder, f"{tag}online_waiting")
        guest.close()
        until(lambda: table.match.opponent_away, lambda: frames(app))
        frames(app, 2)
        save(app, folder, f"{tag}online_opponent_away")
        back = OnlineClient(server.url).start()  # Ben again (a new connection), and he resigns
        back.wait_for(lambda m: m.get("status") == "connected")
        back.send("resume", code=lobby.code, token=guest.token)
        back.wait_for(lambda m: m.get("type") == "seated")
        back.send("resign")
        until(lambda: app.stack.top is not table and app.stack.top.name == "end", lambda: frames(app))
        back.send("rematch")
        end = app.stack.top
        until(lambda: end.offered is not None and end.offered[1] and "Ben" in end.offered[2], lambda: frames(app))
        frames(app, 2)
        save(app, folder, f"{tag}online_rematch")
        back.close()
        table.client.close()
        pygame.quit()
    finally:
        if guest is not None:
            guest.close()
        server.stop()
