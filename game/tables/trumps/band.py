"""Own Trumps as one half of a face-to-face table: the opponent's plate, the pile with its pick-up
brackets and the cue along the middle of the table, the turn line beside one's plate, and the hand along
one's own edge. The opponent's hand lies in the other half."""
from __future__ import annotations

import dataclasses
import math
from typing import TYPE_CHECKING, cast

import pygame

from game.tables.band import touch_strip
from game.tables.cardlayer import CardSprite
from game.tables.trumps import words
from game.tables.trumps.layout import FAN, Room, TrumpsGeometry
from game.tables.trumps.view import hand_groups
from rules.trumps.types import trumps_obs
from sprites import theme

if TYPE_CHECKING:
    from game.tables.plates import PlateSeats
    from game.tables.trumps.face import TrumpsFace
    from rules.shapes import Observation
else:
    PlateSeats = object  # mixed in front of the game's table: its base for the type checker only


class BandGeometry(TrumpsGeometry):
    """No row of the opponent's backs; their plate stands left of the pile, over the brackets' words. The pile's
    name, the cue and the status stand in the column right of the pile, one's plate beside one's hand: the two
    rows of cards (the pile, the hand) take the rest of the height.

    With ``rows_dy`` the hand lies in two rows, the back one that much higher (a long hand: ``TrumpsBand``); the
    pile's cards are then as large as leave room for it; with ``plate_up`` as well one's plate stands over the
    front row, under the opponent's, so the front row reaches the left edge (the pile moves right of both plates'
    column: where that leaves the cue too narrow, e.g. German, the plate stays beside the hand)."""

    def __init__(self, board: pygame.Rect, scale: float, room: Room, rows_dy: float = 0.0,
                 plate_up: bool = False) -> None:
        self.rows_dy, self.plate_up = rows_dy, plate_up and rows_dy > 0
        super().__init__(board, scale, room)

    def _top_h(self, oh: float) -> float:
        return 0

    def _left_w(self) -> int:
        if self.plate_up:  # the brackets' words right of one's plate, which stands in the left column
            return max(self.room.bracket_w + self.room.plate_mine[0] + self.pad, self.room.plate_theirs[0])
        return max(self.room.bracket_w, self.room.plate_theirs[0])

    def _place(self, cw: int, below: bool = False) -> bool:
        b, pad, room, m = self.board, self.pad, self.room, self.margin
        self.cw, self.ch = cw, round(cw * theme.CARD_RATIO)
        self.ow = max(28, int(cw * 0.55))
        self.opp_bottom = b.y
        self.info_right = b.x + m + room.plate_theirs[0]
        self.y_hand = b.bottom - m - self.ch / 2
        self.hand_top = self.y_hand - self.ch / 2 - self.rows_dy
        self.y_pile = b.y + m + self.ch / 2
        spare = b.w - 6 * pad - self._left_w() - cw - room.cue_w * 1.5  # the cue's column: few lines wrap
        self.step = max(cw * 0.42, min(cw * 0.72, spare / (FAN - 1)))
        self.x_top = b.x + pad + self._left_w() + pad + cw / 2 + self.step * (FAN - 1)
        self.bracket_y = self.y_pile + self.ch / 2 + pad * 2
        self.bracket_row = room.line_h * 0.9 + pad * 0.4
        bottom = self.bracket_y + 2 * self.bracket_row + room.line_h / 2  # the brackets' last words
        self.cue_left = int(self.x_top + cw / 2 + pad * 2)
        self.cue_w = int(b.right - pad - self.cue_left)
        self.y_cue = self.y_pile
        # beside the pile the cue (the pile's name is the cue's first line: no label over it); under it, beside
        # the brackets and the hand, the status
        self.top_label_at = None
        self.top_label = False
        # the cue drops its last two lines where short (``draw._cue``): the rest, and the status, must fit; a long
        # cue (German, Ukrainian) reaches down past the pile, the status beside the hand takes what is left
        cue_h, status_h = room.column(self.cue_w) if room.column else (room.cue_h, room.band_h)
        split = max(self.y_pile + self.ch / 2 + pad / 2, b.y + m + cue_h)
        self.cue_room = (b.y + m, split)
        status = (split + pad / 2, b.bottom - m)
        self.band_w, self.x_status = self.cue_w, self.cue_left + self.cue_w / 2
        self.y_status = (status[0] + status[1]) / 2
        self.plate_mine_at = (b.x + m, self.y_hand)  # beside the hand (``TrumpsBand.plate_place``)
        plates_fit = True
        if self.plate_up:  # between the opponent's plate (left of the pile) and the front row
            plate_h = room.plate_mine[1]
            theirs = max(self.y_pile, b.y + m + plate_h / 2) + plate_h / 2
            front = self.y_hand - self.ch / 2
            self.plate_mine_at = (b.x + m, (theirs + front) / 2)
            plates_fit = theirs + plate_h + pad <= front
        pile_w = int(cw + self.step * (FAN - 1) + cw * 0.5)
        self.pile_zone = pygame.Rect(0, 0, pile_w + 2 * pad, self.ch + 2 * pad)
        self.pile_zone.midright = (int(self.x_top + cw / 2 + pad), int(self.y_pile))
        fits_h = bottom + pad <= self.hand_top and status[1] - status[0] >= status_h
        fits_w = self.pile_zone.right <= b.right - pad and self.cue_w >= room.cue_w
        return fits_h and fits_w and plates_fit

    def hand_xs(self, groups: list[int]) -> tuple[list[float], int]:
        """The hand between one's plate (stacked beside it) and the status."""
        return self._hand_in(groups, *self.hand_room())

    def hand_room(self) -> tuple[float, float]:
        return self.board.x + self.margin + self.room.plate_mine[0] + self.pad, self.cue_left - self.pad

    def hand_places(self, groups: list[int]) -> tuple[list[tuple[float, float]], int]:
        """With ``rows_dy``: the first half of the hand in the back row, the rest in front of it, lower, each row
        spread over the hand's width without gaps between suits (the order still runs suit by suit)."""
        n = sum(groups)
        if not self.rows_dy or n < 2:
            return super().hand_places(groups)
        left, right = self.hand_room()
        left -= self.pad / 2  # nearer one's plate: in German a 20-card hand keeps its strips only so
        # the back row beside one's plate; the front row under it when it stands up
        rooms = ((left, right), (self.board.x + self.pad if self.plate_up else left, right))

        def step(count: int, room: tuple[float, float]) -> float:
            return (room[1] - room[0] - self.cw) / max(1, count - 1)

        # the back row's share of the cards that leaves the narrowest strip in either row widest
        back = max(range(1, n), key=lambda k: (min(step(k, rooms[0]), step(n - k, rooms[1])), k))
        out: list[tuple[float, float]] = []
        w = self.cw
        for count, room, dy in ((back, rooms[0], -self.rows_dy), (n - back, rooms[1], 0.0)):
            xs, w = self._hand_in([count], *room)
            y = self.y_hand + (self.ch - w * theme.CARD_RATIO) / 2 + dy
            out += [(x, y) for x in xs]
        return out, w

    def least_step(self, groups: list[int]) -> float:
        """The narrowest part of a hand card left in view by the card over it (a whole card: its width)."""
        places, w = self.hand_places(groups)
        rows: dict[float, list[float]] = {}
        for x, y in places:
            rows.setdefault(y, []).append(x)
        steps = [b - a for xs in rows.values() for a, b in zip(xs, xs[1:], strict=False)]
        return min([w, *steps])

    def tiles(self) -> list[pygame.Rect]:
        """The trump picker's suit tiles, as large as the band's height leaves room for."""
        b = self.board
        tw = int(min(b.w * 0.15, b.h * 0.3))
        th = int(tw * 1.25)
        gap = max(self.pad, int(tw * 0.14))
        x0 = b.centerx - (4 * tw + 3 * gap) // 2
        y = int(b.y + b.h * 0.52 - th / 2)
        return [pygame.Rect(x0 + i * (tw + gap), y, tw, th) for i in range(4)]


