"""Tap a log line to go there (issue 17 item 2).

Each log sentence comes from an action: sentence ``j`` belongs to the first action whose events bring the log
to more than ``j`` sentences (a table may merge events, e.g. Own Trumps' beat and second card, so the count is
asked of the table's own ``log_lines`` over a prefix, by bisection). Tapping it moves the match's cursor to
the nearest human decision at or before the moment after that action; Forward then comes back to where the
jump started, in one step. Against the computer and in a replay only: in hotseat a jump could show one
player's hand to the other, so the log is not a way back there (docs/decisions.md)."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.tables.protocols import TableCore
    from rules.match import Match


def jumps_allowed(table: TableCore) -> bool:
    return table.session.mode == "computer" or bool(getattr(table, "replaying", False))


def deciders(table: TableCore) -> Callable[[int], bool]:
    """Whose turns are stops: the humans', or in a replay everyone's."""
    return (lambda seat: True) if getattr(table, "replaying", False) else table.session.is_human


def action_of_line(table: TableCore, line: int) -> int | None:
    log = table.match.log()
    actions = sorted({i for i, _ in log})
    if not actions or line < 0:
        return None

    def count(k: int) -> int:  # sentences made from the events of actions[:k + 1]
        last = actions[k]
        return len(table.log_lines([e for i, e in log if i <= last]))

    lo, hi = 0, len(actions) - 1
    if count(hi) <= line:
        return None
    while lo < hi:
        mid = (lo + hi) // 2
        if count(mid) > line:
            hi = mid
        else:
            lo = mid + 1
    return actions[lo]


def target_cursor(match: Match, action: int, stops: Callable[[int], bool]) -> int:
    """The nearest human decision at or before the moment after ``action`` (or the start)."""
    for c in range(min(action + 1, match.cursor), -1, -1):
        st = match.state_at(c)
        if st.is_over and c == action + 1:
            return c
        if st.to_move is not None and stops(st.to_move):
            return c
    return 0


def jump_to_line(table: TableCore, line: int) -> bool:
    """Go to the moment of log sentence ``line``; False (and a word) when that cannot be done here."""
    if not jumps_allowed(table):
        table.show_toast(table.t("table.log_jump_hotseat"))
        return False
    action = action_of_line(table, line)
    if action is None:
        return False
    match = table.match
    target = target_cursor(match, action, deciders(table))
    table.log.selected = None
    if target == match.cursor:
        return False
    table._log_jump = (target, match.cursor, tuple(map(id, match.actions)))
    go_to(table, target)
    return True


def go_to(table: TableCore, cursor: int) -> None:
    table.bot.cancel()
    table.cards.finish()
    table.match.cursor = cursor
    table.ended, table.end_timer = False, 0.0
    table.clear_hint()
    table.clear_selection()
    table.persist()
    table.refresh(animate=True)


def come_back(table: TableCore) -> bool:
    """Forward right after a log jump returns to where the jump started."""
    memo = getattr(table, "_log_jump", None)
    table._log_jump = None
    match = table.match
    if memo is None or memo[0] != match.cursor or memo[2] != tuple(map(id, match.actions)):
        return False
    go_to(table, memo[1])
    return True


def log_tap(table: TableCore, pos: tuple[int, int]) -> bool:
    """A tap on a log sentence; True when the tap was on the log (used, whatever came of it)."""
    if not table.log.rect.collidepoint(pos):
        return False
    line = table.log.line_at(pos, table.app.fonts, table.scale)
    if line is not None:
        jump_to_line(table, line)
    return True


def log_key(table: TableCore, event: pygame.event.Event) -> bool:
    """L picks the newest log sentence; then Up/Down choose, Enter goes there, Escape or L lets go."""
    log, k = table.log, event.key
    if k == pygame.K_l and not event.mod & pygame.KMOD_CTRL and jumps_allowed(table):
        if log.selected is None and log.lines:
            log.selected = len(log.lines) - 1
        else:
            log.selected = None
        return True
    if log.selected is None:
        return False
    if k in (pygame.K_UP, pygame.K_DOWN):
        log.selected = max(0, min(len(log.lines) - 1, log.selected + (1 if k == pygame.K_DOWN else -1)))
    elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        jump_to_line(table, log.selected)
    elif k == pygame.K_ESCAPE:
        log.selected = None
    else:
        return False
    return True
