"""Tables that use the felt (issue 27, item 3): every table's full-size card, as its geometry lays it out, is at
least a quarter of the window high in the normal layout and at least 15% face to face, at 1024x600, 1920x1080
and 3840x2160; and what the larger cards took room from stays clear of them."""
from __future__ import annotations

import pytest

from game.tables import ENTRIES
from tools.facing_shots import open_facing_settled
from tools.layout_check import SIZES
from tools.shots import midgame, open_settled


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", list(ENTRIES))
def test_the_cards_are_a_quarter_of_the_window_high(game_id, size):
    from tools.driver import make_app

    app = make_app(size=size)
    table = open_settled(app, midgame(game_id, 6))
    assert table.geo.ch >= 0.25 * size[1] - 1, (game_id, size, table.geo.ch)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", list(ENTRIES))
def test_face_to_face_each_half_holds_cards_15_percent_of_the_window_high(game_id, size):
    _, facing = open_facing_settled(size, game_id)
    for band in facing.bands:
        assert band.geo.ch >= 0.15 * size[1], (game_id, size, band.view_seat, band.geo.ch)


@pytest.mark.parametrize("size", SIZES)
def test_card_square_words_in_the_middle_touch_no_card_or_plate(size):
    """Side by side the status lines stand between the squares: clear of every slot, the piles, the drawn
    card's corner and both plates."""
    from tools.driver import make_app

    app = make_app(size=size)
    table = open_settled(app, midgame("square", 6))
    geo = table.geo
    assert geo.middle and not geo.stacked, size
    cards = [geo.slot_rect(mine, i) for mine in (True, False) for i in range(4)]
    cards += [geo.draw_rect, geo.discard_rect, geo.corner, geo.power_zone]
    cards += [table.plate_rect(seat) for seat in (0, 1)]
    for rect in cards:
        assert not geo.band.colliderect(rect), (size, geo.band, rect)


@pytest.mark.parametrize("size", SIZES)
def test_cribbage_earlier_cards_lie_clear_of_the_hand_and_the_crib(size):
    """Each player's earlier cards of the hand lie in front of them: one's own between the hand (as many cards
    as are left of the four) and the crib, the opponent's past their fourth back."""
    from tools.driver import make_app

    app = make_app(size=size)
    table = open_settled(app, midgame("cribbage", 6))
    geo = table.geo
    for left in range(1, 5):
        played = 4 - left
        hand = [_rect(x, geo.y_hand, geo.cw) for x in geo.hand_xs(left)]
        mine = [_rect(*geo.earlier_xy(i, True, played), geo.sw) for i in range(played)]
        for card in mine:
            assert card.collidelist(hand) == -1, (size, left, card)
            assert not card.colliderect(geo.crib_zone(True)), (size, left, card)
    backs = [_rect(x, geo.y_opp, geo.sw) for x in geo.opp_xs(4)]
    theirs = [_rect(*geo.earlier_xy(i, False, 4), geo.sw) for i in range(4)]
    for card in theirs:
        assert card.collidelist(backs) == -1 and not card.colliderect(geo.crib_zone(False)), (size, card)


def _rect(x: float, y: float, w: float):
    import pygame

    from sprites import theme

    r = pygame.Rect(0, 0, round(w), round(w * theme.CARD_RATIO))
    r.center = (round(x), round(y))
    return r
