"""Own Trumps played through the real scenes with synthetic mouse, finger and key events: the trump
picker, full games in hotseat (with covers) and against the computer, Pick up, refusals that glide back,
the draw by repetition, keys and hints, and no card face a seat may not see."""
from __future__ import annotations

import random

import pygame
import pytest

from game.scenes.cover import CoverScene
from game.scenes.end import EndScene
from game.session import Session
from game.tables import open_table
from game.tables.trumps import words
from rules.core import Action
from rules.match import Match
from rules.trumps.bot import GreedyBaseline
from rules.trumps.core import NAMES
from rules.trumps.state import from_position
from sprites import theme
from tests.uiplay import FaceWatch as BaseFaceWatch
from tests.uiplay import find_button, run_until
from tools.driver import drag, frames, key, make_app, settle, tap, visible_point, wait_for_hint
from tools.trumps_shots import press_and_hold, release

# Two shuffles of the 36 cards whose games are short: seat 0 holds the first 18, seat 1 the rest.
HOTSEAT_DECK = ("TS 9H 6C 7S AD KC QD AC 9C QC 8D KD JD JC TC JS 7H 8S 8C KH AS 7C 9S 6D 6S QH 8H 7D KS TD JH TH "
                "AH 9D 6H QS").split()
COMPUTER_DECK = ("9S JD AC 6C TC 7D QC 7C AH 8H KH 7H 7S JH 9H TH KD 8S TD QS 6S 6H 8C 8D JS TS JC KC AD AS 6D QD "
                 "9C QH KS 9D").split()
DIGITS = [getattr(pygame, f"K_{i}") for i in (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)]
GREEDY = GreedyBaseline()


@pytest.fixture(autouse=True)
def _quick_autosave(monkeypatch):
    # every move is autosaved with an fsync; durability is not under test here, the game is
    monkeypatch.setattr("game.paths.os.fsync", lambda fd: None)


class PositionMatch(Match):
    """A real history that starts at a middle-game position from ``rules.trumps.from_position``."""

    def __init__(self, state) -> None:
        super().__init__("trumps", {"seed": 1, "trumps": ["H", "D"], "first": 0})
        self._states = [state]


def position(mine, theirs, pile, to_move=0, phase="play"):
    """Seat 0 (trump ♥) holds ``mine``, seat 1 (trump ♦) ``theirs`` plus every card not placed."""
    placed = set(mine) | set(theirs) | set(pile)
    rest = [c for c in NAMES if c not in placed]
    return from_position([list(mine), list(theirs) + rest], list(pile), ("H", "D"), to_move, phase)


def start(mode: str, match: Match, names=("Ann", "Ben"), level: int = 1, size=(1024, 600)):
    app = make_app(size=size)
    app.settings.animation_speed = 4.0
    session = Session("trumps", mode, list(names), match, level)
    table = open_table(app, session)
    app.stack.push(table)
    frames(app, 2)
    return app, session, table


class FaceWatch(BaseFaceWatch):
    """Also: while nobody is revealed, only the public pile may show faces."""

    def check(self, card: str) -> None:
        table = self.table
        if (not isinstance(self.app.stack.top, CoverScene) and table.revealed_for is None
                and card not in table.match.state.observe(0)["pile"]):
            self.seen.add(card)
            self.bad.append((card, "a hand card while nobody is revealed"))
            return
        super().check(card)


