"""Kiosk mode through synthetic events and the app's fake clock: idle -> attract -> touch -> continue,
the guarded exit (corner long press + PIN), ignored close requests, and crash recovery."""
from __future__ import annotations

import pygame
import pytest

from game import crash, kiosk
from game.paths import user_config_dir, user_log_dir
from game.scenes import crash as crash_scenes
from game.scenes import kiosk as kiosk_scenes
from game.scenes.kiosk import PinPadScene, WelcomeScene
from game.scenes.menu import MenuScene
from game.scenes.names import NamesScene
from game.session import Session
from game.tables import open_table
from game.tables.base import TableScene
from rules.bots import make_bot
from rules.rng import derive
from tests.uiplay import find_button, run_until
from tools.driver import frames, key, make_app, settle, tap


def kiosk_app(size=(1280, 800), settings_text: str | None = None, kiosk: bool = True):
    if settings_text is not None:
        user_config_dir().mkdir(parents=True, exist_ok=True)
        (user_config_dir() / "settings.toml").write_text(settings_text, encoding="utf-8")
    app = make_app(size=size, kiosk=kiosk)
    app.stack.push(MenuScene(app))
    frames(app, 2)
    return app


def start_game(app, mode="computer", seed=5, moves=2):
    """A game on the table (over the menu) with ``moves`` human moves made through the table's door."""
    session = Session.new("kombi", mode, ["Ann", "Ben"], seed)
    table = open_table(app, session)
    app.stack.push(table)
    settle(app)
    bot = make_bot("kombi", 1)
    for i in range(moves):
        run_until(app, lambda: table.my_turn or app.stack.top.name == "cover", limit=3000)
        if app.stack.top.name == "cover":
            tap(app, (app.size[0] // 2, app.size[1] // 3))  # the hotseat cover
            settle(app)
        st = session.match.state
        assert table.submit(bot.choose([st.observe(st.to_move)], derive(seed, "test", i)))
        settle(app)
    return session, table


def finger(app, kind, pos):
    w, h = app.size
    pygame.event.post(pygame.event.Event(kind, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=1,
                                         touch_id=1, pressure=1.0))


def go_idle(app):
    app.kiosk.pass_time(app.settings.idle_minutes * 60)
    frames(app, 2)


def tap_button(app, bid, touch=True):
    tap(app, find_button(app, bid).center, touch=touch)


# --- idle, attract, wake ------------------------------------------------------------------------
def test_idle_saves_the_game_runs_the_attract_mode_and_touch_continues_it():
    app = kiosk_app()
    session, table = start_game(app)
    save = app.saves.path_for("kombi", "computer")
    save.unlink()  # prove the idle path itself saves
    played = list(session.match.actions)
    app.kiosk.pass_time(app.settings.idle_minutes * 60 - 5)
    frames(app, 2)
    assert app.stack.top is table, "not idle long enough yet"
    go_idle(app)
    assert app.kiosk.in_attract()
    assert save.exists() and list(app.saves.load(save).match.actions) == played
    # hands covered: the game's table is gone, the demo table of two computers is shown instead
    assert all(getattr(s, "session", None) is not session for s in app.stack.scenes)
    demo = app.stack.top
    assert isinstance(demo, TableScene) and demo.session.mode == "demo"
    before = demo.session.match.cursor
    # the demo's bots think in a thread on the real clock, so wait in frames until one has moved (a fixed frame
    # count raced it on a busy machine)
    run_until(app, lambda: demo.session.match.cursor > before, limit=20000)  # the attract mode plays the real table
    # a touch anywhere, even on the demo table's Menu button, is the kiosk's: it offers the choice
    tap_button(app, "menu")
    assert isinstance(app.stack.top, WelcomeScene) and len(app.stack.scenes) == 2
    tap_button(app, "continue")
    settle(app)
    resumed = app.stack.top
    assert isinstance(resumed, TableScene) and resumed.session.mode == "computer"
    assert list(resumed.session.match.actions) == played
    assert isinstance(app.stack.scenes[0], MenuScene) and not app.kiosk.in_attract()


def test_hotseat_game_resumes_behind_the_cover():
    app = kiosk_app()
    session, _ = start_game(app, mode="hotseat", moves=1)
    go_idle(app)
    tap(app, (200, 300), touch=True)
    tap_button(app, "continue")
    settle(app)
    assert app.stack.top.name == "cover", "a hotseat hand is shown only after the hand-off"


def test_idle_on_the_menu_then_touch_goes_to_the_menu():
    app = kiosk_app()
    go_idle(app)
    assert app.kiosk.in_attract() and app.kiosk.paused is None
    key(app, pygame.K_SPACE)
    frames(app, 2)
    assert isinstance(app.stack.top, MenuScene) and len(app.stack.scenes) == 1


def test_new_game_goes_to_the_menu_and_keeps_the_save():
    app = kiosk_app()
    start_game(app, moves=1)
    go_idle(app)
    tap(app, (100, 400), touch=True)
    tap_button(app, "new")
    assert isinstance(app.stack.top, MenuScene) and app.kiosk.paused is None
    assert app.saves.path_for("kombi", "computer").exists()


def test_unanswered_welcome_returns_to_the_attract_mode():
    app = kiosk_app()
    start_game(app, moves=1)
    go_idle(app)
    tap(app, (100, 400), touch=True)
    assert isinstance(app.stack.top, WelcomeScene)
    app.kiosk.pass_time(kiosk_scenes.WELCOME_TIMEOUT)
    frames(app, 2)
    assert app.kiosk.in_attract() and app.kiosk.paused is not None


def test_the_attract_mode_is_silent():
    app = kiosk_app()
    app.opts.headless = False  # sound is never on in headless runs; here it is the setting that counts
    frames(app, 1)
    assert app.sounds.enabled
    go_idle(app)
    assert not app.sounds.enabled
    tap(app, (50, 400), touch=True)
    assert app.sounds.enabled


def test_attract_mode_restores_the_kiosk_language():
    app = kiosk_app(settings_text='language = "de"\n')
    tap_button(app, "lang", touch=False)
    assert app.t.lang == "uk"  # the next language after German
    go_idle(app)
    assert app.t.lang == "de"


def test_kiosk_from_the_settings_file_and_idle_minutes():
    app = kiosk_app(settings_text="kiosk = true\nidle_minutes = 1\n", kiosk=False)
    assert app.kiosk is not None and app.kiosk.idle_limit == 60
    app.kiosk.pass_time(61)
    frames(app, 2)
    assert app.kiosk.in_attract()


# --- leaving is guarded --------------------------------------------------------------------------
@pytest.mark.parametrize("event", [
    pygame.event.Event(pygame.QUIT),
    pygame.event.Event(pygame.WINDOWCLOSE, window=None),
    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F4, mod=pygame.KMOD_LALT, unicode="", scancode=0),
    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL, unicode="q", scancode=0),
])
def test_close_requests_are_swallowed_by_the_kiosk(event):
    app = kiosk_app()
    pygame.event.post(event)
    frames(app, 2)
    assert app.running and isinstance(app.stack.top, MenuScene)
    assert app.kiosk.ignored_closes == 1


