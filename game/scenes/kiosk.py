"""The kiosk's own screens: "Continue or new game" after the attract mode, and the staff PIN pad."""
from __future__ import annotations

import hmac
import logging
from typing import TYPE_CHECKING

import pygame

from game.input import Gesture
from game.scene import ButtonGroup, DialogScene, Scene
from sprites import theme
from sprites.keyboard import OnScreenKeyboard
from sprites.widgets import Button, draw_panel

if TYPE_CHECKING:
    from game.services import AppServices
    from game.session import Session

log = logging.getLogger("carduels")

WELCOME_TIMEOUT = 45.0  # nobody chose: back to the attract mode
PIN_TIMEOUT = 30.0  # the pad closes itself: a visitor who found it cannot leave it open
PIN_TRIES = 3
MIN_TARGET_PX = 48


def _dim(surface: pygame.Surface, alpha: int) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surface.blit(veil, (0, 0))


class WelcomeScene(DialogScene):
    """Shown over the attract mode when someone touches it and a game was paused."""

    name = "kiosk_welcome"
    opaque = False

    def __init__(self, app: AppServices, paused: Session) -> None:
        super().__init__(app)
        self.paused = paused
        self.panel = pygame.Rect(0, 0, 10, 10)
        self.lines: list[str] = []

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.ui_scale(h)
        bw, bh = min(int(w * 0.34), int(420 * s)), max(64, int(96 * s))
        gap = max(12, int(28 * s))
        width = min(w - 40, 2 * bw + 3 * gap + int(80 * s))
        self.lines = self.app.fonts.wrap(self.message(), theme.font_px(34, s), width - 2 * gap)
        fonts = self.app.fonts
        text_h = fonts.get(theme.font_px(80, s), True).get_linesize() + len(self.lines) * fonts.get(
            theme.font_px(34, s)).get_linesize()
        self.panel = pygame.Rect(0, 0, width, min(h - 20, text_h + bh + 5 * gap))
        self.panel.center = (w // 2, h // 2)
        y = self.panel.bottom - bh - gap * 3 // 2
        self.buttons.set([
            Button("continue", self.t("kiosk.welcome.continue"),
                   pygame.Rect(w // 2 - bw - gap // 2, y, bw, bh), primary=True),
            Button("new", self.t("kiosk.welcome.new"), pygame.Rect(w // 2 + gap // 2, y, bw, bh)),
        ])

    def message(self) -> str:
        names = self.t("kiosk.versus", a=self.paused.names[0], b=self.paused.names[1])
        return self.t("kiosk.welcome.paused", game=self.t(f"game.{self.paused.game_id}"), names=names)

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        kiosk = self.app.kiosk
        if kiosk is None:
            self.app.stack.pop()
        elif bid == "continue":
            kiosk.resume()
        else:
            kiosk.new_game()

    def next_deadline(self) -> float | None:
        kiosk = self.app.kiosk
        return None if kiosk is None else max(0.0, WELCOME_TIMEOUT - kiosk.idle_seconds)

    def update(self, dt: float) -> None:
        if self.app.kiosk is not None and self.app.kiosk.idle_seconds >= WELCOME_TIMEOUT:
            self.app.stack.pop()


    def draw(self, surface: pygame.Surface) -> None:
        _dim(surface, 170)
        draw_panel(surface, self.panel, alpha=248)
        s = theme.ui_scale(surface.get_height())
        fonts = self.app.fonts
        cx = self.panel.centerx
        title = fonts.render(self.t("kiosk.welcome.title"), theme.font_px(80, s), theme.GOLD, bold=True)
        top = self.panel.y + max(12, int(28 * s))
        surface.blit(title, title.get_rect(midtop=(cx, top)))
        px = theme.font_px(34, s)
        y = top + title.get_height() + max(6, int(12 * s))
        for line in self.lines:
            img = fonts.render(line, px, theme.TEXT)
            surface.blit(img, img.get_rect(midtop=(cx, y)))
            y += fonts.get(px).get_linesize()
        self.buttons.draw(surface, fonts)


class PinPadScene(Scene):
    """Staff only: the PIN from the settings file closes the app; anything else is refused."""

    name = "kiosk_pin"
    opaque = False
    KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "del", "0", "ok")

    def __init__(self, app: AppServices, then: str | None = None) -> None:
        super().__init__(app)
        self.then = then  # a staff screen to open with the PIN (e.g. "settings") instead of closing the app
        self.entered = ""
        self.tries = 0
        self.message = ""
        self.buttons = ButtonGroup(self.press)
        self.panel = pygame.Rect(0, 0, 10, 10)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.ui_scale(h)
        key = max(MIN_TARGET_PX + 8, int(min(h * 0.105, 116 * max(s, 0.5))))
        gap = max(8, key // 7)
        grid_w, grid_h = 3 * key + 2 * gap, 5 * key + 4 * gap
        head = max(100, int(172 * s))  # title, message and the PIN dots
        fonts = self.app.fonts  # as wide as the title and the longest message, at the type scale
        words = max(fonts.size(self.t("kiosk.pin.title"), theme.font_px(48, s), True)[0],
                    fonts.size(self.t("kiosk.pin.prompt"), fonts.floor)[0],
                    fonts.size(self.t("kiosk.pin.wrong", left=PIN_TRIES), fonts.floor, True)[0])
        pw = min(w - 8, max(grid_w + 4 * gap, words + 4 * gap))
        self.panel = pygame.Rect(0, 0, pw, min(h - 8, head + grid_h + 3 * gap))
        self.panel.center = (w // 2, h // 2)
        x0, y0 = self.panel.centerx - grid_w // 2, self.panel.bottom - grid_h - 2 * gap
        labels = {"del": "", "ok": self.t("kiosk.pin.ok")}  # "del" shows a backspace key cap
        buttons = [Button(k, labels.get(k, k), pygame.Rect(x0 + (i % 3) * (key + gap), y0 + (i // 3) * (key + gap),
                                                            key, key), primary=k == "ok")
                   for i, k in enumerate(self.KEYS)]
        buttons.append(Button("cancel", self.t("kiosk.pin.cancel"), pygame.Rect(x0, y0 + 4 * (key + gap), grid_w,
                                                                                 key)))
        self.buttons.set(buttons)

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        if bid.isdigit():
            if len(self.entered) < 8:
                self.entered += bid
            self.message = ""
        elif bid == "del":
            self.entered = self.entered[:-1]
        elif bid == "ok":
            self.check()
        elif bid == "cancel":
            self.app.stack.pop()

    def check(self) -> None:
        pin = self.app.settings.pin
        right = bool(self.entered) and hmac.compare_digest(self.entered.encode(), pin.encode())
        if right and self.then:
            self.app.stack.pop()
            self.app.push(self.then)
            return
        if right:
            log.info("kiosk: closed by staff with the PIN")
            self.app.running = False
            return
        self.tries += 1
        self.entered = ""
        log.warning("kiosk: a wrong PIN was entered (%d of %d)", self.tries, PIN_TRIES)
        if self.tries >= PIN_TRIES:
            if self.app.kiosk is not None:
                self.app.kiosk.lock_pin()
            self.app.stack.pop()
        else:
            self.message = self.t("kiosk.pin.wrong", left=PIN_TRIES - self.tries)

    def next_deadline(self) -> float | None:
        kiosk = self.app.kiosk
        return None if kiosk is None else max(0.0, PIN_TIMEOUT - kiosk.idle_seconds)

    def update(self, dt: float) -> None:
        kiosk = self.app.kiosk
        if kiosk is not None and kiosk.idle_seconds >= PIN_TIMEOUT:
            self.app.stack.pop()

    def on_gesture(self, g: Gesture) -> None:
        self.buttons.gesture(g)

    def on_key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k == pygame.K_ESCAPE:
            self.app.stack.pop()
        elif k == pygame.K_BACKSPACE:
            self.press("del")
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.press("ok")

    def on_text(self, text: str) -> None:
        for ch in text:
            if ch.isdigit() and ch.isascii():
                self.press(ch)

    def draw(self, surface: pygame.Surface) -> None:
        _dim(surface, 200)
        draw_panel(surface, self.panel, alpha=252)
        s = theme.ui_scale(surface.get_height())
        fonts = self.app.fonts
        cx = self.panel.centerx
        top = self.buttons.buttons[0].rect.y
        title = fonts.render(self.t("kiosk.pin.title"), theme.font_px(48, s), theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(cx, self.panel.y + max(8, int(20 * s)))))
        if self.message:
            line, color = self.message, theme.BAD
        else:
            line, color = self.t("kiosk.pin.prompt"), theme.TEXT_DIM
        px = fonts.fit_px(line, theme.font_px(26, s), self.panel.w - 24, bool(self.message))
        img = fonts.render(line, px, color, bold=bool(self.message))
        surface.blit(img, img.get_rect(midtop=(cx, self.panel.y + max(8, int(20 * s)) + title.get_height() + 4)))
        dot_r = max(7, int(14 * s))
        n = max(4, len(self.entered))
        for i in range(n):
            x = cx + (i - (n - 1) / 2) * dot_r * 3
            center = (int(x), top - dot_r * 2 - max(4, int(10 * s)))
            if i < len(self.entered):
                pygame.draw.circle(surface, theme.GOLD, center, dot_r)
            else:
                pygame.draw.circle(surface, theme.PANEL_EDGE, center, dot_r, max(2, dot_r // 4))
        self.buttons.draw(surface, fonts)
        delete = next(b for b in self.buttons.buttons if b.id == "del")
        OnScreenKeyboard._draw_backspace(surface, delete.rect, theme.TEXT)  # the font has no ⌫
