"""The table's Back, Forward, Restart and Hint over the match history, and the questions asked before them."""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.seats import HINT_LEVEL, seen_by, think
from game.tables.logjump import come_back

if TYPE_CHECKING:
    from concurrent.futures import Future

    from game.tables.protocols import TableCore
    from rules.core import Action, GameState
else:
    TableCore = object  # a base for the type checker only: TableScene supplies every member

HINT_WAIT = 600.0  # seconds the "hint coming" words may show: until the hint comes or the position changes
log = logging.getLogger(__name__)


def other_players_move(table: TableCore) -> int | None:
    """In hotseat, the seat whose finished move Back would take back, when that is not the player at the
    table now (so Back asks first); None when Back only takes back the player's own move."""
    if table.session.mode != "hotseat" or table.revealed_for is None:
        return None
    match = table.match
    for i in range(match.cursor - 1, -1, -1):
        seat = match.actor(i)
        if seat is not None and table.session.is_human(seat):
            return seat if seat != table.revealed_for else None
    return None


class TableHistory(TableCore):
    """Mixed into TableScene: every change of position here goes through the one history."""

    hint: Action | None
    hint_pid: int | None
    hint_toast: str | None
    hint_job: tuple[GameState, Future[tuple[Action, int]]] | None  # (the state it is for, the worker's answer to come)
    toast: tuple[str, float, bool] | None  # text, seconds left, is_error
    dealt: bool
    ended: bool
    hint_keys: Callable[[], set[str]]  # what the hint on show lights (game/tables/controls.py)

    # --- history -----------------------------------------------------------------------------------
    def undo(self) -> None:
        other = other_players_move(self)
        if other is not None:  # hotseat: Back would take back the other player's finished move
            self.app.push("confirm", text=self.t("confirm.undo_other", name=self.session.names[other]),
                          yes="confirm.undo_other.yes", on_yes=self.take_back)
            return
        self.take_back()

    def take_back(self) -> None:
        self.bot.cancel()
        self.cards.finish()
        if self.match.undo(self.session.is_human):
            self.after_history()
        else:
            self.show_toast(self.t("table.nothing_to_undo"))

    def redo(self) -> None:
        if come_back(self):  # Forward right after a log jump: back where the jump started
            return
        self.bot.cancel()
        self.cards.finish()
        if self.match.redo(self.session.is_human):
            self.after_history()
        else:
            self.show_toast(self.t("table.nothing_to_redo"))

    def restart(self) -> None:
        self.bot.cancel()
        self.match.restart()
        self.ended = False
        self.dealt = False
        self.after_history()
        self.show_toast(self.t("table.restarted"))

    def after_history(self) -> None:
        self.clear_hint()
        self.clear_selection()
        self.persist()
        seat = self.match.state.to_move
        if self.session.mode == "hotseat" and seat is not None and seat != self.revealed_for:
            self.hand_off(seat)
        else:
            self.refresh(animate=False)

    # --- hints: the strongest computer level thinks in the worker process, the table keeps drawing ----------
    def show_hint(self) -> None:
        if not self.my_turn or self.hint_job is not None:
            return
        cursor = self.match.cursor
        seen = seen_by(self.match, self.view_seat, {})
        future = self.app.executor.submit(think, self.game_id, HINT_LEVEL, seen, (0, "hint", cursor))
        self.hint_job = (self.match.state, future)
        self.hint_toast = self.t("table.hint_coming")
        self.show_toast(self.hint_toast)
        self.toast = (self.hint_toast, HINT_WAIT, False)
        self.buttons.set(self._all_buttons())

    def poll_hint(self) -> None:
        """The hint once the worker has it; until then every frame goes on (headless runs too: a test or a tool
        waits for the result, not on a frame, see tools/driver.py ``wait_for_hint``)."""
        job = self.hint_job
        if job is None:
            return
        state, future = job
        if state is not self.match.state or not self.my_turn:
            self.cancel_hint()
            return
        if not future.done():
            return
        self.hint_job = None
        try:
            self.hint, self.hint_pid = future.result()
        except Exception as exc:  # a worker that died: no hint this time, the game goes on
            log.warning("hint failed: %s", exc)
            self.hint = None
        # the hint says how to play it: one more tap on what it lights, or Enter (game/tables/controls.py)
        play = "table.hint_play" if self.hint is not None and self.hint_keys() else "table.hint_enter"
        self.show_toast(self.t("table.hint_none") if self.hint is None
                        else self.t(play, hint=self.hint_text(self.hint)))
        if self.hint is not None and self.toast is not None:
            self.toast = (self.toast[0], HINT_WAIT, False)  # its words stay as long as its glow: until a move
        self.hint_toast = self.toast[0] if self.toast else None
        self.refresh(animate=False)
        self.hint_shown()

    def hint_shown(self) -> None:
        """A game may present the hint its own way once it came (e.g. in its preview line)."""

    def cancel_hint(self) -> None:
        if self.hint_job is not None:
            self.app.executor.cancel(self.hint_job[1])
            self.hint_job = None
            self.buttons.set(self._all_buttons())

    def clear_hint(self) -> None:
        """The position changed: the hint (its highlight and its words, or the one still coming) no longer applies."""
        self.cancel_hint()
        self.hint = None
        if self.toast is not None and self.toast[0] == self.hint_toast:
            self.toast = None
