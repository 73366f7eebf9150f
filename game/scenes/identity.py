"""Online -> Recovery code: this device's online identity as a code to write down, and a code from another
device typed or pasted in, so the player keeps their name and record there (game/online/keyfile.py)."""
from __future__ import annotations

import pygame

from game.clipboard import copy, paste
from game.online.keyfile import KeyFile, Keys
from game.textentry import TextEntryScene
from sprites import theme
from sprites.widgets import Button, TextField


class IdentityScene(TextEntryScene):
    name = "identity"

    def __init__(self, app, keys: KeyFile | None = None) -> None:
        super().__init__(app)
        self.file = keys if keys is not None else KeyFile()
        self.keys = self.file.load_or_make()  # shown now: the identity the next game online uses
        self.field = TextField(pygame.Rect(0, 0, 10, 10), "", max_len=80, placeholder=self.t("identity.placeholder"))
        self.note = ""

    def entry(self) -> TextField:
        return self.field

    def build(self) -> None:
        w, h = self.size
        s = theme.ui_scale(h)
        fw, fh, gap = int(w * 0.8), max(44, int(64 * s)), max(8, int(16 * s))
        bw = min(int(w * 0.24), int(320 * s))
        self.code_top = int(h * (0.16 if self.keyboard else 0.22))
        self.code_px = theme.font_px(34, s)
        fonts = self.app.fonts
        self.code_lines = fonts.wrap(self.keys.recovery_code(), self.code_px, int(w * 0.86), bold=True)
        below = self.code_top + int(8 * s) + len(self.code_lines) * fonts.get(self.code_px, True).get_linesize()
        copy_rect = pygame.Rect((w - bw) // 2, below + gap // 2, bw, fh)
        self.field.rect = pygame.Rect((w - fw) // 2, copy_rect.bottom + 2 * gap + int(40 * s), fw, fh)
        by = self.field.rect.bottom + gap
        ids = [("back", "online.back"), ("paste", "watch.paste"), ("use", "identity.use")]
        x0 = (w - 3 * bw - 2 * gap) // 2
        rows = [Button("copy", self.t("online.copy"), copy_rect)]
        rows += [Button(bid, self.t(key), pygame.Rect(x0 + i * (bw + gap), by, bw, fh), primary=bid == "use")
                 for i, (bid, key) in enumerate(ids)]
        self.buttons.set(rows)
        self.place_keyboard()

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        self.error, self.note = "", ""
        if bid == "back":
            self.app.stack.pop()
        elif bid == "copy":
            copy(self.app, self.keys.recovery_code())
            self.note = self.t("online.copied")
        elif bid == "paste":
            self.field.insert(paste(self.app).strip())
        elif bid == "use":
            self.use()

    def use(self) -> bool:
        """Check the typed code; once the player agrees, this device becomes that player."""
        try:
            keys = Keys.from_recovery_code(self.field.text)
        except ValueError:
            self.error = self.t("identity.bad_code")
            return False
        if keys.public == self.keys.public:
            self.note = self.t("identity.same")
            return True
        self.app.push("confirm", text=self.t("identity.replace"), yes="identity.use", on_yes=lambda: self._take(keys))
        return True

    def _take(self, keys: Keys) -> None:
        self.file.save(keys)
        kept = self.file.load()
        if kept is None or kept.public != keys.public:
            self.error = self.t("identity.not_saved")
            return
        self.keys, self.field.text = kept, ""
        self.note = self.t("identity.done")
        self.build()  # the new code on show

    def on_key(self, event: pygame.event.Event) -> None:
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
        elif event.key == pygame.K_v and ctrl:
            self.press("paste")
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.buttons.focus is None:
            self.use()
        elif event.key == pygame.K_TAB or not self.field.handle(event):
            self.buttons.key(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        s = theme.ui_scale(h)
        surface.fill(theme.FELT)
        fonts = self.app.fonts
        title = fonts.render(self.t("identity.title"), theme.font_px(56, s), theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, int(h * 0.03))))
        px = theme.font_px(26, s)
        lines = fonts.wrap(self.t("identity.explain"), px, int(w * 0.8))[:2]
        for i, line in enumerate(lines):  # just above the code
            img = fonts.render(line, px, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midbottom=(w // 2, self.code_top - (len(lines) - 1 - i) * img.get_height())))
        y = self.code_top + int(8 * s)
        for line in self.code_lines:  # in groups of five, on two lines where one is too narrow
            img = fonts.render(line, self.code_px, theme.TEXT, bold=True)
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += fonts.get(self.code_px, True).get_linesize()
        hint = fonts.render(self.t("identity.enter"), px, theme.TEXT_DIM)
        surface.blit(hint, hint.get_rect(bottomleft=(self.field.rect.x, self.field.rect.y - 6)))
        self.field.draw(surface, fonts, focused=self.buttons.focus is None, now=self.app.now)
        self.buttons.draw(surface, fonts)
        words, color = (self.error, theme.BAD) if self.error else (self.note, theme.GOLD)
        y = self.buttons.buttons[-1].rect.bottom + 12
        for line in fonts.wrap(words, px, int(w * 0.8))[:3]:
            img = fonts.render(line, px, color, bold=True)
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += img.get_height()
        self.draw_keyboard(surface)
