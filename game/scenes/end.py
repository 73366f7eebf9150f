"""The end of a game: the winner (or a draw / shared win), both scores and how they arose."""
from __future__ import annotations

import pygame

from game.clipboard import copy
from game.input import Gesture
from game.online.standing import RatingFile, Standing, change_words
from game.scene import ButtonGroup, Scene
from game.session import Session
from game.statsline import PlayerRecord
from sprites import theme
from sprites.roles import BODY, CAPTION, HEADING, LABEL, TITLE, Typeset
from sprites.widgets import Button, draw_panel

DEMO_RESTART = 6.0  # seconds the attract mode shows a result before dealing again


class EndScene(Scene):
    name = "end"
    opaque = False

    def __init__(self, app, table, again: str = "table") -> None:
        super().__init__(app)
        self.table = table
        self.again = again  # "table": a new deal of the same game; "online": back to the Online screen
        self.session = table.session
        self.buttons = ButtonGroup(self.press)
        self.panel = pygame.Rect(0, 0, 10, 10)
        self._size = app.size
        self.shown = 0.0
        self.cover: pygame.Rect | None = None
        self.aside = False  # the panel moved aside: the final table shows, with one button to bring it back
        self.record: PlayerRecord | None = None
        self.code: str | None = None
        self.copied = False
        self.how_lines: list[str] = []
        self.offer = getattr(table, "end_offer", None)  # online: the rematch (label, may press, note)
        self.offered = self.offer() if self.offer else None
        rated = getattr(self.session.match, "rated", None)  # a ranked online game: (server, player)
        self.rating = None if rated is None else Standing(rated[0], self.session.game_id, rated[1], RatingFile())
        self.rating_shown = False

    def enter(self) -> None:
        self.app.report_result(self.session)
        self.record = PlayerRecord(self.app, self.session)  # the players' record, read without waiting
        if self.rating is not None:
            self.rating.start()  # the server stored the ratings with the result: the board has the change

    def resize(self, size: tuple[int, int]) -> None:
        """A panel just tall enough for the result, so the final table stays visible around it."""
        w, h = size
        s = theme.ui_scale(h)
        fonts = self.app.fonts
        ts = self.type = Typeset(fonts, h)
        pw = int(w * 0.76)
        self.col_w = (pw - int(90 * s)) // 2
        bw, bh = min(int(w * 0.28), int(340 * s)), max(48, int(66 * s))
        gap = max(12, int(16 * s))
        review = self.session.mode == "computer"  # the review of the human's decisions
        n = 4 if review or self.offer else 3
        bw = min(bw, (pw - (n + 1) * gap) // n)
        self.code = self.session.replay_code()
        # Copy is as wide as its label on one line in the label's size in any language (the code's row leaves it
        # the room): the row's one size is not held down by the longest translation of it
        cw = max(bw, *(fonts.size(x, LABEL.px(h))[0] + bh for x in self.t.each("replay.copy")))
        row = self._row(review)
        label = ts.labels([pygame.Rect(0, 0, cw if bid == "copy" else bw, bh) for bid, _ in row],
                          [self._each(key) for _, key in row])
        self.px = ts.same(BODY, label)  # the words in the buttons' size: four sizes on the screen in all
        self.head_px = ts.fit(TITLE, self._heads(), pw - int(60 * s))
        self.score_px = ts.fit(HEADING, [x for seat in (0, 1) for x in self.t.each(
            "end.score_line", name=self.session.names[seat], score=self.table.final_score(seat))], self.col_w)
        self.code_px = ts.px(CAPTION)
        lines = max((sum(len(fonts.wrap(e, self.px, self.col_w)) for e in col) for col in self.table.end_columns()),
                    default=0)
        head_h = fonts.line_height(self.head_px, True)
        self.how_lines = fonts.wrap(self.how(), self.px, pw - int(60 * s))
        self.how_lines += [x for x in [change_words(self.t, self.rating.mine if self.rating else None)] if x]
        series = getattr(self.table, "series_line", None)  # online: a best-of-3 series' score
        self.how_lines += [x for x in [series() if series else ""] if x]
        head_h += len(self.how_lines) * fonts.get(self.px).get_linesize() + int(10 * s)
        score_h = fonts.line_height(self.score_px, True)
        body = lines * fonts.get(self.px).get_linesize()
        body += fonts.get(self.px).get_linesize()  # the players' record
        ph = min(int(h * 0.9), int(30 * s) + head_h + int(20 * s) + score_h + int(14 * s) + body
                 + int(30 * s) + bh + int(28 * s))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        self._size = size
        y = self.panel.bottom - bh - int(28 * s)
        if self.code and not self.aside:  # room for the code line and its Copy button
            ph = min(int(h * 0.95), ph + bh + int(20 * s))
            self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
            y = self.panel.bottom - bh - int(28 * s)
        x0 = self.panel.centerx - (n * bw + (n - 1) * gap) // 2
        tops = [b.rect for b in self.table.buttons.buttons if b.id in ("menu", "undo")]
        if self.aside and tops:  # over the table's first row of buttons, which wait while the game is over
            spot = tops[0].unionall(tops[1:])
            pad = max(4, int(6 * s))
            self.cover = spot.inflate(2 * pad, 2 * pad)
            self.buttons.set([Button("back", self.t("end.result"), spot, primary=True)])
        elif self.aside:
            tw, th = min(int(w * 0.3), int(380 * s)), bh
            self.cover = None
            self.buttons.set([Button("back", self.t("end.result"),
                                     pygame.Rect(w - tw - gap, h - th - gap, tw, th), primary=True)])
        else:
            again = Button("again", self.t("online.again" if self.again == "online" else "end.again"),
                           pygame.Rect(x0, y, bw, bh), primary=True)
            if self.offered is not None:  # online: a rematch first, a new opponent second
                again.label, again.enabled = self.offered[0], self.offered[1]
            self.buttons.set([
                again,
                Button("table", self.t("end.table"), pygame.Rect(x0 + bw + gap, y, bw, bh)),
                Button("menu", self.t("end.menu"), pygame.Rect(x0 + 2 * (bw + gap), y, bw, bh)),
            ] + ([Button("review", self.t("review.button"), pygame.Rect(x0 + 3 * (bw + gap), y, bw, bh))]
                 if review else [])
                + ([Button("online", self.t("online.again"), pygame.Rect(x0 + 3 * (bw + gap), y, bw, bh))]
                   if self.offer else [])
                + ([Button("copy", self.t("replay.copy"), pygame.Rect(self.panel.right - cw - int(30 * s),
                                                                      y - bh - int(14 * s), cw, bh))]
                   if self.code else []))
        if self.aside:
            self.buttons.px = ts.labels([self.buttons.buttons[0].rect], [self._each("end.result")])
        else:
            self.buttons.px = ts.same(LABEL, self.px)
        # No button has the focus until Tab gives it one: an Enter still held from the last move never deals anew.

    def _row(self, review: bool) -> list[tuple[str, str | None]]:
        """The result's buttons and their words' keys (None: an online rematch's words, said in one language)."""
        again = "online.again" if self.again == "online" else "end.again"
        return ([("again", None if self.offered is not None else again), ("table", "end.table"), ("menu", "end.menu")]
                + ([("review", "review.button")] if review else [])
                + ([("online", "online.again")] if self.offer else [])
                + ([("copy", "replay.copy")] if self.code else []))

    def _each(self, key: str | None) -> list[tuple[str, str]]:
        """A button's words in every language (its one size fits all three), no short form."""
        said = self.t.each(key) if key is not None else [self.offered[0] if self.offered else ""]
        return [(x, "") for x in said]

    def _heads(self) -> list[str]:
        """Every headline the screen may show, in every language: its title's one size fits them all."""
        return [*(x for n in self.session.names for x in self.t.each("end.wins", name=n)),
                *self.t.each(self.table.draw_headline)]

    def set_aside(self, aside: bool) -> None:
        """Move the result panel aside (the final table shows) or bring it back."""
        self.aside = aside
        self.resize(self._size)

    def keep_clear(self) -> list[pygame.Rect]:
        """What a toast on the table must not cover: the result panel (or, aside, its one button)."""
        return [b.rect for b in self.buttons.buttons] if self.aside else [self.panel]

    def how(self) -> str:
        """How the game ended, in a sentence: the table's own words, else its log sentence for the end event."""
        own = self.table.end_how()
        if own:
            return own
        ends = [e for _, e in self.session.match.log() if str(e.get("type", "")).endswith(".end")]
        return self.table.describe(ends[-1]) if ends else ""

    def headline(self) -> str:
        st = self.session.match.state
        if len(st.winners) == 1:
            return self.t("end.wins", name=self.session.names[st.winners[0]])
        return self.t(self.table.draw_headline)

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        if bid in ("table", "back"):
            self.set_aside(bid == "table")
        elif bid == "review":
            self.app.push("review", table=self.table)
        elif bid == "copy" and self.code:
            copy(self.app, self.code)
            self.copied = True
        elif bid == "again" and self.offer is not None:
            self.table.end_again()
            self.update(0.0)
        elif bid == "again" and self.again == "online" or bid == "online":
            self.app.show("online")
        elif bid == "again":
            s = self.session
            fresh = Session.new(s.game_id, s.mode, s.names, self.app.new_seed(), s.bot_level)
            self.app.stack.reset(self.app.open_table(fresh))
        else:
            self.app.show("menu")

    def next_deadline(self) -> float | None:
        if self.rating is not None and not self.rating_shown and not self.rating.failed:
            return 0.1  # the rating's change is on its way
        if self.offer is not None:
            return self.table.next_deadline()  # the network: the other player may ask for a rematch
        if self.session.mode == "demo" and not self.app.opts.until_end:
            return max(0.0, DEMO_RESTART - self.shown)
        return None

    def update(self, dt: float) -> None:
        self.shown += dt
        if self.rating is not None and self.rating.board is not None and not self.rating_shown:
            self.rating_shown = True
            self.resize(self._size)
            self.app.invalidate()
        if self.offer is not None:
            self.table.pump()
            if self.offer() != self.offered:
                self.offered = self.offer()
                self.resize(self._size)
        if self.session.mode == "demo" and self.shown > DEMO_RESTART and not self.app.opts.until_end:
            self.press("again")

    def on_gesture(self, g: Gesture) -> None:
        self.buttons.gesture(g)

    def on_key(self, event: pygame.event.Event) -> None:
        self.buttons.key(event)

    def draw(self, surface: pygame.Surface) -> None:
        if getattr(self.app.stack.top, "name", "") == "review":
            return  # the review shows the table itself
        if self.aside:
            if self.cover is not None:
                draw_panel(surface, self.cover, alpha=255, radius=0)
            self.buttons.draw(surface, self.app.fonts)
            return
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        surface.blit(dim, (0, 0))
        draw_panel(surface, self.panel, alpha=252)
        s = theme.ui_scale(surface.get_height())
        fonts = self.app.fonts
        cx = self.panel.centerx
        head = fonts.render(self.headline(), self.head_px, theme.GOLD, bold=True)
        surface.blit(head, head.get_rect(midtop=(cx, self.panel.y + int(30 * s))))
        st = self.session.match.state
        top = self.panel.y + int(40 * s) + head.get_height()
        for part in self.how_lines:  # how it ended, under who won
            img = fonts.render(part, self.px, theme.TEXT)
            surface.blit(img, img.get_rect(midtop=(cx, top)))
            top += img.get_height()
        top += int(10 * s)
        above = self.buttons.buttons[-1] if self.code else self.buttons.buttons[0]  # over the code's row, if any
        limit = above.rect.y - int(16 * s) - fonts.get(self.px).get_linesize()
        if self.offered and self.offered[2]:  # where the record stands: what the rematch waits for
            note = fonts.render(self.offered[2], self.px, theme.GOLD, bold=True)
            surface.blit(note, note.get_rect(midtop=(cx, limit + int(6 * s))))
        elif self.record is not None:
            self.record.draw(surface, (cx, limit + int(6 * s)), self.px)
        columns = self.table.end_columns()
        col_w, px = self.col_w, self.px
        line_h = fonts.get(px).get_linesize()
        for seat in (0, 1):
            x = self.panel.x + int(30 * s) + seat * (col_w + int(30 * s))
            color = theme.GOOD if seat in st.winners else theme.TEXT
            score = self.table.final_score(seat)  # as the game counts it (cribbage stops at 121)
            line = fonts.render(self.t("end.score_line", name=self.session.names[seat], score=score),
                                self.score_px, color, bold=True)
            surface.blit(line, line.get_rect(midtop=(x + col_w // 2, top)))
            y = top + line.get_height() + int(14 * s)
            for entry in columns[seat]:
                for part in fonts.wrap(entry, px, col_w):
                    if y + line_h > limit:
                        break
                    img = fonts.render(part, px, theme.TEXT)
                    surface.blit(img, img.get_rect(midtop=(x + col_w // 2, y)))
                    y += line_h
        if self.code:
            copy_btn = self.buttons.buttons[-1].rect
            label = self.t("replay.copied") if self.copied else self.t("replay.code", code="")
            left, px = self.panel.x + int(30 * s), self.code_px
            keep = 48
            text = label + "  " + shorten(self.code, keep)
            while keep > 16 and fonts.size(text, px)[0] > copy_btn.x - int(16 * s) - left:  # clear of Copy
                keep -= 2
                text = label + "  " + shorten(self.code, keep)
            img = fonts.render(text, px, theme.TEXT)
            surface.blit(img, img.get_rect(midleft=(left, copy_btn.centery)))
        self.buttons.draw(surface, fonts)


def shorten(code: str, keep: int) -> str:
    """A long code on one line: its start and end around an ellipsis (Copy takes the whole code)."""
    return code if len(code) <= keep else code[: keep - 12] + "…" + code[-11:]
