"""A first game of every registered game with coach marks, played as a newcomer would: doing what the mark on show
points at, by the gesture the rules name for it (tools/newcomer.py), and otherwise what the Hint would name. Every
frame checks that a mark shows only while its action is possible for the player, and never over what it lights."""
from __future__ import annotations

import pytest

import rules
from game.tables import ENTRIES
from game.tables.marks import applies, busy, legal_of
from tools.driver import frames, make_app
from tools.newcomer import coach_of, first_game, open_first_game

COACHED = [g for g in sorted(rules.GAMES) if g in ENTRIES and ENTRIES[g].coach is not None]


@pytest.mark.parametrize("game_id", COACHED)
def test_a_newcomer_plays_a_first_game_to_its_end_by_the_marks(game_id: str) -> None:
    app = make_app()
    session, table = open_first_game(app, game_id, 5)
    coach = coach_of(app)
    marks = [m.key for m in coach.guide.marks]
    seen: list[str] = []
    shown_at: dict[str, tuple[tuple[str, ...], int]] = {}  # an action mark: its kinds, the moves made when it showed
    followed: set[str] = set()
    match = session.match

    def no_step_skipped(c) -> None:
        """A mark about an action is done only once the newcomer made that action (no Next, no skipping)."""
        for key, (kinds, at) in shown_at.items():
            if key in followed or key not in c.guide.done:
                continue
            made = {a.kind for i, a in enumerate(match.played[at:], at) if session.is_human(match.actor(i))}
            assert made & set(kinds), f"{key} was done before its action ({kinds}) was made: {made}"
            followed.add(key)

    def on_frame(c) -> None:
        if c is None:
            return
        no_step_skipped(c)
        mark = c.mark
        if mark is None:
            due = [m for m in c.guide.pending if m.kinds and applies(m, table)]
            assert not (due and app.stack.top is c and not busy(table) and not table.drag_keys), \
                f"{due[0].key} was due but not shown"
            return
        assert applies(mark, table), f"{mark.key} shown at the wrong moment"
        if mark.kinds:
            assert app.stack.top is c and table.my_turn and not busy(table), f"{mark.key} shown while waiting"
            assert legal_of(table, mark.kinds), f"{mark.key} shown while none of {mark.kinds} is possible"
        else:
            assert not table.cards.busy, f"{mark.key} shown while the cards still glide to where it points"
        assert not any(c.box.colliderect(t) for t in c.targets), f"{mark.key}'s caption covers what it lights"
        if table.toast and getattr(table, "toast_rect", None) is not None:
            assert not table.toast_rect.colliderect(c.box), f"a toast covers {mark.key}'s caption"
        if not seen or seen[-1] != mark.key:
            seen.append(mark.key)
        if mark.kinds and mark.key not in shown_at:
            shown_at[mark.key] = (mark.kinds, len(match.played))

    def on_mark(c) -> None:
        for action in legal_of(table, c.mark.kinds):
            for rect in table.gesture_rects(action):  # exactly where the taught gestures start and end is lit
                assert any(t.contains(rect) for t in c.targets), f"{c.mark.key}: {action} is not lit"

    moves = first_game(app, table, 5, on_frame=on_frame, on_mark=on_mark)
    frames(app, 5)
    assert session.match.state.is_over, f"the game did not end in {moves} moves"
    assert coach_of(app) is None and game_id in app.settings.tutorial_done, "a first game played to its end"
    assert set(seen) <= set(marks) and seen[0] == marks[0]
    assert len(set(seen)) >= min(3, len(marks)), f"only {seen} were shown"
    assert len(seen) == len(set(seen)), f"a mark came back after it was done: {seen}"
    no_step_skipped(coach)
    for key, (kinds, at) in shown_at.items():  # done or cut short by the game's end: each was followed
        made = {a.kind for i, a in enumerate(match.played[at:], at) if session.is_human(match.actor(i))}
        assert made & set(kinds), f"{key} was shown but its action ({kinds}) never made"
    for m in coach.guide.marks:  # no action mark was passed over: each done one was shown and then followed
        assert not (m.kinds and m.key in coach.guide.done and m.key not in shown_at), f"{m.key} done, never shown"
