"""The looks a player chooses: felt colours, card backs and the two- or four-colour deck, applied to
``sprites.theme`` in one place.

Everything draws the felt from ``theme.FELT`` (and ``FELT_DARK`` / ``FELT_LIGHT``) and the back from
``theme.BACK`` / ``BACK_DARK`` / ``BACK_LINE`` at draw time, so :func:`apply` is the one switch."""
from __future__ import annotations

import colorsys

from sprites import theme

Color = tuple[int, int, int]

# name -> (main, dark, light)
FELTS: dict[str, tuple[Color, Color, Color]] = {
    "green": ((20, 96, 62), (9, 58, 37), (34, 122, 80)),
    "blue": ((22, 66, 104), (10, 38, 66), (36, 92, 134)),
    "red": ((110, 32, 42), (66, 16, 24), (138, 50, 60)),
}
# name -> (main, dark, lattice line)
BACKS: dict[str, tuple[Color, Color, Color]] = {
    "blue": ((24, 46, 104), (12, 24, 62), (62, 96, 170)),
    "red": ((128, 22, 34), (70, 10, 18), (192, 70, 82)),
    "green": ((16, 82, 54), (8, 44, 28), (58, 138, 98)),
}


# The panels and buttons, designed on the green felt: each felt gets them in its own hue (a green panel on wine
# felt reads as a mistake). Captured from the theme before any look is applied; the values never change.
TINTED = ("PANEL", "PANEL_EDGE", "BUTTON", "BUTTON_HOVER", "BUTTON_PRESSED", "BUTTON_EDGE", "BUTTON_DISABLED",
          "TEXT_DISABLED")
DESIGNED: dict[str, Color] = {name: getattr(theme, name) for name in TINTED}


def tinted(color: Color, felt: Color) -> Color:
    """``color`` (designed on the green felt) turned to ``felt``'s hue and saturation, keeping its lightness, so
    every contrast measured on green holds."""
    h0, _, s0 = colorsys.rgb_to_hls(*(v / 255 for v in FELTS["green"][0]))
    hf, _, sf = colorsys.rgb_to_hls(*(v / 255 for v in felt))
    h, lightness, sat = colorsys.rgb_to_hls(*(v / 255 for v in color))
    r, g, b = colorsys.hls_to_rgb((h + hf - h0) % 1.0, lightness, min(1.0, sat * sf / s0 if s0 else sat))
    return round(r * 255), round(g * 255), round(b * 255)


# "two": hearts and diamonds red, spades and clubs black; "four": diamonds blue and clubs green as well, for
# colour-blind players and for telling the suits at a glance (every suit is still told by its shape).
SUIT_COLOURS = ("two", "four")


def apply(felt: str, back: str, suits: str = "two") -> bool:
    """Make ``felt``, ``back`` and the suit colours the current look; True when something changed (caches
    of drawn cards must go)."""
    main, dark, light = FELTS.get(felt, FELTS["green"])
    b_main, b_dark, b_line = BACKS.get(back, BACKS["blue"])
    before = (theme.FELT, theme.BACK, theme.FOUR_COLOUR)
    theme.FELT, theme.FELT_DARK, theme.FELT_LIGHT = main, dark, light
    for name, color in DESIGNED.items():
        setattr(theme, name, tinted(color, main))
    theme.BACK, theme.BACK_DARK, theme.BACK_LINE = b_main, b_dark, b_line
    theme.FOUR_COLOUR = suits == "four"
    return before != (theme.FELT, theme.BACK, theme.FOUR_COLOUR)
