"""Cribbage played through the real table with synthetic mouse, finger and key events."""
from __future__ import annotations

import random

import pygame
import pytest

import sprites.cards
from game.i18n import LANGUAGES, Translator
from game.scenes.cover import CoverScene
from game.scenes.end import EndScene
from game.session import Session
from game.tables import open_table
from game.tables.cribbage import text as crib_text
from game.tables.cribbage.cut import CutStrip
from rules.bots import make_bot
from rules.cards import standard_deck
from rules.core import Action
from rules.match import Match
from rules.rng import derive
from tests.uiplay import find_button, run_until
from tools.driver import drag, frames, key, make_app, settle, tap, wait_for_hint

ANN = ["5H", "5D", "5C", "JS", "4C", "6D"]  # the dealer's six (seat 0)
COMPUTER = ["2C", "3D", "9S", "KH", "QC", "7H"]
STARTER = "5S"
DECK = [*COMPUTER, *ANN, STARTER] + [str(c) for c in standard_deck()
                                     if str(c) not in {*ANN, *COMPUTER, STARTER}]


def start(mode: str, match: Match, size=(1024, 600), names=("Ann", "Computer")):
    app = make_app(size=size)
    app.settings.animation_speed = 4.0  # the quickest the settings allow: same steps, less waiting
    session = Session("cribbage", mode, list(names), match)
    table = open_table(app, session)
    app.stack.push(table)
    frames(app, 2)
    return app, session, table


def ready(app, table) -> bool:
    """The human may act now: nothing is being played out and the table is on top."""
    st = table.match.state
    return st.is_over or (app.stack.top is table and table.my_turn and not table.blocking()
                          and not table.cards.busy)


