"""The guided first game: coach marks over the real table, read from the game's state (game/tables/marks.py)."""
from __future__ import annotations

import pygame

from game.tables.marks import legal_of
from tests.coachplay import coach_button, coach_of, coached, my_turn, shown, table_button
from tools.driver import frames, key, make_app, perform, settle, tap


def inside(rect, targets) -> bool:
    return any(t.contains(rect) for t in targets)


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
    frames(app)
    assert coach.mark is None, "no mark while the cards glide"
    settle(app)
    assert not table.cards.busy


def test_own_trumps_beat_mark_waits_for_the_trumps_and_the_computer():
    """The issue: 'Beat the top card' showed while the trump suit was still being chosen."""
    app, session, table = coached("trumps", 2)
    coach = coach_of(app)
    assert shown(app) == "trumps.coach.choose"
    for tile in table.geo.tiles():
        assert inside(tile, coach.targets), "each free suit is lit, none cut in half"
    assert not coach.box.colliderect(table.geo.tiles()[0].unionall(table.geo.tiles()))
    perform(app, table, legal_of(table, ["choose_trump"])[0])
    for _ in range(400):
        frames(app)
        if coach.mark is not None and coach.mark.key != "trumps.coach.choose":
            break
        assert coach.mark is None or table.obs["phase"] == "choose_trump"
    assert table.obs["phase"] == "play" and table.my_turn and not table.cards.busy
    mark = coach.mark
    assert mark.key in ("trumps.coach.lead", "trumps.coach.beat")
    for action in legal_of(table, ["play"]):
        assert inside(table.cards.exposed_rect(action["card"]), coach.targets), "every card that may go is lit"
    assert inside(table.geo.pile_zone, coach.targets)
    unlit = [c for c in table.obs["hand"] if c not in {a["card"] for a in legal_of(table, ["play"])}]
    for card in unlit:  # a card that cannot beat stays in the dark
        assert not inside(table.cards.exposed_rect(card), coach.targets)


def test_cribbage_marks_say_why_each_cut_and_never_run_ahead():
    """The issue: the crib's mark showed during the cut for the deal, pointing at an empty box."""
    app, session, table = coached("cribbage", 5)
    coach = coach_of(app)
    assert shown(app) == "cribbage.coach.cut_for_deal"
    pack = table.strip_due()[0]
    assert all(pack.inflate(16, 16).contains(t) for t in coach.targets), "only the pack is lit"
    seen = ["cribbage.coach.cut_for_deal"]
    for _ in range(6):
        action = legal_of(table, [table.obs["legal"][0]["kind"]])[0]
        perform(app, table, action)
        for _ in range(600):
            frames(app)
            mark = coach.mark
            if mark is not None:
                if mark.kinds:
                    assert table.my_turn and {a.kind for a in legal_of(table, mark.kinds)}
                if not seen or seen[-1] != mark.key:
                    seen.append(mark.key)
            if table.my_turn and not table.cards.busy and not table.blocking() and mark is not None:
                break
        if "cribbage.coach.play" in seen:
            break
    assert seen.index("cribbage.coach.discard") > seen.index("cribbage.coach.cut_for_deal")
    assert "cribbage.coach.starter" in seen or "cribbage.coach.cut" in seen, "the other cuts have their own words"


def test_card_square_remember_lights_the_cards_to_memorise_after_look():
    """The issue: 'Remember these two' showed before Look and the veil greyed out the cards to memorise."""
    app, session, table = coached("square", 3)
    coach = coach_of(app)
    my_turn(app, table)
    assert shown(app) == "square.coach.look"
    tap(app, table_button(table, "look").center)
    settle(app)
    assert shown(app) == "square.coach.remember"
    for revealed in table.obs["revealed"]:
        assert revealed["card"] is not None
    geo = table.geo
    for i in (2, 3):
        assert inside(geo.slot_rect(True, i), coach.targets), "the two cards to remember are left bright"
    assert inside(table_button(table, "done"), coach.targets)
    tap(app, table_button(table, "done").center)
    for _ in range(300):  # the computer looks and thinks: no mark meanwhile
        frames(app)
        if not table.my_turn:
            assert coach.mark is None
        elif not table.cards.busy:
            break
    assert shown(app) == "square.coach.draw"


