"""Colour that reads: text contrast on the felts and panels, disabled controls, red against black suits, and
highlights that stay apart under the common colour-vision deficiencies (simulated, Machado et al. 2009)."""
from __future__ import annotations

import math

import pytest

from sprites import looks, theme

CVD = {  # linear-RGB simulation matrices at full severity
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _lin(v: float) -> float:
    v /= 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def contrast(a, b) -> float:
    """The WCAG contrast ratio of two colours."""
    la, lb = (0.2126 * _lin(c[0]) + 0.7152 * _lin(c[1]) + 0.0722 * _lin(c[2]) for c in (a, b))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def _lab(rgb) -> tuple[float, float, float]:
    r, g, b = rgb
    x, y, z = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, \
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def seen(color, kind: str | None):
    lin = [_lin(c) for c in color]
    if kind is None:
        return lin
    return [max(0.0, min(1.0, sum(m * v for m, v in zip(row, lin, strict=True)))) for row in CVD[kind]]


TEXTS = {"TEXT": theme.TEXT, "TEXT_DIM": theme.TEXT_DIM, "GOLD": theme.GOLD, "GOOD": theme.GOOD}


@pytest.mark.parametrize("felt", sorted(looks.FELTS))
def test_text_colours_reach_4_5_to_1_on_every_felt_and_panel(felt):
    backs = {"felt": looks.FELTS[felt][0], "panel": theme.PANEL, "button": theme.BUTTON}
    for name, color in TEXTS.items():
        for where, back in backs.items():
            assert contrast(color, back) >= 4.5, (name, where, round(contrast(color, back), 2))
    assert contrast(theme.TEXT_DARK, theme.GOLD) >= 4.5 and contrast(theme.TEXT_DARK, theme.FIELD) >= 4.5


def test_disabled_controls_and_suits_read():
    assert contrast(theme.TEXT_DISABLED, theme.BUTTON_DISABLED) >= 3.0
    assert contrast(theme.RED, theme.CARD_FACE) >= 4.5 and contrast(theme.INK, theme.CARD_FACE) >= 4.5
    assert contrast(theme.RED, theme.INK) >= 3.0  # red and black suits differ in lightness, not only hue
    for ink in theme.FOUR_INKS.values():
        assert contrast(ink, theme.CARD_FACE) >= 4.5 and contrast(ink, theme.INK) >= 3.0
    for ink in (theme.RED_ON_DARK, *theme.FOUR_INKS_ON_DARK.values()):
        assert contrast(ink, theme.PANEL) >= 4.5


@pytest.mark.parametrize("kind", [None, "protan", "deutan", "tritan"])
def test_highlights_stay_apart_under_colour_blindness(kind):
    """The hint (gold), the drop targets (glow), good and bad news: at least 20 apart (CIELAB) as each sees them."""
    marks = {"GOLD": theme.GOLD, "DROP_GLOW": theme.DROP_GLOW, "GOOD": theme.GOOD, "BAD": theme.BAD}
    names = sorted(marks)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            gap = math.dist(_lab(seen(marks[a], kind)), _lab(seen(marks[b], kind)))
            assert gap >= 20, (kind, a, b, round(gap))
