"""The pause menu over a table: resume, restart the deal, the rules, the main menu."""
from __future__ import annotations

import pygame

from game.clipboard import copy
from game.prefs import open_settings
from game.scene import DialogScene
from sprites import theme
from sprites.widgets import Button, draw_panel


class PauseScene(DialogScene):
    name = "pause"
    opaque = False

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.panel = pygame.Rect(0, 0, 10, 10)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.ui_scale(h)
        bw, bh, gap = min(int(w * 0.5), int(480 * s)), max(48, int(66 * s)), max(8, int(16 * s))
        ids = [("resume", "pause.resume"), ("restart", "pause.restart"), ("rules", "pause.rules"),
               ("settings", "pause.settings"), ("menu", "pause.menu")]
        if not getattr(self.table, "restartable", True):  # an online game: the server holds the deal
            ids.remove(("restart", "pause.restart"))
        code = getattr(self.table, "session", None) and self.table.session.replay_code()
        if code:
            ids.insert(3, ("copy", "replay.copy"))
        # the title, then the buttons clear of it by a gap and the focus ring drawn round the first of them
        ring = max(2, round(4 * bh / 56)) + max(2, round(3 * bh / 56))
        head = int(24 * s) + self.app.fonts.line_height(theme.font_px(56, s), True) + gap + ring
        # as wide as the longest label needs at near the buttons' full size: the column is set in one size
        need = max(self.app.fonts.size(self.t(key), round(bh * 0.5))[0] for _, key in ids) + bh // 2
        bw = min(int(w * 0.8), max(bw, need))
        total = len(ids) * (bh + gap) + head + int(10 * s)
        self.panel = pygame.Rect((w - bw) // 2 - gap * 2, (h - total) // 2, bw + gap * 4, total + gap)
        y = self.panel.y + head
        self.buttons.set([Button(bid, self.t(key), pygame.Rect((w - bw) // 2, y + i * (bh + gap), bw, bh),
                                 primary=bid == "resume") for i, (bid, key) in enumerate(ids)])
        self.buttons.focus = 0

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        if bid == "resume":
            self.app.stack.pop()
        elif bid == "restart":
            self.app.push("confirm", text=self.t("confirm.restart"), yes="confirm.restart.yes", on_yes=self.restart)
        elif bid == "settings":
            open_settings(self.app)
        elif bid == "rules":
            self.app.push("howto", game_id=self.table.game_id)
        elif bid == "menu":
            ask = getattr(self.table, "ask_leave", None)  # an online game asks first: keep the seat or resign
            if ask is None or not ask():
                self.app.show("menu")
        elif bid == "copy":
            copy(self.app, self.table.session.replay_code() or "")
            self.table.show_toast(self.t("replay.copied"))

    def restart(self) -> None:
        self.app.stack.pop()
        self.table.restart()

    def title(self) -> str:
        # an online game does not pause: the other player may move meanwhile
        return self.t("pause.title" if getattr(self.table, "restartable", True) else "pause.title_online")

    def draw(self, surface: pygame.Surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        surface.blit(dim, (0, 0))
        draw_panel(surface, self.panel, alpha=245)
        s = theme.ui_scale(surface.get_height())
        title = self.app.fonts.render(self.title(), theme.font_px(56, s), theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + int(24 * s))))
        self.buttons.draw(surface, self.app.fonts)
