"""After a recovered error: the apology over the menu, and the kiosk's last-resort screen."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

import pygame

from game.scene import ButtonGroup, Scene
from sprites import theme
from sprites.widgets import Button, draw_panel

if TYPE_CHECKING:
    from game.services import AppServices, MenuLike

SAFE_RETRY_SECONDS = 20.0


class ApologyScene(Scene):
    """Over the menu after a recovered error: a short apology, and the saved game one touch away."""

    name = "apology"
    opaque = False

    def __init__(self, app: AppServices, saved: bool) -> None:
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
        self.app.play_sound("click")
        self.app.stack.pop()
        menu = cast("MenuLike | None", self.app.stack.find("menu"))
        if bid == "continue" and menu is not None:
            menu.continue_saved(newest=True)  # the save just written; a damaged one is reported

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

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.since = app.now
        self.buttons = ButtonGroup(lambda _bid: self.retry())

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        bw, bh = max(160, w // 3), max(56, h // 10)
        self.buttons.set([Button("retry", self.t("kiosk.safe.retry"),
                                 pygame.Rect((w - bw) // 2, int(h * 0.62), bw, bh), primary=True)])

    def retry(self) -> None:
        self.app.show("menu")

    def next_deadline(self) -> float | None:
        return max(0.0, SAFE_RETRY_SECONDS - (self.app.now - self.since))

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
