"""The type roles: a few named sizes (title, heading, body, label, caption, numeral) as shares of the window height
over the type scale's floor, and the ``Typeset`` a screen sets its words with, so that a screen shows its roles and
nothing else, each role in one size across the three languages where it sets a row."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

import pygame

from sprites import theme
from sprites.rows import own_px
from sprites.text import Fonts


class Role(NamedTuple):  # NamedTuples: the first menu frame builds these, and a dataclass costs start-up
    """A size by what the words do, not where they stand: ``share`` of the window's height per em, never under
    the floor (capitals at 2% of the height), ``bold`` where the role is set in the bold face."""

    name: str
    share: float
    bold: bool = False

    def px(self, height: int) -> int:
        return max(theme.floor_px(height), round(self.share * height))


# A title is read first, across the room; a heading names a group; body is what a player reads; a label is on a
# control; a caption is the quiet note beside it (at the floor everywhere: 2% capitals); a numeral is a code
# to read out.
TITLE = Role("title", 0.066, bold=True)
HEADING = Role("heading", 0.036, bold=True)
BODY = Role("body", 0.033)
LABEL = Role("label", 0.034)
CAPTION = Role("caption", 0.0)
NUMERAL = Role("numeral", 0.13, bold=True)
ROLES = (TITLE, HEADING, BODY, LABEL, CAPTION, NUMERAL)


class Set(NamedTuple):
    """One size a screen used: its role, and whether it was fitted down from the role's size to a group of words."""

    role: Role
    px: int
    fitted: bool = False


class Typeset:
    """The sizes one screen sets its words in at one window height; it remembers each (``used``), so a test can
    ask whether every text drawn was set by a role."""

    def __init__(self, fonts: Fonts, height: int) -> None:
        self.fonts, self.height = fonts, height
        self.used: list[Set] = []

    def _note(self, role: Role, px: int, fitted: bool = False) -> int:
        if not any(u.role == role and u.px == px for u in self.used):
            self.used.append(Set(role, px, fitted))
        return px

    def px(self, role: Role) -> int:
        """The role's own size."""
        return self._note(role, role.px(self.height))

    def fit(self, role: Role, texts: Iterable[str], width: int) -> int:
        """The role's size, or the largest under it at which every one of ``texts`` (a group, in every language it
        may be read in) fits ``width`` on one line, not under the floor."""
        top = role.px(self.height)
        px = min((self.fonts.fit_px(t, top, width, role.bold) for t in texts if t), default=top)
        return self._note(role, px, px < top)

    def same(self, role: Role, px: int) -> int:
        """``role`` set at a size the screen already fitted (a field's words at its buttons' size): one size
        fewer on the screen."""
        return self._note(role, min(px, role.px(self.height)), px < role.px(self.height))

    def labels(self, buttons: Sequence[pygame.Rect], texts: Sequence[Sequence[tuple[str, str]]]) -> int:
        """The one label size of a screen's buttons: the ``LABEL`` role's, or the largest under it at which each
        button's labels (``(label, short)`` in every language) stand in it, on one line or two, or short."""
        top = LABEL.px(self.height)
        px = top
        for rect, words in zip(buttons, texts, strict=True):
            cap = pygame.Rect(rect)
            for label, short in words:
                px = min(px, own_px(self.fonts, label, cap, short))
        px = max(px, theme.floor_px(self.height))  # a short button's own size may be under the floor: text never is
        return self._note(LABEL, px, px < top)

    def sizes(self) -> set[int]:
        return {u.px for u in self.used}

    def line(self, surface: pygame.Surface, text: str, role: Role, px: int, color: tuple[int, ...],
             **at: tuple[int, int]) -> pygame.Rect:
        """One line of ``text`` in ``role`` at ``px`` placed by one keyword of ``Rect`` (``midtop=(x, y)``)."""
        img = self.fonts.render(text, px, color, bold=role.bold)
        rect = img.get_rect(**at)
        surface.blit(img, rect)
        return rect
