"""Coach marks for a guided first game: a veil over the real table with the places of one mark left bright, an
arrow and a caption. Which mark shows is read from the game's state (game/tables/marks.py): a mark about an action
shows only while the player may take it, never while the computer thinks, cards glide or a cover or dialog is up.
Next (or N) sets a mark aside, Skip (or Esc) closes the guide, "Don't show again" remembers that in the settings.

Each game lists its marks in ``game/tables/<game>/coach.py``, named by its registry entry (``coach``).
The coach sits on the scene stack over its table and hands every gesture and key it does not use to it.
"""
from __future__ import annotations

import math
from collections.abc import Iterable

import pygame

from game.input import Gesture
from game.scene import ButtonGroup, Scene
from game.tables.marks import Guide, Mark, places
from sprites import theme
from sprites.widgets import Button, draw_panel

COACHED_MODES = ("computer", "hotseat")  # never in a demo (the kiosk's attract mode) or online
VEIL_ALPHA = 165


# --- helpers for the games' mark lists -------------------------------------------------------------
def union(rects: Iterable[pygame.Rect | None]) -> pygame.Rect | None:
    """The smallest rectangle around the given ones (None when there are none)."""
    got = [pygame.Rect(r) for r in rects if r is not None and r.w > 0 and r.h > 0]
    return got[0].unionall(got[1:]) if got else None


def button_rect(table, *ids: str) -> pygame.Rect | None:
    """Around the table's buttons with these ids (enabled or not)."""
    return union(b.rect for b in table.buttons.buttons if b.id in ids)


