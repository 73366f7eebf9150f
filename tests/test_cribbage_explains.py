"""Cribbage explains itself (issue 28): the Dealer badge moves when the next hand is dealt, each cut says why it
happens, and no control shows that cannot be used now."""
from __future__ import annotations

from game.session import Session
from game.tables import open_table
from rules.bots import make_bot
from rules.match import Match
from rules.rng import derive
from tools.driver import frames, make_app, perform, settle


def _table(match: Match):
    app = make_app(size=(1280, 800))
    app.settings.animation_speed = 4.0
    table = open_table(app, Session("cribbage", "computer", ["Ann", "Computer"], match))
    app.stack.push(table)
    frames(app, 2)
    settle(app)
    return app, table


def _to_the_last_card(match: Match) -> None:
    """The computer plays both seats until Ann holds the last card of the play."""
    bot, rng = make_bot("cribbage", 1), derive(6, "t")
    st = match.state
    while not (st.to_move == 0 and st.phase == "play" and sum(st.observe(0)["hand_counts"]) == 1):
        st = match.play(bot.choose([st.observe(st.to_move)], rng))


def _badged(table) -> list[int]:
    return [seat for seat, plate in enumerate(table.plates()) if plate.badge]


def test_the_dealer_badge_stays_through_the_count_and_the_cut_and_moves_with_the_deal():
    match = Match("cribbage", {"seed": 6})
    _to_the_last_card(match)
    dealer = match.state.observe(0)["dealer"]
    app, table = _table(match)
    assert _badged(table) == [dealer]
    perform(app, table, table.spec.action_from_json(table.obs["legal"][0]))  # the last card: the show follows
    counted = False
    for _ in range(3000):
        frames(app)
        if table.match.state.observe(0)["phase"] != "play" and table.obs.get("last_show"):
            assert table.obs["dealer"] != dealer  # the rules have moved on to the next hand already
            assert _badged(table) == [dealer], "the badge stays while the last hand is counted and cut"
            counted = counted or table.seq.counting
            if table.my_turn and not table.cards.busy and not table.blocking():
                perform(app, table, table.spec.action_from_json(table.obs["legal"][0]))  # the cut before the deal
        if table.obs.get("phase") == "discard":
            break
    assert counted
    assert _badged(table) == [1 - dealer], "the badge moves when the new hand is dealt"


def test_each_cut_says_why_it_happens():
    app, table = _table(Match("cribbage", {"seed": 5}))
    purposes = []
    for _ in range(40):
        settle(app)
        if table.match.state.is_over or len(purposes) == 3:
            break
        if table.my_turn and table.obs.get("cut"):
            purpose = table.obs["cut"]["purpose"]
            dealer = table.session.names[table.obs["dealer"]] if purpose == "cut" else ""
            assert table.preview_text() == table.t(f"cribbage.why.{purpose}", dealer=dealer)
            purposes.append(purpose) if purpose not in purposes else None
        if table.my_turn:
            perform(app, table, table.spec.action_from_json(table.obs["legal"][0]))
        else:
            frames(app, 10)
    assert set(purposes) >= {"deal", "starter"} and len(purposes) >= 2
    assert "cut" in purposes or table.obs["dealer"] == 0


def test_skip_shows_only_while_something_plays_out():
    app, table = _table(Match("cribbage", {"seed": 6}))
    assert [b.id for b in table.buttons.buttons if b.id == "skip"] == []
    _to_the_last_card(table.match)
    table.refresh(animate=False)
    settle(app)
    assert "skip" not in [b.id for b in table.buttons.buttons]
    perform(app, table, table.spec.action_from_json(table.obs["legal"][0]))
    for _ in range(600):
        frames(app)
        if table.seq.counting:
            break
    assert table.seq.showing and "skip" in [b.id for b in table.buttons.buttons]
