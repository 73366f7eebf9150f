"""Leaving an online game is explicit: the app asks (keep the seat, or resign), only a resignation gives the game
up and counts as a loss in the statistics, and a game against a person offers no restart, undo, hint or analysis."""
from __future__ import annotations

import pygame

from game.online.hosting import ServerThread
from game.online.play import OnlineTable
from game.online.seatfile import SeatFile
from game.scenes.confirm import ChooseScene
from game.scenes.menu import MenuScene
from game.scenes.pause import PauseScene
from tests.test_online_client import FAST, Side, until
from tests.test_online_meet_app import find, open_online
from tools.driver import frames, make_app, tap


def host_with_guest(url: str, game: str = "square"):
    """An app that opened a table of ``game``, and Ben (a scripted client) seated at it."""
    app = make_app()
    form = open_online(app)
    form.fields["server"].text, form.game = url, game
    tap(app, find(app, "host").center)
    lobby = app.stack.top
    until(lambda: lobby.match is not None and lobby.code, step=lambda: frames(app))
    guest = Side(url)
    until(guest.connected)
    guest.client.send("join", code=lobby.code, name="Ben")
    until(lambda: isinstance(app.stack.top, OnlineTable) and guest.match is not None,
          step=lambda: (frames(app), guest.pump()))
    return app, lobby, guest


def open_pause(app) -> PauseScene:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    frames(app, 2)
    assert isinstance(app.stack.top, PauseScene)
    return app.stack.top


def ids(app) -> list[str]:
    return [b.id for b in app.stack.top.buttons.buttons]


def stats_rows(app) -> list[dict]:
    pending = app.stats.games()
    until(lambda: pending.ready)
    return pending.value


def test_main_menu_asks_and_keeping_the_seat_resigns_nothing():
    server = ServerThread("127.0.0.1", 0, limits=FAST).start()
    try:
        app, lobby, guest = host_with_guest(server.url)
        table = app.stack.top
        pause = open_pause(app)
        assert "restart" not in ids(app) and "menu" in ids(app)  # no "Restart this deal" in an online game
        tap(app, find(app, "menu").center)
        question = app.stack.top
        assert isinstance(question, ChooseScene) and "Ben" in question.text
        assert question.labels == [app.t("online.leave.keep"), app.t("online.leave.resign")]
        tap(app, find(app, "cancel").center)  # changed their mind: back in the pause menu, still playing
        assert app.stack.top is pause and table in app.stack.scenes

        tap(app, find(app, "menu").center)
        tap(app, find(app, "pick:0").center)  # keep my seat
        frames(app, 2)
        assert isinstance(app.stack.top, MenuScene) and table not in app.stack.scenes
        until(lambda: guest.match.opponent_away, step=guest.pump)
        assert guest.match.result is None and not guest.match.state.is_over  # not resigned: Ann may come back
        assert not [m for m in guest.other if m.get("type") == "state" and m.get("result")]
        saved = SeatFile().load()
        assert saved is not None and saved.code == lobby.code  # "Back to your game" on the Online screen
        frames(app, 2)
        form = open_online(app)
        assert form.saved is not None and find(app, "resume") is not None
        assert stats_rows(app) == []  # nothing ended, nothing counted
    finally:
        server.stop()


def test_resigning_on_the_way_out_tells_the_opponent_and_counts_the_loss():
    server = ServerThread("127.0.0.1", 0, limits=FAST).start()
    try:
        app, lobby, guest = host_with_guest(server.url)
        open_pause(app)
        tap(app, find(app, "menu").center)
        tap(app, find(app, "pick:1").center)  # resign and leave
        frames(app, 2)
        assert isinstance(app.stack.top, MenuScene)
        until(lambda: guest.match.state.is_over, step=guest.pump)
        assert guest.match.result["reason"] == "resign" and guest.match.result["winners"] == [1 - lobby.match.seat]
        (row,) = stats_rows(app)
        assert row["mode"] == "online" and row["winners"] == str(1 - lobby.match.seat)
        assert SeatFile().load() is None  # nothing to come back to
    finally:
        server.stop()


def test_closing_the_window_asks_first_and_a_second_close_keeps_the_seat():
    server = ServerThread("127.0.0.1", 0, limits=FAST).start()
    try:
        app, lobby, guest = host_with_guest(server.url)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        frames(app, 2)
        question = app.stack.top
        assert app.running and isinstance(question, ChooseScene)
        assert question.labels == [app.t("online.leave.keep_quit"), app.t("online.leave.resign_quit")]
        pygame.event.post(pygame.event.Event(pygame.QUIT))  # insisting closes it, and the seat stays
        frames(app, 1)
        assert not app.running and SeatFile().load() is not None
        guest.pump()
        assert not guest.match.state.is_over
    finally:
        server.stop()


def test_closing_the_window_with_resign_gives_the_game_up_before_the_app_ends():
    server = ServerThread("127.0.0.1", 0, limits=FAST).start()
    try:
        app, lobby, guest = host_with_guest(server.url)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        frames(app, 2)
        tap(app, find(app, "pick:1").center)
        assert not app.running
        until(lambda: guest.match.state.is_over, step=guest.pump)
        assert guest.match.result["reason"] == "resign"
        assert [r["winners"] for r in stats_rows(app)] == [str(1 - lobby.match.seat)]
    finally:
        server.stop()


def test_a_finished_online_game_leaves_without_a_question():
    server = ServerThread("127.0.0.1", 0, limits=FAST).start()
    try:
        app, lobby, guest = host_with_guest(server.url)
        table = app.stack.top
        guest.client.send("resign")
        until(lambda: table.remote.state.is_over, step=lambda: frames(app))
        assert not table.ask_leave() and not table.before_quit()
    finally:
        server.stop()


def test_no_analysis_in_a_cribbage_game_against_a_person():
    server = ServerThread("127.0.0.1", 0, limits=FAST).start()
    try:
        app, lobby, guest = host_with_guest(server.url, game="cribbage")
        table: OnlineTable = app.stack.top
        def step() -> None:  # Ben cuts for the deal or discards when it is his turn
            frames(app)
            guest.pump()
            m = guest.match
            if not m.waiting and not m.state.is_over:
                m.play(m.state.legal_actions()[0])
            if table.my_turn and table.obs.get("cut") is not None and not table.remote.waiting:
                table.remote.play(table.remote.state.legal_actions()[0])

        until(lambda: table.my_turn and table.obs.get("phase") == "discard" and table.obs.get("cut") is None,
              step=step, why=lambda: str((table.my_turn, table.obs.get("phase"), table.obs.get("cut"))))
        frames(app, 2)
        assert "confirm" in ids(app) and "analysis" not in ids(app) and "undo" in ids(app)
        assert not next(b for b in table.buttons.buttons if b.id == "undo").enabled
        table.on_game_button("analysis")  # not even by its id
        frames(app, 2)
        assert app.stack.top is table
    finally:
        server.stop()
