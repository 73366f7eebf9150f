"""The type roles (issue 44 item 1): the composed screens (the menu, the end screen, the How-to pages, the online
form, the waiting room, Watch, the leaderboard, the recovery code) set every word in a named role's size, or the
size their group was fitted to, never more than four sizes on a screen, and pass the layout check at all three
sizes in all three languages (make shots sees German and Ukrainian at 1024x600 only); a role that sets a row is
sized once across English, German and Ukrainian; and every control of the online form answers a mouse and a
finger."""
from __future__ import annotations

import pygame
import pytest

from game.online.seatfile import SeatFile
from sprites import theme
from sprites.roles import BODY, CAPTION, HEADING, LABEL, NUMERAL, ROLES, TITLE, Typeset
from sprites.text import Fonts
from tools.driver import frames, make_app, speaking, tap
from tools.layout_check import problems_of
from tools.online_shots import Heard

SIZES = [(1024, 600), (1920, 1080), (3840, 2160)]
LANGS = ("en", "de", "uk")
MOST_SIZES = 4


def _form(app, keyboard: bool = False):
    from game.scenes.online import OnlineScene

    app.show("menu")
    SeatFile().save("ws://127.0.0.1:9", "K7Q2MF", "x" * 32, 0, "cribbage", "Ann")  # a game to come back to
    form = OnlineScene(app)
    app.stack.push(form)
    frames(app, 1)
    form.browser = Heard()
    if keyboard:
        form.show_keyboard(True)
    frames(app, 2)
    return form


def _watch(app, listing: bool = True):
    from game.scenes.watch import WatchScene

    app.show("menu")
    scene = WatchScene(app)
    scene.listing = listing
    app.stack.push(scene)
    frames(app, 1)
    scene.live = [{"code": "K7Q2MF", "game": "kombi", "count": 14, "watchers": 2, "names": ["Mia", "Ben"]},
                  {"code": "A2B3C4", "game": "cribbage", "count": 41, "watchers": 0, "names": ["Olena", "Kai"]},
                  {"code": "A2B3C5", "game": "trumps", "count": 3, "watchers": 1, "names": ["Jonas", None]}]
    scene.error = app.t("online.error.no_table")
    scene.build()
    frames(app, 2)
    return scene


def _lobby(app):
    from game.scenes.lobby import LobbyScene

    app.show("menu")
    lobby = LobbyScene(app, "ws://127.0.0.1:9", "Ann", game="kombi")
    lobby.client.start = lambda: lobby.client  # the room as it first shows: connecting (no network in this test)
    app.stack.push(lobby)
    frames(app, 2)
    return lobby


def _board(app):
    from game.online.standing import Standing
    from game.scenes.leaderboard import LeaderboardScene

    app.show("menu")
    real = Standing.start
    Standing.start = lambda self: self  # the board as the server's JSON would give it, without a server
    try:
        board = LeaderboardScene(app, "ws://127.0.0.1:9")
    finally:
        Standing.start = real  # for this screen only: later tests fetch real boards (tools/screens_shots.py)
    board.standing.board = {"players": 40, "me": {"rating": 1677, "games": 12, "provisional": False, "prior": 1650,
                                                  "place": 6},
                            "top": [{"place": i + 1, "name": n, "rating": 1900 - 37 * i, "games": 20 + i}
                                    for i, n in enumerate(["Mia", "Ben", "Olena", "Jonas", "Kai", "Ann", "Lea"])]}
    app.stack.push(board)
    frames(app, 2)
    return board


def _identity(app):
    app.show("menu")
    scene = app.push("identity")
    frames(app, 2)
    scene.error = app.t("identity.bad_code")
    return scene


def _names(app, mode: str = "hotseat"):
    app.show("menu")
    scene = app.push("names", game="kombi", mode=mode)
    frames(app, 2)
    scene.recent = ["Mia", "Olena", "Jonas"]  # as the statistics would give them
    scene.build()
    frames(app, 2)
    return scene


def _end(app, game_id: str = "square"):
    """The result over the final table of a game against the computer (the Review and the replay code's rows)."""
    import random

    from game.session import Session
    from tools.shot_kit import open_settled

    session = Session.new(game_id, "computer", ["Ann", "Computer"], 5)
    rng = random.Random(5)
    st = session.match.state
    while not st.is_over:
        st = session.match.play(rng.choice(st.legal_actions()))
    end = app.push("end", table=open_settled(app, session))
    frames(app, 2)
    return end


