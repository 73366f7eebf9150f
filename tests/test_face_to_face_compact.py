"""Face to face on a small tablet (1024x600), played by finger: a long Own Trumps hand lies in two rows so every card
keeps a touch-sized strip in view (game/tables/band.py ``TOUCH_STRIP``), a tap on each strip selects that card in
both halves (the top one turned), a card under a resting finger is drawn lifted and in front, and the log drawer
shows each player the last several sentences the right way up."""
from __future__ import annotations

import random

import pygame
import pytest

from game.scenes.turned import turn_point
from game.session import Session
from game.tables.band import touch_strip
from sprites import theme
from tools.driver import frames, make_app, settle, speaking, tap
from tools.layout_check import problems_of

SIZE = (1024, 600)


@pytest.fixture(autouse=True)
def _quick_autosave(monkeypatch):
    monkeypatch.setattr("game.paths.os.fsync", lambda fd: None)  # durability is not under test here


def long_hand(game_id: str, seat: int, size: int, phase: str = "play", across: int | None = None) -> Session:
    """A hotseat game played at random until ``seat`` is to move holding ``size`` cards (and the other seat
    ``across`` cards, when given)."""
    for seed in range(1, 300):
        session = Session.new(game_id, "hotseat", ["Ann", "Ben"], seed)
        rng, st = random.Random(seed), session.match.state
        for _ in range(200):
            if st.is_over:
                break
            seen = st.observe(st.to_move)
            if st.to_move == seat and seen.get("phase", phase) == phase and len(seen["hand"]) == size \
                    and across in (None, seen["hand_counts"][1 - seat]):
                return session
            st = session.match.play(rng.choice(st.legal_actions()))
    raise AssertionError(f"no {game_id} game gave seat {seat} {size} cards")


