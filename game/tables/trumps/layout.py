"""Own Trumps geometry: the opponent's plate and backs along the top, the play pile fanned in the middle
with its pick-up brackets and the cue beside it, the status lines, one's plate and the hand fanned along
the bottom, and the trump picker."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from sprites import theme

FAN = 5  # the top five cards of the pile are fanned: the pick-up sizes are 3, 5 and all


@dataclass(frozen=True)
class Room:
    """What the words need, measured by the table: the widest pick-up bracket label, a label line, the
    status lines, each plate's size (one's own on one row, the opponent's stacked) and the cue's width."""

    bracket_w: int
    line_h: int
    band_h: int
    plate_mine: tuple[int, int]
    plate_theirs: tuple[int, int]
    cue_w: int
    cue_h: int = 0  # the cue's lines, when they stand under the pile
    plate_mine_stacked: tuple[int, int] = (1, 1)  # one's plate on its lines (beside the hand of a half table)
    # a half table's column beside the pile: the heights its cue and its status need at a width
    column: Callable[[int], tuple[int, int]] | None = None


class TrumpsGeometry:
    """Every place on the Own Trumps board for one board size: the largest card with which the rows (the
    opponent's backs, the pile with its brackets, the status, the hand) fit the height and the pile row
    (brackets, fan, cue) the width."""

    def __init__(self, board: pygame.Rect, scale: float, room: Room | None = None) -> None:
        self.board = b = pygame.Rect(board)
        self.scale = scale
        self.room = room or Room(int(160 * scale), int(30 * scale), int(90 * scale), (1, 1), (1, 1),
                                 int(300 * scale), int(120 * scale))
        self.pad = max(6, int(14 * scale))
        self.min_hand_w = 0  # a half table keeps its hand touch-sized: no narrower than this however many cards
        self.margin = max(6, int(b.h * 0.016))
        # The cue stands right of the pile; on a narrow board that would starve the cards, so it goes under it.
        beside, below = self._largest(False), self._largest(True)
        self._place(beside if beside * 1.15 >= below else below, beside * 1.15 < below)

    def _largest(self, below: bool) -> int:
        cw = int(min(self.board.h * 0.24, self.board.w / 5))
        while cw > 40 and not self._place(cw, below):
            cw -= 1
        return cw

    def _place(self, cw: int, below: bool = False) -> bool:
        """Place everything for card width ``cw`` (the cue under the pile when ``below``); whether it fits."""
        b, pad, room = self.board, self.pad, self.room
        self.cw = cw
        self.ch = round(cw * theme.CARD_RATIO)
        self.top_label = True  # the pile's name over the top card
        self.top_label_at: tuple[float, float] | None = None  # elsewhere than over it
        self.ow = max(28, int(cw * 0.55))  # the opponent's backs
        oh = round(self.ow * theme.CARD_RATIO)
        top_h = self._top_h(oh)
        self.y_opp = b.y + self.margin + top_h / 2
        self.opp_bottom = self.y_opp + oh / 2
        self.info_right = b.x + self.margin + room.plate_theirs[0]
        self.y_hand = b.bottom - self.margin - self.ch / 2
        self.hand_top = self.y_hand - self.ch / 2
        # between fanned pile cards: each card's index and most of its middle where the width allows (the cue
        # beside the pile keeps its width), at least the index
        spare = b.w - 4 * pad - self._left_w() - cw - (0 if below else 2 * pad + room.cue_w)
        self.step = max(cw * 0.42, min(cw * 0.72, spare / (FAN - 1)))
        self.y_pile = b.y + self.margin + top_h + room.line_h + pad * 1.6 + self.ch / 2
        self.x_top = b.x + pad + self._left_w() + pad + cw / 2 + self.step * (FAN - 1)
        self.bracket_y = self.y_pile + self.ch / 2 + pad * 2
        self.bracket_row = room.line_h * 0.9 + pad * 0.4
        status_top = self.bracket_y + 2 * self.bracket_row + room.line_h / 2 + pad
        if below:  # the cue's lines under the brackets, across the board
            self.cue_left, self.cue_w = b.x + pad, b.w - 2 * pad
            self.y_cue = status_top + room.cue_h / 2
            self.cue_room = (status_top, status_top + room.cue_h)
            status_top += room.cue_h + pad
        else:
            self.cue_left = int(self.x_top + cw / 2 + pad * 2)
            self.cue_w = int(b.right - pad - self.cue_left)
            self.y_cue = self.y_pile
            self.cue_room = (b.y + self.margin + top_h + pad / 2, status_top - pad / 2)  # backs over, status under
        # the status beside one's plate, centred between plate-wide margins; over it when that is too narrow
        self.band_w = int(b.w - 2 * (room.plate_mine[0] + 2 * pad))
        self.x_status: float = b.centerx
        status_h = max(room.band_h, room.plate_mine[1])
        beside = b.x + self.margin + room.plate_mine[0] + pad  # right of one's plate, when centring leaves too little
        if self.band_w < b.w * 0.3 and b.right - pad - beside >= b.w * 0.3:
            self.band_w = int(b.right - pad - beside)
            self.x_status = beside + self.band_w / 2
        elif self.band_w < b.w * 0.3:
            self.band_w = b.w - 2 * pad
            status_h = room.band_h + pad + room.plate_mine[1]
        self.y_status = status_top + room.band_h / 2
        self.plate_mine_at = (b.x + self.margin, self.hand_top - pad * 0.6)
        pile_w = int(cw + self.step * (FAN - 1) + cw * 0.5)
        self.pile_zone = pygame.Rect(0, 0, pile_w + 2 * pad, self.ch + 2 * pad)
        self.pile_zone.midright = (int(self.x_top + cw / 2 + pad), int(self.y_pile))
        fits_h = status_top + status_h + pad * 0.6 <= self.hand_top
        fits_w = self.pile_zone.right <= b.right - pad and self.cue_w >= room.cue_w
        return fits_h and fits_w and self.info_right + pad + self.ow * 4 <= b.right

    @property
    def message_w(self) -> int:
        return self.band_w

    @property
    def message_center(self) -> tuple[int, int]:
        """Where a message (a toast) stands: over the status lines, off the cards."""
        return int(self.x_status), int(self.y_status)

    def _top_h(self, oh: float) -> float:
        """The top row's height: the opponent's backs and plate."""
        return max(oh, self.room.plate_theirs[1])

    def _left_w(self) -> int:
        """What stands left of the fan: the pick-up brackets' words."""
        return self.room.bracket_w

    def fan_x(self, depth: int) -> float:
        """Centre x of the pile card ``depth`` below the top (0 is the top card)."""
        return self.x_top - min(depth, FAN - 1) * self.step

    def card_rect(self, x: float, y: float, w: int) -> pygame.Rect:
        r = pygame.Rect(0, 0, w, round(w * theme.CARD_RATIO))
        r.center = (round(x), round(y))
        return r

    def hand_xs(self, groups: list[int]) -> tuple[list[float], int]:
        """Centre x of each hand card, with a small gap between suit groups; and the card width.

        The step between cards shrinks as the hand grows, and below a readable minimum the cards
        themselves get narrower, so even a hand of 30 fits a 1024x600 window.
        """
        return self._hand_in(groups, self.board.x + self.pad, self.board.right - self.pad)

    def hand_places(self, groups: list[int]) -> tuple[list[tuple[float, float]], int]:
        """The centre of each hand card and the card width: one row along the bottom edge (a half table's long
        hand takes two rows: trumps/band.py)."""
        xs, w = self.hand_xs(groups)
        y = self.y_hand + (self.ch - w * theme.CARD_RATIO) / 2
        return [(x, y) for x in xs], w

    def _hand_in(self, groups: list[int], left: float, right: float) -> tuple[list[float], int]:
        """``hand_xs`` centred between ``left`` and ``right``."""
        n = sum(groups)
        if n == 0:
            return [], self.cw
        room = right - left
        w = self.cw
        gap = step = 0.0
        for _ in range(10):
            gap = w * (0.28 if n < 19 else 0.1)  # a big hand gives up most of the gaps between suits
            step = min(w * 0.64, (room - w - gap * (len(groups) - 1)) / max(1, n - 1))
            if step >= w * 0.26 or w <= max(self.cw * 0.7, self.min_hand_w):
                break
            w = max(int(w * 0.93), self.min_hand_w)
        width = w + step * (n - 1) + gap * (len(groups) - 1)
        x = (left + right) / 2 - width / 2 + w / 2
        out: list[float] = []
        for g in groups:
            for _ in range(g):
                out.append(x)
                x += step
            x += gap
        return out, w

    def opp_xs(self, n: int) -> list[float]:
        """The opponent's backs, fanned from their plate (``info_right``) to the right."""
        if n == 0:
            return []
        lo, hi = self.info_right + self.pad + self.ow / 2, self.board.right - self.pad - self.ow / 2
        step = min(self.ow * 0.8, (hi - lo) / max(1, n - 1))  # spread over the top edge: the count at a glance
        return [lo + i * step for i in range(n)]

    # --- the trump picker ------------------------------------------------------------------------
    def tiles(self) -> list[pygame.Rect]:
        """The four big suit tiles of the trump picker, left to right (clubs, diamonds, hearts, spades)."""
        b = self.board
        tw = int(min(b.w * 0.19, b.h * 0.26))
        th = int(tw * 1.25)
        gap = max(self.pad, int(tw * 0.14))
        total = 4 * tw + 3 * gap
        x0 = b.centerx - total // 2
        y = int(b.y + b.h * 0.5 - th / 2)
        return [pygame.Rect(x0 + i * (tw + gap), y, tw, th) for i in range(4)]
