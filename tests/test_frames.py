"""Draw what changed: a frame where only cards moved repaints just their areas, and looks exactly like a
frame drawn whole; the static layer and the card looks are made once per change, not once per frame.

These tests compare pixels and count calls; they never time anything.
"""
from __future__ import annotations

import random

import pygame
import pytest

import rules
from game.tables import layers, open_table
from game.tables.layers import merge_rects, uncovered
from tools.driver import frames, make_app, settle
from tools.shots import midgame


def _table(game_id: str, size=(1280, 800)):
    app = make_app(size=size)
    table = open_table(app, midgame(game_id, 6))
    app.stack.push(table)
    settle(app)
    frames(app, 300)  # the deal, any count and the toast of a fresh table are over
    return app, table


def _whole(app, table) -> bytes:
    """The table drawn whole onto a fresh surface (its next frame may still be a partial one)."""
    scratch = pygame.Surface(app.size).convert()
    table.layers.drawn_at = -2
    assert table.draw(scratch) is None
    table.layers.drawn_at = app.draws
    return pygame.image.tobytes(scratch, "RGB")


def _glide_all(table, dx=-90, dy=-50, duration=0.3):
    for key, s in table.cards.targets.items():
        table.cards.anim.move(key, (s.x + dx, s.y + dy), (s.x, s.y), duration)


@pytest.mark.parametrize("game_id", list(rules.GAMES))
def test_partial_frames_look_exactly_like_whole_frames(game_id, monkeypatch):
    app, table = _table(game_id)
    updates = []
    real_update = pygame.display.update
    monkeypatch.setattr(pygame.display, "update", lambda rects: updates.append(list(rects)) or real_update(rects))
    table.show_toast("a toast over the gliding cards")
    frames(app, 1)
    table.focus = 0  # the keyboard focus on the first card or zone: its ring follows a gliding card
    frames(app, 1)
    _glide_all(table)
    flips = list(table.cards.targets)[:3]
    for key in flips:  # and a few cards turning over as they go
        table.cards.flips[key] = 0.0
    partial = 0
    while table.cards.busy:
        before = len(updates)
        frames(app, 1)
        partial += len(updates) > before and bool(updates[-1])  # (a sub-pixel step repaints nothing)
        assert pygame.image.tobytes(app.screen, "RGB") == _whole(app, table)
    assert partial >= 10, "frames where only cards moved should repaint only their areas"


def test_only_cards_moving_renders_neither_the_static_layer_nor_new_card_looks():
    app, table = _table("kombi")
    painted = []
    real = table._paint_static
    table._paint_static = lambda layer: painted.append(1) or real(layer)
    looks = table.cards._looks()
    _glide_all(table)
    while table.cards.busy:
        frames(app, 1)
        assert table.cards._looks() is looks, "a card's images were looked up again while it only moved"
    assert painted == []


def test_the_overlays_draw_only_in_areas_that_meet_their_ink():
    app, table = _table("kombi")
    _glide_all(table, dx=-3, dy=0)
    frames(app, 2)  # the first partial frame learns where the overlays put ink
    calls = []
    real = table.draw_top
    table.draw_top = lambda surface: calls.append(surface.get_clip()) or real(surface)
    ink = table.layers.ink.inked
    assert ink, "kombi draws the pile count over the cards"
    hand = [k for k, s in table.cards.targets.items() if s.z >= 100]  # the hand, far from the pile count
    for key in hand:
        s = table.cards.targets[key]
        table.cards.anim.move(key, (s.x - 40, s.y), (s.x, s.y), 0.3)
    while table.cards.busy:
        frames(app, 1)
    assert all(clip.collidelist(ink) >= 0 for clip in calls)
    assert len(calls) < 5, "the pile count was drawn again for areas it does not reach"


def test_turning_cards_are_scaled_once_per_width_not_once_a_frame(monkeypatch):
    app, table = _table("trumps")
    scaled = []
    real = pygame.transform.smoothscale
    monkeypatch.setattr(pygame.transform, "smoothscale", lambda *a: scaled.append(a[1]) or real(*a))
    from game.tables.cardlayer import FLIP_STEPS

    width = table.cards.targets[next(iter(table.cards.targets))].w
    keys = [k for k, s in table.cards.targets.items() if s.w == width and not s.dim][:6]
    assert len(keys) >= 4
    for key in keys:  # turning over together: each shows its back, then its face
        table.cards.flips[key] = 0.0
    drawn = 0
    while table.cards.flips:
        frames(app, 1)
        drawn += 1
    assert drawn >= 15
    assert len(scaled) <= (len(keys) + 1) * FLIP_STEPS, "the shared back is scaled once per width"
    assert len(scaled) < len(keys) * drawn


