"""A drawing target that records where text lands: the layout self-check (texts, overlays, boxes, cuts)."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame

from sprites.text import Fonts


class RecordingSurface(pygame.Surface):
    """A plain surface whose ``blit`` notes each text image from ``fonts`` that it receives.

    ``texts`` holds (rect, text, px, overlay), the rect where its ink shows; draw code marks a floating layer
    (a toast) by drawing it inside ``floating``, and a label that belongs on a card (a pile's count) inside
    ``floating(surface, "badge")``.
    ``cut`` holds (rect, text) of every text shown only in part (clipped or cropped); ``boxes`` the rects of
    the panels, buttons and plates drawn (``note_box``): a text that reaches into a box must lie inside it."""

    recording = True  # drawing code that caches layers paints straight onto this surface instead

    def __init__(self, size: tuple[int, int], fonts: Fonts) -> None:
        super().__init__(size)
        self.fonts = fonts
        self.overlay: bool | str = False
        self.texts: list[tuple[pygame.Rect, str, int, bool | str]] = []
        self.cut: list[tuple[pygame.Rect, str]] = []
        self.boxes: list[pygame.Rect] = []
        self.badges: list[tuple[pygame.Rect, str]] = []  # pills drawn whole (their words are in the image)

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None,  # noqa: D102 - as Surface.blit
             special_flags: int = 0) -> pygame.Rect:
        rect = super().blit(source, dest, area, special_flags)
        key = self.fonts.text_key(source)
        if key is not None:
            clip = self.get_clip()
            full = pygame.Rect(dest if len(dest) == 4 else (*dest, *source.get_size()))
            full.size = source.get_size()
            shown = full.copy()
            if area is not None:
                shown.size = pygame.Rect(area).size
            if not clip.colliderect(shown):
                return rect
            shown = shown.clip(clip)
            ink = source.get_bounding_rect(min_alpha=48).move(full.topleft)
            if ink.w and not shown.contains(ink):
                self.cut.append((shown, key[0]))
            self.texts.append((ink.clip(shown) if ink.w else shown, key[0], key[1], self.overlay))
        return rect


def note_box(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Tell a recording surface that a panel, button or plate stands at ``rect``."""
    if isinstance(surface, RecordingSurface) and not surface.overlay:  # a floating toast may lie over words
        surface.boxes.append(pygame.Rect(rect).clip(surface.get_clip()))


def note_badge(surface: pygame.Surface, rect: pygame.Rect, text: str) -> None:
    """Tell a recording surface that a badge reading ``text`` lies at ``rect`` (over a card, say)."""
    if isinstance(surface, RecordingSurface):
        surface.badges.append((pygame.Rect(rect), text))


@contextmanager
def floating(surface: pygame.Surface, kind: bool | str = True) -> Iterator[None]:
    """What is drawn inside floats over the rest (a toast): the self-check lets it overlap other texts."""
    if not isinstance(surface, RecordingSurface):
        yield
        return
    was, surface.overlay = surface.overlay, kind
    try:
        yield
    finally:
        surface.overlay = was
