"""Where things sit on the Cribbage table: hands, crib, peg board, play area, cut strip and show groups."""
from __future__ import annotations

import pygame

from sprites import theme


class CribGeometry:
    """Every position of the table for one board rectangle; recomputed on resize."""

    def __init__(self, board: pygame.Rect, scale: float, plates: tuple[int, int] = (0, 0),
                 theirs_h: int = 0) -> None:
        b = self.b = pygame.Rect(board)
        self.plates = plates  # the widths of one's plate and the opponent's, at the left edge by the cards
        w, h = b.w, b.h
        self.scale = scale
        self.pad = max(6, int(14 * scale))
        # The largest cards (a quarter of the window high or more) with which the rows fit: the opponent's
        # backs and the crib half as wide, the peg board, the play, a line for the words, the hand. Each
        # player's earlier cards of the hand lie in front of them (by the hand and by the backs), as over a
        # real board, so the play has the whole row.
        cw = int(min(h * 0.22, w / 7.2))
        while cw > 40 and not self._place(cw, theirs_h):
            cw -= 1
        self._place(max(40, cw), theirs_h)

    def _place(self, cw: int, theirs_h: int) -> bool:
        """Place everything for card width ``cw``; whether the line for the words keeps its height."""
        b, w, h = self.b, self.b.w, self.b.h
        self.cw = cw
        self.ch = self.cw * theme.CARD_RATIO
        self.sw = max(28, int(self.cw * 0.5))  # opponent's hand, crib, earlier cards, deck
        self.sh = self.sw * theme.CARD_RATIO
        lift = self.sw * 0.15  # a crib of four stands this much above its bottom card
        # a stacked opponent's plate taller than their backs takes its room from the peg board
        over = max(0.0, theirs_h - lift - self.sh)
        self.y_opp = b.y + self.pad + lift + (self.sh + over) / 2
        top = int(b.y + 2 * self.pad + lift + self.sh + over)
        self.peg_rect = pygame.Rect(b.x + self.pad, top, w - 2 * self.pad, int(max(h * 0.1, h * 0.12 - over)))
        self.y_mid = self.peg_rect.bottom + self.pad + self.ch * 0.65  # the pack's name over it
        self.y_hand = b.bottom - self.ch / 2 - max(self.pad, h * 0.02)
        above, below = self.y_mid + self.ch * 0.6, self.y_hand - self.ch / 2 - self.cw * 0.18  # a lifted card
        self.y_status = self.y_preview = (above + below) / 2  # one message at a time: the preview replaces the turn
        self.x_deck = b.x + w * 0.085
        self.x_count = b.x + w * 0.215
        self.x_series = b.x + w * 0.31
        # the play's row ends short of the board's edge: a guided first game's caption stands there, beside
        # what it lights (the hand, the play)
        self.x_earlier: float = b.x + w * 0.9
        self.x_crib = b.right - w * 0.08
        self.play_zone = pygame.Rect(int(self.x_count - self.cw * 0.6), int(self.y_mid - self.ch * 0.6),
                                     int(self.x_earlier + self.pad - self.x_count + self.cw * 0.6),
                                     int(self.ch * 1.2))
        self.hand_zone = pygame.Rect(b.x, int(self.y_hand - self.ch * 0.75), b.w, int(self.ch * 1.5))
        return below - above >= h * 0.068

    @property
    def message_w(self) -> int:
        """The width of the line between the play and the hand."""
        return int(self.b.w - 5 * self.pad)

    @property
    def message_center(self) -> tuple[int, int]:
        """Where a message (a toast) stands: on the line between the play and the hand."""
        return int(self.b.centerx), int(self.y_status)

    # --- hands ------------------------------------------------------------------------------------
    def hand_xs(self, n: int) -> list[float]:
        """One's hand, fanned from one's plate to the right."""
        if n == 0:
            return []
        left = self.b.x + self.pad * 3 + self.plates[0] + self.cw / 2
        # clear of the crib, and of the earlier cards of the hand the rest of the four may become
        right = min(left - self.cw / 2 + self.b.w * 0.55, self.crib_zone(True).x - self.pad - self.earlier_w(4 - n))
        step = min(self.cw * 1.06, (right - left - self.cw / 2) / max(1, n - 1))  # side by side while they fit
        return [left + i * step for i in range(n)]

    def opp_xs(self, n: int) -> list[float]:
        """The opponent's backs, fanned from their plate to the right."""
        step = self.sw * 0.55
        left = self.b.x + self.pad * 3 + self.plates[1] + self.sw / 2
        return [left + i * step for i in range(n)]

    def crib_center(self, dealer_is_me: bool) -> tuple[float, float]:
        return self.x_crib, self.y_hand if dealer_is_me else self.y_opp

    def crib_xy(self, i: int, dealer_is_me: bool) -> tuple[float, float]:
        x, y = self.crib_center(dealer_is_me)
        return x - 1.5 * self.sw * 0.09 + i * self.sw * 0.09, y - i * self.sw * 0.05

    def crib_zone(self, dealer_is_me: bool) -> pygame.Rect:
        x, y = self.crib_center(dealer_is_me)
        r = pygame.Rect(0, 0, int(self.sw * 1.9), int(self.sh * 1.16))
        r.center = (int(x), int(y))
        return r

    # --- the play ---------------------------------------------------------------------------------
    def series_xy(self, i: int, n: int = 8) -> tuple[float, float]:
        """The i-th of the ``n`` cards of the current count: one straight row, side by side while they
        fit, else overlapping evenly from the left so every index stays readable."""
        room = self.x_earlier - self.x_series
        step = min(self.cw * 1.08, (room - self.cw) / max(1, n - 1))
        return self.x_series + self.cw / 2 + i * step, self.y_mid

    def earlier_xy(self, i: int, mine: bool, n: int = 4) -> tuple[float, float]:
        """The i-th of a player's ``n`` cards played earlier in the hand, in front of that player: one's own
        between the hand and the crib's place, the opponent's past the place of their fourth back (their
        crib's name stands left of their crib)."""
        if mine:
            right = self.crib_zone(True).x - self.pad
            return right - self.sw / 2 - (n - 1 - i) * self.sw * 0.62, self.y_hand
        backs = self.opp_xs(4)
        return backs[-1] + self.sw + self.pad + i * self.sw * 0.62, self.y_opp

    def crib_label_over(self, mine: bool) -> bool:
        """Whether the crib's name stands over it (by one's hand), else left of it (by the opponent's backs)."""
        return mine

    def earlier_w(self, n: int) -> float:
        """The width of ``n`` earlier cards in front of a player (with a gap before them), 0 for none."""
        return self.sw + (n - 1) * self.sw * 0.62 + self.pad if n > 0 else 0.0

    def cut_for_deal_xy(self, seat_index: int) -> tuple[float, float]:
        """Slot 0 (left) for the first cutter, slot 1 for the second."""
        return self.b.centerx + (seat_index - 0.5) * self.cw * 1.9, self.y_mid

    # --- cuts ---------------------------------------------------------------------------------------
    def strip_zone(self, purpose: str, spread: bool = False) -> pygame.Rect:
        """The face-down pack spread for a cut: in the play area for the starter, else where hands go. ``spread``: no
        hand and no show lies on the table (the cuts before the first deal), so the pack lies there at the hand's
        size and as wide as the row allows (up to one's crib, which waits at the row's end)."""
        y = self.y_mid if purpose == "starter" else self.y_hand
        left = self.b.x + max(self.b.w * 0.06, self.pad * 2 + self.plates[0] if purpose != "starter" else 0)
        right = self.x_crib - self.sw * 1.2
        high = self.sh
        if spread and purpose != "starter":
            high = self.ch
            right = self.b.right - 2 * self.pad if purpose == "deal" else self.crib_zone(True).x - self.pad
        elif purpose != "starter":  # at the foot of the hand's row: the show over it keeps the room above
            y += (self.ch - self.sh) / 2
        return pygame.Rect(int(left), int(y - high / 2), int(right - left), int(high))

    def strip_w(self, zone: pygame.Rect) -> int:
        """The width of the backs of a pack spread in ``zone`` (a hand's or half of it)."""
        return self.cw if zone.h >= int(self.ch) else self.sw

    # --- the show -----------------------------------------------------------------------------------
    def show_group_x(self, g: int) -> float:
        """Left edge of show group g (0 non-dealer, 1 dealer, 2 crib)."""
        left = self.x_deck + self.cw * 0.9
        span = self.b.right - self.pad - left
        return left + g * span / 3

    def show_group_w(self) -> float:
        left = self.x_deck + self.cw * 0.9
        return (self.b.right - self.pad - left) / 3 - self.pad * 2

    def show_card_xy(self, g: int, i: int) -> tuple[float, float]:
        step = min(self.cw * 0.62, (self.show_group_w() - self.cw) / 3)
        return self.show_group_x(g) + self.cw / 2 + i * step, self.y_show

    @property
    def y_show(self) -> float:
        # room over the cards for a count's title on two lines ("Ann's hand: not counted" in a narrow group)
        return self.peg_rect.bottom + self.pad * 2 + self.ch / 2 + theme.font_px(30, self.scale) * 2.5

    @property
    def show_text_top(self) -> float:
        return self.y_show + self.ch / 2 + self.pad
