"""The settings screen: one row of choices per setting; a tap changes it at once and stores it."""
from __future__ import annotations

import pygame

from game import prefs
from game.i18n import LANGUAGE_NAMES
from game.scene import DialogScene
from sprites import theme
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
        self.message = ""

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        s = theme.ui_scale(h)
        bh = max(44, int(62 * s))
        gap = max(6, int(14 * s))
        pw = min(w - 2 * gap, int(1500 * max(s, 0.75)))
        label_w = int(pw * 0.3)
        top = int(h * 0.04) + self.app.fonts.get(theme.font_px(64, s), True).get_linesize() + gap
        n = len(ROWS) + 1
        top = max(top, (h - n * (bh + gap) - 3 * gap - bh) // 2)  # centred when the window is tall enough
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
        bw = min(int(w * 0.3), int(360 * s))
        buttons.append(Button("back", self.t("settings.back"),
                              pygame.Rect((w - bw) // 2, min(h - bh - gap, self.panel.bottom + gap * 2), bw, bh)))
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
        surface.blit(title, title.get_rect(midbottom=(w // 2, self.panel.y - max(4, int(12 * s)))))
        draw_panel(surface, self.panel, alpha=235)
        px = max(theme.font_px(30, s), round(h * 0.024))
        for key, rect in self.rows:
            text = self.t(f"settings.{key}")
            size = fonts.fit_px(text, px, rect.w)
            img = fonts.render(text, size, theme.TEXT, bold=True)
            surface.blit(img, img.get_rect(midleft=rect.midleft))
        self.buttons.draw(surface, fonts)
        note = self.message or (self.t("settings.kiosk") if self.app.kiosk is not None else "")
        if note:
            img = fonts.render(note, px, theme.GOOD)
            back = self.buttons.buttons[-1].rect
            surface.blit(img, img.get_rect(midtop=(w // 2, back.bottom + 4)))
