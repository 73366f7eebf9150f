"""The match history: play, undo and redo in units of one human action, restart, log, saving."""
from __future__ import annotations

import json

import pytest

import rules
from rules.cards import standard_deck
from rules.core import Action, IllegalAction
from rules.match import Match

DRAW, PASS = Action.make("draw"), Action.make("pass")
DECK = [str(c) for c in standard_deck()]  # seat 0: AC..7C, seat 1: 8C..AD, area 2D 3D 4D, pile 5D...


def human0(seat: int) -> bool:
    return seat == 0


def exchange(hand: str, area: str) -> Action:
    return Action.make("exchange", hand=hand, area=area)


def bot_reply(match: Match) -> None:
    """Seat 1 plays like a bot: draw then pass."""
    assert match.state.to_move == 1
    match.play(DRAW)
    match.play(PASS)


@pytest.fixture
def match() -> Match:
    return Match("kombi", {"deck": DECK, "first": 0})


def test_play_and_read(match: Match) -> None:
    start = match.state
    match.play(DRAW)
    assert match.state.observe(0)["hand"][-1] == "5D"
    assert match.state_at(0) == start and match.played == [DRAW] and match.actor(0) == 0
    with pytest.raises(IllegalAction, match="drew_already"):
        match.play(DRAW)
    assert match.actions == [DRAW] and match.cursor == 1


def test_undo_and_redo_one_action_each_between_humans(match: Match) -> None:
    match.play(DRAW)
    match.play(exchange("AC", "2D"))
    after = match.state
    assert match.undo() and match.cursor == 1
    assert match.undo() and match.cursor == 0 and match.state == rules.new_game("kombi", deck=DECK)
    assert not match.undo() and not match.can_undo()
    assert match.redo() and match.cursor == 1
    assert match.redo() and match.state == after
    assert not match.redo() and not match.can_redo()


def test_undo_takes_back_the_human_action_with_the_bot_replies(match: Match) -> None:
    match.play(DRAW)
    match.play(PASS)  # seat 0's turn ends; the bot answers with two actions
    bot_reply(match)
    match.play(exchange("AC", "2D"))
    match.play(PASS)
    bot_reply(match)
    assert match.cursor == 8
    assert match.undo(human0) and match.cursor == 5  # the pass and both replies are gone
    assert match.state.to_move == 0 and match.state.observe(0)["done"] == ["exchange"]
    assert match.undo(human0) and match.cursor == 4
    assert match.undo(human0) and match.cursor == 1  # seat 0's pass plus the bot's draw and pass
    assert match.undo(human0) and match.cursor == 0
    assert not match.can_undo(human0)
    assert match.redo(human0) and match.cursor == 1
    assert match.redo(human0) and match.cursor == 4  # the human pass replays the recorded replies
    assert match.redo(human0) and match.redo(human0) and match.cursor == 8
    assert not match.can_redo()


def test_undo_never_removes_the_bots_opening_moves() -> None:
    m = Match("kombi", {"deck": DECK, "first": 1})
    bot_reply(m)
    assert not m.can_undo(human0) and not m.undo(human0) and m.cursor == 2
    m.play(DRAW)
    assert m.undo(human0) and m.cursor == 2


def test_a_new_action_cuts_the_redo_branch(match: Match) -> None:
    match.play(DRAW)
    match.play(exchange("AC", "2D"))
    match.undo()
    assert match.can_redo()
    match.play(exchange("2C", "3D"))
    assert not match.can_redo() and len(match.actions) == 2
    assert match.actions[-1] == exchange("2C", "3D")
    assert match.state.observe(0)["exchange"] == ["2D", "2C", "4D"]
    match.undo()
    match.undo()
    match.play(PASS)
    assert match.actions == [PASS] and match.state.to_move == 1


def test_illegal_action_after_undo_keeps_the_redo_branch(match: Match) -> None:
    match.play(DRAW)
    match.undo()
    with pytest.raises(IllegalAction):
        match.play(exchange("KS", "2D"))
    assert match.can_redo() and match.actions == [DRAW]


def test_restart_is_the_same_deal_with_no_history() -> None:
    m = Match("kombi", {"seed": 11})
    first = m.state
    m.play(m.state.legal_actions()[0])
    m.play(PASS)
    m.restart()
    assert m.actions == [] and m.cursor == 0 and not m.can_redo()
    assert m.state == first == rules.new_game("kombi", seed=11)


def test_log_follows_the_cursor(match: Match) -> None:
    match.play(DRAW)
    match.play(PASS)
    assert match.log() == [(0, {"type": "kombi.draw", "seat": 0}),
                           (1, {"type": "kombi.pass", "seat": 0, "full": False})]
    match.undo()
    assert match.log() == [(0, {"type": "kombi.draw", "seat": 0})]


def test_save_and_load_round_trip(match: Match) -> None:
    match.play(DRAW)
    match.play(PASS)
    bot_reply(match)
    match.undo(human0)
    data = json.loads(json.dumps(match.to_json()))
    loaded = Match.from_json(data)
    assert loaded.to_json() == match.to_json()
    assert loaded.cursor == 1 and loaded.state == match.state
    assert loaded.redo(human0) and loaded.state == match.state_at(4)


def test_the_record_does_not_share_the_setup() -> None:
    deck = list(DECK)
    m = Match("kombi", {"deck": deck, "first": 0})
    deck.reverse()
    record = m.to_json()
    record["setup"]["deck"].reverse()
    assert m.setup["deck"] == DECK
    assert Match.from_json(m.to_json()).state == m.state


def _saved() -> dict:
    m = Match("kombi", {"deck": DECK, "first": 0})
    m.play(DRAW)
    m.play(exchange("AC", "2D"))
    return m.to_json()


@pytest.mark.parametrize("damage", [
    lambda d: "not a dict",
    lambda d: {**d, "format": "other"},
    lambda d: {**d, "version": 99},
    lambda d: {**d, "game": "chess"},
    lambda d: {**d, "game": ["kombi"]},
    lambda d: {**d, "setup": []},
    lambda d: {**d, "setup": {"seed": "x"}},
    lambda d: {**d, "setup": {"sneed": 1}},
    lambda d: {**d, "setup": {"deck": DECK[:-1]}},
    lambda d: {**d, "actions": "draw"},
    lambda d: {**d, "actions": [{"kind": "draw"}, {"kind": "draw"}]},
    lambda d: {**d, "actions": [{"kind": "draw"}, "exchange"]},
    lambda d: {**d, "actions": [{"kind": "exchange", "hand": "AC"}]},
    lambda d: {**d, "actions": d["actions"][:1]},  # truncated: the cursor points past the end
    lambda d: {**d, "cursor": -1},
    lambda d: {**d, "cursor": True},
    lambda d: {**d, "cursor": "2"},
])
def test_damaged_saves_raise_value_error(damage) -> None:
    with pytest.raises(ValueError):
        Match.from_json(damage(_saved()))