def test_no_mark_behind_the_hotseat_cover_and_each_player_gets_them():
    app, session, table = coached("kombi", 8, mode="hotseat")
    frames(app, 3)
    assert app.stack.top.name == "cover"
    coach = coach_of(app)
    assert coach.mark is None, "no mark while the cover is up"
    tap(app, (app.size[0] // 2, app.size[1] // 3))
    settle(app)
    assert shown(app) == "kombi.coach.draw"
    assert coach.target.contains(table.draw_rect) and not coach.box.colliderect(coach.target)


def test_next_by_key_and_button_and_escape_skips():
    app, _, table = coached("kombi", 4)
    assert shown(app) == "kombi.coach.draw"
    key(app, pygame.K_n)
    assert shown(app) == "kombi.coach.exchange", "N sets the mark aside: the next that applies shows"
    tap(app, coach_button(app, "next").center)
    assert shown(app) != "kombi.coach.exchange"
    coach_of(app).guide.done.discard("kombi.coach.exchange")  # as if it had not been read yet
    assert shown(app) == "kombi.coach.exchange"
    key(app, pygame.K_ESCAPE)
    frames(app)
    assert coach_of(app) is None and app.settings.tutorial_done == []


def test_escape_reaches_the_table_while_no_mark_shows():
    from rules.core import Action

    app, _, table = coached("kombi", 4)
    table.submit(Action.make("draw"))
    frames(app)
    assert coach_of(app).mark is None
    key(app, pygame.K_ESCAPE)
    frames(app)
    assert app.stack.top.name == "pause" and coach_of(app) is not None


def test_skip_by_button_shows_it_again_next_time():
    app, _, table = coached("kombi", 4)
    shown(app)
    tap(app, coach_button(app, "skip").center)
    assert coach_of(app) is None and app.stack.top is table
    assert app.settings.tutorial_done == []
    app, _, table = coached("kombi", 4, app=app)
    assert coach_of(app) is not None


def test_dont_show_again_survives_a_restart_of_the_app():
    app = make_app()
    app.opts.headless = False  # as a desktop run would: the choice is stored
    app, _, table = coached("square", 3, mode="hotseat", app=app)
    frames(app, 3)
    tap(app, (app.size[0] // 2, app.size[1] // 3))  # the cover
    settle(app)
    assert shown(app) == "square.coach.look"
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


def test_text_is_large_enough_and_buttons_big_enough_on_a_small_screen():
    app, _, table = coached("kombi", 4, size=(1024, 600))
    assert shown(app) is not None
    coach = coach_of(app)
    assert all(b.rect.h >= 44 for b in coach.buttons.buttons)
    assert all(img.get_height() >= 0.02 * 600 for img in coach._lines)
    assert coach.box.clamp(pygame.Rect((0, 0), app.size)) == coach.box, "the caption stays in the window"
    assert not any(coach.box.colliderect(t) for t in coach.targets)


def test_a_bad_tutorial_list_in_the_settings_file_falls_back():
    from game.settings import parse_settings

    good, problems = parse_settings('tutorial_done = ["kombi", "trumps"]\n')
    assert good.tutorial_done == ["kombi", "trumps"] and not problems
    bad, problems = parse_settings('tutorial_done = "kombi"\n')
    assert bad.tutorial_done == [] and "tutorial_done" in problems[0]


def test_the_guide_goes_on_where_a_continued_game_left_it():
    """Issue 41: after Continue the coach marks started again at 1 (Kombi): the history says what was taught."""
    from game.session import Session
    from game.tables import open_table
    from rules.core import Action

    app, session, table = coached("kombi", 8)
    assert shown(app) == "kombi.coach.draw"
    assert table.submit(Action.make("draw"))
    settle(app)
    assert shown(app) == "kombi.coach.exchange"
    again = make_app(size=(1280, 800))  # the save opened by Continue, in a new run of the app
    again.coach_marks = True
    resumed = open_table(again, Session.from_json(session.to_json()))
    again.stack.push(resumed)
    frames(again, 2)
    settle(again)
    coach = coach_of(again)
    assert "kombi.coach.draw" in coach.guide.done
    assert shown(again) == "kombi.coach.exchange"
    assert coach.guide.done == {"kombi.coach.draw"}, "tip 2 of 4, as before the save"