class TrumpsBand(PlateSeats):
    """Mixed in between BandTable and TrumpsTable (``ENTRY.band``)."""

    geo: BandGeometry


    def layout(self) -> None:
        super().layout()
        fonts, s = self.app.fonts, self.scale  # the turn and one line under it: a half table is short
        two = fonts.line_height(theme.font_px(30, s), True) + fonts.line_height(theme.font_px(26, s)) + self.geo.pad
        room = self.geo.room  # one's plate stacked, beside the hand
        room = dataclasses.replace(room, band_h=two, plate_mine=room.plate_mine_stacked, column=self._column)
        # a long hand that would overlap to less than a touch-sized strip a card lies in two rows, the back one a
        # strip higher: that geometry is ready beside the one-row one, for the view to take whichever it needs
        strip = touch_strip(self.app.size[1])
        rows = [BandGeometry(self.board, self.scale, room, strip, up) for up in (True, False)]
        self.geos = [BandGeometry(self.board, self.scale, room), max(rows, key=lambda g: g.cw)]  # the larger cards
        for geo in self.geos:
            # a big hand overlaps more, its cards stay at least 15% of the window's height (a half table's floor)
            geo.min_hand_w = min(geo.cw, math.ceil(self.app.size[1] * 0.15 / theme.CARD_RATIO))
            geo.y_opp = self.board.y - geo.ch  # across the middle: the other's cards come from there
        self.geo = self.geos[0]

    def _column(self, width: int) -> tuple[int, int]:
        """The heights the cue and the status panel need at ``width``, each at its longest case."""
        fonts, s = self.app.fonts, self.scale
        name = max(self.session.names, key=len)

        def high(cases: list[list[list[tuple[str, int, bool]]]], inset: int) -> int:
            return max(sum(max(len(self.wrap(text, theme.font_px(base, s), width - inset, bold)) *
                               fonts.line_height(theme.font_px(base, s), bold) for text, base, bold in line)
                           for line in case) for case in cases)

        pad = self.geo.pad
        return high(words.cue_cases(self.t, name), 0), high(words.status_cases(self.t, name), 2 * pad) + pad

    def sprites(self, obs: Observation) -> list[CardSprite]:
        self.geo = self.geos[self.hand_rows(obs) - 1]
        return [s for s in super().sprites(obs) if not s.key.startswith("opp:")]

    def hand_rows(self, obs: Observation) -> int:
        """Two when one row would leave less than a touch-sized strip of some hand card in view, else one."""
        seen = trumps_obs(obs)
        if seen["phase"] == "choose_trump":
            return 1
        me = seen["seat"]
        cards = seen["hand"] or (seen.get("hands") or [[], []])[me]
        table = cast("TrumpsFace", self)  # mixed in front of the Own Trumps table, which is one
        groups = [len(g) for g in hand_groups(table, cards)] if cards else [seen["hand_counts"][me]]
        return 1 if self.geos[0].least_step(groups) >= touch_strip(self.app.size[1]) else 2

    def plate_place(self, seat: int) -> tuple[tuple[float, float], str, bool]:
        geo = self.geo
        x, y = geo.plate_mine_at if seat == self.obs.get("seat", self.view_seat) else (geo.board.x + geo.margin,
                                                                                         geo.y_pile)
        half = geo.room.plate_mine[1] / 2  # a plate on its lines stays whole in the half, however small the cards
        y = min(max(y, geo.board.y + geo.margin + half), geo.board.bottom - geo.margin - half)
        return (x, y), "midleft", True
