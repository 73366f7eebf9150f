"""Crash recovery: an unexpected error in a scene is written to the crash log, the game in play is
saved, and the app goes back to the menu with a short apology (game/scenes/crash.py) instead of dying."""
from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.paths import user_log_dir

if TYPE_CHECKING:
    from game.services import AppServices
    from game.session import Session
    from game.stack import SceneLike

log = logging.getLogger("carduels")

CRASH_LOG = "crashes.log"
MAX_LOG_BYTES = 1_000_000  # then the log is rotated once (crashes.log.1): a crash loop cannot fill the disk
RAPID_SECONDS = 2.0  # a crash this soon after recovering means the menu itself keeps failing
GIVE_UP_AFTER = 3  # rapid crashes in a row before the desktop app stops (the kiosk shows SafeScene)
SAVABLE_MODES = ("hotseat", "computer")


def crash_log_path() -> Path:
    return user_log_dir() / CRASH_LOG


def write_crash_report(exc: BaseException, scenes: list[str]) -> Path | None:
    """Append the full traceback to the crash log; the path, or None when even that failed."""
    import datetime  # only after an error: none of this is on the way to the first frame
    import platform
    import traceback

    path = crash_log_path()
    stamp = datetime.datetime.now().isoformat(timespec="seconds")
    text = (f"=== {stamp} unexpected error in Card Duels ===\n"
            f"scenes (bottom first): {', '.join(scenes) or '-'}\n"
            f"python {platform.python_version()}, pygame-ce {pygame.version.ver}, {platform.platform()}, "
            f"frozen={bool(getattr(sys, 'frozen', False))}\n"
            + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)) + "\n")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.stat().st_size > MAX_LOG_BYTES:
            path.replace(path.with_name(CRASH_LOG + ".1"))
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as err:
        log.error("the crash log could not be written (%s)", err)
        return None
    return path


def session_in_play(scenes: list[SceneLike]) -> Session | None:
    """The local game being played on the stack (topmost first), if any and not finished (a finished game
    stays finished while the review shows one of its earlier positions)."""
    for scene in reversed(scenes):
        session = getattr(scene, "session", None)
        if (session is not None and session.mode in SAVABLE_MODES
                and not session.match.state_at(len(session.match.actions)).is_over):
            return session
    return None


class CrashGuard:
    """``recover(exc)`` is called by the app for any exception escaping a frame. It returns False
    when the error must end the app instead: in headless runs (tests, CI) unless in kiosk mode, and
    on the desktop when the menu itself keeps failing."""

    def __init__(self, app: AppServices, enabled: bool | None = None) -> None:
        self.app = app
        self.enabled = (not app.opts.headless or app.kiosk_mode) if enabled is None else enabled
        self.crashes = 0
        self.rapid = 0
        self.last_at: float | None = None
        self.last_log: Path | None = None
        self.last_saved: str | None = None  # the game id saved by the last recovery

    def recover(self, exc: Exception) -> bool:
        if not self.enabled:
            return False
        app = self.app
        scenes = list(app.stack.scenes)
        names = [type(s).__name__ for s in scenes]  # class names: a scene may shadow ``name``
        log.error("unexpected error in %s", names[-1] if names else "the app", exc_info=exc)
        self.last_log = write_crash_report(exc, names)
        if self.last_log is not None:
            log.error("details written to %s", self.last_log)
        now = app.now
        quick = self.last_at is not None and now - self.last_at < RAPID_SECONDS
        self.rapid = self.rapid + 1 if quick else 1
        self.last_at = now
        self.crashes += 1
        self.last_saved = self._save(scenes)
        if scenes and scenes[-1].name == "safe":
            return False  # the plainest screen failed too: nothing sensible is left to show
        give_up = self.rapid > GIVE_UP_AFTER
        if give_up and app.kiosk is None:
            return False
        self._reset(scenes, app.scene("safe") if give_up else None)
        return True

    def _save(self, scenes: list[SceneLike]) -> str | None:
        session = session_in_play(scenes)
        if session is None:
            return None
        try:
            self.app.saves.save(session)
        except Exception as err:  # the broken state may not even serialise: keep recovering
            log.error("the game could not be saved after the error: %r", err)
            return None
        log.info("the %s game was saved after the error", session.game_id)
        return session.game_id

    def _reset(self, scenes: list[SceneLike], safe: SceneLike | None) -> None:
        app = self.app
        app.stack.drop_all()
        for scene in reversed(scenes):
            try:
                scene.exit()
            except Exception as err:  # a broken scene may fail to leave, too
                log.warning("%s failed to exit: %r", type(scene).__name__, err)
        app.gestures.reset()
        if safe is not None:
            app.stack.push(safe)
            return
        app.stack.push(app.scene("menu"))
        app.push("apology", saved=self.last_saved is not None)
