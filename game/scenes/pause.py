"""Screens shown over a table: the hand-off cover, the pause menu and the rules."""
from __future__ import annotations

import pygame

from game.input import Gesture
from game.scene import ButtonGroup, DialogScene, Scene
from sprites import theme
from sprites.widgets import Button, draw_panel


class CoverScene(Scene):
    """Hotseat hand-off. Opaque: nothing of the table, and no card face at all, is drawn under it."""

    name = "cover"

    def __init__(self, app, table, seat: int) -> None:
        super().__init__(app)
        self.table, self.seat = table, seat
        self.who = table.session.names[seat]
        self.buttons = ButtonGroup(lambda _bid: self.confirm())
        self.armed = False  # ignore the release of the press that ended the previous turn

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.ui_scale(h)
        bw, bh = min(int(w * 0.4), int(460 * s)), max(48, int(72 * s))
        self.buttons.set([Button("show", self.t("cover.show"), pygame.Rect((w - bw) // 2, int(h * 0.66), bw, bh),
                                 primary=True)])

    def confirm(self) -> None:
        self.app.stack.pop()
        self.table.reveal(self.seat)

    def on_gesture(self, g: Gesture) -> None:
        if g.kind == "press":
            self.armed = True
        elif g.kind in ("tap", "drop") and self.armed:
            self.confirm()

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            from game.overlays import PauseScene

            self.app.stack.push(PauseScene(self.app, self.table))
            return
        self.confirm()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = theme.ui_scale(h)
        surface.fill(theme.FELT_DARK)
        art = self.app.cards.get(max(40, int(h * 0.11)))
        for i in range(5):
            img = art.back()
            center = (w // 2 + (i - 2) * art.width * 0.42, int(h * 0.24) + abs(i - 2) * 6)
            surface.blit(img, img.get_rect(center=center))
        fonts = self.app.fonts
        title = fonts.render(self.t("cover.title", name=self.who), theme.font_px(64, s), theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(center=(w // 2, int(h * 0.44))))
        px = theme.font_px(30, s)
        for i, line in enumerate(fonts.wrap(self.t("cover.sub", name=self.who), px, int(w * 0.8))):
            img = fonts.render(line, px, theme.TEXT)
            surface.blit(img, img.get_rect(center=(w // 2, int(h * 0.53) + i * img.get_height())))
        hid = fonts.render(self.t("cover.hidden"), theme.font_px(24, s), theme.TEXT_DIM)
        surface.blit(hid, hid.get_rect(center=(w // 2, int(h * 0.6))))
        self.buttons.draw(surface, fonts)


class PauseScene(DialogScene):
    name = "pause"
    opaque = False

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.panel = pygame.Rect(0, 0, 10, 10)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.ui_scale(h)
        bw, bh, gap = min(int(w * 0.5), int(480 * s)), max(48, int(66 * s)), max(8, int(16 * s))
        ids = [("resume", "pause.resume"), ("restart", "pause.restart"), ("rules", "pause.rules"),
               ("menu", "pause.menu")]
        total = len(ids) * (bh + gap) + int(110 * s)
        self.panel = pygame.Rect((w - bw) // 2 - gap * 2, (h - total) // 2, bw + gap * 4, total + gap)
        y = self.panel.y + int(100 * s)
        self.buttons.set([Button(bid, self.t(key), pygame.Rect((w - bw) // 2, y + i * (bh + gap), bw, bh),
                                 primary=bid == "resume") for i, (bid, key) in enumerate(ids)])
        self.buttons.focus = 0

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        if bid == "resume":
            self.app.stack.pop()
        elif bid == "restart":
            self.app.stack.pop()
            self.table.restart()
        elif bid == "rules":
            self.app.stack.push(RulesScene(self.app, self.table.game_id))
        elif bid == "menu":
            from game.menu import MenuScene

            self.app.stack.reset(MenuScene(self.app))


    def draw(self, surface: pygame.Surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        surface.blit(dim, (0, 0))
        draw_panel(surface, self.panel, alpha=245)
        s = theme.ui_scale(surface.get_height())
        title = self.app.fonts.render(self.t("pause.title"), theme.font_px(56, s), theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + int(24 * s))))
        self.buttons.draw(surface, self.app.fonts)


class RulesScene(Scene):
    name = "rules"
    opaque = False

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.buttons = ButtonGroup(lambda _bid: self.app.stack.pop())
        self.panel = pygame.Rect(0, 0, 10, 10)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.ui_scale(h)
        self.panel = pygame.Rect(int(w * 0.08), int(h * 0.06), int(w * 0.84), int(h * 0.88))
        bw, bh = min(int(w * 0.3), int(320 * s)), max(48, int(60 * s))
        self.buttons.set([Button("close", self.t("rules.close"),
                                 pygame.Rect(self.panel.centerx - bw // 2, self.panel.bottom - bh - 16, bw, bh),
                                 primary=True)])
        self.buttons.focus = 0

    def on_gesture(self, g: Gesture) -> None:
        self.buttons.gesture(g)

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 160))
        surface.blit(dim, (0, 0))
        draw_panel(surface, self.panel, alpha=248)
        s = theme.ui_scale(surface.get_height())
        fonts = self.app.fonts
        title = fonts.render(self.t("rules.title", game=self.t(f"game.{self.game_id}")), theme.font_px(48, s),
                             theme.GOLD, bold=True)
        surface.blit(title, (self.panel.x + 30, self.panel.y + 24))
        px = theme.font_px(28, s)
        y = self.panel.y + 40 + title.get_height()
        line_h = fonts.get(px).get_linesize()
        for para in self.t(f"{self.game_id}.rules").split("\n"):
            for line in fonts.wrap(para, px, self.panel.w - 60):
                surface.blit(fonts.render(line, px, theme.TEXT), (self.panel.x + 30, y))
                y += line_h
            y += line_h // 2
        self.buttons.draw(surface, fonts)
