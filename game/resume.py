"""Continuing a kept game (from the menu or its Continue list): load its save and open its table, or say why
not; a kept online seat (game/online/seatfile.py) is taken back through the waiting room; and the words that tell
them apart (game, players, when last played)."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

from game.paths import user_data_dir
from game.saves import SaveInfo, SaveInUse, SaveSummary

if TYPE_CHECKING:
    from game.online.lapsed import LapsedSeat
    from game.online.seatfile import SavedSeat
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


SEAT_FILE = "online-seat.json"  # game/online/seatfile.py's: looked for before any online code is imported


def kept_seat() -> SavedSeat | None:
    """The online seat this app kept when the player left a running game (None: none, or its wait is over - then
    the file stays for the menu to ask the server how the game ended, ``ask_lapsed``)."""
    if not (user_data_dir() / SEAT_FILE).exists():  # the usual case: the first menu frame loads no online code
        return None
    from game.online.seatfile import SeatFile

    seats = SeatFile()
    return None if seats.lapsed() is not None else seats.load()


def ask_lapsed() -> LapsedSeat | None:
    """The seat kept too long ago, if any: its game's end is asked of the server (``settle_lapsed`` records it)."""
    if not (user_data_dir() / SEAT_FILE).exists():
        return None
    from game.online.seatfile import SeatFile

    seats = SeatFile()
    lapsed = seats.lapsed()
    if lapsed is None:
        return None
    seats.clear()  # asked once: the answer, or none, is all there will be
    from game.online.lapsed import LapsedSeat  # the network client, only when there is something to ask

    return LapsedSeat(lapsed)


def settle_lapsed(app: AppServices, asked: LapsedSeat) -> str | None:
    """Once the server answered: the game counts in the statistics, and the words that tell the player so."""
    session = asked.session()
    if session is None:
        return None
    app.stats.record(session)
    won = asked.seat.seat in session.match.state.winners
    return app.t("online.lapsed_won" if won else "online.lapsed_lost", game=app.t(f"game.{session.game_id}"))


def continue_online(app: AppServices, seat: SavedSeat) -> None:
    """Back to the kept online game: the waiting room resumes the seat (and says so if it is gone)."""
    app.push("lobby", url=seat.url, name=seat.name, resume=seat)


def describe_seat(t: Words, seat: SavedSeat, now: float | None = None) -> str:
    """One line for a kept online seat: "Kombi-Duell online · Ann · K7Q 2MF · 2 minutes ago"."""
    from game.online.protocol import format_code

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
