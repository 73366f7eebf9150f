"""Issue 41, item 6: cards with weight, and reduced motion (fades) for who asks for it."""
from __future__ import annotations

import pytest

from game import prefs
from tools.driver import frames, make_app, tap


def test_the_animation_row_offers_fades_only_and_a_speed_brings_motion_back():
    app = make_app(size=(1024, 600))
    app.push("settings")
    frames(app, 2)
    fades = next(b for b in app.stack.top.buttons.buttons if b.id == "animation_speed=fades")
    assert fades.label == "Fades only" and fades.rect.bottom <= 600
    tap(app, fades.rect.center)
    assert app.settings.reduce_motion and prefs.current(app, "animation_speed") == "fades"
    speed = app.settings.animation_speed
    tap(app, next(b for b in app.stack.top.buttons.buttons if b.id == "animation_speed=1.7").rect.center)
    assert not app.settings.reduce_motion and app.settings.animation_speed == 1.7 != speed


# --- easing and paths: pure functions --------------------------------------------------------------------
def test_settle_runs_a_little_past_and_comes_to_rest_exactly():
    from sprites.tween import ease_settle

    values = [ease_settle(i / 100, over=0.03) for i in range(101)]
    assert values[0] == 0.0 and values[-1] == 1.0
    assert 1.0 < max(values) <= 1.03 + 1e-9, "it overshoots a little, then settles"
    assert values.index(max(values)) == 80


def test_a_tween_with_an_arc_rises_midway_and_lands_on_its_place():
    from sprites.tween import Tween, arc_lift, linear

    assert arc_lift(0.0) == arc_lift(1.0) == 0.0 and arc_lift(0.5) == 1.0
    tween = Tween((0, 100), (200, 100), 1.0, ease=linear, arc=30)
    tween.update(0.5)
    assert tween.value == (100.0, 70.0)
    tween.update(0.5)
    assert tween.value == (200.0, 100.0)


def test_count_up_counts_to_a_new_value_and_rests_there():
    from sprites.tween import CountUp

    c = CountUp(0.6)
    assert c.shown("a", 5) == 5 and not c.busy
    assert c.shown("a", 20) == 5 and c.busy
    c.update(0.3)
    assert 5 < c.shown("a", 20) < 20
    c.update(0.3)
    c.update(0.01)
    assert c.shown("a", 20) == 20 and not c.busy


# --- the card layer ---------------------------------------------------------------------------------------
def layer(reduce: bool = False):
    from game.tables.cardlayer import CardLayer
    from sprites.cards import CardArtCache

    make_app(size=(800, 600))  # a display for the card art
    return CardLayer(CardArtCache(), lambda: reduce)


def test_a_card_in_flight_rises_on_an_arc_casts_a_shadow_and_settles_past_its_place():
    from game.tables.cardlayer import GLIDE, CardSprite

    cards = layer()
    cards.place([CardSprite("7H", "7H", 100, 400, 80)], {}, animate=False)
    cards.place([CardSprite("7H", "7H", 600, 400, 80)], {}, animate=True)
    xs, ys, shadowed = [], [], 0
    shadow = cards.art.get(80).shadow()
    while cards.busy:
        cards.update(1 / 120)
        x, y = cards.position("7H")
        xs.append(x)
        ys.append(y)
        shadowed += any(img is shadow for img, _ in cards.frame().blits)
    assert min(ys) < 400 - 20, "it rises on its way (a slight arc)"
    assert max(xs) > 600, "it runs a little past its place ..."
    assert (xs[-1], ys[-1]) == (600, 400), "... and settles on it"
    assert shadowed >= len(xs) - 2 and len(xs) >= GLIDE * 120 - 2, "a shadow under it all the way"


def test_a_held_card_is_lifted_larger_with_a_deeper_shadow():
    from game.tables.cardlayer import CardSprite
    from game.tables.cardlook import LIFT_SCALE

    cards = layer()
    cards.place([CardSprite("7H", "7H", 300, 300, 80)], {}, animate=False)
    art = cards.art.get(80)
    rest = cards.frame().blits
    assert [img.get_width() for img, _ in rest] == [80]
    cards.start_drag(["7H"], (300, 300))
    held = cards.frame().blits
    assert held[0][0] is art.shadow(), "its shadow first"
    assert held[1][0].get_width() == round(80 * LIFT_SCALE), "the card drawn larger"
    assert held[0][1][1] - held[1][1][1] > art.shadow_offset[1] + 80 * 0.05, "the shadow falls deeper"


def test_reduced_motion_fades_cards_in_where_they_now_lie():
    from game.tables.cardlayer import FADE, CardSprite

    cards = layer(reduce=True)
    cards.place([CardSprite("7H", None, 100, 400, 80)], {}, animate=False)
    cards.place([CardSprite("7H", "7H", 600, 400, 80)], {}, animate=True)
    assert not cards.anim.busy and not cards.flips and cards.fades, "no glide, no turn: a fade"
    assert cards.position("7H") == (600, 400)
    alphas = []
    while cards.busy:
        (img, _), = cards.frame().blits
        alphas.append(img.get_alpha())
        cards.update(1 / 60)
    assert alphas[0] < 80 and alphas == sorted(alphas) and len(alphas) >= FADE * 60 - 1
    cards.start_drag(["7H"], (600, 400))
    assert cards.frame().blits[-1][0].get_width() == 80, "no lift either (the usual shadow of a held card)"