def confirm_cover(app, touch=False) -> None:
    w, h = app.size
    tap(app, (w // 2, h // 3), touch=touch)
    settle(app)


def perform(app, table, a: Action, way: str) -> None:
    """Do ``a`` by hand: ``mouse`` drags, ``touch`` taps (card, then pile), ``keys`` uses the keyboard."""
    touch = way == "touch"
    if a.kind == "choose_trump":
        i = "CDHS".index(a["suit"])
        if way == "keys":
            key(app, DIGITS[i])
        else:
            tap(app, table.geo.tiles()[i].center, touch=touch)
    elif a.kind == "pick_up":
        if way == "keys":
            key(app, pygame.K_p)
        else:
            tap(app, find_button(app, "pickup").center, touch=touch)
    elif way == "keys":
        hand = table.ordered_hand(table.obs["hand"])
        i = hand.index(a["card"])
        if i < 10:
            key(app, DIGITS[i])
            assert table.selected == a["card"]
            key(app, pygame.K_RETURN)
        else:
            for _ in range(60):  # Tab to the card, then Enter plays it
                got = table.focused()
                if got is not None and got[0] == a["card"]:
                    break
                key(app, pygame.K_TAB)
            key(app, pygame.K_RETURN)
    elif touch:
        tap(app, visible_point(table, a["card"]), touch=True)
        assert table.selected == a["card"]
        tap(app, table.geo.pile_zone.center, touch=True)
    else:
        drag(app, visible_point(table, a["card"]), table.geo.pile_zone.center)
    settle(app)


def greedy(obs: dict) -> Action:
    return GREEDY.choose([obs], random.Random(0))


WAYS = ("mouse", "touch", "keys")


def test_hotseat_game_with_the_picker_behind_covers(monkeypatch):
    app, session, table = start("hotseat", Match("trumps", {"deck": HOTSEAT_DECK, "first": 0}))
    watch = FaceWatch(monkeypatch, app, table)
    match = session.match
    picks = {0: "H", 1: "D"}
    covers = turn = 0
    kinds: set[str] = set()
    for _ in range(200):
        if match.state.is_over:
            break
        if isinstance(app.stack.top, CoverScene):
            assert watch.bad == []
            confirm_cover(app, touch=covers % 2 == 1)
            covers += 1
            continue
        assert app.stack.top is table and table.my_turn
        seat = match.state.to_move
        obs = match.state.observe(seat)
        a = Action.make("choose_trump", suit=picks[seat]) if obs["phase"] == "choose_trump" else greedy(obs)
        kinds.add(f"{a.kind}:{obs['phase']}:{obs['top'] is None}")
        before = match.cursor
        perform(app, table, a, WAYS[turn % 3])
        assert match.cursor == before + 1, f"{a} was not applied: {table.toast}"
        turn += 1
    assert match.state.is_over and watch.bad == [] and watch.seen, "faces were drawn, none forbidden"
    assert covers >= 10, "every change of player was covered"
    assert {"choose_trump:choose_trump:True", "play:play:True", "play:play:False", "play:second:False",
            "pick_up:play:False"} <= kinds
    assert match.state.observe(0)["trumps"] == ["H", "D"]
    run_until(app, lambda: isinstance(app.stack.top, EndScene))
    st = match.state
    assert app.results[-1] == (f"RESULT game=trumps seed=None winners={','.join(map(str, st.winners))} "
                               f"scores={st.scores[0]},{st.scores[1]}")
    loser = 1 - st.winners[0]
    assert table.end_columns()[st.winners[0]][0] == "Won: no cards left"
    assert table.end_columns()[loser][0] == f"Lost: {st.scores[loser]} cards left"
    assert app.stack.top.headline() == f"{session.names[st.winners[0]]} wins!"


def test_full_game_against_the_computer():
    app, session, table = start("computer", Match("trumps", {"deck": COMPUTER_DECK, "first": 0}),
                                names=("Ann", "Computer"))
    match = session.match
    assert table.obs["phase"] == "choose_trump" and table.my_turn, "the human chooses first"
    turn = 0
    for _ in range(200):
        run_until(app, lambda: match.state.is_over or (table.my_turn and not table.cards.busy))
        if match.state.is_over:
            break
        obs = match.state.observe(0)
        a = Action.make("choose_trump", suit="S") if obs["phase"] == "choose_trump" else greedy(obs)
        before = match.cursor
        perform(app, table, a, WAYS[turn % 3])
        assert match.cursor == before + 1, f"{a} was not applied: {table.toast}"
        turn += 1
    assert match.state.is_over and turn >= 8
    tap(app, find_button(app, "undo").center)  # back: one human move and the computer's replies after it
    assert not match.state.is_over and match.state.to_move == 0 and table.my_turn
    tap(app, find_button(app, "redo").center)
    assert match.state.is_over
    trumps = match.state.observe(0)["trumps"]
    assert trumps[0] == "S" and trumps[1] in "CDH"
    lines = table.log.lines
    assert lines[0] == "Ann chose ♠ (spades) as trump."
    assert lines[1].startswith("Computer chose ") and "as trump" in lines[1]
    assert any(ln.startswith("Computer beat ") and " and played " in ln for ln in lines)
    assert any(ln.startswith("Ann picked up ") or ln.startswith("Computer picked up ") for ln in lines)
    run_until(app, lambda: isinstance(app.stack.top, EndScene))
    assert app.results[-1].startswith("RESULT game=trumps ")


def test_the_computer_chooses_first_when_it_does_not_deal():
    app, session, table = start("computer", Match("trumps", {"deck": COMPUTER_DECK, "first": 1}),
                                names=("Ann", "Computer"))
    assert not table.my_turn and table.obs["chooser"] == 1
    run_until(app, lambda: table.my_turn)
    taken = session.match.state.observe(0)["trumps"][1]
    assert taken is not None and table.log.lines == [f"Computer chose {words.suit_named(table.t, taken)} as trump."]
    i = "CDHS".index(taken)
    tap(app, table.geo.tiles()[i].center)
    assert session.match.cursor == 1 and "already your opponent's trump" in table.toast[0]
    free = next(s for s in "CDHS" if s != taken)
    tap(app, table.geo.tiles()["CDHS".index(free)].center)
    settle(app)
    assert session.match.state.observe(0)["trumps"] == [free, taken]
    assert len(table.obs["hand"]) >= 17 and table.obs["phase"] == "play"


def test_pick_up_button_takes_the_right_cards_and_says_why():
    pile = ["9S", "8C", "KS", "7C", "QS", "TC", "JC", "QH"]
    app, session, table = start("computer", PositionMatch(position(["7H", "8H", "6C", "TD"], [], pile)))
    settle(app)
    button = next(b for b in table.buttons.buttons if b.id == "pickup")
    assert button.enabled and button.label == "Pick up 5"
    assert {s.key for s in table.cards.targets.values() if s.glow is not None} == {"7C", "QS", "TC", "JC", "QH"}
    tap(app, button.rect.center)
    assert table.cards.busy, "the cards glide into the hand"
    assert table.toast and table.toast[0] == "You picked up 5 cards — your trump: 5 cards."
    settle(app)
    assert sorted(table.obs["hand"]) == sorted(["7H", "8H", "6C", "TD", "QH", "JC", "TC", "QS", "7C"])
    assert table.obs["pile"] == ["9S", "8C", "KS"]
    assert table.log.lines[-1] == "Ann picked up 5 cards (Q♥ is Ann's trump): Q♥, J♣, 10♣, Q♠, 7♣."


def test_pick_up_is_refused_while_a_card_beats():
    app, session, table = start("computer", PositionMatch(position(["JC", "8C", "7D"], [], ["9C"])))
    settle(app)
    assert not next(b for b in table.buttons.buttons if b.id == "pickup").enabled
    key(app, pygame.K_p)
    assert session.match.cursor == 0
    assert table.toast[0] == "You can beat 9♣ (with J♣, for example), so you may not pick up."


@pytest.mark.parametrize("lang,words_in_reason", [("en", "does not beat 9♣: only a higher ♣ or any ♥"),
                                                  ("de", "schlägt 9♣ nicht")])
def test_a_card_that_does_not_beat_glides_back_with_the_reason(lang, words_in_reason):
    app, session, table = start("computer", PositionMatch(position(["JC", "8C", "TD", "6H"], [], ["9C"])))
    app.set_language(lang)
    settle(app)
    home = table.cards.targets["8C"].rect().center
    drag(app, visible_point(table, "8C"), table.geo.pile_zone.center)
    assert session.match.cursor == 0
    assert table.toast is not None and table.toast[1] > 0 and words_in_reason in table.toast[0]
    settle(app)
    assert table.cards.current_rect("8C").center == home
    drag(app, visible_point(table, "TD"), (table.geo.board.centerx, 5))  # dropped off the pile: nothing
    settle(app)
    assert session.match.cursor == 0
    assert table.cards.current_rect("TD").center == table.cards.targets["TD"].rect().center


def test_beaters_light_up_on_request_and_while_dragging():
    app, session, table = start("computer", PositionMatch(position(["JC", "8C", "TD", "6H"], [], ["9C"])))
    settle(app)
    lit = lambda: {k for k, s in table.cards.targets.items() if s.glow == theme.DROP_GLOW and k in table.obs["hand"]}  # noqa: E731
    assert lit() == set()
    tap(app, find_button(app, "beaters").center)
    assert lit() == {"JC", "6H"} and table.cards.targets["8C"].dim
    key(app, pygame.K_b)
    assert lit() == set()
    start_pos = visible_point(table, "8C")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_pos, button=1, touch=False))
    for dy in range(1, 6):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start_pos[0], start_pos[1] - 20 * dy),
                                             rel=(0, 0), buttons=(1, 0, 0), touch=False))
    frames(app, 2)
    assert lit() == {"JC", "6H"}, "while a card is dragged its alternatives that beat are lit"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start_pos[0], start_pos[1] - 100), button=1,
                                         touch=False))
    frames(app, 2)
    settle(app)
    assert lit() == set() and session.match.cursor == 0