def _menu(app):
    app.show("menu")
    frames(app, 2)
    return app.stack.top


def _howto(app, page: int = 1):
    """A How-to page: the game's name and page count, the page's title, its text, the pictures' captions."""
    app.show("menu")
    scene = app.push("howto", game_id="kombi", page=page)
    frames(app, 2)
    return scene


SCREENS = {"menu": _menu, "howto": _howto, "howto_rules": lambda app: _howto(app, 4),
           "end": _end, "end_kombi": lambda app: _end(app, "kombi"),
           "online_form": _form, "online_form_keyboard": lambda app: _form(app, keyboard=True),
           "watch_live": _watch, "watch_code": lambda app: _watch(app, listing=False), "lobby": _lobby,
           "leaderboard": _board, "identity": _identity, "names": _names,
           "names_computer": lambda app: _names(app, "computer")}


def _words(scene) -> set[int]:
    """The sizes of the words drawn; the on-screen keyboard's keys aside (an input device over the screen, each key's
    glyph sized to its key, as a phone's keyboard is)."""
    keys = scene.keyboard.rect if getattr(scene, "keyboard", None) is not None else pygame.Rect(0, 0, 0, 0)
    return {px for rect, text, px, _ in scene.layout_report()["texts"] if text.strip() and not keys.contains(rect)}


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_every_word_on_a_composed_screen_is_set_in_a_named_role(screen, monkeypatch):
    for lang in LANGS:
        for size in SIZES:
            with speaking(lang):
                app = make_app(size=size)
            scene = SCREENS[screen](app)
            drawn = _words(scene)
            assert drawn, (screen, lang, size)
            assert drawn <= scene.type.sizes(), (screen, lang, size, drawn - scene.type.sizes(), scene.type.used)
            assert len(drawn) <= MOST_SIZES, (screen, lang, size, sorted(drawn))
            floor = theme.floor_px(size[1])
            for used in scene.type.used:
                assert floor <= used.px <= used.role.px(size[1]), (screen, lang, size, used)
            found, _ = problems_of(app, f"{lang}:{size}:{screen}")  # and the layout check at every size and language
            assert not found, found
            monkeypatch.undo()  # a screen's stand-in for the network lasts for that screen
            pygame.quit()


def test_the_online_forms_sizes_are_one_across_the_three_languages():
    """Each role of the form is sized to fit its words in all three languages: switching language changes no
    size (the game's name aside, the same words are compared: the German and Ukrainian catalogues)."""
    for size in SIZES:
        seen = {}
        for lang in LANGS:
            with speaking(lang):
                app = make_app(size=size)
            form = _form(app)
            seen[lang] = sorted((u.role.name, u.px) for u in form.type.used)
            pygame.quit()
        assert seen["en"] == seen["de"] == seen["uk"], (size, seen)


@pytest.mark.parametrize("screen", ["end", "menu"])
def test_the_end_screens_and_the_menus_sizes_are_one_across_the_three_languages(screen):
    """The title, the scores or names, the words and the buttons keep their sizes when the language changes (each
    fitted to its words in all three); the end screen's buttons and words share one size, the menu's Play stands
    in the tiles' names' size, not under the other buttons'."""
    for size in SIZES:
        seen = {}
        for lang in LANGS:
            with speaking(lang):
                app = make_app(size=size)
            scene = SCREENS[screen](app)
            seen[lang] = sorted((u.role.name, u.px) for u in scene.type.used)
            if screen == "end":
                assert scene.buttons.px == scene.px
            else:
                play = scene.buttons.own["play"]
                assert play >= scene.buttons.px and (HEADING, play) in {(u.role, u.px) for u in scene.type.used}
            pygame.quit()
        assert seen["en"] == seen["de"] == seen["uk"], (size, seen)