# --- at the table --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("reduce", [False, True])
def test_partial_frames_of_a_hop_or_a_fade_look_exactly_like_whole_frames(reduce):
    import pygame

    from tests.test_frames import _table, _whole
    from tools.driver import frames

    app, table = _table("trumps")
    app.settings.reduce_motion = reduce
    table.cards.hop(list(table.cards.targets))
    assert table.cards.busy and bool(table.cards.fades) == reduce
    while table.cards.busy:
        frames(app, 1)
        assert pygame.image.tobytes(app.screen, "RGB") == _whole(app, table)


@pytest.mark.parametrize("reduce", [False, True])
def test_a_won_game_has_its_moment_before_the_end_screen(reduce, monkeypatch):
    from game.scenes.end import EndScene
    from tests.test_play_the_hint import start
    from tests.test_ui_trumps import PositionMatch, position
    from tools.driver import frames, visible_point

    monkeypatch.setattr("game.paths.os.fsync", lambda fd: None)
    app, session, table = start("trumps", PositionMatch(position(["7C"], [], ["6C"])))
    app.settings.reduce_motion = reduce
    tap(app, visible_point(table, "7C"))
    tap(app, table.geo.pile_zone.center)
    assert session.match.state.winners == (0,)
    hopped = faded = 0
    for _ in range(600):
        frames(app)
        if isinstance(app.stack.top, EndScene):
            break
        moving = table.cards.anim.values()
        hopped += any(v[1] < table.cards.targets[k].y - 5 and abs(v[0] - table.cards.targets[k].x) < 0.5
                      for k, v in moving.items())
        faded += bool(table.cards.fades)
    assert isinstance(app.stack.top, EndScene) and table.celebrated
    assert (faded > 5 and not hopped) if reduce else (hopped > 5 and not faded)


def test_kombi_scores_count_up_on_the_plate():
    from game.session import Session
    from game.tables import open_table
    from rules.core import Action
    from tools.driver import frames, settle

    app = make_app(size=(1280, 800))
    table = open_table(app, Session.new("kombi", "computer", ["Ann", "Computer"], 8))
    app.stack.push(table)
    frames(app, 2)
    settle(app)
    legal = [Action.from_dict(a) for a in table.obs["legal"]]
    play = next(a for a in legal if a.kind == "play")  # this deal's first hand holds a combination
    assert table.shown_score(0) == 0
    table.submit(play)
    score = table.obs["scores"][0]
    shown = [table.shown_score(0)]
    while table.score_count.busy:
        assert table.wants_frame(), "frames keep coming while the score counts"
        frames(app)
        shown.append(table.shown_score(0))
    assert shown[0] == 0 and shown[-1] == score and len(set(shown)) > 2, shown


def test_a_deal_casts_no_flight_shadows_a_played_card_does():
    """Shadows are for the few cards the eye follows: beyond FLIGHT_SHADOWS in flight (a deal) none."""
    from game.tables.cardlayer import FLIGHT_SHADOWS, CardSprite

    cards = layer()
    shadow = cards.art.get(60).shadow()
    many = [CardSprite(f"c{i}", None, 50 + 10 * i, 100, 60) for i in range(FLIGHT_SHADOWS + 1)]
    cards.place(many, {}, animate=False)
    cards.place([s.__class__(s.key, None, s.x, 500, 60) for s in many], {}, animate=True)
    cards.update(0.1)
    assert not any(img is shadow for img, _ in cards.frame().blits)
    cards.finish()
    cards.place([s.__class__(s.key, None, s.x, 100 if i == 0 else 500, 60) for i, s in enumerate(many)], {},
                animate=True)
    cards.update(0.1)
    assert sum(img is shadow for img, _ in cards.frame().blits) == 1


def test_with_reduced_motion_a_card_let_go_fades_in_at_home():
    from game.tables.cardlayer import CardSprite

    cards = layer(reduce=True)
    cards.place([CardSprite("7H", "7H", 300, 300, 80)], {}, animate=False)
    cards.start_drag(["7H"], (300, 300))
    cards.pointer = (500, 100)
    cards.snap_back(["7H"])
    assert not cards.anim.busy and "7H" in cards.fades and cards.position("7H") == (300, 300)


def test_card_square_sums_count_up_as_the_game_ends(monkeypatch):
    from rules.core import Action
    from tests.test_endings import square
    from tools.driver import frames

    monkeypatch.setattr("game.paths.os.fsync", lambda fd: None)
    app, session, table = square(confirm=False)
    for kind in ("knock", "draw", "discard"):
        assert table.submit(Action.make(kind)), table.toast
        for _ in range(60):
            frames(app)
            if app.stack.top.name == "cover":
                tap(app, (app.size[0] // 2, app.size[1] // 3))
            if table.my_turn or session.match.state.is_over:
                break
    assert session.match.state.is_over
    totals = session.match.state.scores
    seen = []
    for _ in range(120):
        seen.append(table.shown_sum(0))
        if not table.sums.busy and seen[-1] == totals[0]:
            break
        frames(app)
    assert totals[0] >= 3 and seen[0] < totals[0] and seen[-1] == totals[0] and len(set(seen)) > 2, (totals, seen)


def test_reduced_motion_in_cribbage_pegs_jump_and_the_pack_parts_at_once(monkeypatch):
    from rules.match import Match
    from tests.test_play_the_hint import start
    from tools.driver import frames

    monkeypatch.setattr("game.paths.os.fsync", lambda fd: None)
    for reduce in (False, True):
        app, session, table = start("cribbage", Match("cribbage", {"seed": 3}))
        app.settings.reduce_motion = reduce
        table.pegboard.move(0, 12)
        zone, cut = table.strip_due()
        table.cut.start(zone, 20, cut["of"])
        frames(app, 1)
        assert table.pegboard.busy != reduce and table.cut.busy != reduce, "moving, or done at once"
