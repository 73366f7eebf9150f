"""The bare-felt measure of a whole window and the layout check's cap on it (issue 44: at most 40% of the window
bare felt in a table state with cards)."""
from __future__ import annotations

import pygame
import pytest

from game.session import Session
from sprites import theme
from sprites.felt import felt
from tools.driver import frames, make_app
from tools.layout_check import too_bare
from tools.shot_kit import open_settled
from tools.table_share import CAP, bare_fraction, felt_state


def test_a_synthetic_window_with_known_coverage_measures_what_it_covers():
    pygame.display.init()
    shot = felt((400, 300)).copy()
    assert bare_fraction(shot) > 0.999  # the felt's grain and vignette are felt, not cover
    shot.fill(theme.CARD_FACE, (0, 0, 100, 300))  # a quarter: a card
    shot.fill(theme.RED, (100, 0, 300, 60))  # a fifth of the rest: a score chip's red
    pygame.draw.rect(shot, theme.TEXT, (200, 150, 40, 30))  # 1% more: words
    assert abs(bare_fraction(shot) - (1 - 0.25 - 0.15 - 0.01)) < 0.002
    assert abs(bare_fraction(shot, (0, 0, 200, 300)) - 0.4) < 0.002  # a part of the window: its own share


def test_a_colour_a_shade_off_the_felt_is_cover():
    pygame.display.init()
    shot = felt((200, 100)).copy()
    tint = pygame.Surface((100, 100))
    tint.fill((12, 12, 12))  # a panel drawn at low alpha: 12 levels lighter than the felt under it
    shot.blit(tint, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    assert abs(bare_fraction(shot) - 0.5) < 0.002


def test_the_check_fails_a_bare_table_and_passes_a_covered_one():
    app = make_app(size=(1024, 600))
    open_settled(app, Session.new("cribbage", "computer", ["Ann", "Computer"], 7))
    frames(app, 2)
    app.draw()
    assert felt_state(app)
    bare = bare_fraction(app.screen)
    app.screen.blit(felt(app.size), (0, 0))  # the same state drawn as an empty table
    assert bare_fraction(app.screen) > 0.999
    assert too_bare(app, "x", "cut") and "bare felt" in too_bare(app, "x", "cut")[0]
    app.screen.fill(theme.CARD_FACE)
    assert not too_bare(app, "x", "cut")
    assert 0.0 < bare < 1.0


def test_a_dialog_over_the_table_is_not_a_table_state():
    app = make_app(size=(1024, 600))
    open_settled(app, Session.new("kombi", "computer", ["Ann", "Computer"], 3))
    assert felt_state(app)
    app.push("pause", table=app.stack.top)
    frames(app, 2)
    assert not felt_state(app)
    assert CAP == 0.40


def test_the_cut_before_the_first_deal_covers_the_table():
    """The pack at a hand's size across the row, the two cuts' places on a mat over it (it was 58% bare felt)."""
    for size in ((1024, 600), (1920, 1080)):
        app = make_app(size=size)
        table = open_settled(app, Session.new("cribbage", "computer", ["Ann", "Computer"], 7))
        zone, cut = table.strip_due()
        assert cut["purpose"] == "deal" and table.geo.strip_w(zone) == table.geo.cw
        app.draw()
        assert bare_fraction(app.screen) <= CAP, size


def test_the_show_lays_each_count_on_its_own_panel_with_the_crib_in_its_place():
    from rules.bots import make_bot
    from rules.rng import derive
    from tools.cribbage_shots import advance
    from tools.driver import settle

    session = advance(Session.new("cribbage", "computer", ["Ann", "Computer"], 5),
                      lambda st: st.to_move == 0 and st.observe(0)["phase"] == "play" and
                      sum(st.observe(0)["hand_counts"]) == 1 and st.observe(0)["hand_no"] >= 2)
    app = make_app(size=(1024, 600))
    table = open_settled(app, session)
    table.submit(make_bot("cribbage", 2).choose([table.obs], derive(0, "x")))
    for _ in range(600):
        frames(app)
        if table.seq.counting and table.seq.active == 0 and not table.cards.busy:
            break
    assert table.seq.counting, "the first count is being shown, the crib not reached"
    crib = [k for k in table.cards.targets if k.startswith("crib:")]
    assert len(crib) == 4 and all(table.cards.targets[k].w == table.geo.cw for k in crib), "face down, at play size"
    app.draw()
    assert bare_fraction(app.screen) <= CAP
    table.skip()
    settle(app)
    app.draw()
    assert bare_fraction(app.screen) <= CAP


@pytest.mark.parametrize("game_id", ["cribbage", "square", "trumps", "kombi"])
def test_the_final_table_with_the_result_aside_covers_the_table(game_id):
    """The end review's table (the ``make shots`` deal): cribbage's last show on its panels, Card Square's result
    on a card between the squares, Own Trumps' result on a card where the winner's hand lay, Kombi's on a card
    right of one's combinations (41-53% before)."""
    import random

    rng = random.Random(5)
    session = Session.new(game_id, "computer", ["Ann", "Computer"], 5)
    st = session.match.state
    while not st.is_over:
        st = session.match.play(rng.choice(st.legal_actions()))
    app = make_app(size=(1920, 1080))  # where each was over 40% before (Card Square 42%)
    table = open_settled(app, session)
    end = app.push("end", table=table)
    frames(app, 2)
    end.set_aside(True)
    app.invalidate()
    frames(app, 2)
    app.draw()
    assert felt_state(app)
    assert bare_fraction(app.screen) <= CAP
    if game_id == "kombi":  # the result's words stand on its card, clear of one's hand and combinations
        from game.tables.kombi.draw import result_card

        card = result_card(table)
        assert card is not None and card.contains(table.status_rect)
        assert not any(card.colliderect(r) for r in table.cards.rects().values())


def test_a_table_before_its_deal_is_not_held_to_the_cap_but_a_pack_for_a_cut_is():
    app = make_app(size=(1024, 600))
    table = open_settled(app, Session.new("trumps", "computer", ["Ann", "Computer"], 3))
    assert table.obs["phase"] == "choose_trump" and not table.cards.rects()
    assert not felt_state(app)  # four suit tiles and no card yet
    table = open_settled(app, Session.new("cribbage", "computer", ["Ann", "Computer"], 7))
    assert not table.cards.rects() and table.packs() and felt_state(app)
