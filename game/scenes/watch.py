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
from sprites.widgets import Button, TextField

MAX_CODE = 20000


class WatchScene(TextEntryScene):
    name = "watch"

    def __init__(self, app, code: str = "") -> None:
        super().__init__(app)
        self.field = TextField(pygame.Rect(0, 0, 10, 10), text=code, max_len=MAX_CODE,
                               placeholder=self.t("watch.placeholder"))

    def entry(self) -> TextField:
        return self.field

    def build(self) -> None:
        w, h = self.size
        s = theme.ui_scale(h)
        fw, fh = int(w * 0.8), max(44, int(70 * s))
        top = int(h * (0.2 if self.keyboard else 0.32))
        self.field.rect = pygame.Rect((w - fw) // 2, top, fw, fh)
        bw, bh, gap = min(int(w * 0.22), int(300 * s)), max(44, int(64 * s)), max(8, int(16 * s))
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
        surface.fill(theme.FELT)
        fonts = self.app.fonts
        title = fonts.render(self.t("watch.title"), theme.font_px(64, s), theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, int(h * (0.04 if self.keyboard else 0.1)))))
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
