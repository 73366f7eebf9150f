"""Kiosk mode: desktop fullscreen with the screensaver blocked, no way out but a long press in the
top-left corner plus the PIN, the cursor hidden while touch is used, and after N idle minutes the
game is saved and the attract mode (computer against computer on the real table) runs."""
from __future__ import annotations

import logging
import math
import os
from typing import TYPE_CHECKING

import pygame

from game.window import window_size
from sprites import theme
from sprites.widgets import draw_panel

if TYPE_CHECKING:
    from game.filelock import FileLock
    from game.options import Options
    from game.services import AppServices
    from game.session import Session

log = logging.getLogger("carduels")

HOLD_SECONDS = 3.0  # a long press in the corner this long opens the PIN pad
HOLD_SHOWN_AFTER = 0.6  # the progress ring appears only then: a quick tap shows nothing
CORNER_FRACTION = 0.08  # of the window height; never under CORNER_MIN_PX
CORNER_MIN_PX = 72
PIN_LOCK_SECONDS = 60.0  # after too many wrong PINs the corner does nothing for a while
PAUSABLE_MODES = ("hotseat", "computer")
_POINTER_TYPES = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL,
                  pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION)
_ACTIVITY_TYPES = _POINTER_TYPES + (pygame.KEYDOWN, pygame.TEXTINPUT)
_CLOSE_TYPES = (pygame.QUIT, pygame.WINDOWCLOSE)


class AlreadyRunning(RuntimeError):
    """Another copy of the app runs as the kiosk on this computer: a second one is refused (its message says so)."""


def hold_the_kiosk(message: str) -> FileLock:
    """The kiosk's lock (in the data folder), held as long as the app runs; AlreadyRunning(message) when another
    process holds it."""
    from game.filelock import FileLock
    from game.paths import user_data_dir

    lock = FileLock(user_data_dir() / "kiosk.lock")
    if not lock.acquire():
        raise AlreadyRunning(message)
    return lock


def prepare_environment() -> None:
    """SDL hints a kiosk needs; SDL reads them when it starts, so call this before ``pygame.init``."""
    # A fullscreen SDL window minimises itself when it loses focus; a kiosk must stay up.
    os.environ.setdefault("SDL_VIDEO_MINIMIZE_ON_FOCUS_LOSS", "0")
    # SDL turns SIGTERM/SIGINT into a QUIT event, which the kiosk ignores: leave the signals to the
    # system, so a shutdown or ``systemctl stop`` still ends the app at once.
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")


def open_window(opts: Options) -> pygame.Surface:
    """Desktop fullscreen at the display's own resolution (no mode switch, no decorations) with
    the screensaver blocked. Headless runs (tests, screenshots) keep the size they asked for."""
    pygame.display.set_allow_screensaver(False)
    if opts.headless:
        return pygame.display.set_mode(window_size(opts))
    # (0, 0) with FULLSCREEN is the desktop size, which pygame-ce opens as FULLSCREEN_DESKTOP.
    return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)


def corner_rect(size: tuple[int, int]) -> pygame.Rect:
    """The top-left corner where a long press asks for the PIN."""
    side = max(CORNER_MIN_PX, int(size[1] * CORNER_FRACTION))
    return pygame.Rect(0, 0, side, side)


def corner_rects(size: tuple[int, int], across: bool) -> list[pygame.Rect]:
    """The corners where a long press asks for the PIN: the top-left one and, at a face-to-face table, the
    bottom-right one too (the top-left corner of the player across): the pad then faces whoever held it."""
    first = corner_rect(size)
    if not across:
        return [first]
    return [first, first.move(size[0] - first.w, size[1] - first.h)]


def demo_names(app: AppServices) -> list[str]:
    return [app.t("names.computer") + " A", app.t("names.computer") + " B"]


