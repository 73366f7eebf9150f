"""Coach marks for a guided first game: a veil over the real table with one place left bright, an arrow
and a caption. A step advances when the player does what it asks (seen in the match history or the
table's selection) or by Next; Skip (or Esc) closes it, "Don't show again" remembers that in the settings.

Each game lists its steps in ``game/tables/<game>/coach.py``, named by its registry entry (``coach``).
The coach sits on the scene stack over its table and hands every gesture and key it does not use to it.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pygame

from game.input import Gesture
from game.scene import ButtonGroup, Scene
from sprites import theme
from sprites.widgets import Button, draw_panel

COACHED_MODES = ("computer", "hotseat")  # never in a demo (the kiosk's attract mode) or online
VEIL_ALPHA = 165


@dataclass(frozen=True)
class Step:
    """One coach mark: the caption's text key, where it points, and when the player has done it."""

    key: str
    target: Callable[[Any], Any]  # table -> the place(s) to leave bright: a Rect, a list (the arrow points
    # at the first) or None
    done: Callable[[Any], bool]  # table -> whether the player has done what the caption asks


# --- helpers for the games' step lists ---------------------------------------------------------------
def did(table, *kinds: str) -> bool:
    """Whether a human at this table has taken an action of one of ``kinds`` (up to the match's cursor)."""
    match = table.match
    return any(a.kind in kinds and table.session.is_human(match.actor(i)) for i, a in enumerate(match.played))


def times(table, kind: str) -> int:
    """How many actions of ``kind`` the humans at this table have taken (up to the match's cursor)."""
    match = table.match
    return sum(1 for i, a in enumerate(match.played) if a.kind == kind and table.session.is_human(match.actor(i)))


def union(rects: Iterable[pygame.Rect | None]) -> pygame.Rect | None:
    """The smallest rectangle around the given ones (None when there are none)."""
    got = [pygame.Rect(r) for r in rects if r is not None and r.w > 0 and r.h > 0]
    return got[0].unionall(got[1:]) if got else None


def card_rects(table, keys: Iterable[str]) -> pygame.Rect | None:
    """Around the cards ``keys`` as they are drawn now (keys the table does not show are left out)."""
    return union(table.cards.current_rect(k) for k in keys if k in table.cards.targets)


def button_rect(table, *ids: str) -> pygame.Rect | None:
    """Around the table's buttons with these ids (enabled or not)."""
    return union(b.rect for b in table.buttons.buttons if b.id in ids)


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


