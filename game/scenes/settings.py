"""The settings screen: one row of choices per setting; a tap changes it at once and stores it."""
from __future__ import annotations

import pygame

from game import prefs
from game.languages import LANGUAGE_NAMES
from game.scene import DialogScene
from sprites import theme
from sprites.swatch import draw_samples
from sprites.widgets import Button, draw_panel

ROWS = ("bot_level", "animation_speed", "volume", "language", "felt", "card_back", "suit_colours", "sort_by",
        "face_to_face")


class SettingsScene(DialogScene):
    name = "settings"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.size = app.size
        self.rows: list[tuple[str, pygame.Rect]] = []  # setting, where its label goes
        self.panel = pygame.Rect(0, 0, 10, 10)
        self.head = pygame.Rect(0, 0, 10, 10)  # the title row: the title, a note, Done
        self.message = ""

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        s = theme.ui_scale(h)
        bh = max(44, int(62 * s))
        gap = max(6, int(14 * s))
        fonts = self.app.fonts
        pw = min(w - 2 * gap, int(1500 * max(s, 0.75)))
        px = self.label_px()
        labels = [self.t(f"settings.{key}") for key in (*ROWS, "tutorial")]  # the widest name sets the column
        label_w = min(int(pw * 0.42), max(fonts.size(text, px, True)[0] for text in labels) + gap)
        # the title row holds Done at its right: every row below fits a 600 px window
        self.head = pygame.Rect((w - pw) // 2, max(gap, int(h * 0.02)), pw,
                                max(bh, fonts.line_height(theme.font_px(64, s), True)))
        n = len(ROWS) + 1
        top = max(self.head.bottom + 2 * gap, (h - n * (bh + gap)) // 2)  # centred when the window is tall
        self.panel = pygame.Rect((w - pw) // 2, top - gap, pw, n * (bh + gap) + gap)
        x0 = self.panel.x + gap * 2 + label_w
        avail = self.panel.right - gap * 2 - x0
        buttons, self.rows = [], []
        for i, key in enumerate(ROWS):
            y = top + i * (bh + gap)
            self.rows.append((key, pygame.Rect(self.panel.x + gap * 2, y, label_w, bh)))
            choices = prefs.CHOICES[key]
            bw = (avail - (len(choices) - 1) * gap) // len(choices)
            now = prefs.current(self.app, key)
            for j, value in enumerate(choices):
                buttons.append(Button(f"{key}={value}", self.choice_label(key, value),
                                      pygame.Rect(x0 + j * (bw + gap), y, bw, bh), primary=value == now))
        y = top + len(ROWS) * (bh + gap)
        self.rows.append(("tutorial", pygame.Rect(self.panel.x + gap * 2, y, label_w, bh)))
        done = bool(self.app.settings.tutorial_done)
        buttons.append(Button("tutorial", self.t("settings.tutorial.replay" if done else "settings.tutorial.none"),
                              pygame.Rect(x0, y, avail, bh), enabled=done))
        bw = max(min(int(w * 0.2), int(300 * s)), fonts.size(self.t("settings.back"), fonts.floor)[0] + bh)
        buttons.append(Button("back", self.t("settings.back"),
                              pygame.Rect(self.head.right - bw, self.head.centery - bh // 2, bw, bh)))
        self.buttons.set(buttons)

    def choice_label(self, key: str, value) -> str:
        if key == "language":
            return LANGUAGE_NAMES.get(value, value)
        return self.t(f"settings.{key}.{value}")

    def press(self, bid: str) -> None:
        if bid == "back":
            self.app.play_sound("click")
            self.app.stack.pop()
            return
        if bid == "tutorial":
            prefs.change(self.app, "tutorial_done", [])
            self.message = self.t("settings.tutorial.done")
        else:
            key, raw = bid.split("=", 1)
            value = next(v for v in prefs.CHOICES[key] if str(v) == raw)
            prefs.change(self.app, key, value)
            self.message = ""
        self.app.play_sound("click")  # after the change: the new volume is heard

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        s = theme.ui_scale(h)
        surface.fill(theme.FELT)
        fonts = self.app.fonts
        title = fonts.render(self.t("settings.title"), theme.font_px(64, s), theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midleft=self.head.midleft))
        draw_panel(surface, self.panel, alpha=235)
        px = self.label_px()
        for key, rect in self.rows:
            text = self.t(f"settings.{key}")
            size = fonts.fit_px(text, px, rect.w)
            img = fonts.render(text, size, theme.TEXT, bold=True)
            surface.blit(img, img.get_rect(midleft=rect.midleft))
        self.buttons.draw(surface, fonts)
        draw_samples(surface, fonts, self.buttons.buttons)  # each felt and back seen before it is chosen
        note = self.message or (self.t("settings.kiosk") if self.app.kiosk is not None else "")
        if note:  # under the panel where there is room, else in the title row between the title and Done
            back = self.buttons.buttons[-1].rect
            room = pygame.Rect(self.head.x + title.get_width() + px, self.head.y, back.x - px, self.head.h)
            room.w -= room.x
            if h - self.panel.bottom >= fonts.line_height(px) + 8:
                room = pygame.Rect(self.panel.x, self.panel.bottom + 4, self.panel.w, fonts.line_height(px))
            size = fonts.fit_px(note, px, room.w)
            img = fonts.render(note, size, theme.GOOD)
            surface.blit(img, img.get_rect(center=room.center))

    def label_px(self) -> int:
        """The rows' names: body text, never under the type scale."""
        h = self.size[1]
        return max(theme.font_px(30, theme.ui_scale(h)), round(h * 0.024))
