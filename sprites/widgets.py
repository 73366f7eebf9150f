"""Widgets drawn in the house style: buttons, a text field, panels, badges and smooth rounded rects."""
from __future__ import annotations

from functools import lru_cache

import pygame

from sprites import theme
from sprites.record import floating, note_badge, note_box
from sprites.rows import lines_at, own_px
from sprites.text import Fonts

CORNER_SS = 4  # corner arcs are rasterised at 4x and smoothscaled: smooth curves without drawing big


def _rgba(color: tuple[int, ...]) -> tuple[int, int, int, int]:
    c = tuple(color)
    return (c[0], c[1], c[2], c[3] if len(c) > 3 else 255)


def _corner(radius: int, color: tuple[int, int, int, int], width: int = 0) -> pygame.Surface:
    """Top-left quarter of a disc (or ring when width > 0), antialiased."""
    big = radius * CORNER_SS
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    surf.fill((*color[:3], 0))
    pygame.draw.circle(surf, color, (big, big), big)
    if 0 < width < radius:
        pygame.draw.circle(surf, (*color[:3], 0), (big, big), (radius - width) * CORNER_SS)
    return pygame.transform.smoothscale(surf, (radius, radius))


def draw_round_rect(
    surface: pygame.Surface, color: tuple[int, ...], rect: pygame.Rect, radius: int, width: int = 0
) -> None:
    """A rounded rectangle (filled, or an outline of ``width`` px) with antialiased corners."""
    rect = pygame.Rect(rect)
    rgba = _rgba(color)
    r = max(0, min(int(radius), rect.w // 2, rect.h // 2))
    if rect.w <= 0 or rect.h <= 0:
        return
    if r < 2:
        pygame.draw.rect(surface, rgba, rect, width)
        return
    if width <= 0:
        surface.fill(rgba, (rect.x + r, rect.y, rect.w - 2 * r, rect.h))
        surface.fill(rgba, (rect.x, rect.y + r, r, rect.h - 2 * r))
        surface.fill(rgba, (rect.right - r, rect.y + r, r, rect.h - 2 * r))
    else:
        width = min(width, r)
        surface.fill(rgba, (rect.x + r, rect.y, rect.w - 2 * r, width))
        surface.fill(rgba, (rect.x + r, rect.bottom - width, rect.w - 2 * r, width))
        surface.fill(rgba, (rect.x, rect.y + r, width, rect.h - 2 * r))
        surface.fill(rgba, (rect.right - width, rect.y + r, width, rect.h - 2 * r))
    tl, tr, bl, br = _corners(r, rgba, width if width > 0 else 0)
    surface.blit(tl, (rect.x, rect.y))
    surface.blit(tr, (rect.right - r, rect.y))
    surface.blit(bl, (rect.x, rect.bottom - r))
    surface.blit(br, (rect.right - r, rect.bottom - r))


@lru_cache(maxsize=256)  # a pure function of its arguments; redrawing arcs every frame is costly
def _corners(radius: int, color: tuple[int, int, int, int], width: int) -> tuple[pygame.Surface, ...]:
    tile = _corner(radius, color, width)
    flip = pygame.transform.flip
    return tile, flip(tile, True, False), flip(tile, False, True), flip(tile, True, True)


def draw_panel(
    surface: pygame.Surface, rect: pygame.Rect, alpha: int = 230, radius: int | None = None
) -> None:
    """A rounded translucent dark panel with a light edge (for menus, logs, dialogs)."""
    rect = pygame.Rect(rect)
    if rect.w <= 0 or rect.h <= 0:
        return
    r = radius if radius is not None else max(6, min(rect.w, rect.h) // 14)
    note_box(surface, rect)
    surface.blit(_panel(rect.size, max(0, min(255, alpha)), r, theme.PANEL, theme.PANEL_EDGE), rect)


def draw_dialog(surface: pygame.Surface, panel: pygame.Rect, edge_div: int = 14) -> None:
    """A modal dialog's ground: the screen behind dimmed, an opaque panel with a gold edge."""
    dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    dim.fill((0, 0, 0, 160))
    surface.blit(dim, (0, 0))
    draw_panel(surface, panel, alpha=255)
    pygame.draw.rect(surface, theme.GOLD, panel, width=2, border_radius=max(6, panel.h // edge_div))


@lru_cache(maxsize=64)  # panels are redrawn every frame at the same few sizes
def _panel(size: tuple[int, int], alpha: int, r: int, fill: tuple[int, ...], line: tuple[int, ...]
           ) -> pygame.Surface:
    edge = max(1, round(min(size) / 300))
    temp = pygame.Surface(size, pygame.SRCALPHA)
    temp.fill((*fill[:3], 0))
    local = temp.get_rect()
    draw_round_rect(temp, fill, local, r)
    draw_round_rect(temp, line, local, r, edge)
    temp.set_alpha(alpha)
    return temp


def text_panel(surface: pygame.Surface, placed: list[tuple[pygame.Surface, pygame.Rect]],
               pad: int) -> pygame.Rect | None:
    """Lines of text on the one translucent status panel every table uses (the turn, a preview, a prompt);
    the panel's rect (a toast over it covers all of it, not half its lines)."""
    if not placed:
        return None
    box = placed[0][1].unionall([r for _, r in placed[1:]]).inflate(pad * 3, pad)
    draw_panel(surface, box, alpha=150)
    for img, rect in placed:
        surface.blit(img, rect)
    return box


def draw_badge(
    surface: pygame.Surface,
    fonts: Fonts,
    text: str,
    center: tuple[float, float],
    px: int,
    color: tuple[int, ...],
) -> pygame.Rect:
    """A pill-shaped label (e.g. a pile count) centred at ``center``; returns its rect."""
    img = _badge(fonts, text, px, tuple(color), fonts.floor)
    rect = pygame.Rect(0, 0, img.get_width() - 2, img.get_height() - 2)
    rect.center = (round(center[0]), round(center[1]))
    with floating(surface, "badge"):  # a pile's count sits on its card
        surface.blit(img, rect.move(-1, -1))
    note_badge(surface, rect, text)
    return rect


@lru_cache(maxsize=128)  # badges sit over cards, so they are drawn on frames where cards move: one blit each
def _badge(fonts: Fonts, text: str, px: int, color: tuple[int, ...], floor: int) -> pygame.Surface:
    ink = theme.TEXT_DARK if theme.is_light(color) else theme.TEXT
    glyphs = fonts.render(text, px, ink, bold=False)
    h = round(glyphs.get_height() * 1.25)
    w = int(max(h, glyphs.get_width() + h // 1.6))
    img = pygame.Surface((w + 2, h + 2), pygame.SRCALPHA)
    img.fill((0, 0, 0, 0))
    rect = pygame.Rect(1, 1, w, h)
    draw_round_rect(img, (0, 0, 0, 255), rect.inflate(2, 2), h // 2 + 1)
    draw_round_rect(img, color, rect, h // 2)
    img.blit(glyphs, glyphs.get_rect(center=rect.center))
    return img.convert_alpha() if pygame.display.get_surface() is not None else img


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int, scale: float = 1.0) -> None:
    """The gold keyboard-focus ring drawn just outside ``rect``."""
    gap = max(2, round(4 * scale))
    width = max(2, round(3 * scale))
    ring = pygame.Rect(rect).inflate(2 * (gap + width), 2 * (gap + width))
    draw_round_rect(surface, theme.GOLD, ring, radius + gap + width, width)


class Button:
    """A rounded push button; the caller owns its rect (at least 48 px tall at 1080p)."""

    def __init__(
        self, id: str, label: str, rect: pygame.Rect, enabled: bool = True, primary: bool = False, short: str = ""
    ) -> None:
        self.id = id
        self.label = label
        self.short = short  # a shorter label, where the whole one would not stand in the button (sprites.rows)
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.primary = primary
        self.px: int | None = None  # its row's one type size (sprites.rows), else the label's own

    def hit(self, pos: tuple[float, float]) -> bool:
        """Whether ``pos`` is on the button and it is enabled (a disabled button is never hit)."""
        return self.enabled and self.rect.collidepoint(pos)

    def _colors(self, hovered: bool, pressed: bool) -> tuple[tuple, tuple, tuple]:
        """Fill, edge and label colours for the current state."""
        if not self.enabled:
            return theme.BUTTON_DISABLED, theme.mix(theme.BUTTON_DISABLED, theme.TEXT_DISABLED, 0.4), \
                theme.TEXT_DISABLED
        if self.primary:
            fill = theme.PRIMARY_PRESSED if pressed else theme.PRIMARY_HOVER if hovered else theme.PRIMARY
            return fill, theme.GOLD_DARK, theme.TEXT_DARK
        fill = theme.BUTTON_PRESSED if pressed else theme.BUTTON_HOVER if hovered else theme.BUTTON
        return fill, theme.BUTTON_EDGE, theme.TEXT

    def draw(
        self,
        surface: pygame.Surface,
        fonts: Fonts,
        focused: bool = False,
        hovered: bool = False,
        pressed: bool = False,
    ) -> None:
        pressed = pressed and self.enabled
        hovered = hovered and self.enabled
        rect = self.rect
        scale = max(0.5, rect.h / 56)
        radius = max(4, round(rect.h * 0.26))
        fill, edge, ink = self._colors(hovered, pressed)
        drop = max(1, round(3 * scale))
        body = rect.move(0, drop if pressed else 0)
        if self.enabled and not pressed:
            draw_round_rect(surface, (0, 0, 0), rect.move(0, drop), radius)
        draw_round_rect(surface, fill, body, radius)
        draw_round_rect(surface, edge, body, radius, max(1, round(1.5 * scale)))
        note_box(surface, body)
        if focused:
            draw_focus_ring(surface, rect, radius, scale)
        lines, px = label_lines(fonts, self.label, rect, self.px, self.short)
        line_h = fonts.get(px).get_linesize()
        y = body.centery - line_h * len(lines) / 2
        for line in lines:
            glyphs = fonts.render(line, px, ink)
            surface.blit(glyphs, glyphs.get_rect(midtop=(body.centerx, round(y))))
            y += line_h

    def text_rects(self, fonts: Fonts) -> list[pygame.Rect]:
        """Where the label's lines lie (for the layout self-check)."""
        lines, px = label_lines(fonts, self.label, self.rect, self.px, self.short)
        line_h = fonts.get(px).get_linesize()
        y = self.rect.centery - line_h * len(lines) / 2
        out = []
        for i, line in enumerate(lines):
            w, h = fonts.size(line, px)
            out.append(pygame.Rect(self.rect.centerx - w // 2, round(y + i * line_h), w, h))
        return out


def label_lines(fonts: Fonts, label: str, rect: pygame.Rect, px: int | None = None,
                short: str = "") -> tuple[list[str], int]:
    """A button label at ``px`` (its row's size), or alone at its own: one line where it fits, else two, else
    its short form."""
    px = own_px(fonts, label, rect, short) if px is None else px
    return lines_at(fonts, label, rect, px, short), px


class TextField:
    """A one-line text entry with a caret; feed it events, draw it with ``now`` for the blink."""

    def __init__(self, rect: pygame.Rect, text: str = "", max_len: int = 16, placeholder: str = "") -> None:
        self.rect = pygame.Rect(rect)
        self.max_len = max_len
        self.placeholder = placeholder
        self._text = ""
        self.caret = 0
        self.selected = False  # the whole text is selected: typing replaces it
        self.truncated = False  # the last change was cut to max_len (callers say so)
        self.px: int | None = None  # the screen's body size (sprites.roles), else half the field's height
        self.text = text

    @property
    def text(self) -> str:
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        clean = "".join(ch for ch in value if ch.isprintable())
        self.truncated = len(clean) > self.max_len
        self._text = clean[: self.max_len]
        self.caret = len(self._text)
        self.selected = False

    def select_all(self) -> None:
        self.selected = bool(self._text)
        self.caret = len(self._text)

    def _drop_selection(self) -> bool:
        if not self.selected:
            return False
        self._text, self.caret, self.selected = "", 0, False
        return True

    def insert(self, s: str) -> None:
        """Insert printable characters at the caret (replacing a selection), as many as ``max_len`` allows;
        ``truncated`` tells whether some were cut."""
        s = "".join(ch for ch in s if ch.isprintable())
        if s:
            self._drop_selection()
        room = max(0, self.max_len - len(self._text))
        self.truncated = len(s) > room
        s = s[:room]
        self._text = self._text[: self.caret] + s + self._text[self.caret :]
        self.caret += len(s)

    def backspace(self) -> None:
        if self._drop_selection():
            return
        if self.caret > 0:
            self._text = self._text[: self.caret - 1] + self._text[self.caret :]
            self.caret -= 1

    def delete(self) -> None:
        if self._drop_selection():
            return
        self._text = self._text[: self.caret] + self._text[self.caret + 1 :]

    def handle(self, event: pygame.event.Event) -> bool:
        """Apply a TEXTINPUT or editing KEYDOWN; True if the field used the event."""
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        if key == pygame.K_a and getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.select_all()
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self.selected = False
        if key == pygame.K_BACKSPACE:
            self.backspace()
        elif key == pygame.K_DELETE:
            self.delete()
        elif key == pygame.K_LEFT:
            self.caret = max(0, self.caret - 1)
        elif key == pygame.K_RIGHT:
            self.caret = min(len(self._text), self.caret + 1)
        elif key == pygame.K_HOME:
            self.caret = 0
        elif key == pygame.K_END:
            self.caret = len(self._text)
        else:
            return False
        return True

    @staticmethod
    def next_blink(now: float) -> float:
        """Seconds from ``now`` until the caret turns on or off (it blinks every 0.5 s)."""
        left = 0.5 - (now % 0.5)
        return left if left > 1e-3 else left + 0.5

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool, now: float) -> None:
        rect = self.rect
        scale = max(0.5, rect.h / 56)
        radius = max(4, round(rect.h * 0.2))
        draw_round_rect(surface, theme.FIELD, rect, radius)
        edge = theme.GOLD if focused else theme.PANEL_EDGE
        draw_round_rect(surface, edge, rect, radius, max(2, round(2 * scale)))
        px = self.px or round(rect.h * 0.5)
        pad = round(rect.h * 0.3)
        inner = rect.inflate(-2 * pad, 0)
        text_w = fonts.size(self._text, px)[0]
        caret_x = fonts.size(self._text[: self.caret], px)[0]
        # scroll so the caret stays visible in a field narrower than its text
        offset = 0 if text_w <= inner.w else min(0, inner.w - 2 - caret_x)
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        if self._text and self.selected:
            mark = pygame.Rect(inner.x + offset - 2, rect.centery - round(rect.h * 0.32), text_w + 4,
                               round(rect.h * 0.64))
            pygame.draw.rect(surface, theme.PRIMARY_HOVER, mark, border_radius=max(2, radius // 2))
        if self._text:
            glyphs = fonts.render(self._text, px, theme.TEXT_DARK)
        else:
            glyphs = fonts.render(self.placeholder, px, theme.mix(theme.FIELD, theme.TEXT_DARK, 0.45))
        surface.blit(glyphs, glyphs.get_rect(midleft=(inner.x + offset, inner.centery)))
        if focused and int(now * 2) % 2 == 0:  # 0.5 s on, 0.5 s off
            x = inner.x + offset + caret_x
            h = round(rect.h * 0.56)
            pygame.draw.rect(surface, theme.TEXT_DARK, (x, rect.centery - h // 2, max(2, round(2 * scale)), h))
        surface.set_clip(clip)
