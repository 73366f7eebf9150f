"""One player's half of a face-to-face table: the game's own table class with :class:`BandTable` mixed in
front (and the game's compact band layout, ``ENTRY.band``, between them).

A band is a whole table for its seat — hand, piles, plate, turn line, log and buttons — laid out in half
the window (the window's type scale, not half of it) and drawn on its own surface, which the face-to-face
scene (game/tables/facing.py) shows upright for the bottom seat and turned for the top one. The band keeps
every mechanism of the table (the one door ``submit``, undo and redo, the log, autosave); what concerns both
halves — the hand-off cover, the end, a restart, the other half seeing a move — it leaves to that scene."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

import pygame

from game.input import Gesture
from game.scene import button_rows
from game.tables.logdrawer import LogDrawer
from game.tables.logjump import jump_to_line
from rules.core import Action
from sprites import theme
from sprites.record import RecordingSurface

# A face-to-face hand keeps at least this much of each card in view, as a share of the window's height: 28 px at
# 600 px, about 6 mm on a 10.1" 1024x600 tablet (118 ppi), the width of a fingertip's contact (docs/decisions.md).
TOUCH_STRIP = 28 / 600


def touch_strip(window_h: int) -> int:
    """The least part of each hand card a face-to-face half leaves in view, in pixels (``TOUCH_STRIP``)."""
    return math.ceil(window_h * TOUCH_STRIP)


if TYPE_CHECKING:
    from game.tables.base import TableScene
else:
    TableScene = object  # mixed in front of a TableScene: its base for the type checker only


class Facing(Protocol):
    """What a band leaves to the face-to-face scene (game.tables.facing.FaceToFaceTable, which imports this)."""

    def hand_off(self, seat: int) -> None: ...
    def show_end(self) -> None: ...
    def restart(self) -> None: ...
    def moved(self, band: BandTable) -> None: ...
    def after_history(self) -> None: ...


class BandTable(TableScene):
    """Mixed in front of a game's table class (see ``open_facing``)."""

    facing: Facing
    drawer: LogDrawer

    def join(self, facing: Facing, seat: int) -> None:
        """This band belongs to ``facing`` and always shows ``seat``'s side (its private cards only
        while that seat has confirmed the cover)."""
        self.facing = facing
        self.view_seat = seat
        self.revealed_for = None
        self.touches = 0  # input routed to this band: a touch in the other half does not repaint this one
        self.drawer = LogDrawer()  # the log, opened over the board: the side panel shows a line or two
        self._drawer_drag: tuple[int, int] | None = None

    def input_count(self) -> int:
        return self.touches

    # --- life cycle ------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.refresh(animate=False)  # no guided first game at a face-to-face table

    def scale_height(self, h: int) -> int:
        """The band is half the window; its type scale (every text and button) is the window's."""
        return self.app.size[1]

    # --- what concerns both halves goes to the face-to-face scene ----------------------------------------
    def hand_off(self, seat: int) -> None:
        self.facing.hand_off(seat)

    def show_end(self) -> None:
        self.facing.show_end()

    def restart(self) -> None:
        self.facing.restart()

    def submit(self, action: Action) -> bool:
        done = super().submit(action)
        if done:
            self.facing.moved(self)
        return done

    def after_history(self) -> None:
        self.clear_hint()
        self.clear_selection()
        self.persist()
        self.facing.after_history()

    @property
    def holds_table(self) -> bool:
        """Whether this band's seat has confirmed the cover and may act (and see its cards)."""
        return self.revealed_for is not None and self.revealed_for == self.view_seat

    def _all_buttons(self) -> list:
        out = super()._all_buttons()
        for b in out:
            if b.id in ("undo", "redo") and not self.holds_table:
                b.enabled = False  # Back and Forward belong to the player whose turn it is
        return out

    # --- input: a finger resting on a hand card lifts it ------------------------------------------------
    def on_gesture(self, g: Gesture) -> None:
        """On a tablet the finger hides the card it touches, and a compact hand overlaps: a hand card under a
        finger going down rises and comes to the front until the finger lets go (a tap) or drags it. A tap on the
        side's log panel opens the log drawer; while it is open it takes the gestures (``_drawer_gesture``)."""
        if self.drawer.open and self._drawer_gesture(g):
            return
        if g.kind == "tap" and self.log.rect.collidepoint(g.pos):
            self.drawer.open = True
            return
        if g.kind == "press":
            hit = self.cards.hit(g.pos) if self.holds_table else None
            hand = self.obs.get("hand")
            self.cards.hold(hit.key if hit is not None and isinstance(hand, list) and hit.key in hand else None)
        super().on_gesture(g)
        if g.kind in ("tap", "drop"):
            self.cards.hold(None)

    def _drawer_gesture(self, g: Gesture) -> bool:
        """The open drawer's gestures; True when used. A drag in it scrolls it, a tap on a sentence goes back to
        it, any other tap closes it (one on the side's buttons still presses them)."""
        panel = self.drawer.panel
        if g.kind == "drag_start" and panel.rect.collidepoint(g.start):
            self._drawer_drag = (g.start[1], panel.scroll)
            return True
        if self._drawer_drag is not None and g.kind in ("drag", "drop"):
            y0, scroll0 = self._drawer_drag
            line_h = self.app.fonts.get(theme.font_px(25, self.scale)).get_linesize()  # as the panel sets it
            panel.scroll = max(0, scroll0 + (g.pos[1] - y0) // max(8, line_h))
            if g.kind == "drop":
                self._drawer_drag = None
            return True
        if g.kind != "tap":
            return not self.side.collidepoint(g.start)  # the board under the drawer takes no gesture
        self.drawer.open = False
        line = panel.line_at(g.pos, self.app.fonts, self.scale) if panel.rect.collidepoint(g.pos) else None
        if line is not None:
            jump_to_line(self, line)
        return not self.side.collidepoint(g.pos) or self.log.rect.collidepoint(g.pos)

    def on_wheel(self, dy: int) -> None:
        if self.drawer.open:
            self.drawer.panel.wheel(dy)
        else:
            super().on_wheel(dy)

    def _layout_side(self) -> None:
        super()._layout_side()
        self.drawer.place(self.board, self.log.rect.w, max(6, int(12 * self.scale)))

    # --- drawing ---------------------------------------------------------------------------------------
    def _paint_static(self, layer: pygame.Surface) -> None:
        super()._paint_static(layer)
        self.drawer.draw_opener(layer, self.log.rect, self.scale)

    def draw_top(self, surface: pygame.Surface) -> None:
        super().draw_top(surface)
        if self.drawer.open:
            self.drawer.sync(self.log)
            self.drawer.draw(surface, self.app.fonts, self.t("table.log"), self.scale)

    def surface_kept(self) -> bool:
        """A band draws on its own page, which nothing else draws on: when only cards moved just their rects
        are repainted (``draw`` returns them), and ``[]`` means the band did not change."""
        return True

    def band_report(self) -> dict[str, list]:
        """The texts and controls of the band, in the band's coordinates (for the layout self-check)."""
        rec = RecordingSurface(self.size, self.app.fonts)
        opened, self.drawer.open = self.drawer.open, False
        try:
            self.draw(rec)  # a recording surface gets every layer painted straight onto it
        finally:
            self.drawer.open = opened
        out: dict[str, list] = {"texts": rec.texts, "controls": [b.rect for b in self.buttons.buttons], "cut": rec.cut,
               "boxes": rec.boxes, "badges": rec.badges, "rows": button_rows([self.buttons]), **self.table_report()}
        if opened:  # the open drawer hides what lies under it (it is opaque), and its own words are checked
            out = hidden_under(out, self.drawer.panel.rect)
            top = RecordingSurface(self.size, self.app.fonts)
            self.drawer.draw(top, self.app.fonts, self.t("table.log"), self.scale)
            for key, got in (("texts", top.texts), ("cut", top.cut), ("boxes", top.boxes)):
                out[key] = out[key] + list(got)
        return out


def hidden_under(report: dict[str, list], over: pygame.Rect) -> dict[str, list]:
    """A layout report without what an opaque panel at ``over`` hides (every item it meets)."""
    def rect_of(item: pygame.Rect | tuple) -> pygame.Rect:
        return item if isinstance(item, pygame.Rect) else pygame.Rect(item[0])

    out = {key: [i for i in items if not isinstance(i, list) and not rect_of(i).colliderect(over)]
           for key, items in report.items() if key != "rows"}
    out["rows"] = [[r for r in row if not r.colliderect(over)] for row in report.get("rows", [])]
    return out
