"""The end shows the game: hands face up once it is over, and the result panel moves aside and back."""
from __future__ import annotations

import random

import pytest

from game.session import Session
from tools.driver import frames, make_app, settle, tap


def finished(game_id: str, seed: int = 5) -> Session:
    session = Session.new(game_id, "computer", ["Ann", "Computer"], seed)
    rng = random.Random(seed)
    st = session.match.state
    while not st.is_over:
        st = session.match.play(rng.choice(st.legal_actions()))
    return session


def open_end(game_id: str, size=(1280, 800)):
    from game.tables import open_table

    app = make_app(size=size)
    session = finished(game_id)
    table = open_table(app, session)
    app.stack.reset(table)
    settle(app)
    app.push("end", table=table)
    frames(app, 2)
    return app, table


@pytest.mark.parametrize("game_id", ["kombi", "trumps"])
def test_hands_are_face_up_at_the_end_and_hidden_before(game_id):
    session = finished(game_id)
    st = session.match.state
    obs = st.observe(0)
    assert [sorted(h) for h in obs["hands"]] == [sorted(st.observe(seat)["hand"]) for seat in (0, 1)]
    before = session.match.state_at(len(session.match.actions) - 1)
    assert not before.is_over and before.observe(0)["hands"] is None
    app, table = open_end(game_id)
    opp = [s for k, s in table.cards.targets.items() if k.startswith("opp:")]
    assert len(opp) == obs["hand_counts"][1]
    assert all(s.card is not None for s in opp)


def test_hands_stay_hidden_before_the_end():
    session = Session.new("kombi", "computer", ["Ann", "Computer"], 5)
    assert session.match.state.observe(0)["hands"] is None
    assert session.match.state.hidden_from(0) >= set(session.match.state.observe(1)["hand"])


@pytest.mark.parametrize("game_id", ["square", "cribbage"])
def test_the_end_panel_moves_aside_and_back(game_id):
    app, table = open_end(game_id)
    end = app.stack.top
    assert end.name == "end" and not end.aside
    see = next(b for b in end.buttons.buttons if b.id == "table")
    tap(app, see.rect.center)
    assert end.aside and app.stack.top is end
    assert [b.id for b in end.buttons.buttons] == ["back"]
    texts = [t for _, t, _, _ in end.layout_report()["texts"]]
    assert texts == [end.buttons.buttons[0].label]  # only the one button: the table shows
    tap(app, end.buttons.buttons[0].rect.center)
    assert not end.aside
    assert {"again", "table", "menu", "copy", "review"} == {b.id for b in end.buttons.buttons}  # copy: the replay code


def test_after_a_sudden_end_the_end_screen_says_how():
    from rules.cards import standard_deck
    from rules.core import Action
    from rules.match import Match

    first = ["7C", "7H", "7S", "9D", "9H", "9S", "9C"]  # a triple and a quad: the whole hand at once
    deck = first + [str(c) for c in standard_deck() if str(c) not in first]
    match = Match("kombi", {"deck": deck, "first": 0})
    play = next(a for a in match.state.legal_actions() if a.kind == "play" and len(a["combos"]) == 2)
    match.play(play)
    assert match.state.is_over
    app = make_app()
    table = app.open_table(Session("kombi", "computer", ["Mia", "Computer"], match))
    app.stack.reset(table)
    settle(app)
    end = app.push("end", table=table)
    frames(app, 2)
    how = end.how()
    assert how == app.t.n("kombi.how.out", 7, name="Mia", combos=app.t.n("kombi.how.combos", 2))
    texts = [t for _, t, _, _ in end.layout_report()["texts"]]
    assert end.how_lines and all(line in texts for line in end.how_lines), "drawn under the headline"
    assert " ".join(end.how_lines) == how
    assert Action.make("pass") not in match.played
