"""The one skeleton of the scenes that take typed text (names, the online form, a replay code): typing from a
keyboard or an input method, the on-screen keyboard of a touch screen or kiosk, the caret's blink."""
from __future__ import annotations

import pygame

from game.input import Gesture
from game.scene import ButtonGroup, Scene
from sprites.keyboard import OnScreenKeyboard
from sprites.widgets import TextField

KEYBOARD_SHARE = 0.42  # of the window's height, at its foot


class TextEntryScene(Scene):
    """Subclasses say which field is typed into (``field``), lay themselves out in ``build`` (calling
    ``place_keyboard`` at its end) and act on their buttons in ``press``."""

    keyboard_share = KEYBOARD_SHARE

    def __init__(self, app) -> None:
        super().__init__(app)
        self.keyboard: OnScreenKeyboard | None = None
        self.buttons = ButtonGroup(self.press)
        self.error = ""
        self.size = app.size

    # --- what a subclass gives -------------------------------------------------------------------------------
    def entry(self) -> TextField:
        raise NotImplementedError

    def build(self) -> None: ...

    def press(self, bid: str) -> None: ...

    def return_key(self) -> None:
        """The on-screen keyboard's Return: by default it folds the keyboard away."""
        self.show_keyboard(False)

    def typed(self) -> None:
        """After any text went into the field (a scene may check it; by default an old error goes)."""
        self.error = ""

    # --- shared ------------------------------------------------------------------------------------------------
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

    def show_keyboard(self, on: bool) -> None:
        if on and self.keyboard is None:
            self.keyboard = OnScreenKeyboard(pygame.Rect(0, 0, 10, 10), layout=self.t.lang)
        elif not on:
            self.keyboard = None
        self.build()

    def place_keyboard(self) -> None:
        """The on-screen keyboard, when shown, across the foot of the window."""
        if self.keyboard is not None:
            w, h = self.size
            kb_h = int(h * self.keyboard_share)
            self.keyboard = OnScreenKeyboard(pygame.Rect(int(w * 0.05), h - kb_h - 8, int(w * 0.9), kb_h),
                                             layout=self.t.lang)

    def on_gesture(self, g: Gesture) -> None:
        """The on-screen keyboard's keys, the buttons, and a finger on the field brings the keyboard up (a scene
        with several fields says which it touched)."""
        if self.keyboard_tap(g) or self.buttons.gesture(g):
            return
        if g.kind == "tap" and self.entry().rect.collidepoint(g.pos) and g.source == "touch":
            self.show_keyboard(True)

    def keyboard_tap(self, g: Gesture) -> bool:
        """A tap on the on-screen keyboard types its key."""
        if g.kind == "tap" and self.keyboard is not None and self.keyboard.rect.collidepoint(g.pos):
            self.type_key(self.keyboard.press(g.pos))
            return True
        return False

    def type_key(self, key: str | None) -> None:
        if key is None:
            return
        if key == "\b":
            self.entry().backspace()
        elif key == "\n":
            self.return_key()
            return
        else:
            self.entry().insert(key)
        self.typed()

    def on_text(self, text: str) -> None:
        self.entry().insert(text)
        self.typed()

    def next_deadline(self) -> float | None:
        return TextField.next_blink(self.app.now)  # the caret blinks

    def draw_keyboard(self, surface: pygame.Surface) -> None:
        if self.keyboard is not None:
            self.keyboard.draw(surface, self.app.fonts)
