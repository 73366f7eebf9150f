"""Watch a game: a replay code is typed or pasted, checked, and played back at the table (from the start).

A damaged code is refused with the reason the decoder gives; nothing opens."""
from __future__ import annotations

import pygame

from game.clipboard import paste
from game.input import Gesture
from game.session import replay_names
from game.tables.replay import open_replay
from game.textentry import TextEntryScene
from rules.replay import ReplayError, read
from sprites import theme
from sprites.felt import felt
from sprites.widgets import Button, TextField, draw_panel

MAX_CODE = 20000
FAN = ("AS", "KH", "QD", "JC", "TS")  # the cards fanned over the title


class WatchScene(TextEntryScene):
    name = "watch"

    def __init__(self, app, code: str = "") -> None:
        self.fan = self.panel = pygame.Rect(0, 0, 0, 0)
        self.title_y = 0
        super().__init__(app)
        self.field = TextField(pygame.Rect(0, 0, 10, 10), text=code, max_len=MAX_CODE,
                               placeholder=self.t("watch.placeholder"))

    def entry(self) -> TextField:
        return self.field

    def build(self) -> None:
        w, h = self.size
        s = theme.ui_scale(h)
        fw, fh = int(w * 0.8), max(44, int(70 * s))
        bw, bh, gap = min(int(w * 0.22), int(300 * s)), max(44, int(64 * s)), max(8, int(16 * s))
        fonts = self.app.fonts
        title_h = fonts.line_height(theme.font_px(64, s), True)
        hint_h = 2 * fonts.line_height(theme.font_px(28, s))
        if self.keyboard:
            top = int(h * 0.2)
            self.fan = pygame.Rect(0, 0, 0, 0)
            self.title_y = int(h * 0.04)
        else:  # composed as one column in the middle: a fan of cards, the title, the words, the field, the buttons
            fan_h = int(h * 0.24)
            column = fan_h + title_h + gap + hint_h + fh + fh + bh + 3 * gap  # the errors' room under the buttons
            y0 = max(gap, (h - column) // 2)
            self.fan = pygame.Rect(0, y0, w, fan_h)
            self.title_y = y0 + fan_h + gap
            top = self.title_y + title_h + gap + hint_h + 6
        self.panel = pygame.Rect((w - fw) // 2 - 2 * gap, self.title_y - gap, fw + 4 * gap,
                                 top + fh + fh + bh + 2 * gap - (self.title_y - gap))
        self.field.rect = pygame.Rect((w - fw) // 2, top, fw, fh)
        by = self.field.rect.bottom + fh
        ids = [("back", "names.back"), ("paste", "watch.paste"), ("watch", "watch.go")]
        x0 = (w - 3 * bw - 2 * gap) // 2
        self.buttons.set([Button(bid, self.t(key), pygame.Rect(x0 + i * (bw + gap), by, bw, bh),
                                 primary=bid == "watch") for i, (bid, key) in enumerate(ids)])
        self.place_keyboard()

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        if bid == "back":
            self.app.stack.pop()
        elif bid == "paste":
            self.paste()
        elif bid == "watch":
            self.watch()

    def paste(self) -> None:
        self.field.insert(paste(self.app).strip())
        self.error = ""

    def watch(self) -> bool:
        """Open the code at the table; a damaged one is refused with its reason."""
        try:
            recording, computers = read(self.field.text.strip())
        except ReplayError as exc:
            self.error = self.t("watch.refused", why=str(exc))
            return False
        self.app.stack.replace(open_replay(self.app, recording, replay_names(self.t, computers)))
        return True

    def _draw_fan(self, surface: pygame.Surface) -> None:
        """A hand of cards fanned over the title: what this screen brings back is a game of cards."""
        card_w = int(self.fan.h / theme.CARD_RATIO * 0.9)
        key = (card_w, self.fan.h)
        if getattr(self, "_fan_key", None) != key:
            art = self.app.cards.get(card_w)
            self._fan_imgs = [pygame.transform.rotozoom(art.face(c), (2 - i) * 9, 1.0)
                              for i, c in enumerate(FAN)]
            self._fan_key = key
        for i, img in enumerate(self._fan_imgs):
            surface.blit(img, img.get_rect(center=(self.fan.centerx + (i - 2) * card_w * 0.42,
                                                   self.fan.centery + abs(i - 2) * card_w * 0.06)))

    def on_gesture(self, g: Gesture) -> None:
        if self.keyboard_tap(g) or self.buttons.gesture(g):
            return
        if g.kind == "tap" and self.field.rect.collidepoint(g.pos) and g.source == "touch":
            self.show_keyboard(True)

    def on_key(self, event: pygame.event.Event) -> None:
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
        elif event.key == pygame.K_v and ctrl:
            self.paste()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.buttons.focus is not None:
                self.buttons.key(event)
            else:
                self.watch()
        elif event.key == pygame.K_TAB or not self.field.handle(event):
            self.buttons.key(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        s = theme.ui_scale(h)
        surface.blit(felt((w, h)), (0, 0))
        fonts = self.app.fonts
        if self.fan.h:
            self._draw_fan(surface)
            draw_panel(surface, self.panel, alpha=200)
        title = fonts.render(self.t("watch.title"), theme.font_px(64, s), theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, self.title_y)))
        px = theme.font_px(28, s)
        for i, line in enumerate(fonts.wrap(self.t("watch.hint"), px, int(w * 0.8))[:2]):
            img = fonts.render(line, px, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(bottomleft=(self.field.rect.x, self.field.rect.y - 6
                                                       - (1 - i) * img.get_height())))
        self.field.draw(surface, fonts, focused=self.buttons.focus is None, now=self.app.now)
        self.buttons.draw(surface, fonts)
        if self.error:
            y = self.buttons.buttons[0].rect.bottom + 12
            for line in fonts.wrap(self.error, px, int(w * 0.8))[:3]:
                img = fonts.render(line, px, theme.BAD, bold=True)
                surface.blit(img, img.get_rect(midtop=(w // 2, y)))
                y += img.get_height()
        self.draw_keyboard(surface)
