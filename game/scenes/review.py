"""The post-game review: the human's decisions one by one at the table, the costly ones marked, and a summary.

The evaluation (``rules.review``) runs once, on a worker thread, when the review opens; each page moves the
table's match cursor to the position of that decision and lets the cards glide there. Closing puts the
cursor back at the end of the game.
"""
from __future__ import annotations

import threading
from collections.abc import Callable

import pygame

from game.input import Gesture
from game.scene import ButtonGroup, Scene
from rules.cards import pretty_cards
from rules.core import Action
from rules.review import Moment, accuracy, costliest, outcome, review, verdict
from sprites import theme
from sprites.felt import felt
from sprites.widgets import Button, draw_panel

SWIPE = 0.08  # a horizontal drag of this share of the window width turns the page


def move_words(t: Callable[..., str], action: Action | None, where: Callable[[list[int]], str]) -> str:
    """A move in words: its cards where it has some, else the kind of move (``where`` words a position)."""
    if action is None:
        return ""
    if action.get("combos") is not None:
        return " + ".join(pretty_cards(c) for c in action["combos"])
    if action.get("cards") is not None:
        return pretty_cards(action["cards"])
    if action.get("card") is not None:
        return pretty_cards([action["card"]])
    if action.kind == "exchange":
        return t("review.move.exchange", hand=pretty_cards([action["hand"]]), area=pretty_cards([action["area"]]))
    pos = action.get("pos")
    return t(f"review.move.{action.kind}", pos=where(pos) if pos else "")


