"""Player plates and card sizes at the tables: each plate says the right name, score, card count, turn and
badge for its game, stands beside its own player's cards (nearer to them than to the opponent's, covered
by none), and its words are part of the layout report; the cards are as large as the layouts promise."""
from __future__ import annotations

import math

import pygame
import pytest

from game.tables.trumps.layout import TrumpsGeometry
from tools.driver import make_app
from tools.shots import midgame, open_settled, play_out
from tools.square_shots import TO_QUEEN, session_after
from tools.trumps_shots import can_beat, session_where

SIZES = [(1024, 600), (1920, 1080)]


@pytest.fixture(autouse=True)
def _quick_autosave(monkeypatch):
    monkeypatch.setattr("game.paths.os.fsync", lambda fd: None)


def gap(a: pygame.Rect, b: pygame.Rect) -> float:
    dx = max(0, a.x - b.right, b.x - a.right)
    dy = max(0, a.y - b.bottom, b.y - a.bottom)
    return math.hypot(dx, dy)


def own_cards(table, seat: int) -> list[pygame.Rect]:
    """The rects of the cards in front of ``seat`` (hand, square or backs) as the table lays them out."""
    me = table.obs["seat"]
    out = []
    for key, sprite in table.cards.targets.items():
        if table.game_id == "square":
            mine = key.startswith(f"sq{seat}:")
        elif key.startswith("opp:"):
            mine = seat != me
        else:
            mine = seat == me and (key.startswith("me:") or key in table.obs.get("hand", []))
        if mine:
            out.append(sprite.rect())
    return out


def tables(size):
    app = make_app(size=size)
    return app, {
        "kombi": lambda: open_settled(app, midgame("kombi", 14)),
        "square": lambda: open_settled(app, session_after(TO_QUEEN)),
        "trumps": lambda: open_settled(app, session_where(can_beat)),
        "cribbage": lambda: open_settled(app, midgame("cribbage", 8)),
    }


@pytest.mark.parametrize("size", SIZES)
def test_each_plate_stands_beside_its_players_cards(size):
    _, makers = tables(size)
    for game, make in makers.items():
        table = make()
        report = table.layout_report()
        cards = [s.rect() for s in table.cards.targets.values()]
        for seat, plate in enumerate(table.plates()):
            rect = table.plate_rect(seat)
            assert table.board.contains(rect), (game, seat, rect)
            assert not any(rect.colliderect(c) for c in cards), (game, seat, "a card covers the plate")
            mine, theirs = own_cards(table, seat), own_cards(table, 1 - seat)
            assert mine and theirs, (game, seat)
            near = min(gap(rect, c) for c in mine)
            assert near <= 0.12 * table.board.h, (game, seat, near)
            assert near < min(gap(rect, c) for c in theirs), (game, seat)
            words = [r for r, text, _, _ in report["texts"] if text == plate.name]
            assert any(rect.contains(r) for r in words), (game, seat, "the name is drawn on the plate")


def test_plates_say_name_score_count_turn_and_badge():
    app, makers = tables((1280, 800))
    t = app.t

    kombi = makers["kombi"]()
    obs = kombi.obs
    ann, computer = kombi.plates()
    assert ann.name == t("plate.you", name="Ann") and computer.name == "Computer"
    assert ann.score == t.n("plate.points", obs["scores"][0])
    assert computer.score == t.n("plate.points", obs["scores"][1])
    assert ann.count == t.n("kombi.hand_count", obs["hand_counts"][0])
    assert computer.count == t.n("kombi.hand_count", obs["hand_counts"][1])
    assert ann.turn and not computer.turn

    trumps = makers["trumps"]()
    obs = trumps.obs
    ann, computer = trumps.plates()
    assert (ann.badge, ann.suit, computer.suit) == (t("trumps.badge"), "H", "S")
    assert ann.count == t.n("trumps.cards", obs["hand_counts"][0]) and ann.turn and not computer.turn

    crib = makers["cribbage"]()
    obs = crib.obs
    plates = crib.plates()
    dealer = obs["dealer"]
    assert plates[dealer].badge == t("plate.dealer") and plates[1 - dealer].badge == ""
    for seat in (0, 1):
        assert plates[seat].score == t.n("plate.points", obs["pegs"][seat]["front"])
        assert plates[seat].turn == (crib.match.state.to_move == seat)

    square = open_settled(app, play_out(session_after(TO_QUEEN), seed=3))
    obs = square.obs
    plates = square.plates()
    for seat in (0, 1):
        assert plates[seat].score == t("square.sum", total=obs["scores"][seat])
        assert plates[seat].badge == (t("square.badge.knocked") if obs["knocked_by"] == seat else "")
        assert not plates[seat].turn  # the game is over
    assert obs["knocked_by"] is not None


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080), (3840, 2160)])
def test_square_and_trumps_cards_are_large(size):
    """Every table's full-size cards are a quarter of the window height (they were a fifth)."""
    _, makers = tables(size)
    square = makers["square"]()
    assert square.geo.ch >= 0.25 * square.board.h
    trumps = makers["trumps"]()
    assert trumps.geo.ch >= 0.25 * trumps.board.h  # the target: cards at least 25% of the window height
    kombi = makers["kombi"]()
    assert kombi.geo.mini >= 0.65 * kombi.geo.cw and kombi.geo.mini >= 55 * size[1] / 600
    assert kombi.geo.ch >= 0.245 * kombi.board.h  # a quarter of the window, to a pixel's rounding
    cribbage = makers["cribbage"]()
    assert cribbage.geo.ch >= 0.245 * cribbage.board.h


