"""Own Trumps geometry: the opponent's backs along the top, the play pile fanned in the middle with the
cue beside it, the status lines, one's name and the hand fanned along the bottom, and the trump picker."""
from __future__ import annotations

import pygame

from sprites import theme

FAN = 5  # the top five cards of the pile are fanned: the pick-up sizes are 3, 5 and all


class TrumpsGeometry:
    """Every place on the Own Trumps board for one board size."""

    def __init__(self, board: pygame.Rect, scale: float) -> None:
        self.board = b = pygame.Rect(board)
        self.scale = scale
        self.pad = max(6, int(14 * scale))
        self.cw = max(40, int(min(b.h * 0.14, b.w / 8.6)))
        self.ch = round(self.cw * theme.CARD_RATIO)
        self.ow = max(28, int(self.cw * 0.55))  # the opponent's backs
        margin = max(6, int(b.h * 0.016))
        oh = round(self.ow * theme.CARD_RATIO)
        self.y_opp = b.y + margin + oh / 2
        self.opp_bottom = self.y_opp + oh / 2
        self.info_right = b.x + int(b.w * 0.3)
        self.y_hand = b.bottom - margin - self.ch / 2
        self.hand_top = self.y_hand - self.ch / 2
        self.y_pile = b.y + b.h * 0.335
        self.step = self.cw * 0.42  # between fanned pile cards
        self.x_top = b.x + b.w * 0.47  # the top card always lies here; older cards fan out to its left
        self.y_status = b.y + b.h * 0.635
        self.y_name = self.hand_top - self.cw * 0.18 - b.h * 0.035
        pile_w = int(self.cw + self.step * (FAN - 1) + self.cw * 0.5)
        self.pile_zone = pygame.Rect(0, 0, pile_w + 2 * self.pad, self.ch + 2 * self.pad)
        self.pile_zone.midright = (int(self.x_top + self.cw / 2 + self.pad), int(self.y_pile))
        self.cue_left = int(self.x_top + self.cw / 2 + self.pad * 2)
        self.cue_w = int(b.right - self.pad - self.cue_left)
        self.bracket_y = self.y_pile + self.ch / 2 + self.pad * 2

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
        n = sum(groups)
        if n == 0:
            return [], self.cw
        room = self.board.w - 2 * self.pad
        w = self.cw
        gap = step = 0.0
        for _ in range(10):
            gap = w * (0.28 if n < 19 else 0.1)  # a big hand gives up most of the gaps between suits
            step = min(w * 0.64, (room - w - gap * (len(groups) - 1)) / max(1, n - 1))
            if step >= w * 0.26 or w <= self.cw * 0.7:
                break
            w = int(w * 0.93)
        width = w + step * (n - 1) + gap * (len(groups) - 1)
        x = self.board.centerx - width / 2 + w / 2
        out: list[float] = []
        for g in groups:
            for _ in range(g):
                out.append(x)
                x += step
            x += gap
        return out, w

    def opp_xs(self, n: int) -> list[float]:
        """The opponent's backs, fanned right of their name and trump (``info_right``)."""
        if n == 0:
            return []
        lo, hi = self.info_right + self.pad + self.ow / 2, self.board.right - self.pad - self.ow / 2
        step = min(self.ow * 0.42, (hi - lo) / max(1, n - 1))
        left = (lo + hi) / 2 - step * (n - 1) / 2
        return [left + i * step for i in range(n)]

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