def test_beat_then_second_card_with_keys_and_the_log_sentence():
    app, session, table = start("computer", PositionMatch(position(["JC", "8C", "7D", "KS"], [], ["9C"])))
    settle(app)
    hand = table.ordered_hand(table.obs["hand"])
    key(app, DIGITS[hand.index("JC")])
    assert table.selected == "JC"
    key(app, pygame.K_RETURN)
    settle(app)
    assert table.obs["phase"] == "second" and "Now play any second card." in words.my_prompt(table.t, table.obs)
    key(app, pygame.K_h)
    wait_for_hint(app, table)  # searched in a worker: the frames go on
    assert table.hint.kind == "play" and table.toast[0].startswith("Hint: play ")
    assert {k for k, s in table.cards.targets.items() if s.glow == theme.GOLD} == {table.hint["card"]}
    key(app, DIGITS[table.ordered_hand(table.obs["hand"]).index("7D")])
    key(app, pygame.K_RETURN)
    assert table.log.lines[-1] == "Ann beat 9♣ with J♣ and played 7♦."


def test_hand_of_many_cards_fits_the_small_window():
    mine = [c for c in NAMES if c[1] != "D"][:26]
    app, session, table = start("computer", PositionMatch(position(mine, [], ["9D"])))
    settle(app)
    hand = table.ordered_hand(table.obs["hand"])
    rects = [table.cards.targets[c].rect() for c in hand]
    assert hand[0][1] == "H", "one's own trump comes first"
    assert all(table.board.contains(r) for r in rects)
    assert all(b.x - a.x >= 14 for a, b in zip(rects, rects[1:], strict=False)), "every index stays readable"


