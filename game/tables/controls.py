"""The table's pointer and keyboard handling: drags and taps on cards, the log's scrolling, the gold focus.

Mixed into TableScene; the game hooks it calls (``drag_keys_for``, ``drop``, ``tap``, ``focus_items``,
``activate``, ``game_key``) are declared there.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.input import Gesture
from game.tables.logjump import log_key, log_tap
from rules.core import Action
from sprites import theme

if TYPE_CHECKING:
    from game.tables.protocols import TableCore
else:
    TableCore = object  # a base for the type checker only: TableScene supplies every member

# 1 … 9, 0: the first ten cards of the hand (every table)
DIGIT_KEYS = {getattr(pygame, f"K_{i}"): (i - 1) % 10 for i in range(10)}


class TableInput(TableCore):
    drag_keys: list[str]
    lit: list[pygame.Rect]
    _log_drag: tuple[int, int] | None
    focus: int | None  # the keyboard's place among focus_items()
    hint: Action | None

    # --- the hint on show, played by one more tap or Enter -----------------------------------------------
    def hint_keys(self) -> set[str]:
        """The sprites the hint on show lights (a tap on one of them plays the hint)."""
        return set()

    def perform(self, action: Action) -> bool:
        """Make ``action`` as its button would (a game asks first where its button asks first)."""
        return self.submit(action)

    def play_hint(self) -> bool:
        """Play the hint on show, when it is still this player's move."""
        if self.hint is None or not self.my_turn:
            return False
        if self.cards.busy:
            self.cards.finish()
        return self.perform(self.hint)

    def enter_step(self) -> None:
        """Enter with nothing focused takes the obvious step: the hint on show, else the only legal move, else
        what the game confirms (a selection, a cut, a look)."""
        if self.hint is not None:
            self.play_hint()
            return
        legal = self.obs.get("legal") or []
        if len(legal) == 1:
            self.perform(Action.from_dict(legal[0]))
            return
        self.activate(None, confirm=True)

    # --- pointer -----------------------------------------------------------------------------------
    def on_gesture(self, g: Gesture) -> None:
        if g.kind == "press" and self.cards.busy:
            self.cards.finish()  # input during an animation finishes it; nothing is lost
        if self.buttons.gesture(g):
            return
        if g.kind == "hover" or self._scroll_log(g):
            return
        if g.kind == "tap" and log_tap(self, g.pos):
            return
        if not self.my_turn:
            return
        if g.kind == "drag_start":
            hit = self.cards.hit(g.start)
            keys = self.drag_keys_for(hit.key) if hit else self.drag_keys_from_zone(g.start)
            if keys:
                self.drag_keys = keys
                self.cards.start_drag(keys, g.start)
                self.light_targets(self.spot_of(keys))
        elif g.kind == "drag" and self.drag_keys:
            self.cards.pointer = g.pos
        elif g.kind == "drop" and self.drag_keys:
            self.cards.pointer = g.pos
            self._dropped(g.pos)
        elif g.kind == "tap":
            hit = self.cards.hit(g.pos)
            if hit is not None and self.hint is not None and hit.key in self.hint_keys():
                self.play_hint()  # one more tap on what the hint lit plays it
                return
            self.tap(hit.key if hit else None, g.pos)

    def _dropped(self, pos: tuple[int, int]) -> None:
        """Let go of the held cards: on the felt they glide home; within their own hand they move there (the
        view's order); anywhere else the rules answer the gesture."""
        source, target = self.spot_of(self.drag_keys), self.spot_at(pos)
        if target is None or source is None:
            self.snap_back()
        elif source.zone == target.zone == "hand" and source.owner == target.owner:
            self.arrange(self.drag_keys, pos)
            self.snap_back()
        elif self.answer(source, target):
            self.cards.dragging.clear()
            self.drag_keys, self.lit = [], []

    def _scroll_log(self, g: Gesture) -> bool:
        """A finger or mouse drag that starts on the log scrolls it."""
        if g.kind == "drag_start" and self.log.rect.collidepoint(g.start):
            self._log_drag = (g.start[1], self.log.scroll)
            return True
        if self._log_drag is None:
            return False
        if g.kind == "drag":
            y0, scroll0 = self._log_drag
            line_h = max(8, theme.font_px(25, self.scale))
            self.log.scroll = max(0, scroll0 + (g.pos[1] - y0) // line_h)
        elif g.kind == "drop":
            self._log_drag = None
        return True

    def on_wheel(self, dy: int) -> None:
        self.log.wheel(dy)

    # --- keyboard ----------------------------------------------------------------------------------
    def on_key(self, event: pygame.event.Event) -> None:
        k, mod = event.key, event.mod
        if log_key(self, event):
            pass
        elif k == pygame.K_ESCAPE:
            self.press("menu")
        elif k == pygame.K_z and mod & pygame.KMOD_CTRL:
            self.undo()
        elif k == pygame.K_y and mod & pygame.KMOD_CTRL:
            self.redo()
        elif k == pygame.K_h and self.my_turn:
            self.show_hint()
        elif k in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_UP, pygame.K_DOWN):
            back = k in (pygame.K_LEFT, pygame.K_UP) or (k == pygame.K_TAB and mod & pygame.KMOD_SHIFT)
            self.move_focus(-1 if back else 1)
        elif k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.key_activate(confirm=k != pygame.K_SPACE)
        elif self.my_turn:
            self.game_key(event)
        self.buttons.set(self._all_buttons())

    def _focus_list(self) -> list[tuple[str, pygame.Rect]]:
        items = self.focus_items() if self.my_turn else []
        return items + [("btn:" + b.id, b.rect) for b in self.buttons.buttons if b.enabled]

    def move_focus(self, step: int) -> None:
        items = self._focus_list()
        if not items:
            return
        self.focus = 0 if self.focus is None else (self.focus + step) % len(items)

    def focused(self) -> tuple[str, pygame.Rect] | None:
        if self.focus is None:  # drawn every frame: no list of focus items without a keyboard focus
            return None
        items = self._focus_list()
        if not items:
            return None
        return items[min(self.focus, len(items) - 1)]

    def key_activate(self, confirm: bool) -> None:
        item = self.focused()
        if item is None:
            if confirm and self.my_turn:
                self.enter_step()
            return
        if item[0].startswith("btn:"):
            self.press(item[0][4:])
        elif confirm and self.hint is not None and item[0] in self.hint_keys():
            self.play_hint()
        elif self.my_turn:
            self.activate(item[0], confirm)

