"""Online -> Recovery code: this device's online identity as a code to write down, and a code from another
device typed or pasted in, so the player keeps their name and record there (game/online/keyfile.py)."""
from __future__ import annotations

from dataclasses import replace

import pygame

from game.clipboard import copy, paste
from game.online.keyfile import KeyFile, Keys
from game.textentry import TextEntryScene
from sprites import theme
from sprites.compose import Column, Words, draw_panels, draw_words
from sprites.felt import felt
from sprites.roles import CAPTION, HEADING, LABEL, TITLE, Typeset
from sprites.rows import ellipsize
from sprites.widgets import Button, TextField


class IdentityScene(TextEntryScene):
    name = "identity"

    def __init__(self, app, keys: KeyFile | None = None) -> None:
        super().__init__(app)
        self.file = keys if keys is not None else KeyFile()
        self.keys = self.file.load_or_make()  # shown now: the identity the next game online uses
        self.field = TextField(pygame.Rect(0, 0, 10, 10), "", max_len=80, placeholder=self.t("identity.placeholder"))
        self.note = ""
        self.type = Typeset(app.fonts, app.size[1])  # the sizes of the screen's words (build sets them)
        self.panels: list[pygame.Rect] = []
        self.words: list[Words] = []
        self.title_px = self.note_top = self.top = 0

    def entry(self) -> TextField:
        return self.field

    def build(self) -> None:
        """Two panels side by side: this device's code to write down (with Copy), and a code from another device
        to take (the field, Paste and Use, and what came of it); Back below. With the on-screen keyboard up, the
        second panel alone above it."""
        w, h = self.size
        s = theme.ui_scale(h)
        t, fonts = self.t, self.app.fonts
        ts = self.type = Typeset(fonts, h)
        fh, gap, pad = max(44, round(58 * s)), max(8, round(14 * s)), max(10, round(24 * s))
        self.title_px = ts.fit(TITLE, t.each("identity.title"), w - 2 * gap)
        top = round(h * 0.03) + (0 if self.keyboard else fonts.line_height(self.title_px, True) + gap)
        total = min(w - 2 * gap, round(1640 * s))
        x0 = (w - total) // 2
        half = (total - gap) // 2
        cap = ts.px(CAPTION)
        rows: list[Button] = []
        self.panels, self.words = [], []
        take_x = x0 if self.keyboard else x0 + half + gap
        take = Column(fonts, take_x + pad, top + pad, (total if self.keyboard else half) - 2 * pad, gap)
        take.text(t("identity.enter"), CAPTION, cap, theme.TEXT_DIM)
        self.field.rect = take.take(fh)
        paste_r, use_r = take.row(fh, (1, 1))
        rows += [Button("paste", t("watch.paste"), paste_r), Button("use", t("identity.use"), use_r, primary=True)]
        self.note_top = take.y
        bottom = take.y + 3 * fonts.line_height(cap, True) + pad  # room for what came of it, three lines
        if self.keyboard is None:
            mine = Column(fonts, x0 + pad, top + pad, half - 2 * pad, gap)
            mine.text(t("identity.explain"), CAPTION, cap, theme.TEXT_DIM)
            code_px = ts.fit(HEADING, [self.keys.recovery_code()[:17]], half - 2 * pad)  # three groups a line
            mine.text(self.keys.recovery_code(), HEADING, code_px, theme.TEXT)
            rows.insert(0, Button("copy", t("online.copy"), mine.take(fh)))
            bottom = max(bottom, mine.y - gap + pad)
            self.words = mine.words
            self.panels.append(pygame.Rect(x0, top, half, bottom - top))
        self.words += take.words
        self.panels.append(pygame.Rect(take_x, top, take.w + 2 * pad, bottom - top))
        if self.keyboard is None:
            back_w = max(round(total * 0.26), fh * 3)
            rows.insert(0, Button("back", t("online.back"), pygame.Rect((w - back_w) // 2, bottom + gap, back_w, fh)))
        self.buttons.set(rows)
        keys = {"back": "online.back", "copy": "online.copy", "paste": "watch.paste", "use": "identity.use"}
        size = self.buttons.px = ts.labels([b.rect for b in rows],
                                           [list(zip(t.each(keys[b.id]), ["", "", ""], strict=True)) for b in rows])
        self.field.px = ts.same(LABEL, size)
        room = self.field.rect.w - 2 * round(self.field.rect.h * 0.3)  # TextField's padding
        hint = t("identity.placeholder")
        self.field.placeholder = hint if fonts.size(hint, size)[0] <= room else ellipsize(fonts, hint, size, room)
        if self.keyboard is None:  # centred in the window's height
            t0 = round(h * 0.03)
            dy = max(0, (h - (rows[0].rect.bottom - t0)) // 2 - t0)
            for b in rows:
                b.rect = b.rect.move(0, dy)
            self.field.rect = self.field.rect.move(0, dy)
            self.panels = [p.move(0, dy) for p in self.panels]
            self.words = [replace(wd, at=(wd.at[0], wd.at[1] + dy)) for wd in self.words]
            self.note_top += dy
            self.top = round(h * 0.03) + dy
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
        surface.blit(felt((w, h)), (0, 0))
        fonts, ts = self.app.fonts, self.type
        if self.keyboard is None:
            ts.line(surface, self.t("identity.title"), TITLE, self.title_px, theme.GOLD, midtop=(w // 2, self.top))
        draw_panels(surface, self.panels)
        draw_words(surface, fonts, self.words)
        self.field.draw(surface, fonts, focused=self.buttons.focus is None, now=self.app.now)
        self.buttons.draw(surface, fonts)
        words, color = (self.error, theme.BAD) if self.error else (self.note, theme.GOLD)
        y, px = self.note_top, ts.px(CAPTION)
        for line in fonts.wrap(words, px, self.field.rect.w, bold=True)[:3]:
            y = ts.line(surface, line, CAPTION, px, color, topleft=(self.field.rect.x, y)).bottom
        self.draw_keyboard(surface)
