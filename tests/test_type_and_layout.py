"""The four-colour deck, toasts over dialogs, and the layout check's and the table measure's own findings."""
from __future__ import annotations

import pygame

from game.session import Session
from game.tables import open_table
from game.tables.toast import TOAST_SECONDS
from sprites import looks, theme
from sprites.cards import CardArt
from sprites.record import RecordingSurface, note_box
from sprites.text import Fonts
from tools.driver import frames, make_app, settle
from tools.layout_check import _texts
from tools.table_share import bare_share


def _near(surf: pygame.Surface, color, tol: int = 40) -> int:
    return pygame.mask.from_threshold(surf, (*color, 255), (tol, tol, tol, 120)).count()


def test_the_four_colour_deck_paints_diamonds_blue_and_clubs_green():
    fonts = Fonts()
    try:
        looks.apply("green", "blue", "four")
        art = CardArt(140, fonts)
        assert _near(art.face("7D"), theme.FOUR_INKS["D"]) > 50 and _near(art.face("7D"), theme.RED) == 0
        assert _near(art.face("7C"), theme.FOUR_INKS["C"]) > 50
        assert _near(art.face("7H"), theme.RED) > 50  # hearts stay red, spades black
        text = fonts.render("7♦ 7♣ 7♥", 40, theme.TEXT)
        assert _near(text, theme.FOUR_INKS_ON_DARK["D"]) > 10 and _near(text, theme.FOUR_INKS_ON_DARK["C"]) > 10
    finally:
        looks.apply("green", "blue", "two")
    assert _near(fonts.render("7♦", 40, theme.TEXT), theme.FOUR_INKS_ON_DARK["D"]) == 0


def _kombi_table(size=(1280, 800)):
    app = make_app(size=size)
    table = open_table(app, Session.new("kombi", "computer", ["Ann", "Computer"], 3))
    app.stack.reset(table)
    settle(app)
    return app, table


def test_a_toast_shows_over_a_dialog_and_goes_in_its_time():
    app, table = _kombi_table()
    table.show_toast("Replay code copied")
    app.push("pause", table=table)
    frames(app, 2)
    x, y = table.geo.message_center
    app.draw()
    with_toast = app.screen.copy()
    saved, table.toast = table.toast, None
    app.draw()
    without = app.screen.copy()
    table.toast = saved
    box = pygame.Rect(0, 0, 60, 20)
    box.center = (x, y)
    diff = sum(with_toast.get_at(p) != without.get_at(p) for p in
               ((box.x + i * 3, box.y + j * 5) for i in range(20) for j in range(4)))
    assert diff > 10, "the toast lies over the pause menu"
    frames(app, int(TOAST_SECONDS * 60) + 5)
    assert app.stack.top.name == "pause" and table.toast is None  # its time ran under the dialog


def test_a_toast_stands_in_the_message_area_off_the_cards():
    app, table = _kombi_table((1920, 1080))
    table.show_toast("That is not a valid combination.")
    app.draw()
    rep = table.layout_report()
    toast = [r for r, text, _, over in rep["texts"] if text.startswith("That is") and over]
    assert toast and not any(toast[0].colliderect(c) for c in rep["cards"])


def test_the_layout_check_finds_cut_text_and_text_out_of_its_box():
    pygame.font.init()
    fonts = Fonts()
    rec = RecordingSurface((400, 200), fonts)
    note_box(rec, pygame.Rect(10, 10, 100, 60))
    img = fonts.render("A long label for a small box", 24, theme.TEXT)
    rec.blit(img, (20, 30))  # starts in the box, runs out of it
    rec.set_clip(pygame.Rect(0, 120, 400, 10))
    rec.blit(fonts.render("Clipped", 24, theme.TEXT), (20, 110))
    rec.set_clip(None)
    found, _ = _texts("x", {"texts": rec.texts, "cut": rec.cut, "boxes": rec.boxes}, 200)
    assert any("leaves its box" in f for f in found)
    assert any("'Clipped' is cut" in f for f in found)


def test_bare_felt_is_measured_on_the_picture(tmp_path):
    from sprites.felt import felt

    pygame.display.init()
    shot = felt((320, 200)).copy()
    pygame.image.save(shot, str(tmp_path / "a.png"))
    assert bare_share(tmp_path / "a.png", (0, 0, 320, 200)) > 0.999
    shot.fill(theme.CARD_FACE, (0, 0, 160, 200))  # a card over half of it
    pygame.image.save(shot, str(tmp_path / "b.png"))
    assert abs(bare_share(tmp_path / "b.png", (0, 0, 320, 200)) - 0.5) < 0.01