def test_draw_by_repetition_in_hotseat(monkeypatch):
    diamonds = [f"{r}D" for r in "6789TJQKA"]
    app, session, table = start("hotseat", PositionMatch(position(["KC", *diamonds], ["AC", "AH", "7S"], [])))
    watch = FaceWatch(monkeypatch, app, table)
    cycle = [Action.make("play", card="KC"), Action.make("play", card="AC"), Action.make("play", card="AH"),
             Action.make("pick_up"), Action.make("play", card="7S"), Action.make("play", card="AH"),
             Action.make("play", card="AC"), Action.make("pick_up")] * 2
    match = session.match
    for i, a in enumerate(cycle):
        while isinstance(app.stack.top, CoverScene):
            confirm_cover(app)
        if i == 8:
            assert table.obs["repetition"] == 2
        perform(app, table, a, WAYS[i % 3])
        assert match.cursor == i + 1, f"{a}: {table.toast}"
    assert match.state.is_over and watch.bad == []
    assert table.log.lines[-1] == "The same position came up for the third time: a draw by repetition."
    assert words.result_line(table.t, session.names, table.obs) == "A draw by repetition."
    assert table.end_columns()[0][0] == "Draw by repetition: 10 cards left"
    run_until(app, lambda: isinstance(app.stack.top, EndScene))
    assert app.stack.top.headline() == "A draw!"
    assert app.results[-1].endswith("winners=0,1 scores=10,26")