def clusters(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The places, each group of touching ones joined (a row of cards, a spread pack): one bright area each, in
    the order of their first place (the arrow points at the first)."""
    out: list[pygame.Rect] = []
    rest = [pygame.Rect(r) for r in rects]
    while rest:
        got = rest.pop(0)
        grown = True
        while grown:
            grown = False
            for r in list(rest):
                if got.inflate(4, 4).colliderect(r):
                    got.union_ip(r)
                    rest.remove(r)
                    grown = True
        out.append(got)
    return out


# --- when to coach --------------------------------------------------------------------------------------
def wanted(app, table) -> bool:
    """Coach this table? Only a game a person starts (not a demo, not online), not once the player said
    "Don't show again" or finished the guide, and in a headless run only when a test asks."""
    return (getattr(app, "coach_marks", False) and table.session.mode in COACHED_MODES
            and table.game_id not in app.settings.tutorial_done and not table.match.state.is_over)


def offer_coach(table) -> None:
    """Called when a table opens: the coach comes over it (built by the router) when it is wanted."""
    if wanted(table.app, table):
        table.app.push("coach", table=table)


def _button_rows(widths: list[int], gap: int, room: int) -> list[list[int]]:
    """The caption's buttons in rows as wide as ``room`` (the last button, Next, always on the last row)."""
    rows: list[list[int]] = [[]]
    for i, bw in enumerate(widths):
        row = rows[-1]
        if row and sum(widths[j] for j in row) + gap * len(row) + bw > room:
            rows.append([])
        rows[-1].append(i)
    return rows


class CoachScene(Scene):
    """The coach over its table: the table keeps playing underneath (turns, bots, animations)."""

    name = "coach"
    opaque = False

    def __init__(self, app, table, marks: Iterable[Mark]) -> None:
        super().__init__(app)
        self.table = table
        self.guide = Guide(marks)
        self.mark: Mark | None = None  # the mark on show, if any
        self.closed = False
        self.finished = False  # the guide was seen through (as opposed to skipped)
        self.buttons = ButtonGroup(self.press)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.target: pygame.Rect | None = None  # where the arrow points
        self.targets: list[pygame.Rect] = []  # every place left bright
        self._layout_key: tuple | None = None
        self._drawn: tuple | None = None  # what the last frame showed
        self._lines: list[pygame.Surface] = []
        self._gap = 0
        self._head = 1  # how many of the lines are the counter's
        self._stepped = 0  # how often Next stepped the mark on show on (a paced count)

    @property
    def cards(self):
        """The table's cards (so a driver can wait for their animations as on a bare table)."""
        return self.table.cards

    @property
    def step(self) -> Mark | None:
        return self.mark

    def keep_clear(self) -> list[pygame.Rect]:
        """What a toast must not cover: the caption with its buttons and the places it lights."""
        return [self.box, *self.targets] if self.mark is not None and not self.closed and self.box.w else []

    # --- progress ---------------------------------------------------------------------------------
    def enter(self) -> None:
        if not self.guide.marks:
            self.close(remember=False)
            return
        self.guide.catch_up(self.table)  # Continue: the guide goes on where the game's history left it
        self._follow()

    def _follow(self) -> None:
        """Take in the game's state: done marks, and which mark (if any) shows now."""
        if self.closed:
            return
        table = self.table
        self.guide.follow(table)
        if self.guide.finished:
            self.finished = True
            self.close(remember=True)
            return
        free = self.app.stack.top is self and not table.drag_keys
        mark = self.guide.current(table) if free else None
        if mark is not self.mark:
            self._hold(False)
            self.mark, self._stepped = mark, 0
            self._hold(True)
            self._layout_key = None
            self.app.invalidate()
        self.guide.show(mark)

    def _hold(self, on: bool) -> None:
        """A mark that paces what it watches holds it while on show (Next steps it on)."""
        if self.mark is not None and self.mark.hold is not None:
            self.mark.hold(self.table, on)

    def close(self, remember: bool) -> None:
        if self.closed:
            return
        self.closed = True
        self._hold(False)
        self.mark = None
        if remember:
            self.app.tutorial_finished(self.table.game_id)
        self.app.stack.pop()

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        if bid == "next" and self.mark is not None and self.mark.step is not None and self.mark.step(self.table):
            self._stepped += 1
            self._layout_key = None  # one step further (a part of the count): its words on the caption
            self.app.invalidate()
        elif bid == "next" and self.mark is not None:
            self.guide.dismiss(self.mark)
            self._follow()
        elif bid == "skip":
            self.close(remember=False)
        elif bid == "never":
            self.close(remember=True)

    # --- the table goes on underneath ---------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.closed:
            return
        if self.table.match.state.is_over:
            self.close(remember=True)  # a first game played to its end: the guide has done its work
            return
        self._follow()  # before the table's turn: a scene it pushes must not be popped by mistake
        if not self.closed:
            self.table.update(dt)
            self._follow()

    def wants_frame(self) -> bool:
        """The table's cards glide and its computer moves underneath: those frames are drawn too; and a frame
        when the mark on show changed."""
        shown = (self.mark.key if self.mark else None, self._layout_key)
        return not self.closed and (self.table.wants_frame() or shown != self._drawn)

    def next_deadline(self) -> float | None:
        return self.table.next_deadline()

    def resize(self, size: tuple[int, int]) -> None:
        self._layout_key = None

    def on_gesture(self, g: Gesture) -> None:
        if self.closed:
            return
        if self.mark is not None:
            if self.buttons.gesture(g):
                return
            if g.kind != "hover" and self.box.collidepoint(g.start):
                return  # the caption is not part of the table
        self.table.on_gesture(g)

    def on_key(self, event: pygame.event.Event) -> None:
        if self.closed:
            return
        if self.mark is not None and event.key == pygame.K_ESCAPE:
            self.press("skip")
        elif self.mark is not None and event.key == pygame.K_n and not event.mod & pygame.KMOD_CTRL:
            self.press("next")
        else:
            self.table.on_key(event)

    def on_text(self, text: str) -> None:
        self.table.on_text(text)

    def on_wheel(self, y: int) -> None:
        if hasattr(self.table, "on_wheel"):
            self.table.on_wheel(y)

    # --- layout ------------------------------------------------------------------------------------------
    def _layout(self, size: tuple[int, int]) -> None:
        mark, table = self.mark, self.table
        cards = tuple(sorted((k, tuple(r)) for k, r in table.cards.rects().items()))
        shown = tuple((b.id, tuple(b.rect)) for b in table.buttons.buttons)
        detail = mark.detail(table) if mark is not None and mark.detail is not None else ""
        key = (size, mark, self.t.lang, id(table.obs), shown, cards, len(self.guide.done), detail)
        if key == self._layout_key:
            return
        self._layout_key = key
        rects = places(mark, table) if mark is not None else []
        self.targets = clusters([r.inflate(12, 12) for r in rects])
        self.target = self.targets[0] if self.targets else None
        w, h = size
        s = theme.ui_scale(h)
        fonts = self.app.fonts
        px = theme.font_px(24, s)  # body text: a wide, short caption covers less of the table
        pad = max(10, int(22 * s))
        bh = max(44, int(62 * s))
        gap = max(6, int(12 * s))
        step = mark
        last = len(self.guide.pending) == 1
        ids = [("skip", "coach.skip"), ("never", "coach.never"), ("next", "coach.done" if last else "coach.next")]
        bpx = theme.font_px(26, s)
        widths = [fonts.render(self.t(k), bpx, theme.TEXT, bold=True).get_width() + 2 * pad for _, k in ids]
        row_w = sum(widths) + gap * (len(ids) - 1)
        box_w = min(w - 2 * pad, max(row_w + 2 * pad, min(int(w * 0.5), int(960 * s))))
        # a paced mark: its words, then (once stepped on) the step on show in their place
        text = detail if detail and self._stepped else self.t(step.key) if step is not None else ""
        counter = self.t("coach.tip", n=len(self.guide.done) + 1, total=len(self.guide.marks))
        cpx = theme.font_px(22, s)  # the type scale keeps its capitals at 2% of the height
        self._gap = gap
        best: tuple[int, pygame.Rect, list, list, int] | None = None
        # narrower and taller where the bright places leave no room; at last wider and shorter (a show's cards span
        # the table: only a wide band is left below them)
        for share in (1.0, 0.8, 0.62, 0.48, 1.3, 1.5):
            bw_ = min(max(int(box_w * share), max(widths) + 2 * pad), w - 2 * pad)
            lines = [fonts.render(part, cpx, theme.GOLD, bold=True)
                     for part in fonts.wrap(counter, cpx, bw_ - 2 * pad, bold=True)]
            head = len(lines)
            lines += [fonts.render(line, px, theme.TEXT) for line in fonts.wrap(text, px, bw_ - 2 * pad)]
            rows = _button_rows(widths, gap, bw_ - 2 * pad)
            text_h = sum(i.get_height() * 9 // 8 for i in lines) + gap
            box = self._place(pygame.Rect(0, 0, bw_, text_h + len(rows) * (bh + gap) - gap + 2 * pad),
                              pygame.Rect(0, 0, w, h), gap)
            over = sum(box.clip(t).w * box.clip(t).h for t in self.targets)
            if best is None or over < best[0]:
                best = (over, box, lines, rows, head)
            if not over:
                break
        assert best is not None
        _, self.box, self._lines, rows, self._head = best
        buttons = []
        y = self.box.bottom - pad - len(rows) * (bh + gap) + gap
        for row in rows:
            x = self.box.right - pad - sum(widths[i] for i in row) - gap * (len(row) - 1)
            for i in row:
                bid, k = ids[i]
                buttons.append(Button(bid, self.t(k), pygame.Rect(x, y, widths[i], bh), primary=bid == "next"))
                x += widths[i] + gap
            y += bh + gap
        self.buttons.set(buttons)

    def _place(self, box: pygame.Rect, screen: pygame.Rect, gap: int) -> pygame.Rect:
        """The caption beside the highlighted places, never over one of them, covering as few cards as it can
        (the player may need them for the very thing the caption asks)."""
        board = self.table.board if self.table.board.w > box.w else screen
        area = board.inflate(-2 * gap, -2 * gap)
        target = self.target
        if target is None:
            box.center = area.center
            return box.clamp(area)
        cards = [s.rect() for s in self.table.cards.targets.values()]  # where they are going
        far = gap * 5  # room for the arrow
        spots = []
        for x in (target.centerx - box.w // 2, target.x, target.right - box.w):
            spots += [(x, target.bottom + far), (x, target.y - far - box.h)]
        for y in (target.centery - box.h // 2, target.y, target.bottom - box.h):
            spots += [(target.right + far, y), (target.x - far - box.w, y)]
        steps = 6  # then anywhere on the board, where nothing bright lies, and at last over the log
        spots += [(area.x + (area.w - box.w) * i // steps, area.y + (area.h - box.h) * j // steps)
                  for j in range(steps + 1) for i in range(steps + 1)]
        side = screen.inflate(-2 * gap, -2 * gap)
        spots += [(side.right - box.w, side.y + (side.h - box.h) * j // steps) for j in range(steps + 1)]
        buttons = [b.rect for b in self.table.buttons.buttons]
        best: tuple[float, int, pygame.Rect] | None = None
        for order, (x, y) in enumerate(spots):
            r = pygame.Rect(x, y, box.w, box.h).clamp(area if order < len(spots) - steps - 1 else side)
            over = sum(r.clip(t).w * r.clip(t).h for t in self.targets)
            covered = sum(r.clip(c).w * r.clip(c).h for c in cards) + 4 * sum(r.clip(b).w * r.clip(b).h
                                                                              for b in buttons)
            beyond = r.w * r.h - r.clip(board).w * r.clip(board).h
            cost = over * 1e9 + covered + beyond + 20 * math.dist(r.center, target.center)
            if best is None or cost < best[0] or (cost == best[0] and order < best[1]):
                best = (cost, order, r)
        assert best is not None
        return best[2]

    # --- drawing -------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.closed:
            return
        if self.mark is None:
            self.box = pygame.Rect(0, 0, 0, 0)
            self._drawn = (None, self._layout_key)
            return
        self._layout(surface.get_size())
        self._drawn = (self.mark.key, self._layout_key)
        s = theme.ui_scale(surface.get_height())
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, VEIL_ALPHA))
        radius = max(6, int(14 * s))
        for r in self.targets:
            pygame.draw.rect(veil, (0, 0, 0, 0), r, border_radius=radius)
        surface.blit(veil, (0, 0))
        for r in self.targets:
            pygame.draw.rect(surface, theme.GOLD, r, width=max(3, int(5 * s)), border_radius=radius)
        if self.target is not None:
            self._arrow(surface, s)
        draw_panel(surface, self.box, alpha=250)
        pygame.draw.rect(surface, theme.GOLD, self.box, width=max(2, int(3 * s)), border_radius=max(6, int(14 * s)))
        pad = max(10, int(22 * s))
        y = self.box.y + pad
        for i, img in enumerate(self._lines):
            surface.blit(img, (self.box.x + pad, y))
            y += img.get_height() + (self._gap if i == self._head - 1 else img.get_height() // 8)
        self.buttons.draw(surface, self.app.fonts)
        toast = getattr(self.table, "_draw_toast", None)
        if toast is not None:
            toast(surface)  # a refusal's reason stays readable above the veil

    def _arrow(self, surface: pygame.Surface, s: float) -> None:
        assert self.target is not None
        t, b = self.target, self.box
        start = (min(max(t.centerx, b.x), b.right), min(max(t.centery, b.y), b.bottom))
        ring = t.inflate(int(10 * s) + 6, int(10 * s) + 6)
        end = (min(max(b.centerx, ring.x), ring.right), min(max(b.centery, ring.y), ring.bottom))
        dx, dy = end[0] - start[0], end[1] - start[1]
        length = math.hypot(dx, dy)
        if length < 8:
            return
        ux, uy = dx / length, dy / length
        head = max(12, int(26 * s))
        base = (end[0] - ux * head, end[1] - uy * head)
        pygame.draw.line(surface, theme.GOLD, start, base, max(3, int(6 * s)))
        wing = head * 0.6
        pygame.draw.polygon(surface, theme.GOLD, [end, (base[0] - uy * wing, base[1] + ux * wing),
                                                  (base[0] + uy * wing, base[1] - ux * wing)])
