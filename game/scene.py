"""Scenes and the scene stack: push, pop and replace take effect between frames."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.input import Gesture
from sprites.rows import fit_rows, groups_of
from sprites.widgets import Button

if TYPE_CHECKING:
    from game.services import AppServices


class Scene:
    """One screen. ``opaque = False`` makes it an overlay: the scenes below are drawn first."""

    opaque = True
    name = "scene"

    def __init__(self, app: AppServices) -> None:
        self.app = app
        self.t = app.t

    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def resize(self, size: tuple[int, int]) -> None: ...
    def on_gesture(self, g: Gesture) -> None: ...
    def on_key(self, event: pygame.event.Event) -> None: ...
    def on_text(self, text: str) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None: ...

    # --- rest: the loop draws only when something changed (see game.app.App._frame) ---------------------------
    def wants_frame(self) -> bool:
        """True while something moves on its own (a tween, a count, a bot's turn): frames keep coming."""
        return False

    def next_deadline(self) -> float | None:
        """Seconds until a timer of this scene is due (a toast ends, a caret blinks); None when none is."""
        return None

    def before_quit(self) -> bool:
        """The window is being closed: True keeps the app running (the scene asks first, e.g. an online game)."""
        return False

    def layout_report(self) -> dict[str, list]:
        """Draw once onto a recording surface: ``texts`` as (rect, text, px, overlay), the ``controls``
        (buttons, fields) a finger must hit, the texts ``cut`` short, the ``boxes`` drawn, and the ``cards``
        and ``plates`` on a table, for the layout self-check."""
        from sprites.record import RecordingSurface

        rec = RecordingSurface(self.app.size, self.app.fonts)
        self.draw(rec)
        groups = [g for g in vars(self).values() if isinstance(g, ButtonGroup)]
        controls = [b.rect for g in groups for b in g.buttons]
        fields = getattr(self, "fields", [])
        controls += [f.rect for f in (fields.values() if isinstance(fields, dict) else fields)]
        return {"texts": rec.texts, "controls": controls, "cut": rec.cut, "boxes": rec.boxes,
                "badges": rec.badges, "rows": button_rows(groups), "focus": focus_rings(groups),
                **self.table_report()}

    def table_report(self) -> dict[str, list]:
        """A table's cards and plates where they are drawn (other scenes have none)."""
        return {}


def button_rows(groups: list[ButtonGroup]) -> list[list[pygame.Rect]]:
    """The rects of each row or column of labelled buttons (each set in one type size: the layout check sees
    it)."""
    return [[b.rect for b in row] for g in groups
            for row in groups_of([b for b in g.buttons if type(b).draw is Button.draw]) if len(row) > 1]


def focus_rings(groups: list[ButtonGroup]) -> list[tuple[pygame.Rect, pygame.Rect]]:
    """Where the keyboard focus's gold ring is drawn round a button, and the button (words nearby must stay
    clear of the ring)."""
    out = []
    for g in groups:
        if g.focus is not None and g.focus < len(g.buttons):
            r = g.buttons[g.focus].rect
            scale = max(0.5, r.h / 56)
            ring = 2 * (max(2, round(4 * scale)) + max(2, round(3 * scale)))
            out.append((r.inflate(ring, ring), r))
    return out


class ButtonGroup:
    """A list of buttons with hover, press and a keyboard focus (Tab/arrows, Enter/Space)."""

    def __init__(self, on_press: Callable[[str], None]) -> None:
        self.buttons: list[Button] = []
        self.on_press = on_press
        self.focus: int | None = None
        self.hover: str | None = None
        self.pressed: str | None = None
        self._fitted: tuple | None = None  # what the rows' type sizes were fitted to
        self.px: int | None = None  # the screen's one label size (sprites.roles), where it sets one for all rows
        self.own: dict[str, int] = {}  # with px: a button set in a role of its own (the menu's Play), by id

    def set(self, buttons: list[Button]) -> None:
        focused = self.buttons[self.focus].id if self.focus is not None and self.focus < len(self.buttons) else None
        self.buttons = buttons
        ids = [b.id for b in buttons]
        self.focus = ids.index(focused) if focused in ids else None

    def at(self, pos: tuple[int, int]) -> Button | None:
        for b in self.buttons:
            if b.enabled and b.hit(pos):
                return b
        return None

    def gesture(self, g: Gesture) -> bool:
        """Handle a gesture; True if it hit a button (consumed)."""
        b = self.at(g.pos)
        if g.kind == "hover":
            self.hover = b.id if b else None
            return False
        if g.kind == "press":
            self.pressed = b.id if b else None
            return b is not None
        if g.kind in ("tap", "drop"):
            hit = b is not None and b.id == self.pressed and b.hit(g.start)
            self.pressed = None
            if hit and b is not None:
                self.on_press(b.id)
            return hit
        return False

    def key(self, event: pygame.event.Event) -> bool:
        enabled = [i for i, b in enumerate(self.buttons) if b.enabled]
        if not enabled:
            return False
        k = event.key
        if k in (pygame.K_TAB, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_UP, pygame.K_LEFT):
            back = k in (pygame.K_UP, pygame.K_LEFT) or (k == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            if self.focus not in enabled:
                self.focus = enabled[-1 if back else 0]
            else:
                j = enabled.index(self.focus) + (-1 if back else 1)
                self.focus = enabled[j % len(enabled)]
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus in enabled:
            self.on_press(self.buttons[self.focus].id)
            return True
        return False

    def draw(self, surface: pygame.Surface, fonts) -> None:
        fitted = (fonts.floor, [(b.label, tuple(b.rect)) for b in self.buttons])
        if self.px is not None:
            for b in self.buttons:
                b.px = self.own.get(b.id, self.px)
        elif fitted != self._fitted or any(b.px is None for b in self.buttons):  # one size a row (sprites.rows)
            fit_rows(fonts, self.buttons)
            self._fitted = fitted
        for i, b in enumerate(self.buttons):
            b.draw(surface, fonts, focused=i == self.focus, hovered=b.id == self.hover,
                   pressed=b.id == self.pressed)


class DialogScene(Scene):
    """A scene run by one group of buttons: taps and keys go to them, Esc closes it."""

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.buttons = ButtonGroup(self.press)

    def press(self, bid: str) -> None: ...

    def keep_clear(self) -> list[pygame.Rect]:
        """A toast from the table below stands clear of the dialog's panel (where it has one) and buttons."""
        panel = getattr(self, "panel", None)
        return [panel] if isinstance(panel, pygame.Rect) else [b.rect for b in self.buttons.buttons]

    def on_gesture(self, g: Gesture) -> None:
        self.buttons.gesture(g)

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
        else:
            self.buttons.key(event)