class Kiosk:
    """Owned by the app in kiosk mode. ``consume(event)`` sees every event before the scenes;
    ``update`` runs each frame on the app's clock (``app.now``), so tests drive it with a fake one."""

    def __init__(self, app: AppServices) -> None:
        self.app = app
        self.idle_limit = app.settings.idle_minutes * 60.0
        self.last_input = app.now
        self.hold_since: float | None = None
        self.hold_corner = 0  # which of ``corner_rects`` is held (1: the player across the table's)
        self.paused: Session | None = None  # the game the attract mode interrupted
        self.language = app.t.lang  # each new visitor starts in the kiosk's own language
        self.cursor_hidden = False
        self.demo_turn = 0
        self.ignored_closes = 0
        self.pin_locked_until = -1.0

    # --- the clock -------------------------------------------------------------------------------
    def pass_time(self, seconds: float) -> None:
        """Fake clock for tests: the app's time moves on by ``seconds`` with no input at all."""
        self.app.now += seconds

    @property
    def idle_seconds(self) -> float:
        return self.app.now - self.last_input

    # --- events ----------------------------------------------------------------------------------
    def consume(self, event: pygame.event.Event) -> bool:
        """True when the kiosk swallowed the event (the scenes never see it)."""
        t = event.type
        if t in _CLOSE_TYPES or self._is_quit_key(event):
            self.ignored_closes += 1
            log.info("kiosk: ignored a request to close (long-press the top-left corner, then the PIN)")
            return True
        if t not in _ACTIVITY_TYPES:
            return False
        self.last_input = self.app.now
        self._track_cursor(event)
        pointer = self.app.pointer(event)
        if pointer is not None:
            self._track_hold(pointer.kind, pointer.pos)
        if not self.in_attract():
            return False
        synthesised = getattr(event, "touch", False)  # the FINGERDOWN of the same touch wakes it
        if t in (pygame.KEYDOWN, pygame.FINGERDOWN) or (t == pygame.MOUSEBUTTONDOWN and not synthesised):
            self.wake()
        return True  # nothing reaches the demo table: it is only being watched

    @staticmethod
    def _is_quit_key(event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        mod = getattr(event, "mod", 0)
        return bool((event.key == pygame.K_F4 and mod & pygame.KMOD_ALT) or (
            event.key == pygame.K_q and mod & (pygame.KMOD_CTRL | pygame.KMOD_META)))

    def _track_cursor(self, event: pygame.event.Event) -> None:
        # On real touch screens SDL also sends mouse events flagged ``touch``: only a real mouse shows it.
        if event.type in (pygame.FINGERDOWN, pygame.FINGERMOTION):
            if not self.cursor_hidden:
                pygame.mouse.set_visible(False)
                self.cursor_hidden = True
        elif event.type == pygame.MOUSEMOTION and not getattr(event, "touch", False) and self.cursor_hidden:
            pygame.mouse.set_visible(True)
            self.cursor_hidden = False

    def _across(self) -> bool:
        return bool(getattr(self.app.stack.top, "face_to_face", False))

    def _track_hold(self, kind: str, pos: tuple[int, int]) -> None:
        corners = corner_rects(self.app.size, self._across())
        held = next((i for i, r in enumerate(corners) if r.collidepoint(pos)), None)
        if kind == "down":
            self.hold_since = self.app.now if held is not None else None
            self.hold_corner = held or 0
        elif kind == "up" or held != self.hold_corner:
            self.hold_since = None

    # --- each frame ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        app = self.app
        # The attract mode plays silently: a public room should not hear a card game on a loop.
        sound = app.settings.sound and not app.opts.headless and not self.in_attract()
        if app.sounds.enabled != sound:
            app.sounds.enabled = sound
        if self.hold_since is not None and self.app.now - self.hold_since >= HOLD_SECONDS:
            self.hold_since = None
            self.ask_pin(across=self.hold_corner == 1)
        elif self.idle_seconds >= self.idle_limit and not self.in_attract() and not self._guarded():
            self.start_attract()

    def wants_frame(self) -> bool:
        """The banner pulses in the attract mode and the staff corner fills while held."""
        return self.hold_since is not None or self.in_attract()

    def next_deadline(self) -> float | None:
        """Seconds until the idle limit starts the attract mode."""
        if self.in_attract():
            return None
        return max(0.0, self.idle_limit - self.idle_seconds)

    def _guarded(self) -> bool:
        top = self.app.stack.top
        return top is not None and top.name == "pin"

    def in_attract(self) -> bool:
        """Whether the attract mode is what is showing (its table or its end screen on top)."""
        top = self.app.stack.top
        session = getattr(top, "session", None)
        return session is not None and session.mode == "demo"

    def ask_pin(self, across: bool = False) -> None:
        """The PIN pad, facing whoever asked: at a face-to-face table the player across when ``across``."""
        if self.app.now < self.pin_locked_until:
            log.warning("kiosk: the PIN pad is locked after wrong PINs")
        elif not self._guarded():
            from game.tables.facing import BOTTOM, TOP

            top = self.app.stack.top
            if self._across():
                top.facing = TOP if across else BOTTOM  # type: ignore[union-attr]  # a face-to-face table's
            self.app.push("pin")

    def lock_pin(self) -> None:
        self.pin_locked_until = self.app.now + PIN_LOCK_SECONDS

    def start_attract(self) -> None:
        """Save and put away the game in play, then let the computer play itself."""
        from game.crash import session_in_play
        from game.session import Session
        from game.tables import playable

        app = self.app
        session = session_in_play(app.stack.scenes)
        if session is not None and session.mode in PAUSABLE_MODES:
            app.autosave(session)
            self.paused = session
        if app.t.lang != self.language:
            app.t.set_language(self.language)
            pygame.display.set_caption(app.t("app.title"))
        games = playable()
        game = games[self.demo_turn % len(games)]
        self.demo_turn += 1
        demo = Session.new(game, "demo", demo_names(app), app.new_seed(), app.opts.level)
        app.stack.reset(app.open_table(demo))
        self.hold_since = None
        log.info("kiosk: idle for %.0f s, attract mode (%s)", self.idle_seconds, game)

    def wake(self) -> None:
        """Someone touched the attract mode: offer the paused game, or go to the menu."""
        if self.paused is not None:
            self.app.push("welcome", paused=self.paused)
        else:
            self.app.show("menu")

    def resume(self) -> None:
        """Continue the paused game from its save (the in-memory copy if the file is gone)."""
        from game.saves import SaveInUse

        app, paused = self.app, self.paused
        if paused is None:
            app.show("menu")
            return
        session = paused
        path = app.saves.path_of(paused)
        if path.exists():
            try:
                session = app.saves.load(path)
            except (ValueError, SaveInUse) as exc:
                log.warning("kiosk: the paused game's save could not be read (%s); using the one in memory", exc)
        self.paused = None
        app.show("menu")
        app.stack.push(app.open_table(session))

    def new_game(self) -> None:
        self.paused = None
        self.app.show("menu")

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.in_attract():
            self._draw_banner(surface)
        if self.hold_since is not None and self.app.now - self.hold_since >= HOLD_SHOWN_AFTER:
            self._draw_hold(surface, (self.app.now - self.hold_since) / HOLD_SECONDS)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        """The call to touch across the whole window, large enough to read from across a room; the cards over
        and under it stay in view."""
        w, h = surface.get_size()
        s = theme.ui_scale(h)
        fonts = self.app.fonts
        text = self.app.t("kiosk.attract")
        room = int(w * 0.86)
        px = fonts.fit_px(text, theme.font_px(110, s), room, bold=True, min_px=theme.font_px(64, s))
        lines = fonts.wrap(text, px, room, bold=True)  # on one line where the window allows, else on two
        line_h = fonts.get(px, True).get_linesize()
        box = pygame.Rect(0, 0, w - 2 * int(24 * s), len(lines) * line_h + int(70 * s))
        box.center = (w // 2, h // 2)
        draw_panel(surface, box, alpha=255)  # opaque: no half-hidden words of the table through it
        pulse = 0.5 + 0.5 * math.sin(self.app.now * 3)
        pygame.draw.rect(surface, theme.mix(theme.GOLD_DARK, theme.GOLD, pulse), box, width=max(3, int(6 * s)),
                         border_radius=max(6, min(box.w, box.h) // 10))
        y = box.centery - len(lines) * line_h // 2
        for line in lines:
            img = fonts.render(line, px, theme.GOLD, bold=True)
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += line_h

    def _draw_hold(self, surface: pygame.Surface, progress: float) -> None:
        corners = corner_rects(surface.get_size(), self._across())
        rect = corners[min(self.hold_corner, len(corners) - 1)]
        r = rect.w // 2 - 6
        center = rect.center
        pygame.draw.circle(surface, theme.PANEL, center, r)
        end = -math.pi / 2 + 2 * math.pi * min(1.0, progress)
        box = pygame.Rect(0, 0, 2 * r, 2 * r)
        box.center = center
        pygame.draw.arc(surface, theme.GOLD, box, -math.pi / 2, end, max(4, r // 4))