def test_merge_rects_joins_what_meets_and_keeps_far_areas_apart():
    bounds = pygame.Rect(0, 0, 1920, 1080)
    a, b, far = pygame.Rect(100, 100, 140, 196), pygame.Rect(130, 100, 140, 196), pygame.Rect(1500, 800, 140, 196)
    out = merge_rects([a, b, far], bounds)
    assert len(out) == 2 and out[0].contains(a.union(b)) and out[1].contains(far)
    assert out[0].w < 170 + 32 and out[1].w < 140 + 32
    assert all(r.x % 16 == 0 and r.w % 16 == 0 for r in out), "rows are copied from 64-byte boundaries"
    many = [pygame.Rect(x * 200, y * 300, 100, 100) for x in range(9) for y in range(3)]
    out = merge_rects(many, bounds, limit=4)
    assert len(out) <= 4
    assert all(any(o.contains(r) for o in out) for r in many), "every changed area is still repainted"


def test_uncovered_leaves_out_only_what_the_solid_rects_hide():
    rng = random.Random(7)
    for _ in range(400):
        area = pygame.Rect(rng.randrange(0, 5) * 16, rng.randrange(0, 60), rng.randrange(1, 12) * 16,
                           rng.randrange(1, 80))
        solid = [pygame.Rect(rng.randrange(-20, 220), rng.randrange(-20, 150), rng.randrange(1, 120),
                             rng.randrange(1, 90)) for _ in range(rng.randrange(0, 6))]
        bare = pygame.mask.Mask((300, 300))
        bare.draw(pygame.mask.Mask(area.size, fill=True), area.topleft)
        for c in solid:
            bare.erase(pygame.mask.Mask(c.size, fill=True), c.topleft)
        painted = pygame.mask.Mask((300, 300))
        out = uncovered(area, solid)
        for r in out:
            assert area.contains(r)
            painted.draw(pygame.mask.Mask(r.size, fill=True), r.topleft)
        assert bare.overlap_area(painted, (0, 0)) == bare.count(), "felt left stale where no card hides it"
        assert all(r.x % 16 == 0 and (r.right % 16 == 0 or r.right == area.right) for r in out)
        assert painted.count() <= bare.count() + 32 * area.h * (len(solid) + 1), "repaints little it need not"


def test_a_cards_solid_band_hides_whatever_lay_under_it():
    _table("kombi")  # a display, so the art is converted as at a table
    from sprites.cards import CardArt

    art = CardArt(156)
    for img in (art.face("7H"), art.face("KS"), art.back()):
        band = art.solid(img)
        assert band.w == img.get_width() and band.h > 0.85 * img.get_height()
        shown = []
        for bg in ((0, 0, 0), (255, 255, 255), (30, 140, 200)):
            under = pygame.Surface(img.get_size()).convert()
            under.fill(bg)
            under.blit(img, (0, 0))
            shown.append(pygame.image.tobytes(under.subsurface(band), "RGB"))
        assert shown[0] == shown[1] == shown[2]


def test_only_cards_moving_copies_the_felt_back_only_where_no_card_hides_it(monkeypatch):
    app, table = _table("kombi")
    areas, bare = [], []
    real = layers.uncovered

    def spy(area, solid):
        out = real(area, solid)
        areas.append(area)
        bare.extend(out)
        return out

    monkeypatch.setattr(layers, "uncovered", spy)
    hand = [k for k, s in table.cards.targets.items() if s.z >= 100]
    for key in hand:  # the fan glides a little: its cards hide most of the area it repaints
        s = table.cards.targets[key]
        table.cards.anim.move(key, (s.x - 40, s.y - 20), (s.x, s.y), 0.3)
    while table.cards.busy:
        frames(app, 1)
    assert areas
    assert sum(r.w * r.h for r in bare) < 0.35 * sum(r.w * r.h for r in areas)
