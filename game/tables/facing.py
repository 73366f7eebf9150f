"""Face to face: a flat touch table or a tablet lying between two players. The window splits into two
bands; the bottom one is seat 0's side, upright, and the top one seat 1's side, turned half round so that
it faces the player sitting across. Each band is the game's own table for its seat (game/tables/band.py)
over the one shared session, so every move still goes through the one door and the one history.

Only the seat that has confirmed the hand-off cover sees its private cards; the other band shows what is
public. The cover, the pause menu, a question and the end screen face the player they are for
(``Router.over`` turns them with game/scenes/turned.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.input import Gesture
from game.scene import ButtonGroup, Scene
from game.scenes.turned import turn_point, turn_rect, turn_surface
from game.session import Session
from rules.core import Event
from sprites import theme
from sprites.widgets import Button

if TYPE_CHECKING:
    from game.tables.band import BandTable

BOTTOM, TOP = 0, 1  # seat 0 sits at the bottom edge, seat 1 across (the top half, turned)


class FaceToFaceTable(Scene):
    """Two bands over one session; routes each touch to the half it lands in and keeps the turns."""

    name = "table"
    face_to_face = True

    def __init__(self, app, session: Session, band_class: type) -> None:
        super().__init__(app)
        self.session = session
        self.match = session.match
        self.game_id = session.game_id
        self.bands: list[BandTable] = [band_class(app, session) for _ in (BOTTOM, TOP)]
        for seat, band in enumerate(self.bands):
            band.join(self, seat)
        self.draw_headline = self.bands[BOTTOM].draw_headline
        self.revealed: int | None = None  # the seat that confirmed the cover and now holds the table
        self.waiting: int | None = None  # the seat whose cover is up
        self.facing = BOTTOM  # the seat an overlay opened now faces: who touched last, or who it is for
        self.ended = False
        self.rects = [pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0)]  # each seat's band on the screen
        self.seam = pygame.Rect(0, 0, 0, 0)
        self.pages: list[pygame.Surface] = []  # each band's own surface, upright
        self.turned: pygame.Surface | None = None  # the top band's page turned, kept until it changes
        self._drawn_at = -2

    # --- geometry ----------------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        seam = max(2, round(6 * theme.ui_scale(h)))
        band_h = (h - seam) // 2
        self.rects = [pygame.Rect(0, h - band_h, w, band_h), pygame.Rect(0, 0, w, band_h)]
        self.seam = pygame.Rect(0, band_h, w, h - 2 * band_h)
        for band in self.bands:
            band.resize((w, band_h))
        self.pages = [pygame.Surface((max(0, w), max(0, band_h))).convert() for _ in self.bands]
        self.turned = None
        self._drawn_at = -2

    def band_at(self, pos: tuple[int, int]) -> int:
        """The seat whose half ``pos`` (window pixels) lies in; the seam belongs to the bottom."""
        return TOP if pos[1] < self.seam.y else BOTTOM

    def to_band(self, seat: int, pos: tuple[int, int]) -> tuple[int, int]:
        """A window point in ``seat``'s band coordinates (through the half turn for the top band)."""
        r = self.rects[seat]
        local = (pos[0] - r.x, pos[1] - r.y)
        return turn_point(local, r.size) if seat == TOP else local

    def to_window(self, seat: int, rect: pygame.Rect) -> pygame.Rect:
        """A rect of ``seat``'s band where it shows in the window."""
        r = self.rects[seat]
        local = turn_rect(rect, r.size) if seat == TOP else pygame.Rect(rect)
        return local.move(r.topleft)

    # --- life cycle and time ---------------------------------------------------------------------------------
    def enter(self) -> None:
        for band in self.bands:
            band.enter()

    def update(self, dt: float) -> None:
        for band in self.bands:
            band.update(dt)  # each keeps its animations; turns, the cover and the end come back here

    def wants_frame(self) -> bool:
        return any(band.wants_frame() for band in self.bands)

    def next_deadline(self) -> float | None:
        due = [d for band in self.bands if (d := band.next_deadline()) is not None]
        return min(due) if due else None

    # --- turns -----------------------------------------------------------------------------------------------
    def hand_off(self, seat: int) -> None:
        """Hide every private card and put up the cover, facing ``seat`` (once per hand-off)."""
        if seat in (self.revealed, self.waiting):
            return
        self.waiting, self.revealed = seat, None
        for band in self.bands:
            band.revealed_for = None
            band.refresh(animate=False)
        self.facing = seat
        self.app.push("cover", table=self, seat=seat)

    def reveal(self, seat: int) -> None:
        """``seat`` confirmed the cover: its band shows its cards, the other band only what is public."""
        self.waiting, self.revealed = None, seat
        for band in self.bands:
            band.revealed_for = seat if band.view_seat == seat else None
            band.refresh(animate=False)
        self.app.play_sound("turn")

    def moved(self, band: BandTable) -> None:
        """A move went through ``band``'s door: the other half shows it too."""
        events = self.match.state.events
        for other in self.bands:
            if other is not band:
                other.clear_hint()
                other.refresh(animate=True, events=events)

    def after_history(self) -> None:
        """Back, Forward or a restart moved the history: both halves follow, with a cover when the turn
        went to the other seat."""
        self.ended = False
        for band in self.bands:
            band.clear_hint()
            band.clear_selection()
            band.cards.finish()
        seat = self.match.state.to_move
        if seat is not None and seat != self.revealed:
            self.hand_off(seat)
        else:
            for band in self.bands:
                band.refresh(animate=False)

    def restart(self) -> None:
        for band in self.bands:
            band.bot.cancel()
            band.ended = band.dealt = False
        self.match.restart()
        self.app.autosave(self.session)
        self.after_history()
        self.show_toast(self.t("table.restarted"))

    def show_end(self) -> None:
        """Once, for both halves: the result faces the winner (after a draw, whoever moved last)."""
        if self.ended:
            return
        self.ended = True
        self.app.saves.delete(self.session)
        self.app.play_sound("win")
        winners = self.match.state.winners
        self.facing = winners[0] if len(winners) == 1 else self.facing
        self.app.push("end", table=self)

    def overlay_turned(self) -> bool:
        """Whether a scene opened over this table now faces the top seat."""
        return self.facing == TOP

    # --- what scenes over the table ask of it ------------------------------------------------------------------
    @property
    def buttons(self) -> ButtonGroup:
        """The facing player's Menu, Back, Forward and Hint where that player sees them upright (at the bottom):
        the end screen puts its "Result" button over them while the table is shown."""
        band = self.bands[self.facing]
        drop = self.app.size[1] - band.size[1]
        group = ButtonGroup(lambda _bid: None)
        group.buttons = [Button(b.id, b.label, b.rect.move(0, drop), enabled=False) for b in band.buttons.buttons
                         if b.id in ("menu", "undo", "redo", "hint")]
        return group

    def on_settings(self, key: str) -> None:
        for band in self.bands:
            hook = getattr(band, "on_settings", None)
            if hook is not None:
                hook(key)

    def show_toast(self, text: str, error: bool = False) -> None:
        for band in self.bands:
            band.show_toast(text, error)

    def log_lines(self, events: list[Event]) -> list[str]:
        return self.bands[BOTTOM].log_lines(events)

    def end_columns(self) -> list[list[str]]:
        return self.bands[BOTTOM].end_columns()

    def end_how(self) -> str:
        return self.bands[BOTTOM].end_how()

    def final_score(self, seat: int) -> int:
        return self.bands[BOTTOM].final_score(seat)

    def describe(self, event) -> str:
        return self.bands[BOTTOM].describe(event)

    # --- input: each touch acts in the half where it went down ---------------------------------------------
    def on_gesture(self, g: Gesture) -> None:
        seat = self.band_at(g.start)
        self.facing = seat
        band = self.bands[seat]
        band.touches += 1
        band.on_gesture(Gesture(g.kind, self.to_band(seat, g.pos), self.to_band(seat, g.start), g.source))
        other = self.bands[1 - seat]
        if g.kind == "hover" and other.buttons.hover is not None:
            other.buttons.hover = None
            other.touches += 1

    def key_band(self) -> BandTable:
        """Keys act for the seat that holds the table (else for the seat to move)."""
        seat = self.revealed if self.revealed is not None else (self.match.state.to_move or BOTTOM)
        self.facing = seat
        self.bands[seat].touches += 1
        return self.bands[seat]

    def on_key(self, event: pygame.event.Event) -> None:
        self.key_band().on_key(event)

    def on_wheel(self, dy: int) -> None:
        self.key_band().on_wheel(dy)

    # --- drawing -------------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Each band draws on its own page (only what changed); the top page is turned only when it changed.
        Returns the window rects that changed when nothing else was drawn since this table's last frame."""
        app = self.app
        alone = app.kiosk is None and app.stack.visible() == [self]
        keep = alone and self._drawn_at == app.draws - 1 and self.turned is not None
        self._drawn_at = app.draws
        out: list[pygame.Rect] = []
        for seat, band in enumerate(self.bands):
            page = self.pages[seat]
            changed = band.draw(page)
            areas = [page.get_rect()] if changed is None else changed
            if seat == TOP:
                self._turn(page, changed)
            if keep:
                for r in areas:
                    self._show(surface, seat, r)
                    out.append(self.to_window(seat, r))
        if keep:
            return out
        surface.blit(self.pages[BOTTOM], self.rects[BOTTOM])
        assert self.turned is not None
        surface.blit(self.turned, self.rects[TOP])
        self._draw_seam(surface)
        return None

    def _turn(self, page: pygame.Surface, changed: list[pygame.Rect] | None) -> None:
        """Keep ``turned`` equal to the top page turned: whole when it was redrawn, else just what moved."""
        if self.turned is None or changed is None:
            self.turned = turn_surface(page)
            return
        size = page.get_size()
        for r in changed:
            r = r.clip(page.get_rect())
            if r.w and r.h:
                self.turned.blit(turn_surface(page.subsurface(r)), turn_rect(r, size))

    def _show(self, surface: pygame.Surface, seat: int, r: pygame.Rect) -> None:
        if seat == TOP:
            assert self.turned is not None
            src = turn_rect(r, self.rects[TOP].size)
            surface.blit(self.turned, src.move(self.rects[TOP].topleft), src)
        else:
            surface.blit(self.pages[BOTTOM], r.move(self.rects[BOTTOM].topleft), r)

    def _draw_seam(self, surface: pygame.Surface) -> None:
        """The line between the two halves: where one player's side of the table ends."""
        surface.fill(theme.FELT_DARK, self.seam)
        line = max(1, self.seam.h // 3)
        surface.fill(theme.GOLD_DARK, (self.seam.x, self.seam.centery - line // 2, self.seam.w, line))

    def layout_report(self) -> dict[str, list]:
        """Both bands' texts and controls where they show in the window (the top band's turned)."""
        out: dict[str, list] = {"texts": [], "controls": [], "rows": [], "cut": [], "boxes": [], "badges": [],
                                "cards": [], "plates": [], "faces": [], "halves": list(self.rects)}
        for seat, band in enumerate(self.bands):
            rep = band.band_report()
            out["texts"] += [(self.to_window(seat, r), text, px, over) for r, text, px, over in rep["texts"]]
            out["cut"] += [(self.to_window(seat, r), text) for r, text in rep["cut"]]
            out["badges"] += [(self.to_window(seat, r), text) for r, text in rep["badges"]]
            out["faces"] += [(self.to_window(seat, r), z, up) for r, z, up in rep.get("faces", [])]
            for key in ("controls", "boxes", "cards", "plates"):
                out[key] += [self.to_window(seat, r) for r in rep.get(key, [])]
            out["rows"] += [[self.to_window(seat, r) for r in row] for row in rep["rows"]]
        return out


def open_facing(app, session: Session) -> FaceToFaceTable:
    """The face-to-face table for a hotseat ``session``: the game's table class, with its compact band
    layout (``ENTRY.band``) when it has one, becomes each seat's band."""
    from game.tables import entry
    from game.tables.band import BandTable

    e = entry(session.game_id)
    base = e.load()
    layers = (BandTable, e.band(), base) if e.band else (BandTable, base)
    band_class = type(f"Band{base.__name__}", layers, {})
    return FaceToFaceTable(app, session, band_class)
