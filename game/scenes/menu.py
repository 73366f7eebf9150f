"""The main menu: pick a game and a mode, continue a saved game, language, sound, quit."""
from __future__ import annotations

import pygame

from game.i18n import LANGUAGE_NAMES, LANGUAGES
from game.input import Gesture
from game.prefs import open_settings
from game.scene import ButtonGroup, Scene
from game.tables import entry, playable
from sprites import theme
from sprites.widgets import Button, draw_panel


class MenuScene(Scene):
    name = "menu"

    def __init__(self, app) -> None:
        super().__init__(app)
        games = playable()
        self.game = app.opts.game if app.opts.game in games else games[0]
        self.mode = app.opts.mode if app.opts.mode in ("hotseat", "computer") else "hotseat"
        self.buttons = ButtonGroup(self.press)
        self.tiles: dict[str, pygame.Rect] = {}
        self.notice = app.notice
        app.notice = None
        self.size = app.size
        self._fans: dict[tuple[str, int], list[pygame.Surface]] = {}
        self._fans_due = False  # the app's first frame showed the tiles without their card fans

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.build()

    def enter(self) -> None:
        self.build()

    def build(self) -> None:
        w, h = self.size
        s = theme.ui_scale(h)
        bh = max(44, int(64 * s))
        gap = max(8, int(18 * s))
        n = len(playable())
        tile_w = min((w - (n + 1) * gap) // n, int(360 * s * 1.2))
        tile_h = self.tile_height(tile_w, s)
        total = n * tile_w + (n - 1) * gap
        x0, y0 = (w - total) // 2, int(h * 0.2)
        self.tiles = {g: pygame.Rect(x0 + i * (tile_w + gap), y0, tile_w, tile_h) for i, g in enumerate(playable())}
        y = y0 + tile_h + gap * 2
        mw = min(int(w * 0.3), int(420 * s))
        cx = w // 2
        t = self.t
        saves = self.app.saves.latest()
        cont_label = (t("menu.continue_game", game=t(f"game.{saves[0].game_id}")) if saves else t("menu.no_save"))
        small_w = min(int(w * 0.2), int(300 * s))
        buttons = [
            Button("mode:hotseat", t("mode.hotseat"), pygame.Rect(cx - mw - gap // 2, y, mw, bh),
                   primary=self.mode == "hotseat"),
            Button("mode:computer", t("mode.computer"), pygame.Rect(cx + gap // 2, y, mw, bh),
                   primary=self.mode == "computer"),
            Button("play", t("menu.play"), pygame.Rect(cx - mw // 2, y + bh + gap * 2, mw, int(bh * 1.15)),
                   primary=True, enabled=self.game in playable()),
            Button("continue", cont_label, pygame.Rect(cx - mw // 2, y + 2 * bh + gap * 3 + bh // 6, mw, bh),
                   enabled=bool(saves)),
        ]
        yb = h - bh - gap * 2
        if buttons[-1].rect.bottom > yb - gap:  # a short window: Play and Continue side by side
            buttons[-2].rect.topright = (cx - gap // 2, buttons[-2].rect.y)
            buttons[-1].rect.topleft = (cx + gap // 2, buttons[-2].rect.y)
            buttons[-1].rect.w = max(mw, self.app.fonts.size(cont_label, self.app.fonts.floor)[0] + bh)
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
        # each as wide as its label on one line (at the type scale's floor where the row is short of room)
        fonts = self.app.fonts
        need = [fonts.size(label, fonts.floor)[0] + bh // 2 + gap for _, label in bottom]
        room = w - (len(bottom) + 1) * gap
        widths = [max(min(small_w, room // len(bottom)), k) for k in need]
        if sum(widths) > room:
            widths = [k + (room - sum(need)) // len(need) for k in need]
        x = cx - (sum(widths) + (len(widths) - 1) * gap) // 2
        for (bid, label), bw in zip(bottom, widths, strict=True):
            buttons.append(Button(bid, label, pygame.Rect(x, yb, bw, bh)))
            x += bw + gap
        self.buttons.set(buttons)

    def tile_height(self, tile_w: int, s: float) -> int:
        """A game's tile: its card fan, its name and up to three lines of its blurb."""
        fonts = self.app.fonts
        blurbs = [self.t(entry(g).blurb_key) for g in playable()]
        lines = min(3, max((len(fonts.wrap(b, theme.font_px(24, s), tile_w - 20)) for b in blurbs), default=1))
        return int(tile_w * 0.62) + fonts.line_height(theme.font_px(36, s), True) \
            + lines * fonts.line_height(theme.font_px(24, s)) + max(8, int(16 * s))

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        if bid.startswith("mode:"):
            self.mode = bid[5:]
        elif bid.startswith("game:"):
            self.game = bid[5:]
        elif bid == "play":
            self.app.push("names", game=self.game, mode=self.mode)
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
        notice = None if self.notice else self.app.stats.take_notice()  # e.g. a damaged statistics file
        if notice is not None:
            self.notice = self.t(notice[0], **notice[1])

    def continue_saved(self) -> None:
        saves = self.app.saves.latest()
        if not saves:
            self.notice = self.t("save.none")
            return
        try:
            session = self.app.saves.load(saves[0].path)
        except ValueError as exc:
            self.notice = self.t("save.damaged", name=saves[0].path.name, why=str(exc))
            return
        if session.game_id not in playable():
            self.notice = self.t("save.damaged", name=saves[0].path.name, why=session.game_id)
            return
        self.app.stack.push(self.app.open_table(session))

    def on_gesture(self, g: Gesture) -> None:
        if self.buttons.gesture(g):
            return
        if g.kind == "tap":
            for game, rect in self.tiles.items():
                if rect.collidepoint(g.pos) and game in playable():
                    self.press("game:" + game)

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and event.mod & pygame.KMOD_CTRL:
            games = playable()
            i = games.index(self.game) if self.game in games else 0
            self.game = games[(i + (1 if event.key == pygame.K_RIGHT else -1)) % len(games)]
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
        title = fonts.render(self.t("app.title"), theme.font_px(96, s), theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, int(h * 0.04))))
        tag = fonts.render(self.t("app.tagline"), theme.font_px(32, s), theme.TEXT_DIM)
        surface.blit(tag, tag.get_rect(midtop=(w // 2, int(h * 0.04) + title.get_height())))
        for game, rect in self.tiles.items():
            self.draw_tile(surface, game, rect, s)
        self.buttons.draw(surface, fonts)
        if self.notice:
            px = theme.font_px(26, s)
            lines = fonts.wrap(self.notice, px, int(w * 0.7))
            box = pygame.Rect(0, 0, int(w * 0.75), len(lines) * fonts.get(px).get_linesize() + 20)
            box.midbottom = (w // 2, self.buttons.buttons[-1].rect.y - 10)
            draw_panel(surface, box)
            for i, line in enumerate(lines):
                img = fonts.render(line, px, theme.BAD)
                surface.blit(img, img.get_rect(midtop=(box.centerx, box.y + 10 + i * fonts.get(px).get_linesize())))

    def draw_tile(self, surface: pygame.Surface, game: str, rect: pygame.Rect, s: float) -> None:
        available = game in playable()
        chosen = game == self.game
        draw_panel(surface, rect, alpha=235 if chosen else 170)
        if chosen:
            pygame.draw.rect(surface, theme.GOLD, rect, width=max(2, int(4 * s)), border_radius=int(16 * s))
        art = self.app.cards.get(max(30, int(rect.w * 0.26)))
        cx = rect.centerx
        key = (game, art.width)
        if key not in self._fans and self.app.draws <= 1:
            # Start-up: the first frame comes without the 12 card faces (rendering them is most of its cost);
            # the frame after it draws them.
            self._fans_due = True
        elif key not in self._fans:  # rotating every frame is costly: rotate once per size
            self._fans[key] = [pygame.transform.rotozoom(art.face(c), (1 - i) * 12, 1.0)
                               for i, c in enumerate(entry(game).fan)]
        for i, img in enumerate(self._fans.get(key, ())):
            surface.blit(img, img.get_rect(center=(cx + (i - 1) * art.width * 0.55, rect.y + rect.w * 0.31)))
        fonts = self.app.fonts
        text = self.t(entry(game).title_key)
        name_px = fonts.fit_px(text, theme.font_px(36, s), rect.w - 16, True)
        name = fonts.render(text, name_px, theme.TEXT if available else theme.TEXT_DIM, bold=True)
        top = rect.y + int(rect.w * 0.62)  # under the fan, whatever the words' length
        surface.blit(name, name.get_rect(midtop=(cx, top)))
        blurb = self.t(entry(game).blurb_key) if available else self.t("menu.unavailable")
        px = theme.font_px(24, s)
        top += name.get_height()
        for line in fonts.wrap(blurb, px, rect.w - 20)[:3]:
            img = fonts.render(line, px, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midtop=(cx, top)))
            top += img.get_height()