class ReviewScene(Scene):
    name = "review"
    opaque = False

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.match = table.session.match
        self.seat = next((s for s in (0, 1) if table.session.is_human(s)), 0)
        self.moments: list[Moment] | None = None
        self.page = 0  # 0: the summary; k: the k-th decision
        self.better_words = ""
        self.buttons = ButtonGroup(self.press)
        self.panel = pygame.Rect(0, 0, 10, 10)
        self.px = 20
        self._size = app.size
        self._thread = threading.Thread(target=self._work, name="review", daemon=True)

    # --- the evaluation, off the frame ----------------------------------------------------------------
    def _work(self) -> None:
        moments = review(self.match, self.seat)
        self.moments = moments
        self.app.invalidate()

    def enter(self) -> None:
        self._thread.start()

    def _make_room(self) -> None:
        """The table lays its cards out left of the panel (its side column lies under it)."""
        table = self.table
        if getattr(table, "side_min", None) is None:
            return
        room = self._size[0] - self.panel.x
        if table.side_min != room:
            table.side_min = room
            table.resize(table.size)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the evaluation is done (tests and screenshots)."""
        self._thread.join(timeout)
        return self.moments is not None

    @property
    def cards(self):
        """The table's cards (they glide to each decision's position while the review is on top)."""
        return self.table.cards

    @property
    def ready(self) -> bool:
        return self.moments is not None

    @property
    def pages(self) -> int:
        return len(self.moments or [])

    # --- pages --------------------------------------------------------------------------------------
    def go(self, page: int) -> None:
        if not self.ready:
            return
        self.page = max(0, min(self.pages, page))
        m = self.moment
        self.table.clear_hint()
        self.match.cursor = m.index if m is not None else len(self.match.actions)
        if m is not None and m.costly:
            self.table.hint = m.better  # the table highlights the better move as it does a hint
        self.table.refresh(animate=True)
        self.better_words = self._better_words(m)
        self.resize(self._size)
        self.app.invalidate()

    def _better_words(self, m: Moment | None) -> str:
        """The better move in the table's own hint words (at that position), else its cards or kind."""
        if m is None or m.better is None:
            return ""
        try:
            return self.table.hint_text(m.better)
        except (AttributeError, KeyError, TypeError, ValueError, IndexError):
            return self.t("review.better", move=move_words(self.t, m.better, self.table.position_words))

    @property
    def moment(self) -> Moment | None:
        return self.moments[self.page - 1] if self.moments and self.page > 0 else None

    def close(self) -> None:
        self.table.clear_hint()
        self.match.cursor = len(self.match.actions)
        if getattr(self.table, "side_min", 0):
            self.table.side_min = 0
            self.table.resize(self.table.size)
        self.table.refresh(animate=False)
        self.app.stack.pop()

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        if bid == "close":
            self.close()
        elif bid == "back":
            self.go(self.page - 1)
        elif bid == "next":
            self.go(self.page + 1)
        elif bid == "summary":
            self.go(0)
        elif bid.startswith("at:"):
            self.go(int(bid[3:]))

    # --- frames -------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.table.cards.update(dt, self.app.settings.animation_speed)
        if self.ready and not self.buttons.buttons[1:]:
            self.resize(self._size)  # the evaluation just finished: the page buttons appear

    def wants_frame(self) -> bool:
        return not self.ready or self.table.cards.busy

    def resize(self, size: tuple[int, int]) -> None:
        """A panel on the right; the table shows the position to its left."""
        self._size = size
        w, h = size
        s = theme.ui_scale(h)
        gap = max(10, int(16 * s))
        pw = min(int(w * 0.36), max(int(520 * s), 300))
        self.panel = pygame.Rect(w - pw - gap, gap, pw, h - 2 * gap)
        self.px = theme.font_px(28, s)
        bh = max(48, int(64 * s))
        bw = (pw - 3 * gap) // 2  # two buttons a row: the longest translation keeps the type scale
        y = self.panel.bottom - bh - gap
        x = self.panel.x + gap
        x2 = x + bw + gap
        buttons = [Button("close", self.t("review.close"), pygame.Rect(x2, y - bh - gap, bw, bh))]
        if self.ready:
            buttons += [
                Button("back", self.t("review.back"), pygame.Rect(x, y, bw, bh), enabled=self.page > 0),
                Button("summary", self.t("review.summary"), pygame.Rect(x, y - bh - gap, bw, bh),
                       enabled=self.page > 0),
                Button("next", self.t("review.next"), pygame.Rect(x2, y, bw, bh),
                       enabled=self.page < self.pages, primary=True),
            ]
            if self.page == 0:
                worst = costliest(self.moments or [])
                # right under "The costliest moments", not far below it (never lower than over Summary)
                top = min(y - (len(worst) + 1) * (bh + gap), self.panel.y + self._text_height() + gap)
                for i, m in enumerate(worst):
                    n = (self.moments or []).index(m) + 1
                    label = self.t("review.moment", n=n,
                                   move=move_words(self.t, m.chosen, self.table.position_words))
                    buttons.append(Button(f"at:{n}", label, pygame.Rect(x, top + i * (bh + gap), pw - 2 * gap, bh)))
        self.buttons.set(buttons)
        self.buttons.focus = next((i for i, b in enumerate(buttons) if b.id == "next" and b.enabled), 0)
        self._make_room()

    def on_gesture(self, g: Gesture) -> None:
        if g.kind == "drop" and abs(g.pos[0] - g.start[0]) > SWIPE * self._size[0]:
            self.go(self.page + (1 if g.pos[0] < g.start[0] else -1))  # swipe left: the next page
            return
        self.buttons.gesture(g)

    def on_key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k == pygame.K_ESCAPE:
            self.close()
        elif k in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_n):
            self.go(self.page + 1)
        elif k in (pygame.K_LEFT, pygame.K_PAGEUP, pygame.K_b):
            self.go(self.page - 1)
        elif k == pygame.K_HOME:
            self.go(0)
        else:
            self.buttons.key(event)

    # --- drawing ------------------------------------------------------------------------------------
    def lines(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """The panel's text: (line, colour, bold)."""
        t = self.t
        if not self.ready:
            return [(t("review.title"), theme.GOLD, True), (t("review.loading"), theme.TEXT, False)]
        moments = self.moments or []
        m = self.moment
        if m is None:
            acc = accuracy(moments)
            costly = sum(x.costly for x in moments)
            head = t("review.accuracy", percent=acc) if acc is not None else t("review.no_accuracy")
            out = [(t("review.title"), theme.GOLD, True), (head, theme.TEXT, True),
                   (t("review.counts", judged=sum(x.judged for x in moments), costly=costly), theme.TEXT_DIM, False)]
            result = outcome(self.match.state.winners, self.seat)
            out.append((t(verdict(moments, result)), theme.GOLD, False))
            return out
        where = self.table.position_words
        out = [(t("review.step", n=self.page, total=self.pages), theme.GOLD, True),
               (t("review.chosen", move=move_words(t, m.chosen, where)), theme.TEXT, True)]
        if m.costly:
            better = self.better_words or t("review.better", move=move_words(t, m.better, where))
            out += [(t(m.reason_key, **m.params), theme.BAD, False), (better, theme.GOOD, True)]
        else:
            out.append((t(m.reason_key, **m.params), theme.GOOD if m.judged else theme.TEXT_DIM, False))
        return out

    def _text_height(self) -> int:
        """How far below the panel's top its words end (as ``draw`` sets them)."""
        fonts, pad = self.app.fonts, max(10, int(20 * theme.ui_scale(self._size[1])))
        line_h = fonts.get(self.px).get_linesize()
        y = pad
        for text, _, bold in self.lines():
            y += line_h * len(fonts.wrap(text, self.px, self.panel.w - 2 * pad, bold=bold)) + line_h // 3
        return y

    def draw(self, surface: pygame.Surface) -> None:
        # the table's side column lies under the panel: bare felt around it, so no button edge peeks out
        column = pygame.Rect(self.panel.x, 0, surface.get_width() - self.panel.x, surface.get_height())
        surface.blit(felt(surface.get_size()), column, column)
        draw_panel(surface, self.panel, alpha=255)
        fonts = self.app.fonts
        s = theme.ui_scale(surface.get_height())
        pad = max(10, int(20 * s))
        x, y, width = self.panel.x + pad, self.panel.y + pad, self.panel.w - 2 * pad
        limit = min(b.rect.y for b in self.buttons.buttons) - pad // 2
        line_h = fonts.get(self.px).get_linesize()
        for text, color, bold in self.lines():
            for part in fonts.wrap(text, self.px, width, bold=bold):
                if y + line_h > limit:
                    break
                img = fonts.render(part, self.px, color, bold=bold)
                surface.blit(img, (x, y))
                y += line_h
            y += line_h // 3
        self.buttons.draw(surface, fonts)