def test_going_out_against_a_last_card_that_beats_is_a_draw():
    rest = [c for c in NAMES if c not in ("KC", "6D", "9C")]
    app, session, table = start("computer", PositionMatch(from_position([["KC"], ["6D"]], [*rest, "9C"], ("H", "D"),
                                                                        0)), names=("Ann", "Computer"))
    settle(app)
    drag(app, visible_point(table, "KC"), table.geo.pile_zone.center)
    assert session.match.state.is_over and session.match.state.winners == (0, 1)
    assert table.log.lines[-2:] == ["Ann beat 9♣ with K♣, the last card.",
                                    "Ann is out, but Computer's last card beats K♣: a draw."]
    assert [col[0] for col in table.end_columns()] == ["Draw: both finished together"] * 2
    run_until(app, lambda: isinstance(app.stack.top, EndScene))
    assert app.stack.top.headline() == "A draw!"


def test_tab_space_and_enter_choose_a_trump_and_lead():
    app, session, table = start("computer", Match("trumps", {"deck": COMPUTER_DECK, "first": 0}),
                                names=("Ann", "Computer"))

    def focus(item: str) -> None:
        for _ in range(40):
            got = table.focused()
            if got is not None and got[0] == item:
                return
            key(app, pygame.K_TAB)
        raise AssertionError(f"cannot focus {item}")

    focus("suit:D")
    key(app, pygame.K_RETURN)
    assert session.match.state.observe(0)["trumps"][0] == "D"
    run_until(app, lambda: table.my_turn and table.obs["phase"] == "play" and not table.cards.busy)
    card = table.ordered_hand(table.obs["hand"])[-1]
    focus(card)
    key(app, pygame.K_SPACE)
    assert table.selected == card and table.cards.targets[card].selected
    key(app, pygame.K_RETURN)
    assert session.match.state.observe(0)["pile"] == [card]
    assert table.log.lines[-1] == f"Ann led {words.card_text(card)}."


# --- every drop answers (issue 28 item 3); gestures answered by rules/trumps/gestures.py -----------------------
PICKUP_PILE = ["9S", "8C", "KS", "7C", "QS", "TC", "JC", "QH"]  # Q♥ on top: Ann (trump ♥) must take 5


@pytest.mark.parametrize("way", ["drag", "tap"])
def test_the_pile_dragged_to_the_hand_or_tapped_picks_up(way):
    app, session, table = start("computer", PositionMatch(position(["7H", "8H", "6C", "TD"], [], PICKUP_PILE)))
    settle(app)
    top = table.cards.current_rect("QH").center
    if way == "drag":
        press_and_hold(app, top, table.hand_zone.center)
        assert table.drag_keys == ["7C", "QS", "TC", "JC", "QH"], "the cards a pick-up takes come along"
        assert table.lit == [table.hand_zone], "only the hand takes the pile"
        release(app, table.hand_zone.center)
        settle(app)
    else:
        tap(app, top)
        settle(app)
    assert session.match.played[0] == Action.make("pick_up")
    assert table.log.lines[0] == "Ann picked up 5 cards (Q♥ is Ann's trump): Q♥, J♣, 10♣, Q♠, 7♣."