def test_escape_never_leaves_the_kiosk():
    app = kiosk_app()
    start_game(app, moves=1)
    for _ in range(4):  # table -> pause -> back to the table ... and on the menu it does nothing
        key(app, pygame.K_ESCAPE)
        frames(app, 1)
    app.stack.reset(MenuScene(app))
    frames(app, 1)
    key(app, pygame.K_ESCAPE)
    frames(app, 1)
    assert app.running and isinstance(app.stack.top, MenuScene)


def test_desktop_mode_still_closes_on_quit():
    app = kiosk_app(kiosk=False)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 1)
    assert not app.running


def test_kiosk_menu_has_no_quit_button():
    ids = [b.id for b in kiosk_app().stack.top.buttons.buttons]
    assert "quit" not in ids and "play" in ids
    assert "quit" in [b.id for b in kiosk_app(kiosk=False).stack.top.buttons.buttons]


def long_press(app, pos, seconds):
    finger(app, pygame.FINGERDOWN, pos)
    frames(app, 1)
    app.kiosk.pass_time(seconds)
    frames(app, 1)


def enter_pin(app, digits):
    for d in digits:
        tap_button(app, d)
    tap_button(app, "ok")


def test_corner_long_press_and_pin_close_the_kiosk():
    app = kiosk_app(settings_text='pin = "4711"\n')
    long_press(app, (10, 10), kiosk.HOLD_SECONDS - 0.5)
    assert not isinstance(app.stack.top, PinPadScene), "not long enough"
    app.kiosk.pass_time(0.6)
    frames(app, 1)
    assert isinstance(app.stack.top, PinPadScene)
    finger(app, pygame.FINGERUP, (10, 10))
    frames(app, 2)
    enter_pin(app, "2580")  # the default PIN is not this kiosk's PIN
    assert app.running and isinstance(app.stack.top, PinPadScene)
    assert app.stack.top.message == app.t("kiosk.pin.wrong", left=2)
    enter_pin(app, "4711")
    assert not app.running


def test_short_press_moved_press_or_other_corner_do_not_ask_for_the_pin():
    app = kiosk_app()
    tap(app, (10, 10), touch=True)
    app.kiosk.pass_time(10)
    frames(app, 2)
    assert isinstance(app.stack.top, MenuScene)
    finger(app, pygame.FINGERDOWN, (10, 10))
    finger(app, pygame.FINGERMOTION, (400, 300))
    frames(app, 1)
    app.kiosk.pass_time(5)
    frames(app, 2)
    finger(app, pygame.FINGERUP, (400, 300))
    long_press(app, (app.size[0] - 10, app.size[1] - 10), 5)
    assert isinstance(app.stack.top, MenuScene)


def test_three_wrong_pins_close_and_lock_the_pad():
    app = kiosk_app()
    long_press(app, (5, 5), kiosk.HOLD_SECONDS)
    finger(app, pygame.FINGERUP, (5, 5))
    for _ in range(kiosk_scenes.PIN_TRIES):
        enter_pin(app, "1111")
    frames(app, 1)
    assert isinstance(app.stack.top, MenuScene) and app.running
    long_press(app, (5, 5), kiosk.HOLD_SECONDS)
    assert isinstance(app.stack.top, MenuScene), "locked for a while"
    finger(app, pygame.FINGERUP, (5, 5))
    app.kiosk.pass_time(kiosk.PIN_LOCK_SECONDS)
    long_press(app, (5, 5), kiosk.HOLD_SECONDS)
    assert isinstance(app.stack.top, PinPadScene)


def test_pin_pad_takes_typed_digits_and_closes_when_left_alone():
    app = kiosk_app()
    app.kiosk.ask_pin()
    frames(app, 1)
    pad = app.stack.top
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="25"))
    frames(app, 1)
    assert pad.entered == "25"
    app.kiosk.pass_time(kiosk_scenes.PIN_TIMEOUT)
    frames(app, 2)
    assert isinstance(app.stack.top, MenuScene)


def test_cursor_hidden_while_touch_is_used():
    app = kiosk_app()
    pygame.mouse.set_visible(True)
    tap(app, (500, 500), touch=True)
    assert not pygame.mouse.get_visible()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0), touch=True))
    frames(app, 1)
    assert not pygame.mouse.get_visible(), "mouse events made from touch keep it hidden"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0), touch=False))
    frames(app, 1)
    assert pygame.mouse.get_visible()


def test_window_blocks_the_screensaver():
    kiosk_app()
    assert not pygame.display.get_allow_screensaver()


# --- touch only: keyboard and big targets ---------------------------------------------------------
def test_names_show_the_keyboard_and_done_moves_on():
    app = kiosk_app()
    app.stack.push(NamesScene(app, "kombi", "hotseat"))
    frames(app, 2)
    names = app.stack.top
    assert names.keyboard is not None
    for f in names.fields:
        f.text = ""
    for ch in "ab":
        tap(app, next(r for k, r in names.keyboard.keys if k == ch).center, touch=True)
    done = next(r for k, r in names.keyboard.keys if k == "\n").center
    tap(app, done, touch=True)
    assert names.active == 1 and names.keyboard is not None
    tap(app, next(r for k, r in names.keyboard.keys if k == "c").center, touch=True)
    tap(app, done, touch=True)
    settle(app)
    assert app.stack.top.name in ("cover", "table")
    assert app.stack.find(TableScene).session.names == ["ab", "c"]
    desktop = kiosk_app(kiosk=False)
    desktop.stack.push(NamesScene(desktop, "kombi", "hotseat"))
    frames(desktop, 2)
    assert desktop.stack.top.keyboard is None


def test_touch_targets_are_at_least_48_px_at_1080p():
    app = kiosk_app(size=(1920, 1080))
    start_game(app, moves=1)
    go_idle(app)
    tap(app, (300, 300), touch=True)
    rects = [("welcome " + b.id, b.rect) for b in app.stack.top.buttons.buttons]
    tap_button(app, "new")
    rects += [("menu " + b.id, b.rect) for b in app.stack.top.buttons.buttons]
    app.stack.push(NamesScene(app, "kombi", "hotseat"))
    frames(app, 2)
    rects += [("names " + b.id, b.rect) for b in app.stack.top.buttons.buttons]
    rects += [("key " + k, r) for k, r in app.stack.top.keyboard.keys]
    app.kiosk.ask_pin()
    frames(app, 1)
    rects += [("pin " + b.id, b.rect) for b in app.stack.top.buttons.buttons]
    small = [(what, r.size) for what, r in rects if min(r.size) < 48]
    assert not small and len(rects) > 40


# --- crash recovery ------------------------------------------------------------------------------
class Boom(RuntimeError):
    pass


@pytest.mark.parametrize("where", ["update", "draw", "on_gesture"])
def test_a_crash_in_a_scene_saves_the_game_and_returns_to_the_menu(where, monkeypatch):
    app = kiosk_app()
    session, table = start_game(app)
    played = list(session.match.actions)
    app.saves.path_for("kombi", "computer").unlink()

    def broken(*_a, **_k):
        raise Boom(f"boom in {where}")

    monkeypatch.setattr(table, where, broken)
    tap(app, (300, 300), touch=True)
    frames(app, 2)
    apology = app.stack.top
    assert isinstance(apology, crash_scenes.ApologyScene) and apology.saved and app.running
    assert [type(s) for s in app.stack.scenes] == [MenuScene, crash_scenes.ApologyScene]
    log = (user_log_dir() / crash.CRASH_LOG).read_text(encoding="utf-8")
    assert f"Boom: boom in {where}" in log and "Traceback" in log and "KombiTable" in log
    assert list(app.saves.load(app.saves.path_for("kombi", "computer")).match.actions) == played
    tap_button(app, "continue")
    settle(app)
    assert isinstance(app.stack.top, TableScene) and list(app.stack.top.session.match.actions) == played


def test_desktop_crash_is_logged_and_apologised_for(monkeypatch):
    app = kiosk_app(kiosk=False)
    app.crash.enabled = True  # as in a desktop window; headless runs let errors through (below)
    monkeypatch.setattr(app.stack.top, "update", lambda dt: 1 / 0)
    frames(app, 2)
    assert app.running and isinstance(app.stack.top, crash_scenes.ApologyScene) and not app.stack.top.saved
    assert [b.id for b in app.stack.top.buttons.buttons] == ["ok"]
    assert "ZeroDivisionError" in (user_log_dir() / crash.CRASH_LOG).read_text(encoding="utf-8")
    tap_button(app, "ok", touch=False)
    assert isinstance(app.stack.top, MenuScene) and len(app.stack.scenes) == 1


def test_headless_desktop_runs_still_fail_loudly(monkeypatch):
    app = kiosk_app(kiosk=False)
    monkeypatch.setattr(app.stack.top, "update", lambda dt: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        frames(app, 1)


def test_a_menu_that_keeps_crashing():
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(MenuScene, "draw", lambda self, surface: 1 / 0)
        desktop = make_app()
        desktop.crash.enabled = True
        desktop.stack.push(MenuScene(desktop))
        with pytest.raises(ZeroDivisionError):
            frames(desktop, crash.GIVE_UP_AFTER + 2)
        app = make_app(kiosk=True)
        app.stack.push(MenuScene(app))
        frames(app, crash.GIVE_UP_AFTER + 2)
        assert isinstance(app.stack.top, crash_scenes.SafeScene) and app.running
    app.kiosk.pass_time(crash_scenes.SAFE_RETRY_SECONDS)
    frames(app, 3)
    assert isinstance(app.stack.top, MenuScene)


@pytest.mark.parametrize("corner, turned", [("top_left", False), ("bottom_right", True)])
def test_at_a_face_to_face_table_the_pin_pad_faces_whoever_held_their_corner(corner, turned):
    """Each player's own top-left corner asks for the PIN: the window's for the player at the bottom, the
    window's bottom-right for the player across; the pad comes up the right way for the one who held it."""
    from game.scenes.turned import Turned

    app = kiosk_app(size=(1024, 600))
    app.settings.face_to_face = True
    table = app.open_table(Session.new("kombi", "hotseat", ["Ann", "Ben"], 5))
    app.stack.push(table)
    frames(app, 3)
    if app.stack.top.name == "cover":
        app.stack.top.confirm()
    settle(app)
    assert getattr(app.stack.top, "face_to_face", False)
    pos = (10, 10) if corner == "top_left" else (app.size[0] - 10, app.size[1] - 10)
    long_press(app, pos, kiosk.HOLD_SECONDS + 0.1)
    frames(app, 1)
    top = app.stack.top
    assert isinstance(top.inner if isinstance(top, Turned) else top, PinPadScene)
    assert isinstance(top, Turned) == turned


@pytest.mark.parametrize("lang", ["en", "de", "uk"])
def test_the_attract_call_to_action_reads_from_across_the_room(lang):
    """Across the whole window, capitals at least 5% of its height, on one or two lines, whole."""
    from sprites import theme
    from sprites.record import RecordingSurface
    from tools.driver import speaking

    with speaking(lang):
        app = kiosk_app(size=(1024, 600))
    go_idle(app)
    assert app.kiosk.in_attract()
    rec = RecordingSurface(app.size, app.fonts)
    app.kiosk.draw(rec)
    lines = [(r, text, px) for r, text, px, _ in rec.texts if text.strip()]
    assert 1 <= len(lines) <= 2 and " ".join(t for _, t, _ in lines) == app.t("kiosk.attract")
    assert all(theme.text_height(px) >= 0.05 * 600 for _, _, px in lines)
    assert not rec.cut and all(pygame.Rect(0, 0, *app.size).contains(r) for r, _, _ in lines)
    assert max(b.w for b in rec.boxes) >= 0.9 * app.size[0]