def test_a_role_is_its_share_of_the_height_never_under_the_floor_and_fits_shrink_it_only_as_needed():
    pygame.font.init()
    fonts = Fonts()
    for h in (600, 1080, 2160):
        fonts.set_window(h)
        sizes = {r.name: r.px(h) for r in ROLES}
        assert min(sizes.values()) == sizes["caption"] == theme.floor_px(h)
        assert sizes["numeral"] > sizes["title"] > sizes["heading"] > sizes["body"] >= sizes["caption"]
        ts = Typeset(fonts, h)
        wide = ts.fit(HEADING, ["Join or watch a table"], 10 * h)
        assert wide == HEADING.px(h) and not ts.used[-1].fitted
        room = fonts.size("Einem Tisch beitreten oder zusehen", HEADING.px(h) - 2, True)[0]
        narrow = ts.fit(HEADING, ["Einem Tisch beitreten oder zusehen", "Join"], room)
        assert narrow == HEADING.px(h) - 2 and ts.used[-1].fitted
        assert fonts.size("Einem Tisch beitreten oder zusehen", narrow, True)[0] <= room  # the largest that fits
        assert fonts.size("Einem Tisch beitreten oder zusehen", narrow + 1, True)[0] > room
        assert ts.same(BODY, 10 ** 4) == BODY.px(h)  # never over the role's own size
        assert {TITLE, HEADING, CAPTION, BODY} == {u.role for u in ts.used} | {TITLE, CAPTION}
    assert LABEL.share and NUMERAL.bold


def _button(scene, bid):
    return next(b for b in scene.buttons.buttons if b.id == bid)


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_every_control_of_the_online_form_stands_clear_and_answers_a_mouse_and_a_finger(size):
    app = make_app(size=size)
    form = _form(app)
    window = pygame.Rect(0, 0, *size)
    controls = [b.rect for b in form.buttons.buttons] + [f.rect for f in form.fields.values()]
    for i, a in enumerate(controls):
        assert window.contains(a) and min(a.size) >= 44
        assert not any(a.colliderect(b) for b in controls[i + 1:]), a
    assert {b.id for b in form.buttons.buttons} >= {"resume", "game", "quick", "ranked", "host", "host_here", "join",
                                                    "watch_live", "lan", "back", "identity", "board", "nearby0"}
    lan = form.lan
    tap(app, _button(form, "lan").rect.center)  # the switch flips by a click on any part of its row...
    assert form.lan is not lan and _button(form, "lan").on is form.lan
    row = _button(form, "lan").rect
    tap(app, (row.x + row.w // 6, row.centery), touch=True)  # ...and by a finger on its words
    assert form.lan is lan and _button(form, "lan").on is lan
    game = form.game
    tap(app, _button(form, "game").rect.center, touch=True)
    assert form.game != game
    tap(app, form.fields["code"].rect.center, touch=True)  # a finger on a field: it takes the typing, keyboard up
    assert form.active == "code" and form.keyboard is not None
    keys = form.keyboard.rect
    for key in ("server", "name", "code"):
        assert not form.fields[key].rect.colliderect(keys), key
    for bid in ("quick", "join", "host", "lan"):  # the ways to a table stand above the keyboard too
        assert not _button(form, bid).rect.colliderect(keys), bid
    form.show_keyboard(False)
    frames(app, 2)
    for bid, name in (("identity", "identity"), ("board", "leaderboard")):
        tap(app, _button(form, bid).rect.center)
        assert app.stack.top.name == name, bid
        tap(app, _button(app.stack.top, "back").rect.center)
        assert app.stack.top is form
    tap(app, _button(form, "back").rect.center, touch=True)
    assert app.stack.top is not form


@pytest.mark.parametrize("screen", ["watch_live", "watch_code", "lobby", "leaderboard", "identity"])
def test_the_other_composed_screens_keep_every_control_clear_and_back_answers_a_finger(screen, monkeypatch):
    for size in ((1024, 600), (1920, 1080)):
        app = make_app(size=size)
        scene = SCREENS[screen](app)
        window = pygame.Rect(0, 0, *size)
        controls = [b.rect for b in scene.buttons.buttons]
        controls += [scene.field.rect] if hasattr(scene, "field") else []
        for i, a in enumerate(controls):
            assert window.contains(a) and min(a.size) >= 44, (screen, size, a)
            assert not any(a.colliderect(b) for b in controls[i + 1:]), (screen, size, a)
        if screen == "watch_live":  # a finger on a running game's row asks to watch that table
            asked = []
            monkeypatch.setattr(scene, "watch_live", asked.append)
            tap(app, _button(scene, "live1").rect.center, touch=True)
            assert asked == ["A2B3C4"]
        tap(app, _button(scene, "back").rect.center, touch=True)
        assert app.stack.top is not scene, (screen, size)
        monkeypatch.undo()
        pygame.quit()
