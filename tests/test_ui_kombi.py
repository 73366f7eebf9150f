"""Kombi-Duell played through the real scenes with synthetic mouse, finger and key events."""
from __future__ import annotations

import pygame
import pytest

import sprites.cards
from game.scenes.confirm import ChooseScene
from game.scenes.cover import CoverScene
from game.scenes.end import EndScene
from game.session import Session
from game.tables import open_table
from tests.uiplay import find_button, kombi_policy, perform_kombi, run_until
from tools.driver import drag, frames, key, make_app, settle, tap


def start(mode: str, seed: int, names=("Ann", "Ben"), size=(1280, 800)):
    app = make_app(size=size)
    session = Session.new("kombi", mode, list(names), seed)
    table = open_table(app, session)
    app.stack.push(table)
    frames(app, 2)
    return app, session, table


def confirm_cover(app, touch=False):
    assert isinstance(app.stack.top, CoverScene)
    w, h = app.size
    tap(app, (w // 2, h // 3), touch=touch)
    settle(app)


def test_full_hotseat_game_through_the_ui():
    app, session, table = start("hotseat", seed=5)
    kinds_done = set()
    turn = 0
    for _ in range(400):
        if session.match.state.is_over:
            break
        if isinstance(app.stack.top, CoverScene):
            confirm_cover(app, touch=turn % 2 == 0)
            continue
        assert app.stack.top is table and table.my_turn
        state = session.match.state
        action = kombi_policy(state.observe(state.to_move), turn)
        before = session.match.cursor
        perform_kombi(app, table, action, touch=turn % 3 == 1)
        assert session.match.cursor == before + 1, f"{action} was not applied: {table.toast}"
        kinds_done.add(action.kind)
        turn += 1
    assert session.match.state.is_over
    assert kinds_done == {"draw", "exchange", "play", "pass"}
    run_until(app, lambda: isinstance(app.stack.top, EndScene))
    st = session.match.state
    assert app.results[-1] == (f"RESULT game=kombi seed=5 winners={','.join(map(str, st.winners))} "
                               f"scores={st.scores[0]},{st.scores[1]}")
    assert max(st.scores) == st.scores[st.winners[0]]


def test_cover_draws_no_card_face(monkeypatch):
    app, session, table = start("hotseat", seed=8)
    drawn: list[str] = []
    real_face = sprites.cards.CardArt.face

    def spy(self, card):
        drawn.append(str(card))
        return real_face(self, card)

    monkeypatch.setattr(sprites.cards.CardArt, "face", spy)
    frames(app, 5)  # the first player's cover is up before anything is shown
    assert isinstance(app.stack.top, CoverScene)
    assert drawn == []
    confirm_cover(app)
    assert drawn, "after confirming, the player's own hand is drawn"
    tap(app, find_button(app, "pass").center)
    settle(app)
    drawn.clear()
    frames(app, 10)
    assert isinstance(app.stack.top, CoverScene)
    assert drawn == []


def test_illegal_drop_glides_back_with_a_reason():
    app, session, table = start("computer", seed=4)
    settle(app)
    card = table.ordered_hand(table.obs["hand"])[0]
    home = table.cards.targets[card].rect().center
    drag(app, table.cards.current_rect(card).center, table.my_pile_zone.center)
    assert session.match.cursor == 0
    assert table.toast is not None and "not a valid combination" in table.toast[0]
    settle(app)
    assert table.cards.current_rect(card).center == home


def test_touch_acts_once_even_with_synthesised_mouse_events():
    app, session, table = start("computer", seed=4)
    settle(app)
    w, h = app.size
    x, y = table.draw_rect.center
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        pygame.event.post(pygame.event.Event(kind, x=x / w, y=y / h, dx=0, dy=0, finger_id=1, touch_id=1))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=(x, y), button=1, touch=True))
    frames(app, 3)
    assert [a.kind for a in session.match.actions] == ["draw"]


def test_back_and_forward_against_the_computer():
    app, session, table = start("computer", seed=21)
    settle(app)
    tap(app, find_button(app, "pass").center)
    run_until(app, lambda: session.match.state.to_move == 0 and not table.cards.busy and session.match.cursor > 1)
    after = session.match.cursor
    replies = session.match.actions[1:after]
    assert replies, "the computer replied"
    tap(app, find_button(app, "undo").center)
    assert session.match.cursor == 0
    tap(app, find_button(app, "redo").center)
    assert session.match.cursor == after
    assert session.match.actions[1:after] == replies


