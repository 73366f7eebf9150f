"""The guided first game: coach marks over the real table that advance when the player does the thing."""
from __future__ import annotations

import pygame

from game.tables.coach import CoachScene
from tests.coachplay import coach_button, coach_of, coached, my_turn, open_point, table_button
from tools.driver import drag, frames, key, make_app, settle, tap


def test_no_coach_in_headless_runs_demo_or_online_unless_asked():
    app = make_app()
    from game.session import Session
    from game.tables import open_table

    table = open_table(app, Session.new("kombi", "computer", ["Ann", "Computer"], 4))
    app.stack.push(table)
    frames(app, 3)
    assert coach_of(app) is None
    app, _, _ = coached("kombi", 4, mode="demo")
    assert coach_of(app) is None


def test_the_table_under_the_coach_keeps_drawing_while_its_cards_move():
    from rules.core import Action

    app, _, table = coached("kombi", 8)
    coach = coach_of(app)
    assert app.stack.top is coach and not app.animating()
    assert table.submit(Action.make("draw"))  # the drawn card glides into the hand
    assert table.cards.busy and app.animating(), "drawn frame by frame, not frozen until the next touch"
    settle(app)
    assert not table.cards.busy


def test_kombi_guided_game_completed_by_gestures():
    app, session, table = coached("kombi", 8, mode="hotseat")
    confirm_cover(app)
    coach = coach_of(app)
    assert isinstance(coach, CoachScene) and app.stack.top is coach
    assert [s.key for s in coach.steps][:2] == ["kombi.coach.draw", "kombi.coach.exchange"]
    assert coach.target is None or coach.target.colliderect(table.draw_rect)
    frames(app)
    assert coach.target.contains(table.draw_rect) and not coach.box.colliderect(coach.target)
    drag(app, table.draw_rect.center, table.hand_zone.center)
    settle(app)
    assert coach.index == 1, "drawing a card advances the first mark"
    hand = table.ordered_hand(table.obs["hand"])
    area = table.obs["exchange"][0]
    drag(app, open_point(app, table, hand[0]), table.cards.current_rect(area).center)
    assert coach.index == 2, "an exchange advances the second"
    settle(app)
    confirm_cover(app)  # the other player's turn: the marks go on for them
    my_turn(app, table)
    play = next(a for a in table.obs["legal"] if a["kind"] == "play")
    cards = [c for combo in play["combos"] for c in combo]
    tap(app, open_point(app, table, cards[0]))
    assert coach.index == 3, "selecting a card advances the third"
    for c in cards[1:]:
        tap(app, open_point(app, table, c))
    assert not coach.box.colliderect(table_button(table, "play"))
    tap(app, table_button(table, "play").center)
    settle(app)
    assert [a.kind for a in session.match.played][-1] == "play"
    assert coach.index == 4
    tap(app, table_button(table, "pass").center)
    frames(app, 2)
    assert coach.finished and coach_of(app) is None
    assert app.settings.tutorial_done == ["kombi"]


def confirm_cover(app):
    frames(app, 3)
    assert app.stack.top.name == "cover"
    tap(app, (app.size[0] // 2, app.size[1] // 3))
    settle(app)


def test_skip_by_button_and_by_escape_shows_it_again_next_time():
    app, _, table = coached("kombi", 4)
    tap(app, coach_button(app, "skip").center)
    assert coach_of(app) is None and app.stack.top is table
    assert app.settings.tutorial_done == []
    app, _, table = coached("kombi", 4, app=app)
    assert coach_of(app) is not None
    key(app, pygame.K_ESCAPE)
    frames(app)
    assert coach_of(app) is None and app.settings.tutorial_done == []


def test_dont_show_again_survives_a_restart_of_the_app():
    app = make_app()
    app.opts.headless = False  # as a desktop run would: the choice is stored
    app, _, _ = coached("square", 3, mode="hotseat", app=app)
    confirm_cover(app)
    tap(app, coach_button(app, "never").center)
    assert coach_of(app) is None
    again = make_app()
    assert again.settings.tutorial_done == ["square"]
    again, _, _ = coached("square", 3, app=again)
    assert coach_of(again) is None
    again, _, _ = coached("kombi", 4, app=again)
    assert coach_of(again) is not None, "every game has its own first game"
    again.reset_tutorials()
    assert again.settings.tutorial_done == []


def test_own_trumps_guided_game_completed_by_gestures():
    app, session, table = coached("trumps", 2)
    coach = coach_of(app)
    assert [s.key for s in coach.steps] == ["trumps.coach.choose", "trumps.coach.beat", "trumps.coach.pickup"]
    seen = []
    for _ in range(80):
        if coach.closed:
            break
        my_turn(app, table)
        frames(app)
        seen.append(coach.index)
        assert coach.target is not None and not coach.box.colliderect(coach.target)
        legal = table.obs["legal"]
        if table.obs["phase"] == "choose_trump":
            suit = next(a["suit"] for a in legal if a["kind"] == "choose_trump")
            tap(app, table.geo.tiles()["CDHS".index(suit)].center)
        elif any(a["kind"] == "pick_up" for a in legal):
            tap(app, table_button(table, "pickup").center)
        else:
            card = next(a["card"] for a in legal if a["kind"] == "play")
            drag(app, open_point(app, table, card), table.geo.pile_zone.center)
        settle(app)
    assert coach.finished and coach_of(app) is None
    assert seen[0] == 0 and 1 in seen and seen[-1] == 2, "each mark was shown and done in turn"
    kinds = [a.kind for i, a in enumerate(session.match.played) if session.match.actor(i) == 0]
    assert {"choose_trump", "play", "pick_up"} <= set(kinds)
    assert app.settings.tutorial_done == ["trumps"]


def test_text_is_large_enough_and_buttons_big_enough_on_a_small_screen():
    app, _, table = coached("kombi", 4, size=(1024, 600))
    coach = coach_of(app)
    frames(app, 2)
    assert all(b.rect.h >= 44 for b in coach.buttons.buttons)
    assert all(img.get_height() >= 0.02 * 600 for img in coach._lines)
    assert coach.box.clamp(table.board) == coach.box, "the caption stays on the table"


def test_card_square_marks_follow_look_draw_and_discard():
    app, session, table = coached("square", 3)
    coach = coach_of(app)
    my_turn(app, table)
    assert coach.index == 0 and table.obs["phase"] == "look"
    tap(app, table_button(table, "look").center)
    assert coach.index == 1, "looking at the near cards advances the first mark"
    tap(app, table_button(table, "done").center)
    my_turn(app, table)
    assert coach.index == 2
    geo = table.geo
    drag(app, geo.draw_rect.center, geo.my_square.center)
    settle(app)
    assert coach.index == 3 and table.obs["phase"] == "drawn"
    drawn = geo.card_rect(*geo.drawn_mine, geo.big)
    assert coach.target.contains(drawn) and not coach.box.colliderect(coach.target)
    drag(app, drawn.center, geo.discard_rect.center)
    settle(app)
    assert [a.kind for a in session.match.played if a.kind in ("draw", "discard")][:2] == ["draw", "discard"]
    assert coach.index == 4, "resolving the drawn card advances to the power cards"


def test_a_bad_tutorial_list_in_the_settings_file_falls_back():
    from game.settings import parse_settings

    good, problems = parse_settings('tutorial_done = ["kombi", "trumps"]\n')
    assert good.tutorial_done == ["kombi", "trumps"] and not problems
    bad, problems = parse_settings('tutorial_done = "kombi"\n')
    assert bad.tutorial_done == [] and "tutorial_done" in problems[0]
