"""The main menu: pick a game (any number of tiles) and a mode, continue a kept game, language, settings, quit.
It remembers the game and mode last chosen (in the settings); the tiles take the keyboard focus like buttons."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.input import Gesture
from game.languages import LANGUAGE_NAMES, LANGUAGES
from game.prefs import open_settings
from game.resume import ask_lapsed, continue_game, continue_online, kept_seat, played_ago, settle_lapsed
from game.scene import ButtonGroup, Scene
from game.tables import entry, playable
from sprites import theme
from sprites.roles import CAPTION, HEADING, TITLE, Typeset
from sprites.rows import fit_blocks, own_px
from sprites.widgets import Button, draw_focus_ring, draw_panel

if TYPE_CHECKING:
    from game.online.lapsed import LapsedSeat

MODES = ("hotseat", "computer")


class Tile(Button):
    """A game's tile as a control (tap, Tab, arrows, Enter): the menu paints the tile; this adds the focus ring."""

    def draw(self, surface: pygame.Surface, fonts, focused: bool = False, hovered: bool = False,
             pressed: bool = False) -> None:
        if focused:
            scale = max(0.5, self.rect.h / 200)
            draw_focus_ring(surface, self.rect, max(4, round(16 * scale)), scale)

    def text_rects(self, fonts) -> list[pygame.Rect]:
        return []


def tile_words(ts: Typeset, t, tiles: dict[str, pygame.Rect], s: float) -> dict[str, tuple]:
    """Each tile's name and whole blurb, every name in one size (the heading role, fitted to every name in every
    language) and every blurb in one (the caption role, sprites.rows): the words take at most half a tile, its card
    fan the rest."""
    if not tiles:
        return {}
    fonts = ts.fonts
    rect = next(iter(tiles.values()))
    width = rect.w - max(12, round(24 * s))
    titles = [t(entry(g).title_key) for g in tiles]
    name_px = ts.fit(HEADING, [x for g in tiles for x in t.each(entry(g).title_key)], width)
    names = [fonts.wrap(title, name_px, width, bold=True) for title in titles]
    room = rect.h // 2 - max(len(n) for n in names) * fonts.get(name_px, True).get_linesize()
    blurb_px, blurbs = fit_blocks(fonts, [t(entry(g).blurb_key) for g in tiles], ts.px(CAPTION), width,
                                  max(0, room))
    ts.same(CAPTION, blurb_px)
    return {g: ((name_px, n), (blurb_px, b)) for g, n, b in zip(tiles, names, blurbs, strict=True)}