def test_keyboard_only_turn():
    app, session, table = start("computer", seed=4)
    settle(app)
    key(app, pygame.K_d)
    settle(app)
    assert [a.kind for a in session.match.actions] == ["draw"]
    key(app, pygame.K_1)
    assert len(table.selected) == 1
    key(app, pygame.K_1)
    assert not table.selected
    key(app, pygame.K_e)
    assert [a.kind for a in session.match.actions][:2] == ["draw", "pass"]


def test_autosave_and_continue_from_the_menu():
    app, session, table = start("computer", seed=4)
    settle(app)
    key(app, pygame.K_d)
    settle(app)
    saved = app.saves.latest()
    assert saved and saved[0].game_id == "kombi"
    from game.scenes.menu import MenuScene

    app2 = make_app()
    menu = MenuScene(app2)
    app2.stack.push(menu)
    frames(app2, 2)
    tap(app2, find_button(app2, "continue").center)
    frames(app2, 2)
    resumed = app2.stack.top
    assert resumed.session.match.actions == session.match.actions


@pytest.mark.parametrize("content", ["{not json", '{"format": "card-duels-save", "version": 1, "session": 5}',
                                     '{"format": "other"}'])
def test_damaged_save_is_set_aside_with_a_message(content):
    from game.scenes.menu import MenuScene

    app = make_app()
    app.saves.root.mkdir(parents=True, exist_ok=True)
    bad = app.saves.root / "autosave-kombi.json"
    bad.write_text(content)
    other = app.saves.root / "autosave-square.json.keep"
    other.write_text("untouched")
    menu = MenuScene(app)
    app.stack.push(menu)
    frames(app, 2)
    tap(app, find_button(app, "continue").center)
    assert menu.notice and "autosave-kombi.json" in menu.notice
    assert not bad.exists()
    assert list((app.saves.root / "damaged").iterdir())
    assert other.read_text() == "untouched"
    assert app.stack.top is menu


# --- every drop answers (issue 28 item 3) ------------------------------------------------------------------------
def my_first_turn(seed: int = 3):
    app, session, table = start("computer", seed=seed)
    run_until(app, lambda: table.my_turn)
    settle(app)
    return app, session, table


def test_an_exchange_card_dragged_to_the_hand_asks_which_card_to_give():
    app, session, table = my_first_turn()
    area = table.obs["exchange"][0]
    zone = table.hand_zone
    y = zone.bottom - 4
    bare = next((x, y) for x in range(zone.x + 4, zone.right, 8) if table.cards.hit((x, y)) is None)
    drag(app, table.cards.current_rect(area).center, bare)
    assert isinstance(app.stack.top, ChooseScene) and len(table.choice) == len(table.obs["hand"])
    give = table.choice[2]
    assert give.kind == "exchange" and give["area"] == area
    tap(app, find_button(app, "pick:2").center)
    settle(app)
    assert session.match.played[-1] == give


def test_an_exchange_card_dropped_on_a_hand_card_swaps_those_two():
    app, session, table = my_first_turn()
    area, hand = table.obs["exchange"][1], table.ordered_hand(table.obs["hand"])[0]
    drag(app, table.cards.current_rect(area).center, table.cards.current_rect(hand).center)
    settle(app)
    assert session.match.played[-1].to_json() == {"kind": "exchange", "hand": hand, "area": area}


def test_a_hand_card_dropped_on_the_draw_pile_glides_back_with_a_reason():
    app, session, table = my_first_turn()
    card = table.ordered_hand(table.obs["hand"])[0]
    before = len(session.match.played)
    drag(app, table.cards.current_rect(card).center, table.draw_rect.center)
    assert len(session.match.played) == before
    assert table.toast is not None and table.toast[0] == app.t("kombi.refuse.no_putting_back") and table.toast[2]


def test_only_where_the_held_card_may_go_lights_up():
    app, session, table = my_first_turn()
    start_ = table.draw_rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start_[0], start_[1] + 40), rel=(0, 40),
                                         buttons=(1, 0, 0), touch=False))
    frames(app, 2)
    assert table.drag_keys == ["draw:top"]
    assert table.lit == [table.hand_zone], "the draw pile goes to the hand, nowhere else"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=table.hand_zone.center, button=1, touch=False))
    frames(app, 2)
    assert session.match.played[-1].kind == "draw" and table.lit == []


def test_hand_cards_can_be_rearranged_by_dragging_within_the_hand():
    app, session, table = my_first_turn()
    hand = table.ordered_hand(table.obs["hand"])
    first, last = hand[0], hand[-1]
    drag(app, table.cards.current_rect(first).center, table.cards.current_rect(last).midright)
    settle(app)
    after = table.ordered_hand(table.obs["hand"])
    assert after == hand[1:] + [first] and len(session.match.played) == 0 or session.match.played[-1].kind != "play"
    assert table.cards.current_rect(first).x > table.cards.current_rect(last).x
