"""Issue 41, item 2: the show paced for a newcomer — its count line is never cut at the front, the coach steps
through each scoring part and Next never skips a count."""
from __future__ import annotations

import pytest

from game.tables.cribbage.draw import count_lines
from rules.cards import Card
from rules.cribbage.show_item import ShowItem
from rules.match import Match
from tests.test_play_the_hint import start


@pytest.fixture(autouse=True)
def _quick_autosave(monkeypatch):
    monkeypatch.setattr("game.paths.os.fsync", lambda fd: None)


def item(cards: str, starter: str) -> dict:
    return ShowItem(0, tuple(Card.parse(c) for c in cards.split()), Card.parse(starter), False, True).to_json()


@pytest.mark.parametrize("fit", [1, 2, 3, 6])
def test_a_long_count_wraps_or_shortens_by_rule_never_cut_at_the_front(fit):
    app, session, table = start("cribbage", Match("cribbage", {"seed": 3}))
    big = item("5H 5D 5C JS", "5S")  # 29: eight fifteens, a double pair royal, his nobs
    px, width = table.app.fonts.floor, 150
    for shown in range(len(big["parts"]) + 1):
        complete = shown == len(big["parts"])
        lines = count_lines(table, big, shown, complete, px, width, fit)
        assert len(lines) <= fit and not any(line.startswith("…") for line in lines)
        text = " ".join(lines)
        if complete:
            assert text.endswith("29"), "the total is always said"
        if shown and fit >= 6:
            assert "fifteen" in text.lower()


def test_the_show_waits_for_next_at_each_part_and_next_never_skips_a_count():
    from tools.driver import make_app
    from tools.newcomer import first_game, open_first_game

    app = make_app()
    session, table = open_first_game(app, "cribbage", 5)
    steps: list[int] = []  # the show's beat at each step its mark was on show at
    said: list[str] = []
    held = [0]

    def on_frame(c) -> None:
        if c is None or c.mark is None or c.mark.key != "cribbage.coach.show" or not table.seq.running:
            return
        seq = table.seq
        assert seq.paced, "the count holds while its mark is on show"
        if steps and steps[-1] == seq.i:
            held[0] += 1
            return
        assert not steps or seq.i == steps[-1] + 1, f"Next skipped from beat {steps[-1]} to {seq.i}"
        steps.append(seq.i)
        c._layout(app.size)
        said.append(" ".join(k[0] for k in map(app.fonts.text_key, c._lines) if k))

    first_game(app, table, 5, on_frame=on_frame, moves=60)
    assert len(steps) >= 3, "the show's mark stepped through the count"
    assert held[0] >= len(steps), "each step waited for Next"
    assert any("in all" in s for s in said), said  # a total
    assert any(w in s for s in said for w in ("Fifteen:", "A pair:", "A run:", "A flush:", "His nobs:")), said


def test_the_hint_and_the_review_give_a_keep_one_value():
    """The review showed 5.6 and 4.5 for one keep: the hint's total took in the pegging, the review's value is the
    keep's in hand and crib. Both now say the hand-and-crib value (the hint names the pegging apart)."""
    from game.tables.cribbage import hints
    from rules.core import Action
    from rules.cribbage.analysis import discard_rows
    from rules.cribbage.review import judge_discard
    from tests.test_play_the_hint import to_discard

    app, session, table = start("cribbage", Match("cribbage", {"seed": 5}))
    to_discard(app, session, table)
    obs = table.obs
    checked = 0
    for row in discard_rows(obs["hand"], obs["dealer"] == obs["seat"]):
        moment = judge_discard(obs, Action.make("discard", cards=list(row.discard)), 0)
        valued = moment.better if moment.costly else moment.chosen  # the keep whose value the review gives
        said = hints.hint_text(table, valued)
        assert f"{moment.params['ev']} points expected in hand and crib" in said, (said, moment.params)
        checked += 1
        if abs(row.pegging) >= 0.05:
            assert f"{row.total:.1f} points" not in hints.hint_text(table, moment.chosen), "no second value"
    assert checked == 15
