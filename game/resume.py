"""Continuing a kept game (from the menu or its Continue list): load its save and open its table, or say why
not; a kept online seat (game/online/seatfile.py) is taken back through the waiting room; and the words that tell
them apart (game, players, when last played)."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

from game.online.protocol import format_code
from game.online.seatfile import SavedSeat, SeatFile
from game.saves import SaveInfo, SaveInUse, SaveSummary

if TYPE_CHECKING:
    from game.services import AppServices, Words


def continue_game(app: AppServices, info: SaveInfo) -> str | None:
    """Open the table of ``info``'s game over the current scenes: None when done, else what to tell the player
    (a damaged file has been set aside by then; a save another copy of the app plays is left to it)."""
    from game.tables import playable

    try:
        session = app.saves.load(info.path)
    except SaveInUse:  # another copy of the app plays it: left to that copy, untouched
        return app.t("save.elsewhere")
    except ValueError as exc:
        return app.t("save.damaged", name=info.path.name, why=str(exc))
    if session.game_id not in playable():
        return app.t("save.damaged", name=info.path.name, why=session.game_id)
    app.stack.push(app.open_table(session))
    return None


def kept_seat() -> SavedSeat | None:
    """The online seat this app kept when the player left a running game (None: none, or its wait is over)."""
    return SeatFile().load()


def continue_online(app: AppServices, seat: SavedSeat) -> None:
    """Back to the kept online game: the waiting room resumes the seat (and says so if it is gone)."""
    app.push("lobby", url=seat.url, name=seat.name, resume=seat)


def describe_seat(t: Words, seat: SavedSeat, now: float | None = None) -> str:
    """One line for a kept online seat: "Kombi-Duell online · Ann · K7Q 2MF · 2 minutes ago"."""
    return t("saved.online_row", game=t(f"game.{seat.game}"), name=seat.name, code=format_code(seat.code),
             when=played_ago(t, seat.heard, now))


def played_ago(t: Words, saved_at: float, now: float | None = None) -> str:
    """"just now", "5 minutes ago", "3 hours ago", "2 days ago" (a clock set back counts as just now)."""
    seconds = max(0.0, (time.time() if now is None else now) - saved_at)
    for unit, key in ((86400, "saved.days"), (3600, "saved.hours"), (60, "saved.minutes")):
        if seconds >= unit:
            return t.n(key, int(seconds // unit))
    return t("saved.now")


def describe(t: Words, summary: SaveSummary, now: float | None = None) -> str:
    """One line for a kept game: "Kombi-Duell · Ann – Computer · 5 minutes ago"."""
    info = summary.info
    game = t(f"game.{info.game_id}")
    names = " – ".join(summary.names) if summary.names else t(f"mode.{summary.mode or 'hotseat'}")
    return t("saved.row", game=game, names=names, when=played_ago(t, info.saved_at, now))
