"""A drawing target that records where text lands: the layout self-check (texts, overlays, controls)."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame

from sprites.text import Fonts


class RecordingSurface(pygame.Surface):
    """A plain surface whose ``blit`` notes each text image from ``fonts`` that it receives.

    ``texts`` holds (rect, text, px, overlay); draw code marks a floating layer (a toast, a badge over
    a card) by setting ``overlay = True`` around it."""

    recording = True  # drawing code that caches layers paints straight onto this surface instead

    def __init__(self, size: tuple[int, int], fonts: Fonts) -> None:
        super().__init__(size)
        self.fonts = fonts
        self.overlay = False
        self.texts: list[tuple[pygame.Rect, str, int, bool]] = []

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None,  # noqa: D102 - as Surface.blit
             special_flags: int = 0) -> pygame.Rect:
        rect = super().blit(source, dest, area, special_flags)
        key = self.fonts.text_key(source)
        if key is not None:
            clip = self.get_clip()
            shown = pygame.Rect(dest if len(dest) == 4 else (*dest, *source.get_size()))
            if area is not None:
                shown.size = pygame.Rect(area).size
            if not clip.colliderect(shown):
                return rect
            shown = shown.clip(clip)
            self.texts.append((shown, key[0], key[1], self.overlay))
        return rect


@contextmanager
def floating(surface: pygame.Surface) -> Iterator[None]:
    """What is drawn inside floats over the rest (a toast): the self-check lets it overlap other texts."""
    if not isinstance(surface, RecordingSurface):
        yield
        return
    was, surface.overlay = surface.overlay, True
    try:
        yield
    finally:
        surface.overlay = was
