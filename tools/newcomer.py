"""A first game played as a newcomer would: with the coach marks on, doing what the mark on show points at (one of
the actions it teaches, by the gesture the rules name for it), and otherwise some legal move, to the end.

Used by tests/test_newcomer.py (which checks each frame that a mark shows only when its action is possible) and by
``make shots`` (tools/tutorial_shots.py: a picture of each mark as it first appears)."""
from __future__ import annotations

import random
from collections.abc import Callable

from game.seats import hint_for
from game.tables.marks import legal_of
from tools.driver import frames, perform, tap

READ_FRAMES = 20  # a watch mark (a count playing out) is read this long, then the count is skipped with a tap


def open_first_game(app, game_id: str, seed: int = 5):
    """A game against the computer's first level with the coach marks on, dealt and at rest: (session, table)."""
    from game.session import Session
    from game.tables import open_table
    from tools.driver import settle

    app.coach_marks = True
    app.settings.animation_speed = 4  # the quickest the settings allow: the same steps, less waiting
    session = Session.new(game_id, "computer", ["Ann", "Computer"], seed, bot_level=1)
    table = open_table(app, session)
    app.stack.push(table)
    frames(app, 2)
    settle(app)
    return session, table


def coach_of(app):
    return app.stack.find("coach")


def free_point(app, table) -> tuple[int, int]:
    """A point on the felt, away from the caption, for a tap that skips what the table plays out."""
    coach = coach_of(app)
    box = coach.box if coach is not None else None
    board = table.board
    for fx, fy in ((0.5, 0.45), (0.15, 0.5), (0.85, 0.5), (0.5, 0.1)):
        p = (board.x + int(board.w * fx), board.y + int(board.h * fy))
        if box is None or not box.collidepoint(p):
            return p
    return board.center


def next_point(coach) -> tuple[int, int]:
    """The caption's Next button."""
    return next(b.rect.center for b in coach.buttons.buttons if b.id == "next")


def wait_for_turn(app, table, on_frame: Callable, limit: int = 20000) -> None:
    """Frames until the human may act at a table at rest (or the game is over); a watch mark on show is read and
    then skipped by a tap, as a player would."""
    read = 0
    for _ in range(limit):
        coach = coach_of(app)
        on_frame(coach)
        if table.match.state.is_over or (table.my_turn and not table.cards.busy and not table.blocking()
                                         and app.stack.top is (coach or table)):
            return
        mark = coach.mark if coach is not None else None
        if mark is not None and not mark.kinds:
            read += 1
            if read >= READ_FRAMES:  # read: Next steps a paced count on, else a tap skips what plays out
                tap(app, next_point(coach) if mark.step is not None else free_point(app, table))
                read = 0
        frames(app)
    raise AssertionError("the human's turn never came")


def choose(table, rng: random.Random):
    """What the newcomer does: one of the actions the mark on show teaches (the one the Hint would name, if it is
    one of them), else what the Hint would name (the computer's first level thinks for the newcomer)."""
    coach = coach_of(table.app)
    mark = coach.mark if coach is not None else None
    hint = hint_for(table.game_id, table.match, table.view_seat, level=1)
    if mark is not None and mark.kinds:
        taught = legal_of(table, mark.kinds)
        return (hint if hint in taught else rng.choice(taught)), mark
    assert hint is not None
    return hint, None


def first_game(app, table, seed: int, on_frame: Callable = lambda coach: None,
               on_mark: Callable = lambda coach: None, moves: int = 400) -> int:
    """Play the human's side to the end of the game (or ``moves`` moves); returns the moves made."""
    rng = random.Random(seed)
    made = 0
    for _ in range(moves):
        wait_for_turn(app, table, on_frame)
        if table.match.state.is_over:
            break
        frames(app)  # the mark for this moment is drawn
        coach = coach_of(app)
        on_frame(coach)
        if coach is not None and coach.mark is not None:
            on_mark(coach)
        action, _ = choose(table, rng)
        before = len(table.match.played)
        perform(app, table, action)
        assert table.match.played[before:before + 1] == [action], f"{action} was not made by its gesture"
        made += 1
    return made
