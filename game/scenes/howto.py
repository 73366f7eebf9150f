"""How to play one game: illustrated pages drawn with the real card sprites, on an opaque panel.

Pages turn by swipe, tap (the right side of the page goes on, the left side back, or the buttons), the
arrow and page keys, or the mouse wheel. The pages come from the game's registry entry (``rules_pages``).
"""
from __future__ import annotations

import pygame

from game.input import Gesture
from game.scene import ButtonGroup, Scene
from game.tables import entry
from game.tables.pages import BACK, Page, Picture, rules_page
from sprites import theme
from sprites.roles import BODY, CAPTION, TITLE, Typeset
from sprites.widgets import Button, draw_panel

SWIPE = 0.08  # a horizontal drag longer than this share of the width turns the page


class HowToScene(Scene):
    name = "howto"
    opaque = True  # nothing behind the pages shows through

    def __init__(self, app, game_id: str, page: int = 0) -> None:
        super().__init__(app)
        self.game_id = game_id
        e = entry(game_id)
        self.pages: tuple[Page, ...] = (*e.rules_pages(), rules_page(game_id, e.fan))
        self.page = max(0, min(page, len(self.pages) - 1))
        self.buttons = ButtonGroup(self.press)
        self.panel = pygame.Rect(0, 0, 10, 10)
        self.size = app.size
        self.type = Typeset(app.fonts, app.size[1])  # the sizes of the pages' words (build sets them)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.build()

    def enter(self) -> None:
        self.build()

    def build(self) -> None:
        w, h = self.size
        s = theme.ui_scale(h)
        margin = max(8, int(min(w, h) * 0.03))
        self.panel = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        bw, bh, gap = min(int(w * 0.26), int(300 * s)), max(48, int(60 * s)), max(8, int(18 * s))
        y = self.panel.bottom - bh - gap
        cx = self.panel.centerx
        last = len(self.pages) - 1
        self.buttons.set([
            Button("prev", self.t("howto.prev"), pygame.Rect(cx - bw - bw // 2 - gap, y, bw, bh),
                   enabled=self.page > 0),
            Button("close", self.t("howto.close"), pygame.Rect(cx - bw // 2, y, bw, bh)),
            Button("next", self.t("howto.next"), pygame.Rect(cx + bw // 2 + gap, y, bw, bh),
                   enabled=self.page < last, primary=self.page < last),
        ])
        ts = self.type = Typeset(self.app.fonts, h)
        self.buttons.px = ts.labels([b.rect for b in self.buttons.buttons],
                                    [[(x, "") for x in self.t.each(f"howto.{b.id}")] for b in self.buttons.buttons])
        self.caption_px = ts.px(CAPTION)  # the game's name over the page, the page count, the pictures' captions
        titles = [x for p in self.pages for x in self.t.each(p.title)]  # every page's title in one size, any language
        self.title_px = ts.fit(TITLE, titles, self.panel.w - 2 * max(12, int(30 * s)))

    # --- turning pages -----------------------------------------------------------------------------
    def turn(self, step: int) -> None:
        page = max(0, min(self.page + step, len(self.pages) - 1))
        if page != self.page:
            self.page = page
            self.app.play_sound("click")
            self.build()

    def press(self, bid: str) -> None:
        if bid == "close":
            self.app.play_sound("click")
            self.app.stack.pop()
        else:
            self.turn(1 if bid == "next" else -1)

    def on_gesture(self, g: Gesture) -> None:
        if self.buttons.gesture(g):
            return
        w = self.size[0]
        dx, dy = g.pos[0] - g.start[0], g.pos[1] - g.start[1]
        if g.kind == "drop" and abs(dx) > w * SWIPE and abs(dx) > abs(dy):
            self.turn(-1 if dx > 0 else 1)  # swipe left for the next page, like turning a sheet
        elif g.kind == "tap" and self.panel.collidepoint(g.pos):
            self.turn(1 if g.pos[0] >= self.panel.x + self.panel.w * 0.4 else -1)

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_DOWN):
            self.turn(1)
        elif event.key in (pygame.K_LEFT, pygame.K_PAGEUP, pygame.K_UP):
            self.turn(-1)
        elif event.key == pygame.K_HOME:
            self.turn(-len(self.pages))
        elif event.key == pygame.K_END:
            self.turn(len(self.pages))
        elif event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.stack.pop()
        else:
            self.buttons.key(event)

    def on_wheel(self, y: int) -> None:
        if y:
            self.turn(-1 if y > 0 else 1)

    # --- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT_DARK)
        draw_panel(surface, self.panel, alpha=255)
        s = theme.ui_scale(surface.get_height())
        fonts, t, page = self.app.fonts, self.t, self.pages[self.page]
        pad = max(12, int(30 * s))
        x, y, width = self.panel.x + pad, self.panel.y + int(pad * 0.7), self.panel.w - 2 * pad
        head = fonts.render(t("howto.title", game=t(entry(self.game_id).title_key)), self.caption_px,
                            theme.TEXT_DIM, bold=True)
        surface.blit(head, (x, y))
        count = fonts.render(t("howto.page", page=self.page + 1, pages=len(self.pages)), self.caption_px,
                             theme.TEXT_DIM)
        surface.blit(count, count.get_rect(topright=(self.panel.right - pad, y)))
        y += head.get_height() + int(8 * s)
        title = fonts.render(t(page.title), self.title_px, theme.GOLD, bold=True)
        surface.blit(title, (x, y))
        y += title.get_height() + int(12 * s)
        bottom = self.buttons.buttons[0].rect.top - int(12 * s)
        if page.beside:  # a long text on the left, the game's cards on the right
            text_w = int(width * 0.66)
            px = self.fit(t(page.text), text_w, bottom - y, bullets=True)
            if self.height_of(t(page.text), px, text_w, True) > bottom - y:  # too long: the text takes the width
                text_w = width
                px = self.fit(t(page.text), text_w, bottom - y, bullets=True)
            self.draw_text(surface, t(page.text), px, x, y, text_w, bullets=True)
            gap = int(36 * s)
            if text_w < width:
                self.draw_pictures(surface, page.pictures,
                                   pygame.Rect(x + text_w + gap, y, width - text_w - gap, bottom - y))
        else:
            px = self.fit(t(page.text), width, bottom - y)
            y = self.draw_text(surface, t(page.text), px, x, y, width)
            if page.pictures:
                self.draw_pictures(surface, page.pictures,
                                   pygame.Rect(x, y + int(16 * s), width, bottom - y - int(16 * s)))
        self.buttons.draw(surface, fonts)

    def fit(self, text: str, width: int, height: int, bullets: bool = False) -> int:
        """The body role's size, or the largest under it (not under the floor) at which ``text`` fits ``height``."""
        px = BODY.px(self.size[1])
        while px > self.app.fonts.floor and self.height_of(text, px, width, bullets) > height:
            px -= 1
        return self.type.same(BODY, px)

    def height_of(self, text: str, px: int, width: int, bullets: bool = False) -> int:
        """How tall ``draw_text`` sets ``text``."""
        fonts = self.app.fonts
        line_h = fonts.get(px).get_linesize()
        indent = fonts.size("•  ", px)[0] if bullets else 0
        after = line_h // 2 if bullets else line_h // 3
        return sum(len(fonts.wrap(p, px, width - indent)) * line_h + after for p in text.split("\n"))

    def draw_text(self, surface: pygame.Surface, text: str, px: int, x: int, y: int, width: int,
                  bullets: bool = False) -> int:
        """The paragraphs (each with a bullet when ``bullets``: a list reads better than a wall of text)."""
        fonts = self.app.fonts
        line_h = fonts.get(px).get_linesize()
        indent = fonts.size("•  ", px)[0] if bullets else 0
        for para in text.split("\n"):
            if bullets:
                surface.blit(fonts.render("•", px, theme.GOLD, bold=True), (x, y))
            for line in fonts.wrap(para, px, width - indent):
                surface.blit(fonts.render(line, px, theme.TEXT), (x + indent, y))
                y += line_h
            y += line_h // 2 if bullets else line_h // 3
        return y

    def draw_pictures(self, surface: pygame.Surface, pictures: tuple[Picture, ...], area: pygame.Rect) -> None:
        """The pictures side by side, each a row of cards with its caption under it."""
        if area.h <= 40:
            return
        s = theme.ui_scale(surface.get_height())
        gap = max(10, int(36 * s))
        cap_px = self.caption_px
        line_h = self.app.fonts.get(cap_px).get_linesize()
        cap_h = line_h * 2
        rows = self._rows(pictures, area, gap, cap_h)
        if len(rows) > 1:  # the pictures on two rows: each row in its half of the height
            half = (area.h - gap) // 2
            for i, row in enumerate(rows):
                self.draw_pictures(surface, row, pygame.Rect(area.x, area.y + i * (half + gap), area.w, half))
            return
        for _ in range(4):  # captions that wrap onto more lines leave the cards less height
            card_w = self._card_w(pictures, area, gap, cap_h)
            if card_w < 12:
                return
            spans, widths = self._widths(pictures, card_w)
            need = line_h * max(len(self.app.fonts.wrap(self.t(p.caption), cap_px, pw)) if p.caption else 1
                                for p, pw in zip(pictures, widths, strict=True))
            if need <= cap_h:
                break
            cap_h = need
        art = self.app.cards.get(card_w)
        step = int(card_w * 0.62)
        x = area.centerx - (sum(widths) + gap * (len(pictures) - 1)) // 2
        block = int(art.height * 1.12) + cap_h
        top = area.y + max(int(art.height * 0.12), (area.h - block) // 2)  # in the middle of its room
        for pic, pw, span in zip(pictures, widths, spans, strict=True):
            x0 = x + (pw - span) // 2
            for i, code in enumerate(pic.cards):
                img = art.back() if code == BACK else art.face(code)
                lift = int(art.height * 0.12) if i in pic.lifted else 0
                surface.blit(img, (x0 + i * step, top - lift))
            if not pic.cards:  # "no cards left": an empty place shows it
                surface.blit(art.slot(), art.slot().get_rect(midtop=(x + pw // 2, top)))
            cy = top + art.height + int(10 * s)
            for line in self.app.fonts.wrap(self.t(pic.caption), cap_px, pw):
                img = self.app.fonts.render(line, cap_px, theme.TEXT)
                surface.blit(img, img.get_rect(midtop=(x + pw // 2, cy)))
                cy += img.get_height()
            x += pw + gap

    @staticmethod
    def _widths(pictures: tuple[Picture, ...], card_w: int) -> tuple[list[int], list[int]]:
        """Each picture's span of cards and the width it takes (at least room for its caption's words)."""
        step = int(card_w * 0.62)
        spans = [card_w + step * (len(p.cards) - 1) if p.cards else 0 for p in pictures]
        widths = [max(span, int(card_w * 1.7)) if pic.cards else 2 * card_w
                  for span, pic in zip(spans, pictures, strict=True)]
        return spans, widths

    @staticmethod
    def _card_w(pictures: tuple[Picture, ...], area: pygame.Rect, gap: int, cap_h: int) -> int:
        """The card width at which the pictures, side by side, fill ``area`` (its width or its height)."""
        slots = sum(max(1 + 0.62 * (len(p.cards) - 1), 1.7) if p.cards else 2 for p in pictures)
        return int(min((area.w - gap * (len(pictures) - 1)) / slots,
                       (area.h - cap_h) / theme.CARD_RATIO / 1.15))

    def _rows(self, pictures: tuple[Picture, ...], area: pygame.Rect, gap: int,
              cap_h: int) -> list[tuple[Picture, ...]]:
        """One row of pictures, or two where that gives clearly larger cards (a wide page is not left empty)."""
        if len(pictures) < 2:
            return [pictures]
        one = self._card_w(pictures, area, gap, cap_h)
        half = pygame.Rect(area.x, area.y, area.w, (area.h - gap) // 2)
        cut = (len(pictures) + 1) // 2
        two = min(self._card_w(pictures[:cut], half, gap, cap_h), self._card_w(pictures[cut:], half, gap, cap_h))
        return [pictures[:cut], pictures[cut:]] if two > one * 1.1 else [pictures]
