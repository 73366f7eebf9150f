"""Card Square played through the real scenes with synthetic mouse, finger and key events: every power,
a knock, the end by the empty draw pile, refusals that glide back, and no face a seat may not see."""
from __future__ import annotations

import pygame
import pytest

from game.i18n import LANGUAGES
from game.scenes.cover import CoverScene
from game.scenes.end import EndScene
from game.session import Session
from game.tables import open_table
from game.tables.square import words
from game.tables.square.sprites import slot_versions
from rules.bots import make_bot
from rules.cards import standard_deck
from rules.core import Action
from rules.match import Match
from rules.rng import derive
from rules.square.actions import index_of
from tests.uiplay import FaceWatch, find_button, run_until
from tools.driver import drag, frames, key, make_app, settle, tap, wait_for_hint

DIGITS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4]
# Ann (seat 0): 5H KS / 9C 3D; Ben (seat 1): 8S 2H / 6C 6D; then the draw pile from its top
SQUARES = ["5H", "KS", "9C", "3D", "8S", "2H", "6C", "6D"]
TOP = ["7H", "9S", "JS", "QD", "QH", "8D", "TS", "5C", "4H"]
LAST = "TC"


def deck() -> list[str]:
    fixed = SQUARES + TOP + [LAST]
    middle = [str(c) for c in standard_deck() if str(c) not in fixed]
    return SQUARES + TOP + middle + [LAST]


@pytest.fixture(autouse=True)
def _quick_autosave(monkeypatch):
    # every move is autosaved with an fsync; durability is not under test here, the game is
    monkeypatch.setattr("game.paths.os.fsync", lambda fd: None)


def start(mode: str, names=("Ann", "Ben"), seed=None):
    app = make_app(size=(1024, 600))
    app.settings.animation_speed = 4.0
    match = Match("square", {"seed": seed} if seed is not None else {"deck": deck(), "first": 0})
    session = Session("square", mode, list(names), match)
    table = open_table(app, session)
    app.stack.push(table)
    frames(app, 2)
    return app, session, table


def act(kind: str, **args) -> Action:
    return Action.make(kind, **args)


def pt(p) -> tuple[int, int]:
    return int(p[0]), int(p[1])


def slot(table, mine: bool, pos) -> tuple[int, int]:
    return pt(table.geo.slot(mine, index_of(pos)))


def press(app, bid: str, touch: bool = False) -> None:
    tap(app, find_button(app, bid).center, touch=touch)


def focus_on(app, table, item: str) -> None:
    for _ in range(40):
        got = table.focused()
        if got is not None and got[0] == item:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"cannot focus {item}")


# --- performing one move by hand, in one of several ways -------------------------------------------
BUTTONS = {"look": "look", "skip_look": "skip", "done": "done", "queen_swap": "qswap", "queen_keep": "keep",
           "knock": "knock"}


def perform(app, table, a: Action, way: str) -> None:
    geo, k, touch = table.geo, a.kind, way == "touch"
    if k in BUTTONS:
        if way == "keys" and k in ("done", "knock"):
            key(app, pygame.K_RETURN if k == "done" else pygame.K_k)
        else:
            press(app, BUTTONS[k], touch)
        if k == "knock" and app.stack.top.name == "choose":  # Knock asks first (the setting's default)
            press(app, "pick:0", touch)
    elif k == "draw":
        if way == "keys":
            key(app, pygame.K_d)
        elif touch:
            tap(app, geo.draw_rect.center, touch=True)
        else:
            drag(app, geo.draw_rect.center, geo.my_square.center)
    elif k in ("swap", "take", "discard"):
        perform_place(app, table, a, way)
    else:
        perform_power(app, table, a, way)
    settle(app)


def perform_place(app, table, a: Action, way: str) -> None:
    """Swap, take or discard: a drag; two taps on the target; or focus, Space / a digit, then Enter."""
    geo, k = table.geo, a.kind
    source = geo.discard_rect.center if k == "take" else pt(geo.drawn_mine)
    target = geo.discard_rect.center if k == "discard" else slot(table, True, a["pos"])
    if way == "mouse":
        drag(app, source, target)
    elif way == "touch":
        if k == "take":
            tap(app, source, touch=True)
        tap(app, target, touch=True)
        tap(app, target, touch=True)
    else:
        if k in ("take", "discard"):
            focus_on(app, table, "discard")
            key(app, pygame.K_SPACE)
        if k != "discard":
            key(app, DIGITS[index_of(a["pos"])])
        key(app, pygame.K_RETURN)


