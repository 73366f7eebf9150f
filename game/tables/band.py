"""One player's half of a face-to-face table: the game's own table class with :class:`BandTable` mixed in
front (and the game's compact band layout, ``ENTRY.band``, between them).

A band is a whole table for its seat — hand, piles, plate, turn line, log and buttons — laid out in half
the window (the window's type scale, not half of it) and drawn on its own surface, which the face-to-face
scene (game/tables/facing.py) shows upright for the bottom seat and turned for the top one. The band keeps
every mechanism of the table (the one door ``submit``, undo and redo, the log, autosave); what concerns both
halves — the hand-off cover, the end, a restart, the other half seeing a move — it leaves to that scene."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.scene import button_rows
from rules.core import Action
from sprites.record import RecordingSurface

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

    def join(self, facing: Facing, seat: int) -> None:
        """This band belongs to ``facing`` and always shows ``seat``'s side (its private cards only
        while that seat has confirmed the cover)."""
        self.facing = facing
        self.view_seat = seat
        self.revealed_for = None
        self.touches = 0  # input routed to this band: a touch in the other half does not repaint this one

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

    # --- drawing ---------------------------------------------------------------------------------------
    def surface_kept(self) -> bool:
        """A band draws on its own page, which nothing else draws on: when only cards moved just their rects
        are repainted (``draw`` returns them), and ``[]`` means the band did not change."""
        return True

    def band_report(self) -> dict[str, list]:
        """The texts and controls of the band, in the band's coordinates (for the layout self-check)."""
        rec = RecordingSurface(self.size, self.app.fonts)
        self.draw(rec)  # a recording surface gets every layer painted straight onto it
        return {"texts": rec.texts, "controls": [b.rect for b in self.buttons.buttons], "cut": rec.cut,
                "boxes": rec.boxes, "badges": rec.badges, "rows": button_rows([self.buttons]), **self.table_report()}
