"""How to play: illustrated pages for every game, from the menu and from the pause menu, turned by keys,
taps, swipes (mouse and finger) and the wheel, on an opaque panel."""
from __future__ import annotations

import pygame
import pytest

from game.i18n import LANGUAGES, Translator
from game.scenes.menu import MenuScene
from game.session import Session
from game.tables import entry, open_table, playable
from game.tables.pages import BACK
from rules.cards import Card
from tests.uiplay import find_button
from tools.driver import drag, frames, key, make_app, settle, tap


def open_from_menu(game: str):
    app = make_app()
    menu = MenuScene(app)
    menu.game = game  # as if its tile had been tapped
    app.stack.push(menu)
    frames(app, 2)
    tap(app, find_button(app, "howto").center)
    frames(app, 2)
    scene = app.stack.top
    assert scene.name == "howto" and scene.game_id == game
    return app, scene


def wheel(app, y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    frames(app, 1)


@pytest.mark.parametrize("game", playable())
def test_every_page_is_read_from_the_menu_by_each_way_of_turning(game):
    app, scene = open_from_menu(game)
    assert len(scene.pages) >= 5, "setup, a turn, scoring, the end, and all the rules"
    assert app.stack.visible() == [scene], "the pages are opaque: nothing behind them is drawn"
    w, h = app.size
    turns = [lambda: key(app, pygame.K_RIGHT),
             lambda: tap(app, (int(w * 0.8), int(h * 0.5))),
             lambda: drag(app, (int(w * 0.7), h // 2), (int(w * 0.3), h // 2)),
             lambda: drag(app, (int(w * 0.7), h // 2), (int(w * 0.3), h // 2), touch=True),
             lambda: wheel(app, -1),
             lambda: tap(app, find_button(app, "next").center)]
    seen = [scene.page]
    for i in range(len(scene.pages) - 1):
        turns[i % len(turns)]()
        frames(app, 1)
        seen.append(scene.page)
    assert seen == list(range(len(scene.pages)))
    assert not next(b for b in scene.buttons.buttons if b.id == "next").enabled
    key(app, pygame.K_RIGHT)
    assert scene.page == len(scene.pages) - 1, "no page after the last"
    wheel(app, 1)
    drag(app, (int(w * 0.3), h // 2), (int(w * 0.7), h // 2))
    tap(app, (int(w * 0.2), int(h * 0.5)))
    assert scene.page == len(scene.pages) - 4
    key(app, pygame.K_HOME)
    assert scene.page == 0
    tap(app, find_button(app, "close").center)
    frames(app, 1)
    assert app.stack.top.name == "menu"


def test_the_pause_menu_opens_the_pages_of_the_game_being_played():
    app = make_app()
    game = playable()[-1]
    table = open_table(app, Session.new(game, "hotseat", ["Ann", "Ben"], seed=4))
    app.stack.reset(table)
    settle(app)
    app.push("pause", table=table)
    frames(app, 2)
    tap(app, find_button(app, "rules").center)
    frames(app, 2)
    assert app.stack.top.name == "howto" and app.stack.top.game_id == game
    key(app, pygame.K_ESCAPE)
    frames(app, 1)
    assert app.stack.top.name == "pause"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pages_use_real_cards_and_translated_words(lang):
    t = Translator(lang)
    for game in playable():
        for page in entry(game).rules_pages():
            assert t.has(page.title) and t.has(page.text)
            for pic in page.pictures:
                assert t.has(pic.caption)
                for code in pic.cards:
                    assert code == BACK or Card.parse(code)
                assert all(0 <= i < len(pic.cards) for i in pic.lifted)


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 600)])
def test_every_page_draws_at_both_sizes_in_every_language(size):
    app = make_app(size=size)
    for lang in LANGUAGES:
        app.t.set_language(lang)
        for game in playable():
            app.push("howto", game_id=game)
            frames(app, 1)
            scene = app.stack.top
            for _ in scene.pages:
                key(app, pygame.K_RIGHT)
            app.stack.pop()
            frames(app, 1)


def test_the_cribbage_show_example_counts_what_its_caption_says():
    from rules.cribbage.state import score_hand

    show = next(p for p in entry("cribbage").rules_pages() if p.title == "cribbage.howto.show.title")
    hand, starter = show.pictures[0].cards, show.pictures[1].cards[0]
    assert score_hand(list(hand), starter).total == 12  # "…and another is twelve"
    best = next(p for p in entry("cribbage").rules_pages() if p.title == "cribbage.howto.end.title")
    assert score_hand(list(best.pictures[0].cards), best.pictures[1].cards[0]).total == 29
