"""Watching a replay code at the table: the recorded actions are played one by one through the normal door
(``submit``), so every move animates and logs as in a game; nobody at the table may move.

``open_replay`` builds the game's own table class with :class:`ReplayTable` mixed in front. A
:class:`ReplayFeed` stands where the bot runner stands: the table's turn loop asks it for the next action,
and it answers with the recorded one when playing and its step time is due. The view is seat 0's; when the
recorded game is finished, the other seat's cards may be shown too (the View button)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.session import Session
from game.tables.logjump import come_back
from rules.core import Action
from rules.match import Match
from sprites.widgets import Button

if TYPE_CHECKING:
    from game.services import AppServices
    from game.tables.base import TableScene
else:
    TableScene = object  # mixed in front of a TableScene: its base for the type checker only

SPEEDS = (0.5, 1.0, 2.0, 4.0)
STEP_SECONDS = 1.0  # between recorded moves at 1x


class ReplayFeed:
    """The bot runner's stand-in: hands out the recorded actions, one per step time, while playing."""

    thinking = False

    def __init__(self, actions: list[Action]) -> None:
        self.actions = list(actions)
        self.playing = False
        self.speed = 1.0
        self.clock = 0.0
        self.match: Match | None = None

    def start(self, game_id: str, level: int, match: Match, seat: int, seed: int) -> None:
        self.match = match

    def poll(self, dt: float, pause: float) -> Action | None:
        if not self.playing or self.match is None:
            return None
        self.clock += dt * self.speed
        if self.clock < STEP_SECONDS:
            return None
        self.clock = 0.0
        return self.next_action(self.match)

    def next_action(self, match: Match) -> Action | None:
        return self.actions[match.cursor] if match.cursor < len(self.actions) else None

    def cancel(self) -> None:
        self.clock = 0.0


class ReplayTable(TableScene):
    """Mixed in front of a game's table class: the turn loop plays the recording instead of asking seats."""

    replaying = True

    def setup_replay(self, recording: Match) -> None:
        self.feed = ReplayFeed(recording.actions[: recording.cursor])
        self.bot = self.feed  # type: ignore[assignment]  # the recording moves for both seats, as a BotRunner
        self.finished = recording.state.is_over  # a finished game's cards may all be shown

    # --- life cycle: no coach, no saves, no end screen ------------------------------------------
    def enter(self) -> None:
        self.refresh(animate=False)

    def persist(self) -> None:
        pass

    def show_end(self) -> None:
        self.feed.playing = False
        self.show_toast(self.t("watch.ended"))
        self.buttons.set(self._all_buttons())

    def restart(self) -> None:
        self.feed.playing = False
        self.match.cursor = 0
        self.ended = False
        self.refresh(animate=False)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.feed.playing and self.feed.next_action(self.match) is None and not self.match.state.is_over:
            self.feed.playing = False  # the recording of an unfinished game ends here
            self.show_toast(self.t("watch.ended"))
            self.buttons.set(self._all_buttons())

    def wants_frame(self) -> bool:
        st = self.match.state
        if self.cards.busy or self.blocking() or (st.is_over and not self.ended):
            return True
        return self.feed.playing and self.feed.next_action(self.match) is not None

    def next_deadline(self) -> float | None:
        return self.toast[1] if self.toast else None

    # --- the controls ------------------------------------------------------------------------------
    def step(self) -> bool:
        action = self.feed.next_action(self.match)
        if action is None or self.cards.busy:
            self.cards.finish()
            return False
        self.feed.clock = 0.0
        return self.submit(action)

    def undo(self) -> None:
        self.feed.playing = False
        if self.match.cursor > 0:
            self.cards.finish()
            self.match.cursor -= 1
            self.ended = False
            self.refresh(animate=True)

    def redo(self) -> None:
        if not come_back(self):
            self.step()

    def game_button_rows(self) -> int:
        return 2

    def game_buttons(self, area: pygame.Rect) -> list[Button]:
        t, gap = self.t, max(6, int(10 * self.scale))
        bw, bh = (area.w - gap) // 2, (area.h - gap) // 2
        more = self.feed.next_action(self.match) is not None
        items = [("rp:play", t("watch.pause" if self.feed.playing else "watch.play"), more),
                 ("rp:step", t("watch.step"), more),
                 ("rp:speed", t("watch.speed", x=f"{self.feed.speed:g}"), True),
                 ("rp:view", t("watch.view", name=self.session.names[self.view_seat]), self.finished)]
        shorts = {"rp:speed": f"{self.feed.speed:g}×", "rp:view": self.session.names[self.view_seat]}  # too long
        return [Button(bid, label, pygame.Rect(area.x + (i % 2) * (bw + gap), area.y + (i // 2) * (bh + gap), bw, bh),
                       enabled=on, primary=bid == "rp:play", short=shorts.get(bid, ""))
                for i, (bid, label, on) in enumerate(items)]

    def _all_buttons(self) -> list[Button]:
        out = super()._all_buttons()
        for b in out:
            if b.id == "undo":
                b.enabled = self.match.cursor > 0
            elif b.id == "redo":
                b.enabled = self.feed.next_action(self.match) is not None
            elif b.id == "hint":
                b.enabled = False
        return out

    def press(self, bid: str) -> None:
        if not bid.startswith("rp:"):
            super().press(bid)
            return
        self.app.play_sound("click")
        if bid == "rp:play":
            self.feed.playing = not self.feed.playing and self.feed.next_action(self.match) is not None
            self.feed.clock = STEP_SECONDS  # the first move comes at once
        elif bid == "rp:step":
            self.feed.playing = False
            self.step()
        elif bid == "rp:speed":
            self.feed.speed = SPEEDS[(SPEEDS.index(self.feed.speed) + 1) % len(SPEEDS)]
        elif bid == "rp:view" and self.finished:
            self.view_seat = self.revealed_for = 1 - self.view_seat
            self.refresh(animate=False)
        self.buttons.set(self._all_buttons())

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_p:
            self.press("rp:play")
        elif event.key == pygame.K_PERIOD:
            self.press("rp:step")
        else:
            super().on_key(event)


def open_replay(app: AppServices, recording: Match, names: list[str]) -> ReplayTable:
    """A table that plays ``recording`` back from its first move (computer seats: no input plays)."""
    from game.tables import table_class

    base = table_class(recording.game_id)
    cls = type(f"Replay{base.__name__}", (ReplayTable, base), {})
    session = Session(recording.game_id, "demo", list(names), Match(recording.game_id, recording.setup))
    table = cls(app, session)
    table.setup_replay(recording)
    return table
