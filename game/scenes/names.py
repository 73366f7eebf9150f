"""Names: both players type a name (defaults offered); an on-screen keyboard appears for touch."""
from __future__ import annotations

import pygame

from game import prefs
from game.input import Gesture
from game.names_check import check_name
from game.session import Session
from game.textentry import TextEntryScene
from sprites import theme
from sprites.roles import CAPTION, LABEL, TITLE, Typeset
from sprites.widgets import Button, TextField, draw_panel

MAX_NAME = 16


class NamesScene(TextEntryScene):
    name = "names"

    def __init__(self, app, game_id: str, mode: str, names: list[str] | None = None) -> None:
        super().__init__(app)
        self.game_id, self.mode = game_id, mode
        last = app.settings.last_names  # the names last played under come back (the menu remembers)
        defaults = names or [last[0] if last else self.t("names.default1"),
                             self.t("names.computer") if mode == "computer"
                             else last[1] if len(last) > 1 else self.t("names.default2")]
        self.fields = [TextField(pygame.Rect(0, 0, 10, 10), text=defaults[i], max_len=MAX_NAME) for i in range(2)]
        self.editable = [True, mode != "computer"]
        self.active = 0
        self.pending = app.stats.records()  # recently used names, read without waiting
        self.recent: list[str] = []
        self.recent_label = pygame.Rect(0, 0, 0, 0)
        self.type = Typeset(app.fonts, app.size[1])  # the sizes of the screen's words (build sets them)
        self.title_px = 0

    def entry(self) -> TextField:
        return self.fields[self.active]

    def enter(self) -> None:
        self.focus(0)
        super().enter()

    def focus(self, i: int) -> None:
        """Make field ``i`` the one typed into; its prefilled text is selected, so typing replaces it."""
        self.active = i
        self.fields[i].select_all()

    def update(self, dt: float) -> None:
        if self.pending is not None and self.pending.ready:
            others = {self.t("names.computer").casefold()}
            book = self.pending.value
            self.recent = [n for n in (book.recent() if book is not None else []) if n.casefold() not in others
                           and len(n) <= MAX_NAME]
            self.pending = None
            self.build()

    def build(self) -> None:
        w, h = self.size
        s = theme.ui_scale(h)
        fw, fh = min(int(w * 0.5), int(640 * s)), max(44, int(70 * s))
        top = int(h * (0.17 if self.keyboard else 0.26))
        fonts = self.app.fonts  # the first field's label stands under the title and its line, never on them
        ts = self.type = Typeset(fonts, h)
        self.title_px = ts.fit(TITLE, self.t.each("names.title"), w - 16)
        header = int(h * (0.04 if self.keyboard else 0.08)) + fonts.line_height(self.title_px, True) + 4 \
            + fonts.line_height(ts.px(CAPTION))
        label_h = fonts.line_height(ts.px(CAPTION))
        top = max(top, header + label_h + 8)
        step = min(fh * 2, fh + label_h + max(8, fh // 3))  # a field, then the next one's label
        if self.keyboard is not None:  # the fields and the buttons above the keyboard (42% of the height)
            step = min(step, fh + label_h + 4)
            top = min(top, max(header + label_h + 4, int(h * 0.58) - 8 - 2 * fh - label_h - 2 * max(44, int(64 * s))))
        for i, f in enumerate(self.fields):
            f.rect = pygame.Rect((w - fw) // 2, top + i * step, fw, fh)
        bw, bh = min(int(w * 0.24), int(320 * s)), max(44, int(64 * s))
        by = self.fields[1].rect.bottom + (min(fh, max(8, int(h * 0.58) - 8 - bh - self.fields[1].rect.bottom))
                                           if self.keyboard is not None else fh)
        buttons = [
            Button("back", self.t("names.back"), pygame.Rect(w // 2 - bw - 10, by, bw, bh)),
            Button("start", self.t("names.start"), pygame.Rect(w // 2 + 10, by, bw, bh), primary=True),
        ]
        if self.offers_facing():  # Back, the seating, Start in one row
            buttons[0].rect.x, buttons[1].rect.x = w // 2 - bw * 3 // 2 - 20, w // 2 + bw // 2 + 20
            on = self.app.settings.face_to_face
            buttons.insert(1, Button("facing", self.t("names.facing.on" if on else "names.facing.off"),
                                     pygame.Rect(w // 2 - bw // 2, by, bw, bh)))
        self.place_keyboard()
        floor = h if self.keyboard is None else self.keyboard.rect.y
        rows = buttons + self.recent_buttons(by + bh + int(bh * 0.8), floor)
        self.buttons.set(rows)
        keys = {"back": "names.back", "start": "names.start", "facing": "names.facing.on"}
        words = [[*zip(self.t.each(keys[b.id]), ["", "", ""], strict=True),
                  *zip(self.t.each("names.facing.off"), ["", "", ""], strict=True)] if b.id == "facing"
                 else list(zip(self.t.each(keys[b.id]), ["", "", ""], strict=True)) if b.id in keys
                 else [(b.label, "")] for b in rows]  # a recent name reads the same in every language
        size = self.buttons.px = ts.labels([b.rect for b in rows], words)
        for f in self.fields:
            f.px = ts.same(LABEL, size)  # the names in the buttons' size: title, captions and labels, three sizes

    def recent_buttons(self, y: int, floor: int) -> list[Button]:
        """One tap puts a recently used name into the field (a row as wide as the window allows)."""
        w, h = self.size
        s = theme.ui_scale(h)
        ch, gap = max(44, int(56 * s)), max(8, int(14 * s))
        label_h = self.app.fonts.line_height(theme.floor_px(h))  # the caption role: at the floor
        if not self.recent or y + label_h + ch > floor:
            self.recent_label = pygame.Rect(0, 0, 0, 0)
            return []
        fonts, px = self.app.fonts, round(ch * 0.5)
        widths = [max(ch * 2, fonts.size(n, px)[0] + ch) for n in self.recent]
        while widths and sum(widths) + gap * (len(widths) - 1) > w * 0.9:
            widths.pop()
        x = (w - sum(widths) - gap * (len(widths) - 1)) // 2
        self.recent_label = pygame.Rect(x, y, w, label_h)
        out = []
        for i, bw in enumerate(widths):
            out.append(Button(f"recent:{i}", self.recent[i], pygame.Rect(x, y + label_h, bw, ch)))
            x += bw + gap
        return out

    def offers_facing(self) -> bool:
        """Two players at one device may sit face to face; in a kiosk only staff choose it (Settings, PIN)."""
        return self.mode == "hotseat" and self.app.kiosk is None

    def names(self) -> list[str]:
        return [f.text.strip() for f in self.fields]

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        if bid == "back":
            self.app.stack.pop()
        elif bid == "start":
            self.start()
        elif bid == "facing":
            prefs.change(self.app, "face_to_face", not self.app.settings.face_to_face)  # remembered
        elif bid.startswith("recent:"):
            self.use_name(self.recent[int(bid[7:])])

    def use_name(self, name: str) -> None:
        i = self.active if self.editable[self.active] else 0
        self.fields[i].text = name
        self.error = ""
        if i == 0 and self.editable[1]:
            self.focus(1)

    def start(self) -> None:
        try:
            names = [check_name(n) for n in self.names()]
        except ValueError:
            self.error = self.t("names.empty")
            return
        if names[0].casefold() == names[1].casefold():
            self.error = self.t("names.same")
            return
        humans = names if self.mode == "hotseat" else names[:1]
        if self.app.settings.last_names != humans:
            self.app.settings.last_names = humans
            self.app.store_settings()
        session = Session.new(self.game_id, self.mode, names, self.app.new_seed(), self.app.settings.bot_level)
        self.app.stack.replace(self.app.open_table(session))

    def on_gesture(self, g: Gesture) -> None:
        if self.keyboard_tap(g) or self.buttons.gesture(g):
            return
        if g.kind == "tap":
            for i, f in enumerate(self.fields):
                if f.rect.collidepoint(g.pos) and self.editable[i]:
                    if i != self.active:
                        self.focus(i)
                    if g.source == "touch":
                        self.show_keyboard(True)

    def return_key(self) -> None:
        if self.app.kiosk is None:
            self.show_keyboard(False)
        elif self.active == 0 and self.editable[1]:  # a kiosk's keyboard stays: Done moves on
            self.focus(1)
        else:
            self.start()

    def typed(self) -> None:
        """A name cut to the limit is said, never done silently."""
        self.error = self.t("names.too_long", n=MAX_NAME) if self.entry().truncated else ""

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.buttons.focus is not None:
                self.buttons.key(event)
            elif self.active == 0 and self.editable[1]:
                self.focus(1)
            else:
                self.start()
        elif event.key == pygame.K_TAB:
            editable = [i for i in range(2) if self.editable[i]]
            if self.buttons.focus is None and self.active != editable[-1]:
                self.focus(editable[editable.index(self.active) + 1])
            else:
                self.buttons.key(event)
        elif event.key in (pygame.K_UP, pygame.K_DOWN) and self.editable[1]:
            self.focus(1 - self.active)
        elif not self.fields[self.active].handle(event):
            self.buttons.key(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        surface.fill(theme.FELT)
        fonts, ts = self.app.fonts, self.type
        cap = ts.px(CAPTION)
        top = int(h * (0.04 if self.keyboard else 0.08))
        top = ts.line(surface, self.t("names.title"), TITLE, self.title_px, theme.GOLD, midtop=(w // 2, top)).bottom
        ts.line(surface, self.t(f"game.{self.game_id}") + "  ·  " + self.t(f"mode.{self.mode}.hint"), CAPTION, cap,
                theme.TEXT_DIM, midtop=(w // 2, top + 4))
        for i, f in enumerate(self.fields):
            label = self.t("names.player", n=i + 1) if self.editable[i] else self.t("names.computer")
            ts.line(surface, label, CAPTION, cap, theme.TEXT_DIM, bottomleft=(f.rect.x, f.rect.y - 4))
            if self.editable[i]:
                f.draw(surface, fonts, focused=i == self.active and self.buttons.focus is None, now=self.app.now)
            else:
                draw_panel(surface, f.rect, alpha=120)
                ts.line(surface, f.text, LABEL, f.px or ts.px(LABEL), theme.TEXT_DIM,
                        midleft=(f.rect.x + 14, f.rect.centery))
        self.buttons.draw(surface, fonts)
        if self.recent_label.h:
            ts.line(surface, self.t("names.recent"), CAPTION, cap, theme.TEXT_DIM, topleft=self.recent_label.topleft)
        if self.error:
            ts.line(surface, self.error, LABEL, self.fields[0].px or ts.px(LABEL), theme.BAD,
                    midtop=(w // 2, self.buttons.buttons[0].rect.bottom + 10))
        self.draw_keyboard(surface)
