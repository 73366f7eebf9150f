"""The questions every scene may ask over itself: yes or no (``confirm``), and which of a few options
(``choose``, e.g. which card a gesture meant). Both dim what lies below and wait for an answer."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.scene import DialogScene
from sprites import theme
from sprites.widgets import Button, draw_dialog


class _Question(DialogScene):
    """A panel with ``text`` on top and the answers' buttons below it."""

    opaque = False

    def __init__(self, app, text: str) -> None:
        super().__init__(app)
        self.text = text
        self.panel = pygame.Rect(0, 0, 10, 10)
        self.lines: list[str] = []
        self.px = 20
        self.gap = 10

    def measure(self, size: tuple[int, int]) -> tuple[int, float]:
        """Wrap the text for the panel's width; returns that width and the window's scale."""
        w, h = size
        s = theme.ui_scale(h)
        pw = min(int(w * 0.8), int(900 * max(s, 0.7)))
        self.px = max(theme.font_px(34, s), round(h * 0.026))
        self.lines = self.app.fonts.wrap(self.text, self.px, pw - int(60 * s) - 20, bold=True)  # drawn bold
        self.gap = max(10, int(24 * s))
        return pw, s

    def text_height(self) -> int:
        return len(self.lines) * self.app.fonts.get(self.px).get_linesize()

    def draw(self, surface: pygame.Surface) -> None:
        draw_dialog(surface, self.panel)
        fonts = self.app.fonts
        line_h = fonts.get(self.px).get_linesize()
        y = self.panel.y + int(self.gap * 1.5)
        for i, line in enumerate(self.lines):
            img = fonts.render(line, self.px, theme.TEXT, bold=True)
            surface.blit(img, img.get_rect(midtop=(self.panel.centerx, y + i * line_h)))
        self.buttons.draw(surface, fonts)


class ConfirmScene(_Question):
    """``text`` with two buttons; ``on_yes`` runs after the dialog has closed, ``on_no`` too (Esc is no)."""

    name = "confirm"

    def __init__(self, app, text: str, on_yes: Callable[[], None], yes: str = "confirm.yes",
                 no: str = "confirm.no", on_no: Callable[[], None] | None = None) -> None:
        super().__init__(app, text)
        self.on_yes, self.on_no = on_yes, on_no
        self.yes_label, self.no_label = self.t(yes), self.t(no)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        pw, s = self.measure(size)
        gap = self.gap
        bw, bh = min(int(pw * 0.42), int(320 * s) + 40), max(48, int(66 * s))
        ph = gap * 4 + self.text_height() + bh
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        y = self.panel.bottom - int(gap * 1.5) - bh
        self.buttons.set([
            Button("no", self.no_label, pygame.Rect(self.panel.centerx - bw - gap // 2, y, bw, bh)),
            Button("yes", self.yes_label, pygame.Rect(self.panel.centerx + gap // 2, y, bw, bh), primary=True),
        ])
        self.buttons.focus = 0  # Enter alone never confirms by accident

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        self.app.stack.pop()
        then = self.on_yes if bid == "yes" else self.on_no
        if then is not None:
            then()

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.press("no")
        else:
            self.buttons.key(event)


class ChooseScene(_Question):
    """``text`` over one button per option (``labels``) and Cancel; ``on_pick(i)`` runs after it has closed."""

    name = "choose"

    def __init__(self, app, text: str, labels: list[str], on_pick: Callable[[int], None]) -> None:
        super().__init__(app, text)
        self.labels, self.on_pick = labels, on_pick

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        pw, s = self.measure(size)
        gap = self.gap
        bw = pw - 2 * gap
        bh = max(44, min(int(60 * s), (h - self.text_height() - gap * 6) // (len(self.labels) + 1) - gap // 2))
        step = bh + gap // 2
        ph = gap * 4 + self.text_height() + step * (len(self.labels) + 1)
        self.panel = pygame.Rect((w - pw) // 2, max(0, (h - ph) // 2), pw, min(ph, h))
        y = self.panel.y + gap * 2 + self.text_height() + gap // 2
        x = self.panel.x + gap
        rows = [Button(f"pick:{i}", label, pygame.Rect(x, y + i * step, bw, bh), primary=i == 0)
                for i, label in enumerate(self.labels)]
        cancel = Button("cancel", self.t("confirm.cancel"), pygame.Rect(x, y + len(self.labels) * step, bw, bh))
        self.buttons.set([*rows, cancel])
        self.buttons.focus = 0

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        self.app.stack.pop()
        if bid.startswith("pick:"):
            self.on_pick(int(bid[5:]))