def test_the_pile_brought_to_the_hand_while_a_card_beats_glides_back_with_the_reason():
    app, session, table = start("computer", PositionMatch(position(["JC", "8C", "7D"], [], ["9C"])))
    settle(app)
    home = table.cards.targets["9C"].rect().center
    press_and_hold(app, home, table.hand_zone.center)
    assert table.drag_keys == ["9C"] and table.lit == [], "nothing is lit: a pick-up is not allowed"
    release(app, table.hand_zone.center)
    settle(app)
    assert session.match.cursor == 0
    assert table.toast[0] == "You can beat 9♣ (with J♣, for example), so you may not pick up."
    assert table.cards.current_rect("9C").center == home
    tap(app, home)  # a tap on the pile says the same
    assert session.match.cursor == 0 and table.toast[0].startswith("You can beat 9♣")


def test_the_pile_lights_up_only_for_a_card_that_may_go_there():
    app, session, table = start("computer", PositionMatch(position(["JC", "8C", "TD", "6H"], [], ["9C"])))
    settle(app)
    felt = (table.board.centerx, table.board.y + 5)
    press_and_hold(app, visible_point(table, "8C"), felt)
    assert table.lit == [], "8♣ does not beat 9♣: the pile stays dark"
    release(app, felt)
    settle(app)
    press_and_hold(app, visible_point(table, "JC"), felt)
    assert table.lit == [table.geo.pile_zone]
    release(app, felt)
    settle(app)
    assert table.lit == [] and session.match.cursor == 0
    tap(app, visible_point(table, "6H"))  # a selected card lights its targets too
    assert table.selected == "6H" and table.lit == [table.geo.pile_zone]
    tap(app, visible_point(table, "TD"))
    assert table.selected == "TD" and table.lit == []


def test_a_hand_card_dragged_within_the_hand_moves_there():
    app, session, table = start("computer", PositionMatch(position(["JC", "8C", "TD", "6H"], [], ["9C"])))
    settle(app)
    assert table.ordered_hand(table.obs["hand"]) == ["6H", "8C", "JC", "TD"], "one's trump first, then C D H S"
    drag(app, visible_point(table, "6H"), (table.hand_zone.right - 4, table.hand_zone.centery))
    settle(app)
    assert session.match.cursor == 0
    assert table.ordered_hand(table.obs["hand"]) == ["8C", "JC", "TD", "6H"]
    xs = [table.cards.targets[c].x for c in ["8C", "JC", "TD", "6H"]]
    assert xs == sorted(xs), "the cards lie in the new order"


def test_sorting_by_rank_puts_aces_above_kings_in_one_row():
    app, session, table = start("computer", PositionMatch(position(["AC", "KS", "6D", "7H", "AH"], [], ["9C"])))
    settle(app)
    assert table.ordered_hand(table.obs["hand"]) == ["7H", "AH", "AC", "6D", "KS"], "by suit: one's trump first"
    app.settings.sort_by = "rank"
    table.on_settings("sort_by")
    settle(app)
    hand = table.ordered_hand(table.obs["hand"])
    assert hand == ["6D", "7H", "KS", "AH", "AC"], "by rank the ace is high; on equal ranks one's trump first"
    xs = [table.cards.targets[c].x for c in hand]
    steps = {round(b - a) for a, b in zip(xs, xs[1:], strict=False)}
    assert len(steps) == 1, "sorted by rank the hand is one row, with no gaps between suits"


def test_a_hint_says_it_is_coming_and_is_dropped_when_the_table_closes():
    app, session, table = start("computer", PositionMatch(position(["JC", "8C", "7D", "KS"], [], ["9C"])))
    settle(app)
    app.opts.headless = False  # a windowed run: the frame loop does not wait for the hint
    tap(app, find_button(app, "hint").center)
    job = table.hint_job
    assert job is not None and table.hint is None and table.toast[0] == table.t("table.hint_coming")
    assert not next(b for b in table.buttons.buttons if b.id == "hint").enabled, "one hint at a time"
    app.stack.pop()
    frames(app, 1)
    assert table.hint_job is None and job[1].done() and table.hint is None