def test_kombi_scored_rows_keep_every_index_in_view():
    _, makers = tables((1024, 600))
    geo = makers["kombi"]().geo
    rows = geo.pile_xs([3] * 6)  # a long game's worth of triples
    xs = [x for row in rows for x in row]
    assert xs[0] - geo.mini / 2 >= geo.right.x and xs[-1] + geo.mini / 2 <= geo.right.right + 1
    assert min(b - a for a, b in zip(xs, xs[1:], strict=False)) >= 0.25 * geo.mini


@pytest.mark.parametrize("size", [(1024, 600), (3840, 2160)])
def test_big_trumps_hands_overlap_and_fit(size):
    geo = TrumpsGeometry(pygame.Rect(0, 0, size[0] * 3 // 4, size[1]), size[1] / 1080)
    for groups in ([5, 5, 4, 4], [9, 9, 8, 4]):  # the 18 dealt, and a hand after big pick-ups
        xs, w = geo.hand_xs(groups)
        assert len(xs) == sum(groups)
        assert xs[0] - w / 2 >= geo.board.x and xs[-1] + w / 2 <= geo.board.right
        assert min(b - a for a, b in zip(xs, xs[1:], strict=False)) >= 0.25 * w  # each index shows
        assert w >= 0.65 * geo.cw  # cards narrow only as far as an index stays readable


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080), (800, 480), (768, 1024)])
def test_card_square_places_never_overlap(size):
    """Squares, piles, the drawn card's corner, the status and the plates each keep their own place, in
    the diagonal layout and, on a tall narrow board, the stacked one."""
    _, makers = tables(size)
    table = makers["square"]()
    geo = table.geo
    assert not geo.stacked or size[0] < size[1]  # only a tall narrow board stacks, where that gives bigger cards
    slots = [geo.slot_rect(m, i) for m in (True, False) for i in range(4)]
    places = {"mine": geo.my_square, "theirs": geo.their_square, "draw": geo.draw_rect, "discard": geo.discard_rect,
              "corner": geo.corner, "band": geo.band, "plate0": table.plate_rect(0), "plate1": table.plate_rect(1)}
    names = list(places)
    for i, a in enumerate(names):
        assert table.board.contains(places[a]), a
        for b in names[i + 1:]:
            assert not places[a].colliderect(places[b]), (a, b)
    mine, theirs = geo.my_square.inflate(2, 2), geo.their_square.inflate(2, 2)  # centres round to whole pixels
    assert all(mine.contains(r) for r in slots[:4]) and all(theirs.contains(r) for r in slots[4:])
    assert geo.ch >= (0.11 if size[0] < size[1] else 0.24) * table.board.h  # portrait: the names take width


@pytest.mark.parametrize("size", [(800, 480), (768, 1024)])
def test_own_trumps_on_small_and_narrow_boards(size):
    _, makers = tables(size)
    table = makers["trumps"]()
    geo = table.geo
    assert geo.pile_zone.right <= table.board.right and geo.cue_left + geo.cue_w <= table.board.right
    assert geo.cw >= 0.13 * min(table.board.w, table.board.h)  # capitals of 2% of the height take width
    rect = table.plate_rect(table.view_seat)
    hand = own_cards(table, table.view_seat)
    assert not any(rect.colliderect(c) for c in hand)
