"""Face to face (game/tables/facing.py): two bands over one hotseat game, the top one turned half round.
Played with FINGER events on both halves through the covers to the end screen; touches mapped through the
turn; the half of the seat not holding the table never shows a hidden card; overlays face their player;
the setting is stored, offered only for two players at one device, and behind the PIN in a kiosk."""
from __future__ import annotations

import random

import pygame
import pytest

import rules
import sprites.cards
from game.scenes.turned import turn_point
from game.session import Session
from rules.core import Action
from tests.uiplay import kombi_policy
from tools.driver import frames, make_app, perform, settle, tap


@pytest.fixture(autouse=True)
def _quick_autosave(monkeypatch):
    monkeypatch.setattr("game.paths.os.fsync", lambda fd: None)  # durability is not under test here


def facing_app(game_id: str, seed: int, size=(1280, 800), names=("Ann", "Ben")):
    app = make_app(size=size)
    app.settings.face_to_face = True
    app.settings.animation_speed = 4.0
    session = Session.new(game_id, "hotseat", list(names), seed)
    table = app.open_table(session)
    app.stack.push(table)
    frames(app, 3)
    return app, session, table


class Hand:
    """The finger of the player at ``seat``: points in that seat's band, touched where they show."""

    def __init__(self, app, f2f, seat: int) -> None:
        self.app, self.f2f, self.seat = app, f2f, seat
        self.band = f2f.bands[seat]

    def at(self, p) -> tuple[int, int]:
        r = self.f2f.rects[self.seat]
        local = turn_point(p, r.size) if self.seat == 1 else (int(p[0]), int(p[1]))
        return local[0] + r.x, local[1] + r.y

    def tap(self, p) -> None:
        tap(self.app, self.at(p), touch=True)

    def button(self, bid: str) -> None:
        rect = next(b.rect for b in self.band.buttons.buttons if b.id == bid)
        self.tap(rect.center)

    def card(self, key: str) -> tuple[int, int]:
        """A point on the card that no later card covers."""
        cards = self.band.cards
        rect = cards.current_rect(key)
        for dx in range(3, rect.w, 3):
            p = (rect.x + dx, rect.y + rect.h // 3)
            hit = cards.hit(p)
            if hit is not None and hit.key == key:
                return p
        raise AssertionError(f"{key} is not visible")


def confirm_cover(app, f2f, seat: int) -> None:
    """The cover is up for ``seat``, turned to face it; its player taps it."""
    top = app.stack.top
    assert top.name == "cover" and top.seat == seat
    assert bool(getattr(top, "turned_over", False)) == (seat == 1), "the cover faces the next player"
    Hand(app, f2f, seat).tap((app.size[0] // 2, app.size[1] // 3))
    settle(app)
    assert f2f.revealed == seat and app.stack.top is f2f


class FaceWatch:
    """Every card face drawn, with the band drawing it: the half of the seat that does not hold the table
    shows only public cards (hidden from neither seat); the other half only what its seat may see."""

    def __init__(self, monkeypatch, f2f) -> None:
        self.f2f, self.drawing, self.bad, self.seen = f2f, None, [], 0
        real = sprites.cards.CardArt.face

        def spy(art, card):
            self.check(str(card))
            return real(art, card)

        monkeypatch.setattr(sprites.cards.CardArt, "face", spy)
        for seat, band in enumerate(f2f.bands):
            band.draw = self.watched(seat, band.draw)

    def watched(self, seat, draw):
        def run(surface):
            self.drawing = seat
            try:
                for s in self.f2f.bands[seat].cards.targets.values():  # every face the band places
                    if s.card is not None:
                        self.check(str(s.card))
                return draw(surface)
            finally:
                self.drawing = None
        return run

    def check(self, card: str) -> None:
        seat = self.drawing
        if seat is None:
            return
        self.seen += 1
        st = self.f2f.match.state
        if self.f2f.revealed != seat and card in st.hidden_from(0) | st.hidden_from(1):
            self.bad.append((card, f"in the half of seat {seat}, which does not hold the table"))
        elif card in st.hidden_from(seat):
            self.bad.append((card, f"hidden from seat {seat}"))


# --- Kombi: a whole game by touch ------------------------------------------------------------------------
def perform_kombi(app, hand: Hand, action: Action) -> None:
    band = hand.band
    if action.kind == "draw":
        hand.tap(band.draw_rect.center)
    elif action.kind == "exchange":
        hand.tap(hand.card(action["hand"]))
        settle(app)
        hand.tap(hand.card(action["area"]))
    elif action.kind == "play":
        for c in [c for combo in action["combos"] for c in combo]:
            hand.tap(hand.card(c))
            settle(app)
        hand.tap(band.my_pile_zone.center)
    else:
        hand.button("pass")
        if app.stack.top.name == "confirm":  # a pass that ends the game asks first, facing its player
            assert bool(getattr(app.stack.top, "turned_over", False)) == (hand.seat == 1)
            rect = next(b.rect for b in app.stack.top.buttons.buttons if b.id == "yes")
            point = turn_point(rect.center, app.size) if hand.seat == 1 else rect.center
            tap(app, point, touch=True)
    settle(app)


def test_a_whole_kombi_game_face_to_face_by_touch_to_the_end_screen(monkeypatch):
    app, session, f2f = facing_app("kombi", seed=5)
    watch = FaceWatch(monkeypatch, f2f)
    hands = [Hand(app, f2f, 0), Hand(app, f2f, 1)]
    turn, covers, by_seat = 0, 0, [0, 0]
    for _ in range(600):
        if session.match.state.is_over:
            break
        seat = session.match.state.to_move
        if app.stack.top.name == "cover":
            confirm_cover(app, f2f, seat)
            covers += 1
            continue
        band = f2f.bands[seat]
        assert band.my_turn and not f2f.bands[1 - seat].my_turn
        action = kombi_policy(session.match.state.observe(seat), turn)
        before = session.match.cursor
        perform_kombi(app, hands[seat], action)
        assert session.match.cursor == before + 1, f"{action} was not applied: {band.toast}"
        by_seat[seat] += 1
        turn += 1
    assert session.match.state.is_over and covers >= 4 and min(by_seat) > 0
    for _ in range(600):
        if app.stack.top.name == "end":
            break
        frames(app)
    end = app.stack.top
    assert end.name == "end"
    st = session.match.state
    assert app.results[-1].startswith(f"RESULT game=kombi seed=5 winners={','.join(map(str, st.winners))}")
    assert bool(getattr(end, "turned_over", False)) == (tuple(st.winners) == (1,)), "the result faces the winner"
    assert watch.seen and not watch.bad, watch.bad[:5]


# --- touches through the half turn ---------------------------------------------------------------------
def test_touches_in_the_top_half_reach_the_top_band_turned(monkeypatch):
    app, session, f2f = facing_app("kombi", seed=3, size=(1024, 600))
    got: list[tuple[int, str, tuple[int, int]]] = []
    for seat, band in enumerate(f2f.bands):
        monkeypatch.setattr(band, "on_gesture", lambda g, seat=seat: got.append((seat, g.kind, g.pos)))
    app.stack.pop()  # the first cover
    frames(app, 2)
    w, h = app.size
    top, bottom = f2f.rects[1], f2f.rects[0]
    assert top.y == 0 and bottom.bottom == h and top.h == bottom.h and top.bottom <= bottom.y
    tap(app, (100, 50), touch=True)  # top half: seat 1, at the turned point
    tap(app, (100, h - 50), touch=True)  # bottom half: seat 0, moved up by the band's offset
    taps = [x for x in got if x[1] == "tap"]
    assert taps[0][0] == 1 and abs(taps[0][2][0] - (w - 1 - 100)) <= 1 and abs(taps[0][2][1] - (top.h - 1 - 50)) <= 1
    assert taps[1][0] == 0 and abs(taps[1][2][0] - 100) <= 1 and abs(taps[1][2][1] - (bottom.h - 50)) <= 1
    assert f2f.to_band(1, (0, 0)) == (w - 1, top.h - 1) and f2f.to_band(0, (0, h - 1)) == (0, bottom.h - 1)
    r = pygame.Rect(10, 20, 30, 40)  # a band rect where the window shows it
    assert f2f.to_window(1, r) == pygame.Rect(w - 40, top.h - 60, 30, 40)
    assert f2f.to_window(0, r) == r.move(0, bottom.y)


def test_each_half_faces_its_player_on_the_screen():
    """The top band's pixels are its page turned half round; the bottom band's are its page as it is."""
    app, session, f2f = facing_app("kombi", seed=3, size=(1024, 600))
    f2f.bands[0].show_toast("Hello")  # something that differs between the halves
    app.stack.pop()
    frames(app, 2)
    app.draw()
    w, h = app.size
    top, bottom = f2f.rects[1], f2f.rects[0]
    for x, y in ((5, 5), (w // 3, top.h // 2), (w - 7, top.h - 3), (w // 2, 40)):
        assert app.screen.get_at((top.x + top.w - 1 - x, top.y + top.h - 1 - y)) == f2f.pages[1].get_at((x, y))
        assert app.screen.get_at((x, bottom.y + y)) == f2f.pages[0].get_at((x, y))


def test_the_cover_faces_the_player_across():
    """On the screen the cover for the top seat is the upright cover turned half round."""
    from game.scenes.turned import turn_surface

    app, session, f2f = facing_app("kombi", seed=6, size=(1024, 600))  # seat 1 begins
    cover = app.stack.top
    assert cover.name == "cover" and cover.seat == 1 and cover.turned_over
    app.draw()
    upright = pygame.Surface(app.size)
    cover.inner.draw(upright)
    turned = turn_surface(upright)
    w, h = app.size
    points = [(x, y) for x in range(0, w, 37) for y in range(0, h, 29)]
    assert all(app.screen.get_at(p) == turned.get_at(p) for p in points)
    assert any(upright.get_at(p) != turned.get_at(p) for p in points), "the cover is not symmetric"
    Hand(app, f2f, 1).tap((w // 2, h // 3))
    assert f2f.revealed == 1


def test_the_menu_opens_facing_the_player_who_pressed_it():
    app, session, f2f = facing_app("kombi", seed=3)
    app.stack.pop()
    frames(app, 2)
    Hand(app, f2f, 1).button("menu")
    assert app.stack.top.name == "pause" and app.stack.top.turned_over
    resume = next(b.rect for b in app.stack.top.buttons.buttons if b.id == "resume")
    tap(app, turn_point(resume.center, app.size), touch=True)  # its player taps Resume where it shows
    assert app.stack.top is f2f
    Hand(app, f2f, 0).button("menu")
    assert app.stack.top.name == "pause" and not getattr(app.stack.top, "turned_over", False)


def test_only_the_player_holding_the_table_may_go_back():
    app, session, f2f = facing_app("kombi", seed=3)
    seat = session.match.state.to_move
    confirm_cover(app, f2f, seat)
    Hand(app, f2f, seat).tap(f2f.bands[seat].draw_rect.center)
    settle(app)
    assert session.match.cursor == 1
    ids = {b.id: b.enabled for b in f2f.bands[1 - seat].buttons.buttons}
    assert not ids["undo"] and not ids["hint"] and ids["menu"]
    Hand(app, f2f, seat).button("undo")
    settle(app)
    assert session.match.cursor == 0 and f2f.revealed == seat


# --- the setting: stored, offered for two players at one device only, behind the PIN in a kiosk ----------
def names_buttons(app, mode: str) -> dict:
    app.show("menu")
    frames(app, 2)
    app.push("names", game="kombi", mode=mode)
    frames(app, 2)
    return {b.id: b for b in app.stack.top.buttons.buttons}


def test_the_names_screen_offers_face_to_face_for_two_players_and_remembers_it():
    app = make_app()
    app.opts.headless = False  # as a desktop run: the choice is stored
    assert "facing" not in names_buttons(app, "computer")
    buttons = names_buttons(app, "hotseat")
    assert not app.settings.face_to_face
    tap(app, buttons["facing"].rect.center, touch=True)
    assert app.settings.face_to_face
    assert make_app().settings.face_to_face, "a new start reads it back from the settings file"
    tap(app, next(b for b in app.stack.top.buttons.buttons if b.id == "start").rect.center)
    frames(app, 3)
    table = app.stack.find("table")
    assert getattr(table, "face_to_face", False) and app.stack.top.name == "cover"


def test_a_computer_game_never_sits_face_to_face():
    app = make_app()
    app.settings.face_to_face = True
    table = app.open_table(Session.new("kombi", "computer", ["Ann", "Computer"], 3))
    assert not getattr(table, "face_to_face", False)


def test_the_settings_screen_offers_it_and_a_kiosk_keeps_it_behind_the_pin():
    app = make_app(kiosk=True)
    assert "facing" not in names_buttons(app, "hotseat"), "visitors do not choose the seating"
    app.show("menu")
    frames(app, 2)
    tap(app, next(b for b in app.stack.top.buttons.buttons if b.id == "settings").rect.center)
    frames(app, 2)
    assert app.stack.top.name == "kiosk_pin"
    for d in app.settings.pin:
        tap(app, next(b for b in app.stack.top.buttons.buttons if b.id == d).rect.center)
    tap(app, next(b for b in app.stack.top.buttons.buttons if b.id == "ok").rect.center)
    frames(app, 2)
    assert app.stack.top.name == "settings"
    tap(app, next(b for b in app.stack.top.buttons.buttons if b.id == "face_to_face=True").rect.center)
    assert app.settings.face_to_face
    session = Session.new("kombi", "hotseat", ["Ann", "Ben"], 4)
    assert getattr(app.open_table(session), "face_to_face", False)


# --- a few turns of every other game, by touch on both halves -------------------------------------------
def play_turns(app, session, f2f, perform, n: int) -> list[str]:
    """``n`` actions through the covers, each done by touch by the player whose turn it is."""
    done: list[str] = []
    for _ in range(n * 40):
        if len(done) >= n or session.match.state.is_over:
            break
        if app.stack.top.name == "cover":
            confirm_cover(app, f2f, session.match.state.to_move)
            continue
        seat = session.match.state.to_move
        band = f2f.bands[seat]
        if not band.my_turn or band.blocking() or band.cards.busy:
            frames(app)
            continue
        before = session.match.cursor
        kind = perform(app, Hand(app, f2f, seat), session.match.state.observe(seat))
        settle(app)
        assert session.match.cursor == before + 1, f"{kind} was not applied: {band.toast}"
        done.append(f"{seat}:{kind}")
    assert len(done) == n or session.match.state.is_over
    return done


def square_session():
    from rules.match import Match
    from tools.square_shots import shot_deck

    return Session("square", "hotseat", ["Ann", "Ben"], Match("square", {"deck": shot_deck(), "first": 0}))


def perform_square(app, hand: Hand, obs: dict) -> str:
    """Draw and use the card: a peek at one's own card, a Jack swapping with the opponent's square and a
    spy into it — the opponent's square tapped in one's own half."""
    from rules.square.actions import index_of
    from rules.square.state import power_of

    geo = hand.band.geo
    phase = obs["phase"]
    if phase in ("look", "reveal"):
        hand.button("look" if phase == "look" else "done")
        return phase
    if phase == "turn":
        hand.tap(geo.draw_rect.center)
        return "draw"
    power = power_of(obs["drawn"])
    if power is None:
        hand.tap(geo.discard_rect.center)
        hand.tap(geo.discard_rect.center)
        return "discard"
    hand.tap(geo.power_zone.center)
    own, opp = geo.slot_rect(True, index_of((1, 2))).center, geo.slot_rect(False, index_of((1, 1))).center
    if power == "spy":
        hand.tap(opp)
        hand.tap(opp)
    else:
        hand.tap(own)
        if power in ("jack_swap", "queen_look"):
            hand.tap(opp)
        hand.button("confirm")
    return power


def test_card_square_powers_reach_across_the_seam_by_touch(monkeypatch):
    app = make_app(size=(1024, 600))
    app.settings.face_to_face = True
    app.settings.animation_speed = 4.0
    session = square_session()
    f2f = app.open_table(session)
    app.stack.push(f2f)
    frames(app, 3)
    watch = FaceWatch(monkeypatch, f2f)
    done = play_turns(app, session, f2f, perform_square, 14)
    assert {d[0] for d in done} == {"0", "1"}, "both halves played"
    assert {"0:peek", "0:jack_swap", "1:spy"} <= set(done), done  # into the opponent's square from both halves
    assert watch.seen and not watch.bad, watch.bad[:5]


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
def test_random_turns_of_every_game_face_to_face_by_touch(game_id, monkeypatch):
    """Each move picked at random and made by the gesture the game's rules name for it, by a finger in the
    half of the player whose turn it is (the top half turned round)."""
    app = make_app(size=(1024, 600))
    app.settings.face_to_face = True
    app.settings.animation_speed = 4.0
    session = Session.new(game_id, "hotseat", ["Ann", "Ben"], 9)
    f2f = app.open_table(session)
    app.stack.push(f2f)
    frames(app, 3)
    watch = FaceWatch(monkeypatch, f2f)
    rng = random.Random(9)

    def by_hand(app, hand: Hand, obs: dict) -> str:
        action = rng.choice([Action.from_dict(a) for a in obs["legal"]])
        perform(app, hand.band, action, touch=True, to_point=hand.at)
        return action.kind

    done = play_turns(app, session, f2f, by_hand, 12)
    assert {d[0] for d in done} == {"0", "1"} or session.match.state.is_over, done
    assert watch.seen and not watch.bad, watch.bad[:5]


def test_the_table_rests_and_turns_the_top_half_only_when_it_changed(monkeypatch):
    from game.tables import facing

    app, session, f2f = facing_app("kombi", seed=3)
    confirm_cover(app, f2f, session.match.state.to_move)
    frames(app, 300)
    before = app.draws
    frames(app, 120)
    assert app.draws == before, "nothing moves, yet frames were drawn"
    turns: list[tuple[int, int]] = []
    real = facing.turn_surface
    monkeypatch.setattr(facing, "turn_surface", lambda s: turns.append(s.get_size()) or real(s))
    results: list = []
    draw = f2f.draw
    monkeypatch.setattr(f2f, "draw", lambda surface: results.append(draw(surface)) or results[-1])
    band = f2f.bands[0]  # a card glides in the bottom half only
    key = next(iter(band.cards.targets))
    s = band.cards.targets[key]
    band.cards.anim.move(key, (s.x - 200, s.y), (s.x, s.y), 0.3)
    while band.cards.busy:
        frames(app, 1)
    assert len(results) > 3 and all(isinstance(r, list) for r in results[1:]), "only what moved is shown"
    assert all(r.h < app.size[1] // 2 for rects in results[1:] for r in rects)
    assert not turns, "the top half did not change: its turned page is kept"
    before = app.draws
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(30, app.size[1] - 30), rel=(1, 0),
                                         buttons=(0, 0, 0), touch=False))
    frames(app, 5)
    assert app.draws == before + 1 and not turns, "a touch in the bottom half leaves the top half as it was"
