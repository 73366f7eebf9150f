"""A labelled switch: a setting that is on or off, read as words on the left and a sliding knob on the right, the
whole row one target for a finger (a toggle's state shown by its knob, not by "yes"/"no" squeezed into its label)."""
from __future__ import annotations

import pygame

from sprites import theme
from sprites.record import note_box
from sprites.text import Fonts
from sprites.widgets import Button, draw_focus_ring, draw_round_rect, label_lines


class Switch(Button):
    """A button that says what it switches and shows whether it is on; the caller flips ``on`` when pressed."""

    def __init__(self, id: str, label: str, rect: pygame.Rect, on: bool, short: str = "") -> None:
        super().__init__(id, label, rect, short=short)
        self.on = on

    def track(self) -> pygame.Rect:
        """The switch itself, at the right end of the row: twice as wide as it is high."""
        r = self.rect
        h = round(r.h * 0.56)
        pad = round(r.h * 0.3)
        return pygame.Rect(r.right - pad - 2 * h, r.centery - h // 2, 2 * h, h)

    def words(self) -> pygame.Rect:
        """Where the label may stand: left of the switch."""
        r = self.rect
        pad = round(r.h * 0.3)
        return pygame.Rect(r.x + pad, r.y, self.track().x - pad - r.x - pad, r.h)

    def label_box(self) -> pygame.Rect:
        """The box its label is fitted to (``sprites.rows.room`` leaves its words' width)."""
        words = self.words()
        return words.inflate(round(words.h * 0.5), 0)

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool = False, hovered: bool = False,
             pressed: bool = False) -> None:
        rect = self.rect
        radius = max(4, round(rect.h * 0.26))
        fill = theme.BUTTON_HOVER if hovered else theme.BUTTON
        draw_round_rect(surface, fill, rect, radius)
        draw_round_rect(surface, theme.BUTTON_EDGE, rect, radius, max(1, round(rect.h / 40)))
        note_box(surface, rect)
        if focused:
            draw_focus_ring(surface, rect, radius, max(0.5, rect.h / 56))
        track = self.track()
        draw_round_rect(surface, theme.GOLD if self.on else theme.BUTTON_DISABLED, track, track.h // 2)
        draw_round_rect(surface, theme.GOLD_DARK if self.on else theme.BUTTON_EDGE, track, track.h // 2,
                        max(1, track.h // 14))
        knob = pygame.Rect(0, 0, track.h - 6, track.h - 6)
        knob.center = (track.right - track.h // 2 if self.on else track.x + track.h // 2, track.centery)
        draw_round_rect(surface, theme.FIELD if self.on else theme.TEXT_DISABLED, knob, knob.h // 2)
        words = self.words()
        lines, px = label_lines(fonts, self.label, self.label_box(), self.px, self.short)
        line_h = fonts.get(px).get_linesize()
        y = rect.centery - line_h * len(lines) / 2
        for line in lines:
            glyphs = fonts.render(line, px, theme.TEXT)
            surface.blit(glyphs, glyphs.get_rect(topleft=(words.x, round(y))))
            y += line_h

    def text_rects(self, fonts: Fonts) -> list[pygame.Rect]:
        words = self.words()
        lines, px = label_lines(fonts, self.label, self.label_box(), self.px, self.short)
        line_h = fonts.get(px).get_linesize()
        y = self.rect.centery - line_h * len(lines) / 2
        return [pygame.Rect(words.x, round(y + i * line_h), *fonts.size(line, px)) for i, line in enumerate(lines)]
