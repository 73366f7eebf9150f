"""Card art drawn in code: faces, back, empty slots, glow and shadow, cached per card width."""
from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Mapping
from types import MappingProxyType

import pygame

from rules.cards import Card
from sprites import theme
from sprites.court import draw_figure
from sprites.suits import SuitStamps, suit_color
from sprites.text import Fonts

SS = 2  # faces are drawn at twice the size and smoothscaled once: crisp from 40 to 400 px wide

# Pip centres per rank: x in {0, .5, 1} across the pip columns, y in [0, 1] down the pip rows.
PIPS: Mapping[int, tuple[tuple[float, float], ...]] = MappingProxyType({
    2: ((0.5, 0), (0.5, 1)),
    3: ((0.5, 0), (0.5, 0.5), (0.5, 1)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
    5: ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    6: ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    7: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    8: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    9: ((0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)),
    10: (
        (0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3),
        (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6), (0, 1), (1, 1),
    ),
})


def _finish(surf: pygame.Surface) -> pygame.Surface:
    """convert_alpha when a display exists, so cached blits are fast."""
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


def _full(size: tuple[int, int]) -> pygame.mask.Mask:
    return pygame.mask.Mask(size, fill=True)


def _rounded(size: tuple[int, int], color: tuple[int, ...], radius: int, inset: int = 0) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((*color[:3], 0))
    rect = pygame.Rect(0, 0, *size).inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(surf, color, rect, border_radius=radius)
    return surf


class CardArt:
    """All the art for one card width; every surface is built once and cached here."""

    def __init__(self, width: int, fonts: Fonts | None = None) -> None:
        self.width = max(8, int(width))
        self.height = round(self.width * theme.CARD_RATIO)
        self.radius = max(2, round(self.width * 0.07))
        self.fonts = fonts if fonts is not None else Fonts()
        self.stamps = SuitStamps()
        self.shadow_margin = max(3, round(self.width * 0.07))
        # where to blit shadow()/glow() relative to the card's top-left corner
        self.shadow_offset = (-self.shadow_margin, -self.shadow_margin + max(1, round(self.width * 0.025)))
        self.glow_margin = max(4, round(self.width * 0.09))
        self.glow_offset = (-self.glow_margin, -self.glow_margin)
        self._faces: dict[str, pygame.Surface] = {}
        self._slots: dict[str, pygame.Surface] = {}
        self._glows: dict[tuple, pygame.Surface] = {}
        self._shades: dict[int, pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._shadow: pygame.Surface | None = None
        self._solid: dict[pygame.Surface, pygame.Rect] = {}

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    # --- faces -------------------------------------------------------------------------------
    def face(self, card: str | Card) -> pygame.Surface:
        """The face of a card such as "7H", "TD", "10D" or a Card (cached; do not modify)."""
        c = Card.parse(card)
        key = str(c)
        surf = self._faces.get(key)
        if surf is None:
            surf = _finish(self._draw_face(c))
            self._faces[key] = surf
        return surf

    def _blank(self, fill: tuple[int, ...], edge: tuple[int, ...]) -> pygame.Surface:
        w, h, r = self.width * SS, self.height * SS, self.radius * SS
        surf = _rounded((w, h), edge, r)
        line = max(1, round(SS * max(1.0, self.width / 140)))
        pygame.draw.rect(surf, fill, pygame.Rect(0, 0, w, h).inflate(-2 * line, -2 * line),
                         border_radius=max(1, r - line))
        return surf

    def _draw_face(self, card: Card) -> pygame.Surface:
        big = self._blank(theme.CARD_FACE, theme.CARD_EDGE)
        color = suit_color(card.suit)
        if card.rank >= 11:
            self._draw_court(big, card, color)
        elif card.rank == 1:
            size = self.width * SS * 0.42
            self.stamps.blit(big, card.suit, (big.get_width() / 2, big.get_height() / 2), size, color)
        else:
            self._draw_pips(big, card, color)
        face = pygame.transform.smoothscale(big, self.size)
        # indices are drawn at final size: hinted glyphs stay sharper than downscaled ones
        self._draw_indices(face, card, color)
        return face

    def _draw_pips(self, big: pygame.Surface, card: Card, color: tuple[int, int, int]) -> None:
        w, h = big.get_size()
        size = w * 0.18
        x0 = w * max(0.31, self._index_clear() + 0.1)
        x1 = w - x0
        y0, y1 = h * 0.2, h * 0.8
        for fx, fy in PIPS[card.rank]:
            center = (x0 + (x1 - x0) * fx, y0 + (y1 - y0) * fy)
            # pips in the lower half point the other way, as on printed cards
            self.stamps.blit(big, card.suit, center, size, color, flipped=fy > 0.5)

    def _index_scale(self) -> float:
        """Small cards get relatively larger indices: in a tight fan the corner is all one sees."""
        return min(1.3, max(1.0, 1.0 + (100 - self.width) / 100))

    def _index_clear(self) -> float:
        """Fraction of the width, from the left edge, that the corner index keeps for itself."""
        return 0.1 + 0.075 * self._index_scale() + 0.025

    def _index_glyphs(self, card: Card, color: tuple[int, int, int]) -> pygame.Surface:
        """Rank above suit, tightly cropped, at the final card size."""
        w = self.width * self._index_scale()
        cap = w * 0.15
        px = max(6, round(cap / theme.CAP_RATIO))
        text = self.fonts.get(px, bold=True).render(card.rank_label, True, color)
        text = text.subsurface(text.get_bounding_rect()).copy()
        max_w = w * 0.15
        if text.get_width() > max_w:  # "10" is squeezed to the width of one letter, as on printed cards
            text = pygame.transform.smoothscale(text, (round(max_w), text.get_height()))
        suit_size = w * 0.115
        gap = w * 0.025
        col_w = max(text.get_width(), math.ceil(suit_size) + 2)
        out = pygame.Surface((col_w, round(text.get_height() + gap + suit_size + 2)), pygame.SRCALPHA)
        out.fill((*color, 0))
        out.blit(text, ((col_w - text.get_width()) / 2, 0))
        self.stamps.blit(out, card.suit, (col_w / 2, text.get_height() + gap + suit_size / 2), suit_size, color)
        return out

    def _draw_indices(self, big: pygame.Surface, card: Card, color: tuple[int, int, int]) -> None:
        w, h = big.get_size()
        glyphs = self._index_glyphs(card, color)
        cx, top = w * 0.1, w * 0.06
        rect = glyphs.get_rect(midtop=(round(cx), round(top)))
        big.blit(glyphs, rect)
        flipped = pygame.transform.flip(glyphs, True, True)
        big.blit(flipped, flipped.get_rect(midbottom=(w - round(cx), h - round(top))))

    @staticmethod
    def index_boxes(rect: pygame.Rect) -> list[pygame.Rect]:
        """Where a face at ``rect`` shows its two corner indices (rank over suit): what a badge must leave clear."""
        w = rect.w
        k = min(1.3, max(1.0, 1.0 + (100 - w) / 100))
        col_w, tall = max(0.15 * w * k, 0.115 * w * k + 2), 0.29 * w * k + 2
        top_left = pygame.Rect(round(rect.x + 0.1 * w - col_w / 2), round(rect.y + 0.06 * w), round(col_w), round(tall))
        bottom_right = top_left.copy()
        bottom_right.bottomright = (rect.right - (top_left.x - rect.x), rect.bottom - (top_left.y - rect.y))
        return [top_left, bottom_right]

    # --- court cards ---------------------------------------------------------------------------
    def _court_frame(self, big: pygame.Surface) -> pygame.Rect:
        w, h = big.get_size()
        left = max(0.215, self._index_clear() + 0.01)
        return pygame.Rect(round(w * left), round(w * 0.095), round(w * (1 - 2 * left)), round(h - 2 * w * 0.095))

    def _draw_court(self, big: pygame.Surface, card: Card, color: tuple[int, int, int]) -> None:
        frame = self._court_frame(big)
        line = max(2, round(self.width * SS * 0.012))
        pygame.draw.rect(big, theme.COURT_TINT, frame, border_radius=line * 2)
        half = self._court_half(card, color, (frame.width, frame.height // 2))
        big.blit(half, frame.topleft)
        big.blit(pygame.transform.flip(half, True, True), (frame.x, frame.bottom - half.get_height()))
        mid = frame.centery
        pygame.draw.line(big, theme.GOLD_DARK, (frame.x + line * 3, mid), (frame.right - line * 3, mid), line)
        pygame.draw.rect(big, color, frame, width=line, border_radius=line * 2)
        inner = frame.inflate(-line * 4, -line * 4)
        pygame.draw.rect(big, theme.GOLD_DARK, inner, width=max(1, line // 2), border_radius=line)

    def _court_half(self, card: Card, color: tuple[int, int, int], size: tuple[int, int]) -> pygame.Surface:
        half = pygame.Surface(size, pygame.SRCALPHA)
        half.fill((*color, 0))
        self._court_stripes(half)
        draw_figure(half, card.rank, card.suit, color, self.stamps)
        return half

    def _court_stripes(self, half: pygame.Surface) -> None:
        """Fine diagonal hatching: gives the panel the texture of a printed court card."""
        fw, fh = half.get_size()
        step = max(4, round(fw * 0.07))
        tint = (*theme.mix(theme.COURT_TINT, theme.GOLD_DARK, 0.18), 255)
        width = max(1, step // 5)
        for x in range(-fh, fw + fh, step):
            pygame.draw.line(half, tint, (x, 0), (x + fh, fh), width)

    def solid(self, img: pygame.Surface) -> pygame.Rect:
        """The widest band of whole rows of ``img`` that is fully opaque (all but the rounded corners' rows),
        from its top-left corner: whatever lay under it is hidden once ``img`` is blitted (cached)."""
        band = self._solid.get(img)
        if band is None:
            w, h = img.get_size()
            mask = pygame.mask.from_surface(img, 254)  # alpha 255 only
            k = 0
            while k < h // 2 and mask.overlap_area(_full((w, h - 2 * k)), (0, k)) < w * (h - 2 * k):
                k += 1
            band = self._solid[img] = pygame.Rect(0, k, w, h - 2 * k) if k < h // 2 else pygame.Rect(0, 0, 0, 0)
        return band

    # --- back, slot, glow, shadow ---------------------------------------------------------
    def back(self) -> pygame.Surface:
        """The shared card back: dark blue lattice with a gold medallion (cached)."""
        if self._back is None:
            self._back = _finish(self._draw_back())
        return self._back

    def _draw_back(self) -> pygame.Surface:
        big = self._blank(theme.CARD_FACE, theme.CARD_EDGE)
        w, h = big.get_size()
        margin = round(w * 0.06)
        inner = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        radius = max(2, self.radius * SS - margin // 2)
        pattern = _rounded(inner.size, theme.BACK, radius)
        self._back_lattice(pattern)
        mask = _rounded(inner.size, (255, 255, 255, 255), radius)
        pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        big.blit(pattern, inner)
        trim = max(1, round(w * 0.012))
        pygame.draw.rect(big, theme.BACK_TRIM, inner.inflate(-margin, -margin), trim, border_radius=radius // 2)
        self._back_medallion(big, (w / 2, h / 2), w * 0.2)
        return pygame.transform.smoothscale(big, self.size)

    def _back_lattice(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        step = max(6, round(w * 0.09))
        line = max(1, round(w * 0.008))
        for x in range(-h, w + h, step):
            pygame.draw.line(surf, theme.BACK_LINE, (x, 0), (x + h, h), line)
            pygame.draw.line(surf, theme.BACK_LINE, (x, h), (x + h, 0), line)
        dot = max(1, round(step * 0.12))
        for gy in range(0, h + step, step):
            for gx in range(0, w + step, step):
                ox = (step // 2) if (gy // step) % 2 else 0
                pygame.draw.circle(surf, theme.BACK_DARK, (gx + ox - step // 2, gy), dot)

    def _back_medallion(self, big: pygame.Surface, center: tuple[float, float], r: float) -> None:
        cx, cy = center
        pts = [(cx, cy - r * 1.35), (cx + r, cy), (cx, cy + r * 1.35), (cx - r, cy)]
        pygame.draw.polygon(big, theme.BACK_DARK, pts)
        pygame.draw.polygon(big, theme.BACK_TRIM, pts, max(1, round(r * 0.08)))
        inner = [(cx, cy - r * 1.05), (cx + r * 0.78, cy), (cx, cy + r * 1.05), (cx - r * 0.78, cy)]
        pygame.draw.polygon(big, theme.BACK_TRIM, inner, max(1, round(r * 0.03)))
        s = r * 0.36
        d = r * 0.42
        for suit, (dx, dy) in zip("SHDC", ((0, -d), (d * 0.8, 0), (0, d), (-d * 0.8, 0)), strict=True):
            self.stamps.blit(big, suit, (cx + dx, cy + dy), s, theme.BACK_TRIM)

    def slot(self, label: str = "") -> pygame.Surface:
        """An empty pile: a faint rounded outline on the felt with an optional centred label."""
        surf = self._slots.get(label)
        if surf is None:
            surf = _finish(self._draw_slot(label))
            self._slots[label] = surf
        return surf

    def _draw_slot(self, label: str) -> pygame.Surface:
        w, h, r = self.width * SS, self.height * SS, self.radius * SS
        big = _rounded((w, h), (0, 0, 0, 46), r)
        line = max(2, round(w * 0.016))
        pygame.draw.rect(big, (*theme.TEXT, 120), (0, 0, w, h), line, border_radius=r)
        surf = pygame.transform.smoothscale(big, self.size)
        if label:
            px = self.fonts.fit_px(label, max(10, round(self.width * 0.2)), round(self.width * 0.84))
            lines = self.fonts.wrap(label, px, round(self.width * 0.84))
            line_h = self.fonts.get(px).get_linesize()
            y = (self.height - line_h * len(lines)) / 2
            for text in lines:
                glyphs = self.fonts.render(text, px, theme.TEXT_DIM)
                surf.blit(glyphs, glyphs.get_rect(midtop=(self.width // 2, round(y))))
                y += line_h
        return surf

    def glow(self, color: tuple[int, ...]) -> pygame.Surface:
        """A soft rounded halo around a card; blit at card top-left + ``glow_offset``."""
        key = tuple(color)
        surf = self._glows.get(key)
        if surf is None:
            surf = _finish(self._draw_glow(key))
            self._glows[key] = surf
        return surf

    def _draw_glow(self, color: tuple[int, ...]) -> pygame.Surface:
        g = self.glow_margin
        size = (self.width + 2 * g, self.height + 2 * g)
        surf = pygame.Surface(size, pygame.SRCALPHA)
        surf.fill((*color[:3], 0))
        ring = pygame.Rect(0, 0, *size).inflate(-g, -g)
        width = max(2, round(g * 0.45))
        pygame.draw.rect(surf, (*color[:3], 230), ring, width, border_radius=self.radius + g // 2)
        surf = pygame.transform.gaussian_blur(surf, max(1, g // 3))
        crisp = pygame.Rect(g, g, self.width, self.height).inflate(max(2, g // 2), max(2, g // 2))
        pygame.draw.rect(surf, (*color[:3], 255), crisp, max(1, round(self.width * 0.02)),
                         border_radius=self.radius + g // 4)
        return surf

    def shade(self, alpha: int = 90) -> pygame.Surface:
        """A card-shaped translucent black overlay (rounded like the card) to dim a card."""
        alpha = max(0, min(255, int(alpha)))
        surf = self._shades.get(alpha)
        if surf is None:
            big = _rounded((self.width * SS, self.height * SS), (0, 0, 0, alpha), self.radius * SS)
            surf = _finish(pygame.transform.smoothscale(big, self.size))
            self._shades[alpha] = surf
        return surf

    def shadow(self) -> pygame.Surface:
        """A soft drop shadow; blit at card top-left + ``shadow_offset`` before the card."""
        if self._shadow is None:
            m = self.shadow_margin
            size = (self.width + 2 * m, self.height + 2 * m)
            surf = _rounded(size, theme.SHADOW, self.radius, inset=m)
            self._shadow = _finish(pygame.transform.gaussian_blur(surf, max(1, m // 2)))
        return self._shadow


class CardArtCache:
    """Keeps the CardArt of the few card widths in use (least recently used dropped first)."""

    def __init__(self, limit: int = 4, fonts: Fonts | None = None) -> None:
        self.limit = max(1, limit)
        self.fonts = fonts if fonts is not None else Fonts()
        self._arts: OrderedDict[int, CardArt] = OrderedDict()

    def get(self, width: int) -> CardArt:
        width = max(8, int(width))
        art = self._arts.get(width)
        if art is None:
            art = CardArt(width, self.fonts)
            self._arts[width] = art
            if len(self._arts) > self.limit:
                self._arts.popitem(last=False)
        else:
            self._arts.move_to_end(width)
        return art

    def clear(self) -> None:
        """Forget every drawn card (the card back or a colour changed)."""
        self._arts.clear()
