"""Ending the app cleanly: SIGTERM (a shutdown, ``systemctl stop``, ``kill``) and Ctrl+C end the frame loop as the
window's close button does, in a kiosk too, and however the loop ends the game in play is saved first."""
from __future__ import annotations

import contextlib
import logging
import signal
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING

from game.crash import session_in_play

if TYPE_CHECKING:
    from game.services import AppServices

log = logging.getLogger("carduels")
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP") if hasattr(signal, name))


@contextlib.contextmanager
def stop_signals(app: AppServices) -> Iterator[None]:
    """While the loop runs, a stop signal ends it after the frame in progress (Python runs the handler between two
    bytecodes, so a resting loop wakes at once). SDL's own handlers would turn SIGTERM into a QUIT event, which a
    kiosk ignores; these replace them and are put back afterwards."""
    if threading.current_thread() is not threading.main_thread():  # only the main thread may set handlers
        yield
        return

    def stop(signum: int, _frame: object) -> None:
        app.stopped_by = signal.Signals(signum).name
        app.running = False

    before = {sig: signal.signal(sig, stop) for sig in STOP_SIGNALS}
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


def keep_game_in_play(app: AppServices) -> None:
    """Save the unfinished local game on the stack (the table autosaves after each move; a game just dealt, or
    one left for the menu, is kept too). Never raises: the app is ending."""
    try:
        session = session_in_play(app.stack.scenes)
        if session is not None:
            app.autosave(session)
            log.info("the %s game is saved%s", session.game_id, f" ({app.stopped_by})" if app.stopped_by else "")
    except Exception as exc:  # noqa: BLE001 - a failing save must not keep the app from ending
        log.error("the game in play could not be saved at the end: %r", exc)