def facing(session: Session):
    """The face-to-face table at 1024x600 with the seat to move holding it (its cover confirmed by a tap)."""
    app = make_app(size=SIZE)
    app.settings.face_to_face = True
    app.settings.animation_speed = 4.0
    f2f = app.open_table(session)
    app.stack.reset(f2f)
    frames(app, 3)
    seat = session.match.state.to_move
    assert app.stack.top.name == "cover"
    window(app, f2f, seat, (app.size[0] // 2, app.size[1] // 3), tap)
    settle(app)
    assert f2f.revealed == seat and app.stack.top is f2f
    return app, f2f, f2f.bands[seat]


def at(f2f, seat: int, p) -> tuple[int, int]:
    """A point of ``seat``'s band where it shows in the window (through the half turn for the top band)."""
    r = f2f.rects[seat]
    local = turn_point(p, r.size) if seat == 1 else (int(p[0]), int(p[1]))
    return local[0] + r.x, local[1] + r.y


def window(app, f2f, seat, p, act) -> None:
    act(app, at(f2f, seat, p), touch=True)


def finger(app, kind: int, pos: tuple[int, int]) -> None:
    w, h = app.size
    pygame.event.post(pygame.event.Event(kind, x=pos[0] / w, y=pos[1] / h, finger_id=0, touch_id=0, dx=0, dy=0))
    frames(app, 1)


def free_square(band, key: str, side: int) -> pygame.Rect | None:
    """A ``side``-pixel square of card ``key`` that no card drawn over it covers, as drawn now (topmost first)."""
    layer = band.cards
    rects = layer.rects()
    order = [look.key for look in layer._looks()]  # stacking order, as drawn
    rect = rects[key]
    over = [rects[k] for k in order[order.index(key) + 1:]]
    for y in range(rect.y, rect.bottom - side + 1, 2):
        for x in range(rect.x, rect.right - side + 1, 2):
            square = pygame.Rect(x, y, side, side)
            if square.collidelist(over) < 0:
                return square
    return None


@pytest.mark.parametrize(("lang", "seat", "size"), [("en", 0, 19), ("en", 1, 19), ("de", 1, 20), ("uk", 0, 19),
                                                     ("en", 1, 25), ("uk", 0, 27)])
def test_a_long_hand_keeps_a_touch_strip_per_card_and_a_tap_on_each_selects_it(lang, seat, size):
    """19 cards (a deal's most) in every language; more where the words leave room (docs/decisions.md)."""
    with speaking(lang):
        app, f2f, band = facing(long_hand("trumps", seat, size))
    hand = band.ordered_hand(band.obs["hand"])
    assert len(hand) == size
    strip = touch_strip(SIZE[1])
    assert strip >= 28
    rows = {round(band.cards.rects()[c].centery) for c in hand}
    assert len(rows) == 2, "a long hand lies in two rows"
    assert all(band.cards.rects()[c].h >= 0.15 * SIZE[1] for c in hand), "cards stay 15% of the height"
    for card in hand:
        square = free_square(band, card, strip)
        assert square is not None, f"{card} shows less than {strip}x{strip} px"
        window(app, f2f, seat, square.center, tap)
        assert band.selected == card, (card, band.selected)
    found, _ = problems_of(app, f"{lang}:compact:{seat}")
    assert not found, "\n".join(found)


def test_the_covered_half_shows_its_long_hand_in_two_touch_sized_rows():
    app, f2f, band = facing(long_hand("trumps", 0, 17, across=19))
    across = f2f.bands[1]  # the hand of the seat not holding the table: backs only
    backs = [k for k in across.cards.targets if k.startswith("me:")]
    assert len(backs) == 19 and len({across.cards.rects()[k].y for k in backs}) == 2
    strip = touch_strip(SIZE[1])
    assert all(free_square(across, k, strip) is not None for k in backs)


@pytest.mark.parametrize("seat", [0, 1])
def test_a_card_under_a_resting_finger_is_drawn_lifted_and_in_front(seat):
    app, f2f, band = facing(long_hand("trumps", seat, 19))
    hand = band.ordered_hand(band.obs["hand"])
    card = hand[1]  # in the back row, under the cards to its right and the front row
    rest = band.cards.rects()[card]
    square = free_square(band, card, touch_strip(SIZE[1]))
    assert square is not None
    finger(app, pygame.FINGERDOWN, at(f2f, seat, square.center))
    assert band.cards.held == card
    looks = band.cards._looks()
    assert looks[-1].key == card, "the held card is drawn over every other"
    x, y, _, look = band.cards.frame().marks[card]
    assert y + look.h <= rest.bottom - 0.25 * rest.h, "it rises"
    assert look.w > rest.w, "and comes off the table, larger"
    assert band.cards.hit(square.center).key == card
    finger(app, pygame.FINGERUP, at(f2f, seat, square.center))
    assert band.cards.held is None and band.selected == card, "letting go is a tap on it"


def test_a_drag_takes_over_from_the_lift():
    app, f2f, band = facing(long_hand("trumps", 0, 19))
    hand = band.ordered_hand(band.obs["hand"])
    square = free_square(band, hand[0], touch_strip(SIZE[1]))
    assert square is not None
    finger(app, pygame.FINGERDOWN, at(f2f, 0, square.center))
    assert band.cards.held == hand[0]
    finger(app, pygame.FINGERMOTION, at(f2f, 0, (square.centerx + 40, square.centery - 60)))
    assert band.cards.held is None and band.drag_keys == [hand[0]]
    finger(app, pygame.FINGERUP, at(f2f, 0, (square.centerx + 40, square.centery - 60)))


@pytest.mark.parametrize("seat", [0, 1])
def test_the_log_drawer_shows_each_player_the_last_sentences(seat):
    app, f2f, band = facing(long_hand("trumps", seat, 19))
    log = band.log
    assert len(log.lines) >= 4
    px = theme.font_px(25, band.scale)
    small = len(log._rows(app.fonts, band.scale)[2])
    assert small < 3, "the side panel alone shows too little on a small tablet"
    window(app, f2f, seat, log.rect.center, tap)
    assert band.drawer.open
    rows = band.drawer.panel._rows(app.fonts, band.scale)[2]  # as drawn: (rect, sentence, text)
    shown = {owner for _, owner, _ in rows}
    assert len(shown) >= 4 and rows[-1][1] == len(log.lines) - 1, "the newest sentences, the last at the bottom"
    assert all(band.drawer.panel.rect.contains(r) for r, _, _ in rows)
    rep = band.band_report()
    inside = [(text, p) for r, text, p, _ in rep["texts"] if band.drawer.panel.rect.contains(r)]
    assert sum(text.startswith("•") for text, _ in inside) >= 4
    assert all(p >= px >= theme.floor_px(SIZE[1]) for _, p in inside), "no smaller than the app's log"
    found, _ = problems_of(app, f"drawer:{seat}")
    assert not found, "\n".join(found)
    selected = band.selected
    window(app, f2f, seat, (band.board.x + 20, band.board.bottom - 20), tap)  # off the drawer: it closes
    assert not band.drawer.open and band.selected == selected, "the tap that closes it does nothing else"


def test_the_drawer_of_one_half_leaves_the_other_alone():
    app, f2f, band = facing(long_hand("trumps", 1, 19))
    window(app, f2f, 1, band.log.rect.center, tap)
    assert band.drawer.open and not f2f.bands[0].drawer.open
    other = f2f.bands[0]
    window(app, f2f, 0, other.log.rect.center, tap)
    assert band.drawer.open and other.drawer.open, "both players may read at once"


def test_a_long_sentence_in_a_one_row_panel_shows_its_beginning():
    from game.tables.logpanel import LogPanel

    app = make_app(size=SIZE)
    panel = LogPanel()
    scale = theme.ui_scale(SIZE[1])
    panel.rect = pygame.Rect(0, 0, 200, 0)
    title = app.fonts.get(theme.font_px(30, scale)).get_linesize()
    line = app.fonts.get(theme.font_px(25, scale)).get_linesize()
    pad = max(6, int(12 * scale))
    panel.rect.h = pad * 3 + title + line + 2  # room for one row
    panel.set_lines(["short", "the newest sentence is far too long for one row of this narrow panel"])
    rows = panel._rows(app.fonts, scale)[2]
    assert len(rows) == 1 and rows[0][2].startswith("• the newest"), rows


def test_a_full_kombi_hand_keeps_a_touch_strip_per_card_in_one_row():
    app, f2f, band = facing(long_hand("kombi", 0, 10, phase="turn"))
    hand = band.obs["hand"]
    assert len(hand) == 10
    assert len({band.cards.rects()[c].centery for c in hand}) == 1
    assert all(free_square(band, c, touch_strip(SIZE[1])) is not None for c in hand)


def test_a_card_dragged_within_a_two_row_hand_goes_where_it_is_let_go():
    from tools.driver import drag

    app, f2f, band = facing(long_hand("trumps", 0, 19))
    hand = band.ordered_hand(band.obs["hand"])
    rects = band.cards.rects()
    front_y = max(rects[c].centery for c in hand)
    first_front = next(c for c in hand if rects[c].centery == front_y)
    card = hand[0]  # the back row's first card, onto the front row's start
    square = free_square(band, card, touch_strip(SIZE[1]))
    assert square is not None
    target = (rects[first_front].x + 4, rects[first_front].centery)
    drag(app, at(f2f, 0, square.center), at(f2f, 0, target), touch=True)
    settle(app)
    order = band.ordered_hand(band.obs["hand"])
    assert order.index(card) == order.index(first_front) - 1, (card, first_front, order)