def tile_grid(n: int, area: pygame.Rect, gap: int, widest: int, narrowest: int) -> list[pygame.Rect]:
    """``n`` tiles in ``area``: one row while each stays at least ``narrowest`` wide (at most ``widest``), else
    as many rows as that needs; tiles are square unless the rows are short, and each row is centred."""
    cols = max(1, n)
    while cols > 1 and (area.w - (cols - 1) * gap) // cols < narrowest:
        cols -= 1
    rows = max(1, math.ceil(n / cols))
    tw = max(1, min(widest, (area.w - (cols - 1) * gap) // cols))
    th = max(1, min(tw, (area.h - (rows - 1) * gap) // rows))
    out = []
    for i in range(n):
        row, col = divmod(i, cols)
        in_row = min(cols, n - row * cols)
        x0 = area.centerx - (in_row * tw + (in_row - 1) * gap) // 2
        out.append(pygame.Rect(x0 + col * (tw + gap), area.y + row * (th + gap), tw, th))
    return out


class MenuScene(Scene):
    name = "menu"

    def __init__(self, app) -> None:
        super().__init__(app)
        games = playable()
        remembered = app.settings.last_game if app.settings.last_game in games else games[0]
        self.game = app.opts.game if app.opts.game in games else remembered
        self.mode = app.settings.last_mode if app.settings.last_mode in MODES else "hotseat"
        if app.opts.game:  # a game named on the command line comes with its mode
            self.mode = app.opts.mode if app.opts.mode in MODES else self.mode
        self.buttons = ButtonGroup(self.press)
        self.tiles: dict[str, pygame.Rect] = {}
        self._words: dict[str, tuple] = {}
        self.notice = app.notice
        self.lapsed: LapsedSeat | None = None  # asking the server how a seat kept too long ago ended
        self.entered = False
        app.notice = None
        self.size = app.size
        self._fans: dict[tuple[str, int], list[pygame.Surface]] = {}
        self._fans_due = False  # the app's first frame showed the tiles without their card fans

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        if self.entered:  # the stack resizes a scene, then enters it: the first layout comes once, with enter
            self.build()

    def enter(self) -> None:
        self.entered = True
        self.lapsed = ask_lapsed()  # an online game left too long ago: the server says how it ended
        self.build()

    def build(self) -> None:
        w, h = self.size
        s = theme.ui_scale(h)
        bh = max(44, int(64 * s))
        gap = max(8, int(18 * s))
        yb = h - bh - gap * 2  # the bottom row
        below = gap * 5 + bh * 2 + int(bh * 1.15) + bh // 6  # modes, Play and Continue under the tiles
        y0 = int(h * 0.2)
        games = playable()
        area = pygame.Rect(int(w * 0.02), y0, w - 2 * int(w * 0.02), max(1, yb - gap - below - y0))
        rects = tile_grid(len(games), area, gap, min(int(w * 0.2), int(432 * s)), max(44, int(260 * s)))
        self.tiles = dict(zip(games, rects, strict=True))
        ts = self.type = Typeset(self.app.fonts, h)
        self.title_px = ts.fit(TITLE, self.t.each("app.title"), int(w * 0.9))
        self.caption_px = ts.px(CAPTION)  # the tagline, the blurbs and a notice: the quiet words
        self._words = tile_words(ts, self.t, self.tiles, s)
        y = max(r.bottom for r in rects) + gap * 2
        mw = min(int(w * 0.3), int(420 * s))
        cx = w // 2
        t = self.t
        saves: list = self.app.saves.latest()
        seat = kept_seat()  # an online game left with the seat kept is continued here too
        small_w = min(int(w * 0.2), int(300 * s))
        buttons: list[Button] = [Tile(f"game:{g}", t(entry(g).title_key), r) for g, r in self.tiles.items()]
        buttons += [
            Button("mode:hotseat", t("mode.hotseat"), pygame.Rect(cx - mw - gap // 2, y, mw, bh),
                   primary=self.mode == "hotseat"),
            Button("mode:computer", t("mode.computer"), pygame.Rect(cx + gap // 2, y, mw, bh),
                   primary=self.mode == "computer"),
            Button("play", t("menu.play"), pygame.Rect(cx - mw // 2, y + bh + gap * 2, mw, int(bh * 1.15)),
                   primary=True, enabled=self.game in playable()),
            Button("continue", self.continue_label(saves, seat),
                   pygame.Rect(cx - mw // 2, y + 2 * bh + gap * 3 + bh // 6, mw, bh),
                   enabled=bool(saves) or seat is not None),
        ]
        bottom = [
            ("howto", t("menu.howto")),
            ("online", t("menu.online")),
            ("watch", t("menu.watch")),
            ("settings", t("menu.settings")),
            ("stats", t("menu.stats")),
            ("lang", LANGUAGE_NAMES[t.lang]),  # the language's own name: recognisable in any language
            ("quit", t("menu.quit")),
        ]
        if self.app.kiosk is not None:  # a kiosk is left only through the staff corner and the PIN
            bottom = [item for item in bottom if item[0] != "quit"]
        n = len(bottom)
        # each as wide as its label on one line in any language (at the type scale's floor where the row is short
        # of room): the row's one size is the same in every language
        fonts = self.app.fonts
        every = [list(LANGUAGE_NAMES.values()) if bid == "lang" else t.each(f"menu.{bid}") for bid, _ in bottom]
        need = [max(fonts.size(x, fonts.floor)[0] for x in said) + bh // 2 + gap for said in every]
        room = w - (n + 1) * gap
        widths = [max(min(small_w, room // n), k) for k in need]
        if sum(widths) > room:
            widths = [k + (room - sum(need)) // n for k in need]
        x = cx - (sum(widths) + (n - 1) * gap) // 2
        for (bid, label), bw in zip(bottom, widths, strict=True):
            buttons.append(Button(bid, label, pygame.Rect(x, yb, bw, bh)))
            x += bw + gap
        self.buttons.set(buttons)
        self._type_buttons(ts, every)

    def _type_buttons(self, ts: Typeset, bottom: list[list[str]]) -> None:
        """Every button's label in one size, fitted to its words in all three languages; Play, the screen's first
        move, in the tiles' names' size (a role of its own, larger where it fits)."""
        t, fonts = self.t, self.app.fonts
        said = {"mode:hotseat": t.each("mode.hotseat"), "mode:computer": t.each("mode.computer"),
                "continue": self.continue_words(self.app.saves.latest(), kept_seat())}
        rows = [b for b in self.buttons.buttons if b.id in said] + [b for b in self.buttons.buttons
                                                                     if b.id not in said and b.id != "play"
                                                                     and not b.id.startswith("game:")]
        words = [said[b.id] for b in rows[:3]] + bottom
        self.buttons.px = ts.labels([b.rect for b in rows], [[(x, "") for x in w] for w in words])
        play = next(b for b in self.buttons.buttons if b.id == "play")
        fit = min(own_px(fonts, x, play.rect, "") for x in t.each("menu.play"))
        name_px = next(iter(self._words.values()))[0][0] if self._words else HEADING.px(self.size[1])
        self.buttons.own = {"play": ts.same(HEADING, max(self.buttons.px, min(fit, name_px)))}

    def continue_label(self, saves: list, seat=None) -> str:
        t = self.t
        kept = len(saves) + (seat is not None)
        if not kept:
            return t("menu.no_save")
        if kept == 1:
            return t("menu.continue_game", game=t(f"game.{seat.game if seat is not None else saves[0].game_id}"))
        return t.n("menu.continue_many", kept)

    def continue_words(self, saves: list, seat=None) -> list[str]:
        """The Continue button's label in every language (its size fits all three)."""
        t = self.t
        kept = len(saves) + (seat is not None)
        if kept != 1:
            return t.each("menu.continue_many", n=kept) if kept else t.each("menu.no_save")
        names = t.each(f"game.{seat.game if seat is not None else saves[0].game_id}")
        return [t.each("menu.continue_game", game=name)[i] for i, name in enumerate(names)]

    def remember(self) -> None:
        """The game and mode chosen are the menu's choice next time too (kept in the settings file)."""
        s = self.app.settings
        if (s.last_game, s.last_mode) != (self.game, self.mode):
            s.last_game, s.last_mode = self.game, self.mode
            self.app.store_settings()

    def play(self) -> None:
        """The names screen for a new game; over an unfinished game of the same game and mode, ask first."""
        kept = self.app.saves.find(self.game, self.mode)
        if kept is None:
            self.app.push("names", game=self.game, mode=self.mode)
            return
        game, mode = self.game, self.mode
        text = self.t("menu.replace", game=self.t(f"game.{game}"), when=played_ago(self.t, kept.saved_at))
        self.app.push("confirm", text=text, yes="menu.replace.yes",
                      on_yes=lambda: self.app.push("names", game=game, mode=mode))

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        if bid.startswith("mode:"):
            self.mode = bid[5:]
            self.remember()
        elif bid.startswith("game:"):
            self.game = bid[5:]
            self.remember()
        elif bid == "play":
            self.play()
        elif bid == "continue":
            self.continue_saved()
        elif bid == "howto":
            self.app.push("howto", game_id=self.game)
        elif bid == "online":
            self.app.push("online")
        elif bid == "watch":
            self.app.push("watch")
        elif bid == "settings":
            open_settings(self.app)
        elif bid == "stats":
            self.app.push("stats")
        elif bid == "lang":
            langs = list(LANGUAGES)
            self.app.set_language(langs[(langs.index(self.t.lang) + 1) % len(langs)])
            pygame.display.set_caption(self.t("app.title"))
        elif bid == "quit":
            self.app.running = False
        self.build()

    def update(self, dt: float) -> None:
        self._fans_due = False  # the next frame renders the fans
        if self.lapsed is not None and self.lapsed.done.is_set():
            self.notice, self.lapsed = settle_lapsed(self.app, self.lapsed) or self.notice, None
        notice = None if self.notice else self.app.stats.take_notice()  # e.g. a damaged statistics file
        if notice is not None:
            self.notice = self.t(notice[0], **notice[1])

    def continue_saved(self, newest: bool = False) -> None:
        """One kept game opens at once; several are listed (each with its game, players and time), unless the
        newest is wanted (the crash apology's Continue: the save it just wrote)."""
        saves, seat = self.app.saves.latest(), kept_seat()
        if not saves and seat is None:
            self.notice = self.t("save.none")
        elif len(saves) + (seat is not None) > 1 and not newest:
            self.app.push("saved")
        elif not saves and seat is not None:
            continue_online(self.app, seat)
        else:
            self.notice = continue_game(self.app, saves[0]) or self.notice

    def on_gesture(self, g: Gesture) -> None:
        self.buttons.gesture(g)

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and event.mod & pygame.KMOD_CTRL:
            games = playable()
            i = games.index(self.game) if self.game in games else 0
            self.game = games[(i + (1 if event.key == pygame.K_RIGHT else -1)) % len(games)]
            self.remember()
            self.build()
            return
        if event.key == pygame.K_ESCAPE:
            return
        self.buttons.key(event)

    def wants_frame(self) -> bool:
        return self._fans_due


    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        s = theme.ui_scale(h)
        surface.fill(theme.FELT)
        fonts = self.app.fonts
        title = fonts.render(self.t("app.title"), self.title_px, theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, int(h * 0.04))))
        tag = fonts.render(self.t("app.tagline"), fonts.fit_px(self.t("app.tagline"), self.caption_px, int(w * 0.9)),
                           theme.TEXT_DIM)
        surface.blit(tag, tag.get_rect(midtop=(w // 2, int(h * 0.04) + title.get_height())))
        for game, rect in self.tiles.items():
            self.draw_tile(surface, game, rect, s)
        self.buttons.draw(surface, fonts)
        if self.notice:
            px = self.caption_px
            lines = fonts.wrap(self.notice, px, int(w * 0.7))
            box = pygame.Rect(0, 0, int(w * 0.75), len(lines) * fonts.get(px).get_linesize() + 20)
            box.midbottom = (w // 2, self.buttons.buttons[-1].rect.y - 10)
            draw_panel(surface, box)
            for i, line in enumerate(lines):
                img = fonts.render(line, px, theme.BAD)
                surface.blit(img, img.get_rect(midtop=(box.centerx, box.y + 10 + i * fonts.get(px).get_linesize())))

    def draw_tile(self, surface: pygame.Surface, game: str, rect: pygame.Rect, s: float) -> None:
        """The tile's card fan, its name and as much of its blurb as fits (a short tile drops the blurb)."""
        if game == self.game:
            draw_panel(surface, rect, alpha=235)
            pygame.draw.rect(surface, theme.GOLD, rect, width=max(2, int(4 * s)), border_radius=int(16 * s))
        else:
            draw_panel(surface, rect, alpha=170)
        fonts = self.app.fonts
        (name_px, names), (blurb_px, blurb) = self._words[game]
        pad = max(4, round(8 * s))
        line_h = fonts.get(name_px, True).get_linesize()
        blurb_h = fonts.get(blurb_px).get_linesize()
        most = [max(len(w[i][1]) for w in self._words.values()) for i in (0, 1)]  # every tile's name at one height
        y = rect.bottom - pad - line_h * most[0] - blurb_h * most[1]  # the words under the fan
        self._draw_fan(surface, game, pygame.Rect(rect.x, rect.y, rect.w, max(0, y - rect.y)))
        for line in names:
            img = fonts.render(line, name_px, theme.TEXT, bold=True)
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += line_h
        for line in blurb:
            img = fonts.render(line, blurb_px, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += blurb_h

    def _draw_fan(self, surface: pygame.Surface, game: str, area: pygame.Rect) -> None:
        """The game's three cards fanned out in the middle of ``area`` (the tile above its name)."""
        card_w = min(int(area.w * 0.26), int(area.h * 0.5))
        if card_w < 8:
            return
        art = self.app.cards.get(card_w)
        key = (game, art.width)
        if key not in self._fans and self.app.draws <= 1:
            # Start-up: the first frame comes without the 12 card faces (rendering them is most of its cost);
            # the frame after it draws them.
            self._fans_due = True
        elif key not in self._fans:  # rotating every frame is costly: rotate once per size
            self._fans[key] = [pygame.transform.rotozoom(art.face(c), (1 - i) * 12, 1.0)
                               for i, c in enumerate(entry(game).fan)]
        for i, img in enumerate(self._fans.get(key, ())):
            surface.blit(img, img.get_rect(center=(area.centerx + (i - 1) * art.width * 0.55,
                                                   area.y + area.h * 0.55)))
