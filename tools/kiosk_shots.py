"""Kiosk screenshots for ``make shots``: the menu, names with the on-screen keyboard, the attract
mode, the welcome-back choice, the staff PIN pad and the crash apology: <prefix>kiosk_<scene>.png."""
from __future__ import annotations

from pathlib import Path


def kiosk_shots(folder: Path, size: tuple[int, int], prefix: str) -> None:
    _shots_at(folder, size, f"{prefix}kiosk_")


def _shots_at(folder: Path, size: tuple[int, int], tag: str) -> None:
    from game.scenes.crash import ApologyScene
    from game.scenes.kiosk import PinPadScene
    from game.scenes.menu import MenuScene
    from game.scenes.names import NamesScene
    from game.session import Session
    from game.tables import open_table
    from tools.driver import frames, make_app, settle, tap
    from tools.shot_kit import save

    app = make_app(size=size, kiosk=True)
    app.stack.push(MenuScene(app))
    frames(app, 3)
    save(app, folder, f"{tag}menu")
    app.stack.push(NamesScene(app, "kombi", "hotseat"))
    frames(app, 3)
    save(app, folder, f"{tag}names_keyboard")
    app.stack.pop()
    session = Session.new("kombi", "computer", ["Ann", app.t("names.computer")], 11)
    app.stack.push(open_table(app, session))
    settle(app)
    app.kiosk.pass_time(app.settings.idle_minutes * 60)
    frames(app, 2)
    settle(app)
    frames(app, 90)  # let the computers make a move or two
    save(app, folder, f"{tag}attract")
    tap(app, (size[0] // 2, size[1] // 3), touch=True)
    frames(app, 2)
    save(app, folder, f"{tag}welcome")
    app.stack.push(PinPadScene(app))
    frames(app, 2)
    pad = app.stack.top
    pad.press("1")
    pad.press("2")
    pad.press("ok")
    frames(app, 2)
    save(app, folder, f"{tag}pin_pad")
    app.stack.reset(MenuScene(app))
    app.stack.push(ApologyScene(app, saved=True))
    frames(app, 2)
    save(app, folder, f"{tag}crash_apology")