def perform_power(app, table, a: Action, way: str) -> None:
    geo, k = table.geo, a.kind
    zone, drawn = geo.power_zone.center, pt(geo.drawn_mine)
    if k == "peek":
        target = slot(table, True, a["pos"])
        drag(app, drawn, zone)  # the zone chooses the power; the card glides back
        assert table.pick.mode == "peek" and table.pick.action() is None
        assert table.session.match.state.observe(table.view_seat)["drawn"]
        if way == "mouse":
            drag(app, drawn, target)  # dropped on one's own card, in peek mode: the peek itself
        else:
            tap(app, target, touch=way == "touch")
            press(app, "confirm", touch=way == "touch")
    elif k == "spy":
        target = slot(table, False, a["pos"])
        if way == "mouse":
            drag(app, drawn, target)
        else:
            tap(app, zone, touch=True)
            tap(app, target, touch=True)
            assert table.pick.action() == a, "a preview first"
            tap(app, target, touch=True)
    else:  # jack_swap, queen_look: a preview of both cards, then Confirm
        own, opp = slot(table, True, a["own"]), slot(table, False, a["opp"])
        if way == "mouse":
            drag(app, drawn, opp)
            key(app, DIGITS[index_of(a["own"])])
            assert table.pick.action() == a
            key(app, pygame.K_RETURN)
        else:
            tap(app, zone, touch=way == "touch")
            tap(app, own, touch=way == "touch")
            tap(app, opp, touch=way == "touch")
            assert table.pick.action() == a
            press(app, "confirm", touch=way == "touch")


WAYS = ("mouse", "touch", "keys")
SCRIPT = [  # (action, way) in order; the covers come in between
    (act("look"), "mouse"), (act("done"), "keys"), (act("skip_look"), "touch"),
    (act("draw"), "mouse"), (act("peek", pos=(1, 1)), "touch"), (act("done"), "mouse"),
    (act("draw"), "touch"), (act("spy", pos=(2, 2)), "mouse"), (act("done"), "keys"),
    (act("draw"), "keys"), (act("jack_swap", own=(1, 2), opp=(1, 1)), "touch"),
    (act("draw"), "mouse"), (act("queen_look", own=(2, 2), opp=(1, 1)), "mouse"), (act("queen_swap"), "mouse"),
    (act("draw"), "touch"), (act("queen_look", own=(2, 1), opp=(1, 2)), "keys"), (act("queen_keep"), "touch"),
    (act("take", pos=(1, 2)), "mouse"),
    (act("draw"), "keys"), (act("peek", pos=(2, 2)), "mouse"), (act("done"), "mouse"),
    (act("draw"), "mouse"), (act("spy", pos=(2, 1)), "touch"), (act("done"), "touch"),
    (act("draw"), "touch"), (act("swap", pos=(2, 2)), "mouse"),
    (act("draw"), "mouse"), (act("discard"), "mouse"),
    (act("take", pos=(1, 1)), "touch"),
    (act("take", pos=(2, 1)), "keys"),
]


def filler(obs: dict, turn: int) -> tuple[Action, str]:
    """After the script: draw, then swap or discard; the very last card (a 10) spies."""
    way = WAYS[turn % 3]
    if obs["phase"] == "turn":
        return act("draw"), way
    if obs["phase"] == "reveal":
        return act("done"), way
    if obs["draw_count"] == 0:
        return act("spy", pos=(1, 2)), way
    if turn % 4 == 0:
        return act("swap", pos=(2, 1 + turn % 2)), way
    return act("discard"), way




