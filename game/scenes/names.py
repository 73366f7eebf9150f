"""Names: both players type a name (defaults offered); an on-screen keyboard appears for touch."""
from __future__ import annotations

import pygame

from game.input import Gesture
from game.scene import ButtonGroup, Scene
from game.session import Session
from sprites import theme
from sprites.keyboard import OnScreenKeyboard
from sprites.widgets import Button, TextField, draw_panel

MAX_NAME = 16


class NamesScene(Scene):
    name = "names"

    def __init__(self, app, game_id: str, mode: str, names: list[str] | None = None) -> None:
        super().__init__(app)
        self.game_id, self.mode = game_id, mode
        defaults = names or [self.t("names.default1"),
                             self.t("names.computer") if mode == "computer" else self.t("names.default2")]
        self.fields = [TextField(pygame.Rect(0, 0, 10, 10), text=defaults[i], max_len=MAX_NAME) for i in range(2)]
        self.editable = [True, mode != "computer"]
        self.active = 0
        self.keyboard: OnScreenKeyboard | None = None
        self.buttons = ButtonGroup(self.press)
        self.error = ""
        self.size = app.size

    def enter(self) -> None:
        pygame.key.start_text_input()
        if self.app.kiosk is not None:  # a kiosk has a touch screen and no keyboard
            self.show_keyboard(True)
        self.build()

    def exit(self) -> None:
        pygame.key.stop_text_input()

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.build()

    def build(self) -> None:
        w, h = self.size
        s = theme.ui_scale(h)
        fw, fh = min(int(w * 0.5), int(640 * s)), max(44, int(70 * s))
        top = int(h * (0.17 if self.keyboard else 0.26))
        for i, f in enumerate(self.fields):
            f.rect = pygame.Rect((w - fw) // 2, top + i * (fh * 2), fw, fh)
        bw, bh = min(int(w * 0.24), int(320 * s)), max(44, int(64 * s))
        by = self.fields[1].rect.bottom + fh
        self.buttons.set([
            Button("back", self.t("names.back"), pygame.Rect(w // 2 - bw - 10, by, bw, bh)),
            Button("start", self.t("names.start"), pygame.Rect(w // 2 + 10, by, bw, bh), primary=True),
        ])
        if self.keyboard is not None:
            kb_h = int(h * 0.42)
            self.keyboard = OnScreenKeyboard(pygame.Rect(int(w * 0.05), h - kb_h - 8, int(w * 0.9), kb_h),
                                             layout=self.t.lang)

    def names(self) -> list[str]:
        return [f.text.strip() for f in self.fields]

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        if bid == "back":
            self.app.stack.pop()
        elif bid == "start":
            self.start()

    def start(self) -> None:
        names = self.names()
        if not all(names):
            self.error = self.t("names.empty")
            return
        if names[0].casefold() == names[1].casefold():
            self.error = self.t("names.same")
            return
        session = Session.new(self.game_id, self.mode, names, self.app.new_seed(), self.app.opts.level)
        self.app.stack.replace(self.app.open_table(session))

    def show_keyboard(self, on: bool) -> None:
        if on and self.keyboard is None:
            self.keyboard = OnScreenKeyboard(pygame.Rect(0, 0, 10, 10), layout=self.t.lang)
        elif not on:
            self.keyboard = None
        self.build()

    def on_gesture(self, g: Gesture) -> None:
        if g.kind == "tap" and self.keyboard is not None and self.keyboard.rect.collidepoint(g.pos):
            key = self.keyboard.press(g.pos)
            self.type_key(key)
            return
        if self.buttons.gesture(g):
            return
        if g.kind == "tap":
            for i, f in enumerate(self.fields):
                if f.rect.collidepoint(g.pos) and self.editable[i]:
                    self.active = i
                    if g.source == "touch":
                        self.show_keyboard(True)

    def type_key(self, key: str | None) -> None:
        if key is None:
            return
        field = self.fields[self.active]
        if key == "\b":
            field.backspace()
        elif key == "\n" and self.app.kiosk is not None:  # the keyboard stays: Done moves on
            if self.active == 0 and self.editable[1]:
                self.active = 1
            else:
                self.start()
        elif key == "\n":
            self.show_keyboard(False)
        else:
            field.insert(key)
        self.error = ""

    def on_text(self, text: str) -> None:
        self.fields[self.active].insert(text)
        self.error = ""

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.buttons.focus is not None:
                self.buttons.key(event)
            elif self.active == 0 and self.editable[1]:
                self.active = 1
            else:
                self.start()
        elif event.key == pygame.K_TAB:
            editable = [i for i in range(2) if self.editable[i]]
            if self.buttons.focus is None and self.active != editable[-1]:
                self.active = editable[editable.index(self.active) + 1]
            else:
                self.buttons.key(event)
        elif event.key in (pygame.K_UP, pygame.K_DOWN) and self.editable[1]:
            self.active = 1 - self.active
        elif not self.fields[self.active].handle(event):
            self.buttons.key(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        s = theme.ui_scale(h)
        surface.fill(theme.FELT)
        fonts = self.app.fonts
        title = fonts.render(self.t("names.title"), theme.font_px(64, s), theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, int(h * (0.04 if self.keyboard else 0.08)))))
        sub = fonts.render(self.t(f"game.{self.game_id}") + "  ·  " + self.t(f"mode.{self.mode}.hint"),
                           theme.font_px(28, s), theme.TEXT_DIM)
        surface.blit(sub, sub.get_rect(midtop=(w // 2, int(h * (0.04 if self.keyboard else 0.08))
                                                + title.get_height() + 4)))
        for i, f in enumerate(self.fields):
            label = self.t("names.player", n=i + 1) if self.editable[i] else self.t("names.computer")
            img = fonts.render(label, theme.font_px(26, s), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(bottomleft=(f.rect.x, f.rect.y - 4)))
            if self.editable[i]:
                f.draw(surface, fonts, focused=i == self.active and self.buttons.focus is None, now=self.app.now)
            else:
                draw_panel(surface, f.rect, alpha=120)
                t = fonts.render(f.text, theme.font_px(34, s), theme.TEXT_DIM)
                surface.blit(t, t.get_rect(midleft=(f.rect.x + 14, f.rect.centery)))
        self.buttons.draw(surface, fonts)
        if self.error:
            err = fonts.render(self.error, theme.font_px(28, s), theme.BAD, bold=True)
            surface.blit(err, err.get_rect(midtop=(w // 2, self.buttons.buttons[0].rect.bottom + 10)))
        if self.keyboard is not None:
            self.keyboard.draw(surface, fonts)