def wait_ready(app, table, skip: bool = False) -> None:
    for _ in range(6000):
        if isinstance(app.stack.top, CoverScene):
            w, h = app.size
            tap(app, (w // 2, h // 3))
            continue
        if ready(app, table):
            return
        if skip and table.seq.showing:
            tap(app, (table.geo.b.centerx, table.geo.y_mid))
        frames(app)
    raise AssertionError("the table never became ready")


def find_button_enabled(app, bid: str) -> bool:
    return next(b.enabled for b in app.stack.top.buttons.buttons if b.id == bid)


def visible_point(table, card: str) -> tuple[int, int]:
    rect = table.cards.current_rect(card)
    for dx in range(4, rect.w, 3):
        p = (rect.x + dx, rect.y + rect.h // 4)
        hit = table.cards.hit(p)
        if hit is not None and hit.key == card:
            return p
    raise AssertionError(f"{card} is not visible")


def perform(app, table, action: Action, style: int) -> None:
    """Do ``action`` as a player would: mouse, finger or keys, depending on ``style``."""
    if action.kind == "cut":
        zone, cut = table.strip_due()
        x = int(CutStrip.split_x(zone, cut["of"], table.geo.strip_w(zone), action["depth"]))
        if style % 3 == 0:
            drag(app, (zone.x + 4, zone.centery), (x, zone.centery))
            tap(app, find_button(app, "confirm").center)
        elif style % 3 == 1:
            tap(app, (x - 1, zone.centery), touch=True)  # a tap cuts where it lands (just left of the gap)
        else:
            middle = (cut["min"] + cut["max"] + 1) // 2
            key(app, pygame.K_RIGHT)  # the first arrow picks the middle of the pack
            assert table.cut_depth == middle
            step = pygame.K_RIGHT if action["depth"] > middle else pygame.K_LEFT
            for _ in range(abs(action["depth"] - middle)):
                key(app, step)
            assert table.cut_depth == action["depth"]
            key(app, pygame.K_RETURN)
    elif action.kind == "discard":
        for c in action["cards"]:
            tap(app, visible_point(table, c), touch=style % 2 == 1)
            settle(app)
        if style % 2 == 0:
            drag(app, visible_point(table, action["cards"][0]), table.crib_rect().center)
        else:
            tap(app, find_button(app, "confirm").center, touch=True)
    else:
        card = action["card"]
        if style % 3 == 0:
            drag(app, visible_point(table, card), table.geo.play_zone.center, touch=style % 2 == 1)
        elif style % 3 == 1:
            tap(app, visible_point(table, card))
            tap(app, find_button(app, "confirm").center)
        else:
            key(app, getattr(pygame, f"K_{table.ordered_hand(table.obs['hand']).index(card) + 1}"))
            key(app, pygame.K_RETURN)
    settle(app)


def policy(obs: dict, turn: int) -> Action:
    legal = [Action.from_dict(a) for a in obs["legal"]]
    return legal[(turn * 7) % len(legal)] if legal[0].kind != "cut" else Action.make("cut", depth=10 + turn % 20)


def play_human_turn(app, table, session, turn: int) -> Action:
    obs = session.match.state.observe(session.match.state.to_move)
    action = policy(obs, turn)
    before = session.match.cursor
    perform(app, table, action, turn)
    assert session.match.cursor > before and session.match.actions[before] == action, \
        f"{action} was not applied: {table.toast}"
    return action


def test_computer_game_back_forward_and_restart_deal_the_same_cards():
    app, session, table = start("computer", Match("cribbage", {"deck": DECK, "dealer": 0, "seed": 1}))
    match = session.match
    wait_ready(app, table)
    assert table.obs["phase"] == "discard" and table.obs["hand"] == sorted(ANN, key=_rank_suit)
    # select two (a preview), then confirm by dragging both onto the crib
    perform(app, table, Action.make("discard", cards=["4C", "6D"]), 0)
    wait_ready(app, table)
    after = match.cursor
    replies = match.actions[3:after]
    assert [a.kind for a in replies][:2] == ["cut", "play"], "the computer cut the starter and led"
    assert table.obs["starter"] == STARTER and table.obs["count"] > 0
    tap(app, find_button(app, "undo").center)
    assert match.cursor == 2 and table.obs["phase"] == "discard"
    tap(app, find_button(app, "redo").center)
    assert match.cursor == after and match.actions[3:after] == replies
    wait_ready(app, table)
    for turn in range(3):
        if match.state.observe(0)["phase"] != "play" or match.state.to_move != 0:
            break
        play_human_turn(app, table, session, turn)
        wait_ready(app, table, skip=True)
    table.restart()
    wait_ready(app, table)
    assert match.cursor == 2 and table.obs["hand"] == sorted(ANN, key=_rank_suit)


def _rank_suit(card: str):
    from rules.cards import Card

    return Card.parse(card)


def test_computer_game_to_the_end_through_the_ui():
    """A seeded game played by the computer until the scores near 121, then finished through the table."""
    session_match = Match("cribbage", {"seed": 4})
    bot, rng = make_bot("cribbage", 1), derive(4, "test")
    st = session_match.state
    while not st.is_over and (max(st.scores) < 100 or st.to_move != 0):
        st = session_match.play(bot.choose([st.observe(st.to_move)], rng))
    app, session, table = start("computer", session_match)
    kinds = set()
    for turn in range(200):
        wait_ready(app, table, skip=turn % 2 == 0)
        if session.match.state.is_over:
            break
        kinds.add(play_human_turn(app, table, session, turn).kind)
    st = session.match.state
    assert st.is_over and max(st.scores) >= 121
    run_until(app, lambda: isinstance(app.stack.top, EndScene))
    assert app.results[-1] == (f"RESULT game=cribbage seed=4 winners={st.winners[0]} "
                               f"scores={st.scores[0]},{st.scores[1]}")
    columns = table.end_columns()
    assert all(any(line.startswith("Pegging") for line in col) for col in columns)


def test_hotseat_hand_off_never_draws_the_other_hand(monkeypatch):
    app, session, table = start("hotseat", Match("cribbage", {"seed": 21}), names=("Ann", "Ben"))
    drawn: list[str] = []
    real_face = sprites.cards.CardArt.face

    def spy(self, card):
        drawn.append(str(card))
        return real_face(self, card)

    monkeypatch.setattr(sprites.cards.CardArt, "face", spy)
    covers: set[int] = set()
    real_step = app.step

    def checked_step(dt):
        drawn.clear()
        real_step(dt)
        if isinstance(app.stack.top, CoverScene):
            covers.add(id(app.stack.top))
            assert drawn == [], "nothing is drawn under the hand-off cover"
            return
        hidden = session.match.state.hidden_from(table.view_seat)
        assert not hidden & set(drawn), f"{hidden & set(drawn)} drawn for seat {table.view_seat}"

    app.step = checked_step
    hands = session.match.state.observe(0)["hand_no"]
    for turn in range(80):
        wait_ready(app, table, skip=True)
        play_human_turn(app, table, session, turn)
        if session.match.state.observe(0)["hand_no"] >= hands + 3:
            break
    assert len(covers) >= 10
    assert session.match.state.observe(0)["hand_no"] >= 3


def test_the_cut_draws_no_face_before_it_is_confirmed(monkeypatch):
    app, session, table = start("computer", Match("cribbage", {"seed": 3}))
    settle(app)
    drawn: list[str] = []
    real_face = sprites.cards.CardArt.face
    monkeypatch.setattr(sprites.cards.CardArt, "face", lambda self, c: drawn.append(str(c)) or real_face(self, c))
    zone, cut = table.strip_due()
    assert cut == {"purpose": "deal", "min": 4, "max": 48, "of": 52}
    for x in range(zone.x + 40, zone.right, 60):  # drags (a tap would cut)
        drag(app, (zone.x + 4, zone.centery), (x, zone.centery))
        frames(app, 3)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    frames(app, 5)
    assert drawn == [] and session.match.cursor == 0 and table.cut_depth is not None
    depth = table.cut_depth
    key(app, pygame.K_RETURN)
    settle(app)
    assert session.match.actions[0] == Action.make("cut", depth=depth)
    shown = session.match.state.observe(0)["cut_for_deal"]["cards"][0]
    frames(app, 3)
    assert shown in drawn


def test_show_is_counted_step_by_step_and_waits_for_the_next_turn():
    match = Match("cribbage", {"seed": 5})
    bot, rng = make_bot("cribbage", 1), derive(5, "t")
    st = match.state
    while not (st.to_move == 0 and st.phase == "play" and sum(st.observe(0)["hand_counts"]) == 1):
        st = match.play(bot.choose([st.observe(st.to_move)], rng))
    app, session, table = start("computer", match)
    app.settings.animation_speed = 1.0
    wait_ready(app, table)
    card = table.obs["hand"][0]
    perform(app, table, Action.make("play", card=card), 0)
    cursor = match.cursor
    items = table.obs["last_show"]
    lit: list[frozenset] = []
    for _ in range(3000):
        frames(app)
        if table.seq.highlight and (not lit or lit[-1] != table.seq.highlight):
            lit.append(table.seq.highlight)
        if not table.seq.running:
            break
        assert match.cursor == cursor, "nobody moves while the show is being counted"
    expected = [frozenset(p["cards"]) for it in items if it["counted"] for p in it["parts"]]
    assert expected, "this seed's show has something to count"
    assert lit == _dedupe(expected)
    assert table.pegboard.matches(table.obs["pegs"])


def _dedupe(seq):
    out = []
    for x in seq:
        if not out or out[-1] != x:
            out.append(x)
    return out


def test_skip_ends_the_count_and_the_log_waits_for_it():
    match = Match("cribbage", {"seed": 6})
    bot, rng = make_bot("cribbage", 1), derive(6, "t")
    st = match.state
    while not (st.to_move == 0 and st.phase == "play" and sum(st.observe(0)["hand_counts"]) == 1):
        st = match.play(bot.choose([st.observe(st.to_move)], rng))
    app, session, table = start("computer", match)
    app.settings.animation_speed = 1.0
    wait_ready(app, table)
    perform(app, table, Action.make("play", card=table.obs["hand"][0]), 1)
    run_until(app, lambda: table.seq.counting)
    assert not any("hand" in line and "=" in line for line in table.log.lines[-3:])
    assert find_button(app, "skip")
    tap(app, find_button(app, "skip").center)
    assert not table.seq.running and table.pegboard.matches(table.obs["pegs"])
    assert sum(" = " in line or "(0)" in line for line in table.log.lines[-4:]) >= 2


def test_hint_is_a_preview_with_a_reason():
    app, session, table = start("computer", Match("cribbage", {"deck": DECK, "dealer": 0, "seed": 1}))
    wait_ready(app, table)
    cursor = session.match.cursor
    key(app, pygame.K_h)
    wait_for_hint(app, table)
    assert session.match.cursor == cursor and table.hint is not None and table.hint.kind == "discard"
    text = table.preview_text()
    from game.tables.cribbage.words import keep_text
    from rules.cribbage.analysis import discard_rows

    best = discard_rows(ANN, is_dealer=True)[0]  # hand, crib and pegging: the expert's discard early in a game
    in_hand_and_crib = best.hand + best.crib  # Ann deals: her crib counts for her
    assert f"keeps {keep_text(best.keep)}: {in_hand_and_crib:.1f} points expected in hand and crib" in text
    assert f"the pegging adds +{best.pegging:.1f}" in text
    assert set(best.discard) == set(table.hint["cards"]) and table.hint_cards() == set(best.discard)
    sprites_lit = {s.key for s in table.cards.targets.values() if s.glow is not None}
    assert sprites_lit == set(best.discard)


def test_pegs_leapfrog_with_an_animation():
    app, session, table = start("computer", Match("cribbage", {"deck": DECK, "dealer": 0, "seed": 1}))
    wait_ready(app, table)
    board = table.pegboard
    assert board.pegs == [[0.0, 0.0], [0.0, 0.0]]
    board.move(0, 5)
    board.update(0.05)
    assert board.busy and 0 < max(board.pegs[0]) < 5
    board.finish()
    assert sorted(board.pegs[0]) == [0.0, 5.0]
    board.move(0, 9)
    board.finish()
    assert sorted(board.pegs[0]) == [5.0, 9.0], "the back peg jumped past the front one"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_has_a_sentence_and_breakdowns_are_translated(lang):
    from game.tables.cribbage import words

    t = Translator(lang)
    assert t.keys(lang) >= {key for key, _ in crib_text.STRINGS}
    match = Match("cribbage", {"seed": 2})
    bot, rng = make_bot("cribbage", 1), derive(2, "t")
    st = match.state
    while not st.is_over:
        st = match.play(bot.choose([st.observe(st.to_move)], rng))
    seen = set()
    for _, e in match.log():
        line = words.describe(t, ["Ann", "Ben"], e)
        assert "cribbage." not in line and "{" not in line and "type" not in line, line
        seen.add(e["type"])
    assert {"cribbage.play", "cribbage.show", "cribbage.go", "cribbage.end"} <= seen
    from rules.cribbage.state import score_hand

    b = score_hand(["5H", "5D", "5C", "JS"], "5S").to_json()
    text = words.show_breakdown(t, b["parts"], b["total"])
    assert text == {"en": "8 fifteens for 16, double pair royal for 12, nobs for 1 = 29",
                    "de": "8× Fünfzehn für 16, Vierling für 12, Nobs für 1 = 29",
                    "uk": "8 п’ятнадцяток — 16, четвірка — 12, нобс — 1 = 29"}[lang]
    said = words.spoken_count(t, b["parts"], 3)
    assert said == {"en": "fifteen two, fifteen four, fifteen six", "de": "fünfzehn zwei, fünfzehn vier, "
                    "fünfzehn sechs", "uk": "п’ятнадцять — два, п’ятнадцять — чотири, п’ятнадцять — шість"}[lang]
    assert t("cribbage.rules") != "cribbage.rules"


def test_autosave_and_continue_from_the_menu():
    from game.scenes.menu import MenuScene

    app, session, table = start("computer", Match("cribbage", {"deck": DECK, "dealer": 0, "seed": 1}))
    wait_ready(app, table)
    perform(app, table, Action.make("discard", cards=["4C", "6D"]), 1)
    saved = app.saves.latest()
    assert saved and saved[0].game_id == "cribbage"
    app2 = make_app(size=(1024, 600))
    app2.stack.push(MenuScene(app2))
    frames(app2, 2)
    tap(app2, find_button(app2, "continue").center)
    frames(app2, 2)
    resumed = app2.stack.top
    assert resumed.game_id == "cribbage" and resumed.session.match.actions == session.match.actions
    assert resumed.obs["hand"] == table.obs["hand"] and resumed.pegboard.matches(table.obs["pegs"])


def test_selection_previews_and_refusals():
    app, session, table = start("computer", Match("cribbage", {"deck": DECK, "dealer": 0, "seed": 1}))
    wait_ready(app, table)
    for c in ("5H", "5D", "5C"):
        tap(app, visible_point(table, c))
    assert table.selected == ["5D", "5C"], "a third card replaces the older of the two"
    tap(app, visible_point(table, "5C"))
    assert table.selected == ["5D"]
    cursor = session.match.cursor
    drag(app, visible_point(table, "5D"), table.crib_rect().center)
    assert session.match.cursor == cursor and "two different cards" in table.toast[0]
    # the play: a card that would pass 31 is dimmed and refused with the rules' reason
    match = Match("cribbage", {"seed": 8})
    bot, rng = make_bot("cribbage", 1), derive(8, "t")
    st = match.state
    while not (st.to_move == 0 and st.phase == "play" and
               any(st.count + min(c.rank, 10) > 31 for c in st.hands[0])):
        st = match.play(bot.choose([st.observe(st.to_move)], rng))
    app, session, table = start("computer", match)
    wait_ready(app, table)
    high = next(c for c in table.obs["hand"] if table.obs["count"] + min(_rank_suit(c).rank, 10) > 31)
    assert table.cards.targets[high].dim
    fits = next(c for c in table.obs["hand"] if c != high and table.obs["count"] + min(_rank_suit(c).rank, 10) <= 31)
    hold(app, visible_point(table, fits), table.geo.play_zone.center)
    assert table.lit == [table.geo.play_zone], "a card that fits lights the play"
    let_go(app, table.geo.hand_zone.midright)
    settle(app)
    hold(app, visible_point(table, high), table.geo.play_zone.center)
    assert table.lit == [], "a card that would pass 31 lights nothing"
    let_go(app, table.geo.play_zone.center)
    assert session.match.cursor == match.cursor and table.toast[0].endswith("the count may not pass 31.")


def test_a_game_won_in_the_play_turns_the_computers_cards_face_up():
    match = Match("cribbage", {"seed": 98})
    rng = random.Random(98)  # random play from this seed ends in the play with both players holding cards
    st = match.state
    while not st.is_over:
        st = match.play(rng.choice(st.legal_actions()))
    assert [e["during"] for e in st.events if e["type"] == "cribbage.end"] == ["play"]
    left = st.observe(0)["hands"][1]
    assert len(left) == 2
    match.undo()  # one step before the end: the computer's cards are backs
    app, session, table = start("computer", match)
    settle(app)
    assert [s.card for k, s in table.cards.targets.items() if k.startswith("opp:")] == [None] * len(
        match.state.hands[1])
    match.redo()
    table.refresh()
    settle(app)
    assert sorted(s.card for k, s in table.cards.targets.items() if k.startswith("opp:")) == sorted(left)


def hold(app, start: tuple[int, int], to: tuple[int, int]) -> None:
    """Press on ``start`` and move to ``to`` without letting go (a card held over a spot)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False))
    for p in (((start[0] + to[0]) // 2, (start[1] + to[1]) // 2), to):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0), touch=False))
    frames(app, 2)


def let_go(app, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    frames(app, 2)


def test_every_drop_answers_and_only_legal_targets_light():
    app, session, table = start("computer", Match("cribbage", {"deck": DECK, "dealer": 0, "seed": 1}))
    wait_ready(app, table)
    match, crib, play_zone = session.match, table.crib_rect(), table.geo.play_zone
    cursor = match.cursor
    hold(app, visible_point(table, "5H"), crib.center)  # one card alone cannot go to the crib
    assert table.drag_keys == ["5H"] and table.lit == []
    let_go(app, play_zone.center)  # used to glide back without a word
    assert match.cursor == cursor and table.toast[0] == "Now is the time to put two cards in the crib."
    settle(app)
    tap(app, visible_point(table, "4C"))
    tap(app, crib.center)  # a tap on the crib with one card chosen says what is missing
    assert match.cursor == cursor and table.toast[0] == "Choose two different cards for the crib."
    tap(app, visible_point(table, "6D"))
    assert table.selection_targets() == [crib], "a tap on the crib would discard the two chosen cards"
    hold(app, visible_point(table, "6D"), crib.center)
    assert sorted(table.drag_keys) == ["4C", "6D"] and table.lit == [crib] and table.selection_targets() == []
    let_go(app, crib.center)
    assert match.actions[cursor] == Action.make("discard", cards=["4C", "6D"])
    assert table.lit == [] and table.selected == []


def test_a_tap_on_the_pack_cuts_there_a_drag_only_marks_and_cut_needs_a_depth():
    app, session, table = start("computer", Match("cribbage", {"seed": 3}))
    settle(app)
    zone, cut = table.strip_due()
    assert not find_button_enabled(app, "confirm"), "the Cut button waits for a depth (Enter cuts in the middle)"

    def x(depth: int) -> int:
        return int(CutStrip.split_x(zone, cut["of"], table.geo.strip_w(zone), depth)) - 1

    drag(app, (x(10), zone.centery), (x(20), zone.centery))
    assert session.match.cursor == 0 and table.cut_depth == 20, "letting go of a drag never cuts"
    tap(app, (x(25), zone.centery), touch=True)
    assert session.match.actions == [Action.make("cut", depth=25)]


def test_the_hand_follows_the_sort_setting_and_rearranges_by_dragging():
    app, session, table = start("computer", Match("cribbage", {"deck": DECK, "dealer": 0, "seed": 1}))
    wait_ready(app, table)

    def shown() -> list[str]:
        return sorted(table.obs["hand"], key=lambda c: table.cards.targets[c].x)

    assert app.settings.sort_by == "suit" and shown() == ["4C", "5C", "5D", "6D", "5H", "JS"]
    app.settings.sort_by = "rank"
    table.on_settings("sort_by")
    assert shown() == ["4C", "5C", "5D", "5H", "6D", "JS"]
    cursor = session.match.cursor
    first = table.cards.current_rect("4C")
    drag(app, visible_point(table, "JS"), (first.x + 2, first.centery))  # moved within the hand: a view choice
    settle(app)
    assert shown() == ["JS", "4C", "5C", "5D", "5H", "6D"] and session.match.cursor == cursor
    key(app, pygame.K_1)
    assert table.selected == ["JS"], "the number keys follow the order shown"


def test_the_discard_analysis_opens_beside_the_hint_and_marks_the_experts_discard():
    from game.scenes.analysis import AnalysisScene
    from game.seats import seen_by
    from rules.cards import Card
    from tools.driver import run_until as until_answered

    app, session, table = start("computer", Match("cribbage", {"deck": DECK, "dealer": 0, "seed": 1}))
    wait_ready(app, table)
    cursor = session.match.cursor
    ids = [b.id for b in table.buttons.buttons]
    assert "analysis" in ids and "skip" not in ids  # in the discard it takes Skip's place
    tap(app, find_button(app, "analysis").center)
    frames(app, 2)
    panel = app.stack.top
    assert isinstance(panel, AnalysisScene)
    assert until_answered(app, lambda: panel.grid is not None), "thought in the worker while the frames go on"
    grid = panel.grid
    assert len(grid.rows) == 15 and len(grid.headers) == 5
    hint = make_bot("cribbage", 3).choose(seen_by(table.match, table.view_seat, {}), derive(0, "hint", cursor))
    assert set(grid.rows[grid.marked][0].split()) == {Card.parse(c).pretty for c in hint["cards"]}
    tap(app, find_button(app, "close").center)
    frames(app, 2)
    assert app.stack.top is table and session.match.cursor == cursor  # looking changes nothing


def test_the_discard_analysis_never_stalls_a_headless_frame(monkeypatch):
    """Issue 42: a headless run waited on the frame for the worker's answer."""
    import threading
    import time
    from concurrent.futures import Future

    from game.scenes.analysis import AnalysisScene
    from rules.cribbage.advice import analyse
    from tools.driver import run_until as until_answered

    app, session, table = start("computer", Match("cribbage", {"deck": DECK, "dealer": 0, "seed": 1}))
    wait_ready(app, table)
    from game.seats import seen_by

    answer = analyse(seen_by(table.match, table.view_seat, {}), (0, "hint", session.match.cursor))
    slow: Future = Future()
    monkeypatch.setattr(app.executor, "submit", lambda fn, *args: slow)
    threading.Timer(1.5, lambda: slow.set_result(answer)).start()
    start_at = time.monotonic()
    tap(app, find_button(app, "analysis").center)
    frames(app, 10)
    panel = app.stack.top
    assert time.monotonic() - start_at < 1.0 and isinstance(panel, AnalysisScene) and panel.grid is None
    assert until_answered(app, lambda: panel.grid is not None)
    assert len(panel.grid.rows) == 15