def confirm_cover(app, touch=False) -> None:
    w, h = app.size
    tap(app, (w // 2, h // 3), touch=touch)
    settle(app)


def test_hotseat_game_with_every_power_to_the_empty_draw_pile(monkeypatch):
    app, session, table = start("hotseat")
    watch = FaceWatch(monkeypatch, app, table)
    match = session.match
    covers = turn = 0
    for _ in range(400):
        if match.state.is_over:
            break
        if isinstance(app.stack.top, CoverScene):
            assert watch.bad == []
            confirm_cover(app, touch=covers % 2 == 1)
            covers += 1
            continue
        assert table.my_turn
        obs = match.state.observe(match.state.to_move)
        action, way = SCRIPT[turn] if turn < len(SCRIPT) else filler(obs, turn)
        before = match.cursor
        perform(app, table, action, way)
        assert match.cursor == before + 1 and match.actions[before] == action, \
            f"{action} by {way} was not made: {table.toast}"
        turn += 1
    st = match.state
    assert st.is_over and st.end_reason == "deck_empty" and covers > 40
    assert watch.bad == [] and watch.seen
    kinds = {a.kind for a in match.actions}
    assert kinds == {"look", "skip_look", "done", "draw", "peek", "spy", "jack_swap", "queen_look",
                     "queen_swap", "queen_keep", "take", "swap", "discard"}
    log = table.log.lines
    viewer = table.obs["seat"]

    def seen(pos, owner):  # the opponent's square faces the viewer: their (1,1) is on the viewer's bottom right
        r, c = pos if owner == viewer else (3 - pos[0], 3 - pos[1])
        return f"{('top', 'bottom')[r - 1]}-{('left', 'right')[c - 1]} card"

    assert (f"Ann played the power card J♠: blind-swapped their {seen((1, 2), 0)} with Ben's {seen((1, 1), 1)}."
            in log)
    assert (f"Ben played the power card Q♦: looked at their {seen((2, 2), 1)} and Ann's {seen((1, 1), 0)} and swapped "
            "them." in log)
    assert (f"Ann played the power card Q♥: looked at their {seen((2, 1), 0)} and Ben's {seen((1, 2), 1)} and did not "
            "swap." in log)
    assert f"Ann played the power card 7♥: looked at their own {seen((1, 1), 0)}." in log
    assert f"Ben played the power card 9♠: looked at Ann's {seen((2, 2), 0)}." in log
    assert f"Ben took Q♥ from the discard pile in place of their {seen((1, 2), 1)}; 2♥ went to the discard pile." in log
    assert not any("(1," in ln or "(2," in ln for ln in log)  # the table labels no positions, so neither does the log
    assert log[-2] == "The draw pile is empty: game over."
    spy = [e for _, e in match.log()][-2]
    assert spy["type"] == "square.spy" and spy["card"] == LAST  # the last card is still used for its power
    run_until(app, lambda: isinstance(app.stack.top, EndScene))
    frames(app, 2)
    assert app.results[-1] == (f"RESULT game=square seed=None winners={','.join(map(str, st.winners))} "
                               f"scores={st.scores[0]},{st.scores[1]}")
    assert all(s["card"] for sq in table.obs["squares"] for s in sq)  # the table shows all eight cards
    columns = table.end_columns()
    assert len(columns[0]) >= 5 and columns[0][0].startswith("top left" if viewer == 0 else "bottom right")
    assert columns[0][4].endswith(f"= {st.scores[0]}")


def test_hotseat_knock_on_the_first_turn_gives_exactly_one_final_turn():
    app, session, table = start("hotseat")
    match = session.match
    plan = [(act("skip_look"), "mouse"), (act("skip_look"), "mouse"), (act("knock"), "keys"),
            (act("draw"), "touch"), (act("discard"), "keys")]
    for action, way in plan:
        if isinstance(app.stack.top, CoverScene):
            confirm_cover(app)
        if action.kind == "draw":  # Ben's final turn: no knocking any more
            assert not any(b.id == "knock" and b.enabled for b in table.buttons.buttons)
            assert words.prompt(table.t, session.names, table.obs, table.pick).startswith("Final turn")
            key(app, pygame.K_k)
            assert table.toast and "already knocked" in table.toast[0]
        perform(app, table, action, way)
        assert match.actions[-1] == action, table.toast
    assert match.state.is_over and match.state.end_reason == "knock"
    assert "Ann knocked. Ben has one final turn." in table.log.lines
    run_until(app, lambda: isinstance(app.stack.top, EndScene))


def test_versus_computer_game_with_powers_and_a_knock(monkeypatch):
    app, session, table = start("computer", names=("Ann", "Computer"), seed=11)
    watch = FaceWatch(monkeypatch, app, table)
    match = session.match
    turn, made = 0, []
    for _ in range(200):
        if match.state.is_over:
            break
        run_until(app, lambda: match.state.is_over or (table.my_turn and not table.cards.busy))
        if match.state.is_over:
            break
        obs = table.obs
        legal = [Action.from_dict(x) for x in obs["legal"]]
        kinds = {a.kind for a in legal}
        if obs["phase"] == "look":
            action = act("look")
        elif obs["phase"] == "turn":
            action = act("knock") if turn >= 6 and "knock" in kinds else act("draw")
        elif obs["phase"] == "drawn":
            power = [a for a in legal if a.kind in ("peek", "spy", "jack_swap", "queen_look")]
            action = power[turn % len(power)] if power else act("discard")
        else:
            action = legal[turn % len(legal)]
        before = match.cursor
        perform(app, table, action, WAYS[turn % 3])
        assert match.actions[before] == action, f"{action} was not made: {table.toast}"
        made.append(action.kind)
        turn += 1
    assert match.state.is_over and match.state.end_reason == "knock"
    assert "knock" in made and {"peek", "spy", "jack_swap", "queen_look"} & set(made)
    assert "Ann knocked. Computer has one final turn." in table.log.lines
    assert watch.bad == []
    run_until(app, lambda: isinstance(app.stack.top, EndScene))
    assert app.results[-1].startswith("RESULT game=square seed=11 winners=")


def test_refused_drops_glide_back_with_the_rules_reason():
    app, session, table = start("computer", names=("Ann", "Computer"))
    perform(app, table, act("skip_look"), "mouse")
    run_until(app, lambda: table.my_turn and table.obs["phase"] == "turn" and not table.cards.busy)
    perform(app, table, act("draw"), "mouse")
    drawn = table.obs["drawn"]  # 7♥: a peek card, not a spy card
    key_name = next(k for k in table.cards.targets if k.startswith("drawn:"))
    home = table.cards.targets[key_name].rect().center
    drag(app, pt(table.geo.drawn_mine), slot(table, False, (1, 1)))
    assert table.toast and "Only a drawn 9 or 10" in table.toast[0]
    assert table.obs["drawn"] == drawn and session.match.actions[-1].kind == "draw"
    settle(app)
    assert table.cards.current_rect(key_name).center == home
    drag(app, table.geo.draw_rect.center, table.geo.my_square.center)  # a second draw
    assert "already drawn" in table.toast[0]
    perform(app, table, act("discard"), "mouse")
    run_until(app, lambda: table.my_turn and table.obs["phase"] == "turn" and not table.cards.busy)
    top = table.obs["discard_top"]
    drag(app, table.geo.discard_rect.center, slot(table, False, (2, 2)))
    assert table.toast[0] == table.t("square.refuse.take_own")
    settle(app)
    assert table.cards.current_rect(f"disc:{top}").center == table.geo.discard_rect.center


def test_cover_and_private_cards_never_show_to_the_wrong_seat(monkeypatch):
    app, session, table = start("hotseat")
    watch = FaceWatch(monkeypatch, app, table)
    frames(app, 5)
    assert isinstance(app.stack.top, CoverScene) and watch.seen == set()
    confirm_cover(app)
    perform(app, table, act("look"), "mouse")
    assert {"9C", "3D"} <= watch.seen  # Ann sees her bottom cards
    perform(app, table, act("done"), "mouse")
    watch.seen.clear()
    frames(app, 5)
    assert isinstance(app.stack.top, CoverScene) and watch.seen == set()
    confirm_cover(app)
    assert not watch.seen & {"9C", "3D"}  # Ben never sees Ann's look
    perform(app, table, act("skip_look"), "mouse")
    confirm_cover(app)
    perform(app, table, act("draw"), "mouse")
    assert "7H" in watch.seen
    perform(app, table, act("swap", pos=(2, 1)), "mouse")  # 7♥ goes face down into Ann's square
    confirm_cover(app)
    watch.seen.clear()
    frames(app, 10)
    assert "7H" not in watch.seen and watch.bad == []


def test_hint_lights_the_suggested_move_and_undo_against_the_computer():
    app, session, table = start("computer", names=("Ann", "Computer"), seed=5)
    run_until(app, lambda: table.my_turn and not table.cards.busy)
    press(app, "hint")
    wait_for_hint(app, table)
    assert table.hint is not None and table.hint.to_json() in table.obs["legal"]
    lit = {s.key for s in table.cards.targets.values() if s.glow is not None}
    assert lit or table.hint.kind in ("skip_look", "knock")
    assert table.toast and table.toast[0].startswith("Hint")
    while session.match.state.observe(0)["phase"] in ("look", "reveal"):
        perform(app, table, Action.from_dict(table.obs["legal"][0]), "mouse")
        run_until(app, lambda: table.my_turn and not table.cards.busy)
    before = session.match.cursor
    perform(app, table, act("draw"), "keys")
    perform(app, table, act("discard"), "keys")
    run_until(app, lambda: table.my_turn and not table.cards.busy)
    assert session.match.cursor > before + 2  # the computer replied
    press(app, "undo")
    assert session.match.cursor == before + 1 and table.obs["phase"] == "drawn"
    assert table.obs["drawn"] is not None  # the drawn card is back in Ann's hand, face up for her


def test_sprite_keys_follow_cards_that_move():
    log = [{"type": "square.swap", "seat": 0, "pos": [2, 1], "discarded": "8H"},
           {"type": "square.jack", "seat": 1, "card": "JS", "own": [1, 2], "opp": [2, 1]},
           {"type": "square.queen", "seat": 0, "card": "QD", "own": [1, 1], "opp": [1, 1], "swapped": False}]
    assert slot_versions(log) == {(0, 2): 2, (1, 1): 1}


@pytest.mark.parametrize(("lang", "mine", "theirs"), [
    ("en", "Ann played the power card 7♥: looked at their own bottom-left card.",
     "Ann played the power card 9♠: looked at Ben's bottom-right card."),
    ("de", "Ann hat die Aktionskarte 7♥ gespielt: die eigene Karte unten links angesehen.",
     "Ann hat die Aktionskarte 9♠ gespielt: die Karte unten rechts von Ben angesehen."),
    ("uk", "Ann зіграв карту сили 7♥: подивився на свою карту внизу ліворуч.",
     "Ann зіграв карту сили 9♠: подивився на карту гравця Ben внизу праворуч."),
])
def test_the_log_names_positions_as_the_reader_sees_them(lang, mine, theirs):
    """No position is labelled on the table, so the log says where a card lies on the reader's screen: the
    opponent's square faces the reader, so its (1,1) (far left, as its owner sees it) is the reader's bottom right."""
    from game.i18n import Translator

    t = Translator(lang)
    peek = {"type": "square.peek", "seat": 0, "card": "7H", "pos": [2, 1]}
    spy = {"type": "square.spy", "seat": 0, "card": "9S", "pos": [1, 1]}
    assert words.log_lines(t, ["Ann", "Ben"], peek, 0) == [mine]
    assert words.log_lines(t, ["Ann", "Ben"], spy, 0) == [theirs]
    if lang == "en":  # Ben reads the same moves from across the table
        assert words.log_lines(t, ["Ann", "Ben"], peek, 1) == \
            ["Ann played the power card 7♥: looked at their own top-right card."]
        assert words.log_lines(t, ["Ann", "Ben"], spy, 1) == \
            ["Ann played the power card 9♠: looked at Ben's top-left card."]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_has_a_public_sentence(lang):
    from game.i18n import Translator

    t = Translator(lang)
    bot = make_bot("square", 2)
    rng = derive(9, "words")
    st = Match("square", {"seed": 9}).state
    lines = []
    while not st.is_over:
        st = st.apply(bot.choose([st.observe(st.to_move)], rng))
        for e in st.events:
            lines += words.log_lines(t, ["Ann", "Ben"], e, 0)
    assert lines and all("{" not in ln and "square." not in ln for ln in lines)
    final = t("square.log.final", a="", sa="", b="", sb="").split()[0]
    assert any(final in ln for ln in lines)


# --- every drop answers, in the player's language (issue 28 item 3, issue 31) ----------------------------------
def drawn_seven(lang: str = "en"):
    """Ann against the computer, holding the drawn 7♥ (a peek card)."""
    app, session, table = start("computer", names=("Ann", "Computer"))
    app.set_language(lang)
    perform(app, table, act("skip_look"), "mouse")
    run_until(app, lambda: table.my_turn and table.obs["phase"] == "turn" and not table.cards.busy)
    perform(app, table, act("draw"), "mouse")
    assert table.obs["drawn"] == "7H"
    return app, session, table


def test_a_german_table_words_a_refused_drop_in_german():
    app, session, table = drawn_seven("de")
    drag(app, pt(table.geo.drawn_mine), slot(table, False, (1, 1)))  # a 7 cannot spy
    assert table.toast[0] == "Nur mit einer gezogenen 9 oder 10 darfst du eine Karte deines Gegenübers ansehen."
    drag(app, pt(table.geo.drawn_mine), table.geo.draw_rect.center)
    assert table.toast[0] == "Karten kommen nie zurück auf den Nachziehstapel."
    assert session.match.actions[-1] == act("draw")


def test_a_drawn_seven_dropped_on_an_own_card_asks_swap_or_peek():
    app, session, table = drawn_seven()
    drag(app, pt(table.geo.drawn_mine), slot(table, True, (2, 1)))
    dialog = app.stack.top
    assert dialog.name == "choose" and dialog.labels == ["Put 7♥ in place of your bottom-left card",
                                                         "Play 7♥ for its power: peek at your bottom-left card"]
    assert session.match.actions[-1] == act("draw")  # nothing happens before the answer
    tap(app, find_button(app, "pick:1").center)
    settle(app)
    assert session.match.actions[-1] == act("peek", pos=(2, 1))


def test_a_held_card_lights_only_where_it_may_go():
    app, session, table = drawn_seven()
    geo = table.geo
    table.light_targets(table.spot_of([next(k for k in table.cards.targets if k.startswith("drawn:"))]))
    own = [geo.slot_rect(True, i).inflate(geo.gap, geo.gap) for i in range(4)]
    assert sorted(map(tuple, table.lit)) == sorted(map(tuple, [*own, geo.discard_rect, geo.power_zone]))
    table.light_targets(table.spot_of(["draw:top"]))
    assert table.lit == []  # the card is drawn already: the draw pile may go nowhere


def test_closed_takes_are_refused_at_the_table_with_their_own_words():
    app, session, table = start("hotseat")
    match = session.match
    for a in [act("skip_look"), act("skip_look"), act("draw"), act("discard")] + [act("take", pos=(1, 1))] * 10:
        match.play(a)
    table.refresh(animate=False)
    while not table.my_turn:
        confirm_cover(app)
    assert table.my_turn and table.view_seat == 1 and table.obs["takes"] == 10
    assert words.prompt(table.t, session.names, table.obs, table.pick) == table.t("square.prompt.turn_first")
    drag(app, table.geo.discard_rect.center, slot(table, True, (1, 2)))
    assert table.toast[0] == table.t("square.refuse.takes_closed", turns=10)
    assert table.toast[0].startswith("10 turns in a row took from the discard pile")
    assert len(match.actions) == 14


def test_the_drawn_card_dropped_beside_ones_cards_asks_which_one_it_replaces():
    app, session, table = drawn_seven()
    sq = table.geo.my_square
    drag(app, pt(table.geo.drawn_mine), (sq.x - table.geo.gap // 2 - 2, sq.centery))  # just left of the square
    assert table.pick.mode == "swap" and table.pick.action() is None
    prompt = words.prompt(table.t, session.names, table.obs, table.pick)
    assert prompt == "7♥: pick the card of your square it replaces."
    key(app, pygame.K_3)
    assert table.pick.action() == act("swap", pos=(2, 1)) and session.match.actions[-1] == act("draw")
    key(app, pygame.K_3)  # the same card again makes the move
    settle(app)
    assert session.match.actions[-1] == act("swap", pos=(2, 1))


def test_a_drawn_jack_pairs_an_own_card_dragged_onto_an_opponent_card_after_asking():
    app, session, table = start("hotseat")
    match = session.match
    for a in [act("skip_look"), act("skip_look"), act("draw"), act("discard"), act("draw"), act("discard"),
              act("draw")]:
        match.play(a)
    table.refresh(animate=False)
    while not table.my_turn:
        confirm_cover(app)
    assert table.obs["drawn"] == "JS"
    drag(app, slot(table, True, (1, 2)), slot(table, True, (2, 2)))
    assert table.toast[0] == table.t("square.refuse.one_of_each")
    drag(app, slot(table, True, (1, 2)), slot(table, False, (1, 1)))
    dialog = app.stack.top
    assert dialog.name == "confirm" and dialog.text == "Blind-swap your top-right card with Ben's bottom-right card?"
    assert table.pick.action() == act("jack_swap", own=(1, 2), opp=(1, 1)) and match.actions[-1] == act("draw")
    tap(app, find_button(app, "yes").center)
    settle(app)
    assert match.actions[-1] == act("jack_swap", own=(1, 2), opp=(1, 1))
