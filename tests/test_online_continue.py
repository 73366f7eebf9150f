"""Continue takes a kept online seat back: an online game left with "keep my seat" is listed by the main menu's
Continue (alone, or among the saved games) and one tap resumes it through the waiting room."""
from __future__ import annotations

from game import resume
from game.online import seatfile
from game.online.hosting import ServerThread
from game.online.play import OnlineTable
from game.scenes.menu import MenuScene
from tests.test_menu import keep
from tests.test_online_client import FAST, until
from tests.test_online_leave import host_with_guest, open_pause
from tests.test_online_meet_app import find
from tools.driver import frames, tap


def test_the_menu_looks_for_the_seat_file_by_its_own_name():
    assert resume.SEAT_FILE == seatfile.FILE_NAME


def leave_keeping_the_seat(app) -> None:
    open_pause(app)
    tap(app, find(app, "menu").center)
    tap(app, find(app, "pick:0").center)  # keep my seat
    frames(app, 2)
    assert isinstance(app.stack.top, MenuScene)


def continue_button(app):
    return next(b for b in app.stack.top.buttons.buttons if b.id == "continue")


def test_continue_resumes_a_kept_online_seat_alone_and_from_the_list():
    server = ServerThread("127.0.0.1", 0, limits=FAST).start()
    try:
        app, lobby, guest = host_with_guest(server.url)
        leave_keeping_the_seat(app)
        until(lambda: guest.match.opponent_away, step=guest.pump)
        app.stack.replace(MenuScene(app))  # the menu as it is entered afresh
        frames(app, 2)
        button = continue_button(app)
        assert button.enabled and button.label == app.t("menu.continue_game", game=app.t("game.square"))
        tap(app, button.rect.center)
        until(lambda: isinstance(app.stack.top, OnlineTable), step=lambda: (frames(app), guest.pump()))
        assert app.stack.top.remote.seat == 0 and app.stack.top.code == lobby.code
        until(lambda: not guest.match.opponent_away, step=lambda: (frames(app), guest.pump()))  # Ann is back

        leave_keeping_the_seat(app)  # once more, with a saved game beside it: the list shows both
        keep(app, "kombi", "hotseat", ["Cy", "Dan"])
        app.stack.replace(MenuScene(app))
        frames(app, 2)
        assert continue_button(app).label == app.t.n("menu.continue_many", 2)
        tap(app, continue_button(app).rect.center)
        frames(app, 2)
        listing = app.stack.top
        assert listing.name == "saved"
        online = find(app, "online")
        assert app.t("game.square") in online.label and "Ann" in online.label
        assert [b.id for b in listing.buttons.buttons] == ["online", "row:0", "back"]
        tap(app, online.center)
        until(lambda: isinstance(app.stack.top, OnlineTable), step=lambda: (frames(app), guest.pump()))
        assert app.stack.top.code == lobby.code
        guest.client.close()
    finally:
        server.stop()
