"""What the Cribbage table plays out after an action: pegs moving, a pause on a full count before the
reset, and the show counted step by step (each combination highlighted with its points)."""
from __future__ import annotations

from dataclasses import dataclass, field

from game.tables.cribbage.board import PegBoard
from rules.core import Event
from rules.cribbage.types import CribbageObs, ShowJSON

# Seconds at animation speed 1: long enough to read, short enough not to bore.
HOLD = 1.15  # a full series (31 or a go) stays on the table before the count starts again
INTRO = 0.8
PART = 0.85
TOTAL = 0.9
NOT_COUNTED = 1.1
PACED = ("intro", "part", "total")  # the beats a paced show holds until it is stepped on (the coach's Next)


@dataclass
class Beat:
    kind: str  # pegs | cut | hold | release | intro | part | total
    seat: int = 0
    score: int = 0
    item: int = -1
    part: int = -1
    duration: float = 0.0
    wait_board: bool = False


@dataclass
class Sequence:
    """The beats of one action, run in order; ``hold`` is the view shown until the reset is released."""

    beats: list[Beat] = field(default_factory=list)
    i: int = 0
    t: float = 0.0
    hold: CribbageObs | None = None
    items: list[ShowJSON] = field(default_factory=list)
    active: int | None = None
    shown_parts: int = 0
    highlight: frozenset[str] = frozenset()
    counting: bool = False
    paced: bool = False  # each count's beats wait for ``step`` (a newcomer reads each part)

    # --- planning --------------------------------------------------------------------------------
    def plan(self, prev: CribbageObs, final: CribbageObs, events: tuple[Event, ...]) -> None:
        """Turn an action's events into beats. ``prev`` is the view before the action."""
        self.finish()
        self.beats, self.i, self.t, self.items, self.shown_parts = [], 0, 0.0, [], 0
        beats: list[Beat] = []
        shows = [e for e in events if e["type"] == "cribbage.show"]
        for e in events:
            kind = e["type"].split(".", 1)[1]
            if kind in ("cut_for_deal", "cut", "starter"):
                beats.append(Beat("cut"))
            elif kind in ("play", "go_point", "his_heels") and e.get("points"):
                beats.append(Beat("pegs", seat=e["seat"], score=e["scores"][e["seat"]]))
            elif kind == "reset":
                self.hold = held_view(prev, events)
                beats += [Beat("hold", duration=HOLD), Beat("release")]
                break  # what follows a reset (the show) is planned from the final view below
        if shows:
            beats += self._show_beats(final.get("last_show") or [], shows)
        self.beats = beats

    def _show_beats(self, items: list[ShowJSON], shows: list[Event]) -> list[Beat]:
        self.items = list(items)
        beats: list[Beat] = []
        scored = iter(shows)
        for n, item in enumerate(items):
            if not item["counted"]:
                beats.append(Beat("intro", item=n, duration=NOT_COUNTED, wait_board=True))
                continue
            beats.append(Beat("intro", item=n, duration=INTRO, wait_board=True))
            beats += [Beat("part", item=n, part=j, duration=PART) for j in range(len(item["parts"]))]
            e = next(scored, None)
            score = e["scores"][item["seat"]] if e is not None else 0
            beats.append(Beat("total", seat=item["seat"], score=score, item=n, duration=TOTAL))
        if beats:
            self.counting = True
            self.active = None
        return beats

    # --- running ------------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.i < len(self.beats)

    @property
    def showing(self) -> bool:
        """A held view or a count is on screen: a tap or key skips it."""
        return self.running and (self.hold is not None or self.counting)

    def update(self, dt: float, board: PegBoard, cuts_busy: bool) -> bool:
        """Advance by ``dt`` (speed-scaled) seconds; True when what the table shows has changed."""
        changed = False
        while self.running:
            b = self.beats[self.i]
            if self.t == 0.0:
                if b.wait_board and board.busy:
                    return changed
                changed |= self._enter(b, board)
            if b.kind == "cut" and cuts_busy:
                return changed
            if self.paced and b.kind in PACED:
                self.t = min(b.duration, self.t + dt)
                return changed
            remaining = b.duration - self.t
            if dt < remaining:
                self.t += dt
                return changed
            dt -= max(0.0, remaining)
            self.i += 1
            self.t = 0.0
        if self.counting or self.hold is not None:
            self.counting, self.hold, self.active, self.highlight = False, None, None, frozenset()
            changed = True
        return changed

    def _enter(self, b: Beat, board: PegBoard) -> bool:
        self.t = 1e-9  # entered: run its effect once
        if b.kind in ("pegs", "total"):
            board.move(b.seat, b.score)
        if b.kind == "release":
            self.hold = None
            return True
        if b.kind == "intro":
            self.active, self.shown_parts, self.highlight = b.item, 0, frozenset()
            return True
        if b.kind == "part":
            part = self.items[b.item]["parts"][b.part]
            self.shown_parts = b.part + 1
            self.highlight = frozenset(part["cards"])
            return True
        if b.kind == "total":
            self.highlight = frozenset()
            return True
        return False

    def step(self) -> bool:
        """On to the next beat of a paced count; False when no count is running (nothing to step)."""
        if not (self.running and self.counting):
            return False
        self.i += 1
        self.t = 0.0
        return True

    def now(self) -> tuple[Beat, ShowJSON] | None:
        """The count's beat on show and its item, while a count runs."""
        if not (self.running and self.counting):
            return None
        b = self.beats[self.i]
        return (b, self.items[b.item]) if 0 <= b.item < len(self.items) else None

    def finish(self) -> None:
        """Skip to the end: the table then snaps to the final view."""
        self.i = len(self.beats)
        self.hold, self.counting, self.active, self.highlight = None, False, None, frozenset()

    # --- what the show draws ----------------------------------------------------------------------
    def reached(self, n: int) -> bool:
        return not self.counting or (self.active is not None and n <= self.active)

    def parts_shown(self, n: int, item: ShowJSON) -> int:
        if not self.counting or (self.active is not None and n < self.active):
            return len(item["parts"])
        return self.shown_parts if n == self.active else 0

    def complete(self, n: int) -> bool:
        """Whether count n has been totalled (its final line may be shown)."""
        if not self.counting or (self.active is not None and n < self.active):
            return True
        if n != self.active or not self.running:
            return False
        b = self.beats[self.i]
        return b.kind == "total" and b.item == n


def held_view(prev: CribbageObs, events: tuple[Event, ...]) -> CribbageObs:
    """The table just before an automatic reset: the series with the card that ended it, its count,
    and who said Go — so a 31 or a go point can be seen before the count starts again."""
    play = next(e for e in events if e["type"] == "cribbage.play")
    view = prev.copy()
    seat, card = play["seat"], play["card"]
    view["series"] = [*prev["series"], {"seat": seat, "card": card}]
    view["hand"] = [c for c in prev["hand"] if c != card]
    counts = list(prev["hand_counts"])
    counts[seat] = max(0, counts[seat] - 1)
    view["hand_counts"] = counts
    view["count"] = play["count"]
    go = list(prev["go"])
    for e in events:
        if e["type"] == "cribbage.go":
            go[e["seat"]] = True
    view["go"] = go
    view["legal"] = []
    view["last_show"] = []
    return view