class CoachScene(Scene):
    """The coach over its table: the table keeps playing underneath (turns, bots, animations)."""

    name = "coach"
    opaque = False

    def __init__(self, app, table, steps: Iterable[Step]) -> None:
        super().__init__(app)
        self.table = table
        self.steps = list(steps)
        self.index = 0
        self.closed = False
        self.finished = False  # all steps done (as opposed to skipped)
        self.buttons = ButtonGroup(self.press)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.target: pygame.Rect | None = None  # where the arrow points
        self.targets: list[pygame.Rect] = []  # every place left bright
        self._layout_key: tuple | None = None
        self._lines: list[pygame.Surface] = []
        self._gap = 0

    @property
    def cards(self):
        """The table's cards (so a driver can wait for their animations as on a bare table)."""
        return self.table.cards

    # --- progress ---------------------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        return self.steps[self.index] if self.index < len(self.steps) else None

    def enter(self) -> None:
        if not self.steps:
            self.close(remember=False)
        self._advance()

    def _advance(self) -> None:
        if self.closed:
            return
        while self.step is not None and self.step.done(self.table):
            self.index += 1
        if self.step is None:
            self.finished = True
            self.close(remember=True)

    def close(self, remember: bool) -> None:
        if self.closed:
            return
        self.closed = True
        if remember:
            self.app.tutorial_finished(self.table.game_id)
        self.app.stack.pop()

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        if bid == "next":
            self.index += 1
            self._layout_key = None
            self._advance()
        elif bid == "skip":
            self.close(remember=False)
        elif bid == "never":
            self.close(remember=True)

    # --- the table goes on underneath ---------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.closed:
            return
        if self.table.match.state.is_over:
            self.close(remember=False)
            return
        self._advance()  # before the table's turn: a scene it pushes must not be popped by mistake
        if not self.closed:
            self.table.update(dt)

    def wants_frame(self) -> bool:
        """The table's cards glide and its computer moves underneath: those frames are drawn too."""
        return not self.closed and self.table.wants_frame()

    def next_deadline(self) -> float | None:
        return self.table.next_deadline()

    def resize(self, size: tuple[int, int]) -> None:
        self._layout_key = None

    def on_gesture(self, g: Gesture) -> None:
        if self.closed:
            return
        if self.buttons.gesture(g):
            return
        if g.kind != "hover" and self.box.collidepoint(g.start):
            return  # the caption is not part of the table
        self.table.on_gesture(g)

    def on_key(self, event: pygame.event.Event) -> None:
        if self.closed:
            return
        if event.key == pygame.K_ESCAPE:
            self.press("skip")
        else:
            self.table.on_key(event)

    def on_text(self, text: str) -> None:
        self.table.on_text(text)

    def on_wheel(self, y: int) -> None:
        if hasattr(self.table, "on_wheel"):
            self.table.on_wheel(y)

    # --- layout ------------------------------------------------------------------------------------------
    def _layout(self, size: tuple[int, int]) -> None:
        step = self.step
        got = step.target(self.table) if step is not None else None
        rects = [pygame.Rect(r) for r in (got if isinstance(got, list) else [got]) if r is not None]
        key = (size, self.index, self.t.lang, tuple(tuple(r) for r in rects), id(self.table.obs))
        if key == self._layout_key:
            return
        self._layout_key = key
        self.targets = [r.inflate(12, 12) for r in rects]
        self.target = self.targets[0] if self.targets else None
        w, h = size
        s = theme.ui_scale(h)
        fonts = self.app.fonts
        px = theme.font_px(24, s)  # body text: a wide, short caption covers less of the table
        pad = max(10, int(22 * s))
        bh = max(44, int(62 * s))
        gap = max(6, int(12 * s))
        last = self.index == len(self.steps) - 1
        ids = [("skip", "coach.skip"), ("never", "coach.never"), ("next", "coach.done" if last else "coach.next")]
        bpx = theme.font_px(26, s)
        widths = [fonts.render(self.t(k), bpx, theme.TEXT, bold=True).get_width() + 2 * pad for _, k in ids]
        row_w = sum(widths) + gap * (len(ids) - 1)
        box_w = min(w - 2 * pad, max(row_w + 2 * pad, min(int(w * 0.5), int(960 * s))))
        text = self.t(step.key) if step is not None else ""
        counter = self.t("coach.step", n=self.index + 1, total=len(self.steps))
        cpx = theme.font_px(22, s)
        self._lines = [fonts.render(counter, cpx, theme.GOLD, bold=True)]
        self._lines += [fonts.render(line, px, theme.TEXT) for line in fonts.wrap(text, px, box_w - 2 * pad)]
        self._gap = gap
        text_h = sum(i.get_height() * 9 // 8 for i in self._lines) + gap
        box = pygame.Rect(0, 0, box_w, text_h + bh + 2 * pad)
        self.box = self._place(box, pygame.Rect(0, 0, w, h), gap)
        x = self.box.right - pad - row_w
        y = self.box.bottom - pad - bh
        buttons = []
        for (bid, k), bw in zip(ids, widths, strict=True):
            buttons.append(Button(bid, self.t(k), pygame.Rect(x, y, bw, bh), primary=bid == "next"))
            x += bw + gap
        self.buttons.set(buttons)

    def _place(self, box: pygame.Rect, screen: pygame.Rect, gap: int) -> pygame.Rect:
        """The caption beside the highlighted place, never over it, covering as few cards as it can
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
        spots += [(x, y) for x in (area.x, area.centerx - box.w // 2, area.right - box.w)
                  for y in (area.y, area.centery - box.h // 2, area.bottom - box.h)]
        best: tuple[float, int, pygame.Rect] | None = None
        for order, (x, y) in enumerate(spots):
            r = pygame.Rect(x, y, box.w, box.h).clamp(area)
            over = sum(r.clip(t).w * r.clip(t).h for t in self.targets)
            covered = sum(r.clip(c).w * r.clip(c).h for c in cards)
            cost = over * 1000 + covered + 20 * math.dist(r.center, target.center)
            if best is None or cost < best[0] or (cost == best[0] and order < best[1]):
                best = (cost, order, r)
        assert best is not None
        return best[2]

    # --- drawing -------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.closed:
            return
        self._layout(surface.get_size())
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
            y += img.get_height() + (self._gap if i == 0 else img.get_height() // 8)
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
