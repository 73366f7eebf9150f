"""Samples on the look choices in Settings: a chip of each felt and a small card back of each colour, beside the
label on its button, so a choice is seen before it is made."""
from __future__ import annotations

import pygame

from sprites import looks, theme
from sprites.rows import lines_at
from sprites.text import Fonts
from sprites.widgets import Button, draw_round_rect


def sample_rect(fonts: Fonts, button: Button) -> pygame.Rect | None:
    """Where the sample goes: left of the label, in the room the label leaves (None when it leaves none)."""
    r = button.rect
    px = button.px or round(r.h * 0.56)
    label_w = max(fonts.size(line, px)[0] for line in lines_at(fonts, button.label, r, px))
    pad = max(4, r.h // 6)
    side = (r.w - label_w) // 2 - 2 * pad
    h = round(r.h * 0.64)
    w = round(h / theme.CARD_RATIO)
    if side < w:
        return None
    return pygame.Rect(r.x + pad + (side - w) // 2 + pad // 2, r.centery - h // 2, w, h)


def draw_samples(surface: pygame.Surface, fonts: Fonts, buttons: list[Button]) -> list[pygame.Rect]:
    """A felt chip on each ``felt=`` button and a card back on each ``card_back=`` one; the rects drawn."""
    out = []
    for b in buttons:
        key, _, value = b.id.partition("=")
        if key not in ("felt", "card_back"):
            continue
        rect = sample_rect(fonts, b)
        if rect is None:
            continue
        radius = max(2, rect.w // 6)
        if key == "felt":
            main, dark, _light = looks.FELTS[value]
            chip = rect.inflate(rect.h - rect.w, 0)
            chip.w = chip.h = min(chip.w, rect.h)
            chip.center = rect.center
            draw_round_rect(surface, theme.CARD_FACE, chip, radius + 1)
            draw_round_rect(surface, dark, chip.inflate(-4, -4), radius)
            draw_round_rect(surface, main, chip.inflate(-8, -8), max(1, radius - 2))  # the felt's vignette
            out.append(chip)
        else:
            main, dark, line = looks.BACKS[value]
            draw_round_rect(surface, theme.CARD_FACE, rect, radius)
            inner = rect.inflate(-max(3, rect.w // 6), -max(3, rect.w // 6))
            draw_round_rect(surface, main, inner, max(1, radius - 1))
            step = max(4, inner.w // 3)
            clip = surface.get_clip()
            surface.set_clip(inner.clip(clip) if clip else inner)
            for x in range(inner.x - inner.h, inner.right, step):
                pygame.draw.line(surface, line, (x, inner.y), (x + inner.h, inner.bottom))
                pygame.draw.line(surface, line, (x, inner.bottom), (x + inner.h, inner.y))
            surface.set_clip(clip)
            pygame.draw.rect(surface, dark, inner, 1, border_radius=max(1, radius - 1))
            out.append(rect)
    return out
