"""The one visual style of Card Duels: colours, proportions and UI scaling."""
from __future__ import annotations

import math

Color = tuple[int, int, int]

# Table
FELT: Color = (20, 96, 62)
FELT_DARK: Color = (9, 58, 37)
FELT_LIGHT: Color = (34, 122, 80)

# Cards
CARD_FACE: Color = (251, 247, 236)
CARD_EDGE: Color = (196, 188, 170)
INK: Color = (26, 28, 34)
RED: Color = (210, 36, 50)  # 4.9:1 on the card face and 3.3:1 against INK: red and black suits differ
RED_ON_DARK: Color = (255, 140, 136)  # red suits inside light text on dark panels and felt stay readable
BACK: Color = (24, 46, 104)
BACK_DARK: Color = (12, 24, 62)
BACK_LINE: Color = (62, 96, 170)
BACK_TRIM: Color = (214, 172, 84)
COURT_TINT: Color = (246, 233, 200)
JEWEL: Color = (26, 132, 96)  # not red: a spade court card must carry no red at all

# The four-colour deck (Settings): diamonds blue and clubs green, on the card face and in text on dark panels.
FOUR_COLOUR = False  # module state, switched only by sprites.looks.apply
FOUR_INKS: dict[str, Color] = {"D": (30, 104, 214), "C": (20, 128, 66)}
FOUR_INKS_ON_DARK: dict[str, Color] = {"D": (126, 176, 255), "C": (112, 214, 134)}

# Accents and text
GOLD: Color = (248, 204, 104)
GOLD_DARK: Color = (160, 116, 34)
TEXT: Color = (244, 240, 228)
TEXT_DIM: Color = (204, 218, 210)  # 5.2:1 on the green felt, the lightest: quiet, still readable
TEXT_DARK: Color = (34, 30, 22)

# Panels and controls
PANEL: Color = (12, 30, 24)
PANEL_EDGE: Color = (86, 128, 104)
BUTTON: Color = (36, 70, 56)
BUTTON_HOVER: Color = (48, 92, 72)
BUTTON_PRESSED: Color = (26, 52, 41)
BUTTON_EDGE: Color = (104, 150, 124)
BUTTON_DISABLED: Color = (32, 46, 40)
TEXT_DISABLED: Color = (130, 146, 138)  # 4.3:1 on BUTTON_DISABLED: off, and still read
PRIMARY: Color = GOLD
PRIMARY_HOVER: Color = (250, 208, 112)
PRIMARY_PRESSED: Color = (204, 158, 62)
FIELD: Color = (250, 247, 238)

# Feedback
GOOD: Color = (150, 232, 166)
BAD: Color = (232, 92, 84)
DROP_GLOW: Color = (96, 170, 250)  # sky blue: apart from the gold hint and green/red under colour blindness
SHADOW: tuple[int, int, int, int] = (0, 0, 0, 110)

CARD_RATIO = 1.4  # height / width, like a poker card (2.5 x 3.5 in)
REFERENCE_HEIGHT = 1080
MIN_FONT_PX = 13
# The type scale is measured by what a reader sees: the height of a capital letter. No text has a cap height
# under 2% of the window height (12 px at 600, 22 px at 1080, 44 px at 2160).
TEXT_FLOOR = 0.02
CAP_RATIO = 1409 / 2048  # Liberation Sans (sprites/fonts): cap height per em; hinting rounds it, never lower
EM_OFFSET = 11  # a design size b (at 1080 high) is set at b + 11 px per em: small sizes grow the most


def ui_scale(h: int) -> float:
    """Scale factor for sizes designed at 1080 px window height (1.0 there, proportional)."""
    return max(1, int(h)) / REFERENCE_HEIGHT


def text_height(px: int) -> int:
    """The cap height of text set at ``px`` per em in the shipped font (the measure of the type scale)."""
    return math.floor(int(px) * CAP_RATIO + 0.5)


def floor_px(window_h: int) -> int:
    """The smallest font size whose capitals are at least ``TEXT_FLOOR`` of the window height."""
    need = math.ceil(TEXT_FLOOR * max(1, int(window_h)) - 1e-9)
    px = max(MIN_FONT_PX, math.ceil((need - 0.5) / CAP_RATIO))
    while text_height(px) < need:
        px += 1
    return px


def font_px(base: int, scale: float) -> int:
    """The one type scale: a size designed at 1080p, scaled with the window, never under the floor."""
    return max(floor_px(round(scale * REFERENCE_HEIGHT)), round((base + EM_OFFSET) * scale))


def suit_ink(suit: str, on_dark: bool = False) -> Color | None:
    """The colour of a suit symbol ("C", "D", "H" or "S") in text: hearts and diamonds red, and with the
    four-colour deck diamonds blue and clubs green; None where the suit takes the text's own colour.
    ``on_dark`` gives the lighter shades used on dark panels and felt."""
    if suit in "HD" and not (FOUR_COLOUR and suit == "D"):
        return RED_ON_DARK if on_dark else RED
    if FOUR_COLOUR and suit in FOUR_INKS:
        return FOUR_INKS_ON_DARK[suit] if on_dark else FOUR_INKS[suit]
    return None


def is_light(color: tuple[int, ...]) -> bool:
    """Whether a colour reads as light (relative luminance above one half)."""
    r, g, b = color[:3]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b > 127.5


def mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> Color:
    """Blend two colours: t=0 gives a, t=1 gives b."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )
