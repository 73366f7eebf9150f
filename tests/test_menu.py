"""The menu keeps every unfinished game (one per game and mode, listed with game, players and time, never replaced
without a question), remembers the last game, mode and names, takes the keyboard on its tiles, and lays out any
number of games; --players takes one name against the computer."""
from __future__ import annotations

import time

import pygame
import pytest

import game.scenes.menu as menu_module
from game.app import App
from game.options import Options, parse
from game.scenes.menu import MenuScene, tile_grid
from game.session import Session
from game.tables import entry, playable
from rules.core import Action
from tests.uiplay import find_button
from tools.driver import frames, key, make_app, tap


def menu_app(**kw):
    app = make_app(**kw)
    app.show("menu")
    frames(app, 3)
    return app


def keep(app, game_id: str, mode: str, names: list[str], moves: int = 1, age: float = 0.0) -> Session:
    """An unfinished game saved as the table saves it (``moves`` of its first legal actions)."""
    session = Session.new(game_id, mode, names, 7)
    for _ in range(moves):
        session.match.play(session.match.state.legal_actions()[0])
    app.saves.save(session)
    if age:
        path = app.saves.path_for(game_id, mode)
        stamp = time.time() - age
        import os

        os.utime(path, (stamp, stamp))
    return session


def test_each_game_and_mode_keeps_its_own_save():
    app = menu_app()
    hot = keep(app, "kombi", "hotseat", ["Ann", "Bob"])
    cpu = keep(app, "kombi", "computer", ["Mia", "Computer"], moves=2)
    assert {(s.game_id, s.mode) for s in app.saves.latest()} == {("kombi", "hotseat"), ("kombi", "computer")}
    assert app.saves.load(app.saves.path_for("kombi", "hotseat")).match.actions == hot.match.actions
    assert app.saves.load(app.saves.path_for("kombi", "computer")).match.actions == cpu.match.actions


def test_continue_lists_every_kept_game_with_its_players_and_time():
    app = menu_app()
    keep(app, "kombi", "hotseat", ["Ann", "Bob"], age=3 * 3600 + 5)
    keep(app, "square", "computer", ["Mia", "Computer"], age=5 * 60 + 5)
    app.show("menu")
    frames(app, 2)
    assert find_button(app, "continue") and "2 games" in next(
        b.label for b in app.stack.top.buttons.buttons if b.id == "continue")
    tap(app, find_button(app, "continue").center)
    frames(app, 2)
    listing = app.stack.top
    assert listing.name == "saved"
    labels = [b.label for b in listing.buttons.buttons if b.id.startswith("row:")]
    assert labels == [f"{app.t('game.square')}  ·  Mia – Computer  ·  5 minutes ago",
                      f"{app.t('game.kombi')}  ·  Ann – Bob  ·  3 hours ago"]
    tap(app, find_button(app, "row:1").center)
    frames(app, 3)
    table = next(s for s in app.stack.scenes if getattr(s, "session", None) is not None)  # behind its cover
    assert table.session.game_id == "kombi" and table.session.names == ["Ann", "Bob"]


def test_a_damaged_save_in_the_list_is_set_aside_and_the_list_says_why():
    app = menu_app()
    keep(app, "kombi", "hotseat", ["Ann", "Bob"])
    keep(app, "square", "hotseat", ["Ann", "Bob"], age=60)
    app.saves.path_for("kombi", "hotseat").write_text('{"format": "card-duels-save", "version": 1}')
    app.show("menu")
    frames(app, 2)
    tap(app, find_button(app, "continue").center)
    frames(app, 2)
    tap(app, find_button(app, "row:0").center)
    frames(app, 3)
    listing = app.stack.top
    assert listing.name == "saved" and "autosave-kombi-hotseat.json" in listing.notice
    assert [b.id for b in listing.buttons.buttons] == ["row:0", "back"]


def test_play_over_an_unfinished_game_asks_first():
    app = menu_app()
    keep(app, "kombi", "computer", ["Ann", "Computer"], age=120)
    menu = app.stack.top
    menu.game, menu.mode = "kombi", "computer"
    menu.build()
    tap(app, find_button(app, "play").center)
    frames(app, 2)
    ask = app.stack.top
    assert ask.name == "confirm" and "2 minutes ago" in ask.text and app.t("game.kombi") in ask.text
    tap(app, find_button(app, "no").center)
    frames(app, 2)
    assert app.stack.top is menu and app.saves.find("kombi", "computer") is not None
    menu.mode = "hotseat"  # no kept game in this mode: straight to the names
    menu.build()
    tap(app, find_button(app, "play").center)
    frames(app, 2)
    assert app.stack.top.name == "names"
    app.stack.pop()
    frames(app, 2)
    menu.mode = "computer"
    menu.build()
    tap(app, find_button(app, "play").center)
    frames(app, 2)
    tap(app, find_button(app, "yes").center)
    frames(app, 2)
    assert app.stack.top.name == "names"


def test_the_menu_remembers_game_mode_and_names_across_starts(tmp_path):
    """Stored in the settings file (a desktop app writes it; headless runs and kiosks do not)."""
    first = App(Options(size=(1280, 800)))
    try:
        first.show("menu")
        frames(first, 3)
        other = playable()[-1]
        tap(first, first.stack.top.tiles[other].center)
        tap(first, find_button(first, "mode:computer").center)
        tap(first, find_button(first, "play").center)
        frames(first, 2)
        names = first.stack.top
        names.fields[0].text = "Mia"
        tap(first, find_button(first, "start").center)
        frames(first, 2)
    finally:
        first.executor.shutdown(wait=False)
    again = App(Options(size=(1280, 800)))
    try:
        again.show("menu")
        frames(again, 2)
        menu = again.stack.top
        assert (menu.game, menu.mode) == (other, "computer")
        tap(again, find_button(again, "play").center)
        frames(again, 2)
        if again.stack.top.name == "confirm":  # the game just started is kept: the menu asks first
            tap(again, find_button(again, "yes").center)
            frames(again, 2)
        assert [f.text for f in again.stack.top.fields] == ["Mia", again.t("names.computer")]
    finally:
        again.executor.shutdown(wait=False)


def test_the_game_tiles_take_tab_arrows_and_enter():
    app = menu_app()
    menu = app.stack.top
    games = playable()
    menu.game = games[0]
    menu.build()
    key(app, pygame.K_TAB)
    assert menu.buttons.buttons[menu.buttons.focus].id == f"game:{games[0]}"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert menu.game == games[1]
    key(app, pygame.K_LEFT)
    key(app, pygame.K_SPACE)
    assert menu.game == games[0]
    app.draw()


@pytest.mark.parametrize("n", range(1, 11))
@pytest.mark.parametrize("size", [(1024, 600), (1280, 800), (1920, 1080), (3840, 2160)])
def test_tiles_fit_for_any_number_of_games(n, size):
    w, h = size
    area = pygame.Rect(20, int(h * 0.2), w - 40, int(h * 0.35))
    rects = tile_grid(n, area, 12, int(w * 0.2), 140)
    assert len(rects) == n
    assert all(area.contains(r) and r.w >= min(140, r.w) and r.h >= 40 for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


def test_a_fifth_and_an_eighth_game_fit_the_menu(monkeypatch):
    from tools.layout_check import problems_of

    real = playable()
    for n in (5, 8):
        fake = [f"{real[i % len(real)]}#{i}" for i in range(n)]
        monkeypatch.setattr(menu_module, "playable", lambda fake=fake: fake)
        monkeypatch.setattr(menu_module, "entry", lambda g: entry(g.split("#")[0]))
        for size in [(1024, 600), (1280, 800)]:
            app = make_app(size=size)
            app.show("menu")
            frames(app, 3)
            menu = app.stack.top
            assert isinstance(menu, MenuScene) and len(menu.tiles) == n
            window = pygame.Rect(0, 0, *size)
            assert all(window.contains(r) for r in menu.tiles.values()), "a tile is cut off"
            found, _ = problems_of(app, f"{n} games {size}")
            assert not found, found[:5]


def test_the_tagline_names_no_number_of_games():
    from game.i18n import Translator

    for lang in ("en", "de", "uk"):
        t = Translator(lang)
        assert not any(word in t("app.tagline").lower() for word in ("four", "vier", "чотири"))


def test_players_takes_one_name_against_the_computer(capsys):
    opts = parse(["--game", "kombi", "--mode", "computer", "--players", "Mia"], ["kombi"])
    assert opts.players == ["Mia"]
    app = make_app(game="kombi", mode="computer", players=["Mia"], seed=3)
    from game.launch import start_scene

    table = start_scene(app)
    assert table.session.names == ["Mia", app.t("names.computer")]
    app.executor.shutdown(wait=False)
    with pytest.raises(SystemExit):
        parse(["--game", "kombi", "--players", "Mia"], ["kombi"])  # two players on this device: two names
    assert "two different names" in capsys.readouterr().err


def test_a_finished_game_removes_only_its_own_save():
    app = menu_app()
    keep(app, "kombi", "computer", ["Ann", "Computer"])
    session = keep(app, "kombi", "hotseat", ["Ann", "Bob"])
    table = app.open_table(session)
    app.stack.push(table)
    frames(app, 2)
    for _ in range(2):
        session.match.play(Action.make("pass"))
    table.show_end()
    frames(app, 2)
    assert [(s.game_id, s.mode) for s in app.saves.latest()] == [("kombi", "computer")]


def test_the_crash_apology_continues_the_game_it_saved(monkeypatch):
    """With other games kept, the apology's Continue still opens the game the error interrupted."""
    app = make_app(kiosk=True)  # headless runs end at an error unless in kiosk mode (game/crash.py)
    app.show("menu")
    frames(app, 2)
    keep(app, "square", "hotseat", ["Ann", "Bob"], age=600)
    session = Session.new("kombi", "computer", ["Ann", "Computer"], 4)
    table = app.open_table(session)
    app.stack.push(table)
    frames(app, 3)

    def broken(*_a, **_k):
        raise RuntimeError("boom")

    monkeypatch.setattr(table, "update", broken)
    frames(app, 2)
    assert app.stack.top.name == "apology"
    monkeypatch.undo()
    tap(app, find_button(app, "continue").center, touch=True)
    frames(app, 3)
    resumed = next(s for s in app.stack.scenes if getattr(s, "session", None) is not None)
    assert resumed.session.game_id == "kombi"
    app.executor.shutdown(wait=False)


@pytest.mark.parametrize("lang", ["en", "de", "uk"])
def test_the_replace_question_stays_inside_its_panel(lang):
    """The question is drawn bold, so it is wrapped at bold widths (German overflowed at the smallest window)."""
    from game.window import MIN_SIZE

    app = make_app(size=MIN_SIZE, lang=lang)
    app.show("menu")
    frames(app, 2)
    text = app.t("menu.replace", game=app.t("game.kombi"), when=app.t.n("saved.minutes", 55))
    app.push("confirm", text=text, yes="menu.replace.yes", on_yes=lambda: None)
    frames(app, 2)
    ask = app.stack.top
    inside = ask.panel.inflate(-4, -4)
    assert all(inside.contains(rect) for rect, words, *_ in ask.layout_report()["texts"] if words in ask.lines)


def test_the_continue_list_fits_many_kept_games(monkeypatch):
    """However many games are kept, the rows stay in the window, finger-sized and apart; the newest come first."""
    from game.resume import describe
    from game.saves import SaveInfo, SaveSummary
    from game.window import MIN_SIZE

    app = make_app(size=MIN_SIZE)
    rows = [SaveSummary(SaveInfo(app.saves.root / f"x{i}.json", "kombi", "hotseat", 1e9 - i), "hotseat",
                        ["Ann", f"B{i}"]) for i in range(40)]
    scene = app.scene("saved")
    scene.rows = rows
    scene.resize(MIN_SIZE)
    shown = [b for b in scene.buttons.buttons if b.id.startswith("row:")]
    window = pygame.Rect(0, 0, *MIN_SIZE)
    back = next(b.rect for b in scene.buttons.buttons if b.id == "back")
    assert len(shown) >= 8 and shown[0].label == describe(app.t, rows[0])
    assert all(window.contains(b.rect) and b.rect.h >= 44 and not b.rect.colliderect(back) for b in shown)
    assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(shown) for b in shown[i + 1:])


@pytest.mark.parametrize("lang", ["en", "de", "uk"])
@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080), (3840, 2160)])
def test_every_tile_shows_its_whole_blurb_and_all_in_one_size(lang, size):
    from tools.driver import speaking

    with speaking(lang):
        app = make_app(size=size)
    scene = MenuScene(app)
    app.stack.push(scene)
    frames(app, 3)
    texts = scene.layout_report()["texts"]
    sizes = set()
    for game, rect in scene.tiles.items():
        shown = [(t, px) for r, t, px, _ in texts if rect.contains(r)]
        blurb = app.t(entry(game).blurb_key)
        words = " ".join(t for t, px in shown if t.split()[0] in blurb.split())
        assert blurb in words, (game, words)  # whole, not cut after its first line
        sizes.add(tuple(sorted({px for _, px in shown})))
    assert len(sizes) == 1  # every tile: one size for the names, one for the blurbs
