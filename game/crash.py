"""Crash recovery: an unexpected error in a scene is written to the crash log, the game in play is
saved, and the app goes back to the menu with a short apology instead of dying."""
from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.paths import user_log_dir
from game.scene import ButtonGroup, Scene
from sprites import theme
from sprites.widgets import Button, draw_panel

if TYPE_CHECKING:
    from game.app import App
    from game.session import Session

log = logging.getLogger("carduels")

CRASH_LOG = "crashes.log"
MAX_LOG_BYTES = 1_000_000  # then the log is rotated once (crashes.log.1): a crash loop cannot fill the disk
RAPID_SECONDS = 2.0  # a crash this soon after recovering means the menu itself keeps failing
GIVE_UP_AFTER = 3  # rapid crashes in a row before the desktop app stops (the kiosk shows SafeScene)
SAFE_RETRY_SECONDS = 20.0
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


def session_in_play(scenes: list[Scene]) -> Session | None:
    """The local game being played on the stack (topmost first), if any and not finished."""
    for scene in reversed(scenes):
        session = getattr(scene, "session", None)
        if session is not None and session.mode in SAVABLE_MODES and not session.match.state.is_over:
            return session
    return None


class CrashGuard:
    """``recover(exc)`` is called by the app for any exception escaping a frame. It returns False
    when the error must end the app instead: in headless runs (tests, CI) unless in kiosk mode, and
    on the desktop when the menu itself keeps failing."""

    def __init__(self, app: App, enabled: bool | None = None) -> None:
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
        if scenes and isinstance(scenes[-1], SafeScene):
            return False  # the plainest screen failed too: nothing sensible is left to show
        give_up = self.rapid > GIVE_UP_AFTER
        if give_up and app.kiosk is None:
            return False
        self._reset(scenes, SafeScene(app) if give_up else None)
        return True

    def _save(self, scenes: list[Scene]) -> str | None:
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

    def _reset(self, scenes: list[Scene], safe: Scene | None) -> None:
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
        from game.menu import MenuScene

        app.stack.push(MenuScene(app))
        app.stack.push(ApologyScene(app, saved=self.last_saved is not None))


class ApologyScene(Scene):
    """Over the menu after a recovered error: a short apology, and the saved game one touch away."""

    name = "apology"
    opaque = False

    def __init__(self, app: App, saved: bool) -> None:
        super().__init__(app)
        self.saved = saved
        self.buttons = ButtonGroup(self.press)
        self.panel = pygame.Rect(0, 0, 10, 10)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.ui_scale(h)
        bw, bh, gap = min(int(w * 0.3), int(400 * s)), max(56, int(84 * s)), max(12, int(24 * s))
        self.panel = pygame.Rect(0, 0, min(w - 40, max(int(1000 * s), 2 * bw + 4 * gap)), max(200, int(330 * s)))
        self.panel.center = (w // 2, h // 2)
        y = self.panel.bottom - bh - 2 * gap
        ids = [("continue", "kiosk.crash.continue"), ("ok", "kiosk.crash.ok")] if self.saved else [
            ("ok", "kiosk.crash.ok")]
        x0 = w // 2 - (len(ids) * bw + (len(ids) - 1) * gap) // 2
        self.buttons.set([Button(bid, self.t(key), pygame.Rect(x0 + i * (bw + gap), y, bw, bh), primary=i == 0)
                          for i, (bid, key) in enumerate(ids)])
        self.buttons.focus = 0

    def press(self, bid: str) -> None:
        from game.menu import MenuScene

        self.app.play_sound("click")
        self.app.stack.pop()
        menu = self.app.stack.find(MenuScene)
        if bid == "continue" and menu is not None:
            menu.continue_saved()  # the newest save is the one just written; a damaged one is reported

    def on_gesture(self, g) -> None:
        self.buttons.gesture(g)

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.press("ok")
        else:
            self.buttons.key(event)

    def draw(self, surface: pygame.Surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 160))
        surface.blit(veil, (0, 0))
        draw_panel(surface, self.panel, alpha=250)
        s = theme.ui_scale(surface.get_height())
        fonts = self.app.fonts
        cx = self.panel.centerx
        px = fonts.fit_px(self.t("kiosk.crash.title"), theme.font_px(56, s), self.panel.w - 40, bold=True)
        title = fonts.render(self.t("kiosk.crash.title"), px, theme.GOLD, bold=True)
        top = self.panel.y + max(14, int(36 * s))
        surface.blit(title, title.get_rect(midtop=(cx, top)))
        text = fonts.render(self.t("kiosk.crash.saved" if self.saved else "kiosk.crash.menu"),
                            theme.font_px(36, s), theme.TEXT)
        surface.blit(text, text.get_rect(midtop=(cx, top + title.get_height() + max(8, int(20 * s)))))
        self.buttons.draw(surface, fonts)


class SafeScene(Scene):
    """The last resort in kiosk mode when the menu itself keeps failing: an apology drawn with
    nothing but text, which tries the menu again on a touch or after a while."""

    name = "safe"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.since = app.now
        self.buttons = ButtonGroup(lambda _bid: self.retry())

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        bw, bh = max(160, w // 3), max(56, h // 10)
        self.buttons.set([Button("retry", self.t("kiosk.safe.retry"),
                                 pygame.Rect((w - bw) // 2, int(h * 0.62), bw, bh), primary=True)])

    def retry(self) -> None:
        from game.menu import MenuScene

        self.app.stack.reset(MenuScene(self.app))

    def update(self, dt: float) -> None:
        if self.app.now - self.since >= SAFE_RETRY_SECONDS:
            self.retry()

    def on_gesture(self, g) -> None:
        self.buttons.gesture(g)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = theme.ui_scale(h)
        surface.fill(theme.FELT_DARK)
        fonts = self.app.fonts
        title = fonts.render(self.t("kiosk.crash.title"), theme.font_px(56, s), theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(center=(w // 2, int(h * 0.4))))
        self.buttons.draw(surface, fonts)
