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


def test_a_toast_shows_beside_a_dialog_and_goes_in_its_time():
    """A toast from the table shows while a dialog is open (the copy of a replay code says so), beside the
    dialog's panel, never over it."""
    app, table = _kombi_table()
    table.show_toast("Replay code copied")
    pause = app.push("pause", table=table)
    frames(app, 2)
    app.draw()
    with_toast = app.screen.copy()
    saved, table.toast = table.toast, None
    app.draw()
    without = app.screen.copy()
    table.toast = saved
    box = table.toast_rect
    assert not box.colliderect(pause.keep_clear()[0]), (box, pause.keep_clear())
    diff = sum(with_toast.get_at(p) != without.get_at(p) for p in
               ((box.x + box.w * i // 20, box.y + box.h * j // 4) for i in range(20) for j in range(4)))
    assert diff > 10, "the toast does not show"
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


def test_a_toast_stands_clear_of_what_a_scene_over_the_table_keeps_clear():
    from game.scene import Scene

    class Caption(Scene):  # as the coach's caption: drawn over the table, its place kept clear
        opaque = False

        def __init__(self, app, rect):
            super().__init__(app)
            self.rect = rect

        def keep_clear(self):
            return [self.rect]

    app, table = _kombi_table((1024, 600))
    table.show_toast("That is not a valid combination.")
    app.draw()
    first = table.toast_rect.copy()
    caption = first.inflate(60, 40)
    app.stack.push(Caption(app, caption))
    frames(app, 2)
    rec = RecordingSurface(app.size, app.fonts)
    table.draw_floating(rec)
    words = [r for r, text, _, _ in rec.texts if text.startswith("That is")]
    assert words and not any(r.colliderect(caption) for r in words), (words, caption)
    assert table.board.contains(table.toast_rect)


def test_own_trumps_cue_stays_between_the_backs_and_the_status_in_german():
    from tools.driver import speaking
    from tools.shots import midgame, open_settled

    with speaking("de"):
        app = make_app(size=(1024, 600))
        for moves in (6, 9, 14):
            table = open_settled(app, midgame("trumps", moves))
            rec = RecordingSurface(app.size, app.fonts)
            table.draw(rec)
            top, bottom = table.geo.cue_room
            cue = [r for r, _, _, _ in rec.texts if r.x >= table.geo.cue_left - 1 and r.y < table.geo.hand_top
                   and r.right <= table.board.right and r.centery < top + (bottom - top) * 1.5]
            assert cue and all(top - 1 <= r.y and r.bottom <= bottom + 1 for r in cue), (top, bottom, cue)


def test_the_layout_check_sees_only_the_plates_drawn():
    app = make_app(size=(1024, 600))
    table = open_table(app, Session.new("trumps", "computer", ["Ann", "Computer"], 3))
    app.stack.reset(table)
    settle(app)
    assert table.obs["phase"] == "choose_trump"
    table.layout_report()
    assert table.table_report()["plates"] == []  # the trump picker hides the plates
    table.choose("H")
    for _ in range(50):  # the computer chooses its trump too
        if table.obs["phase"] != "choose_trump":
            break
        frames(app, 10)
    settle(app)
    table.layout_report()
    assert len(table.table_report()["plates"]) == 2


def test_the_layout_check_finds_a_toast_over_another_note():
    from sprites.record import floating

    pygame.font.init()
    fonts = Fonts()
    rec = RecordingSurface((400, 200), fonts)
    with floating(rec):
        rec.blit(fonts.render("Waiting for Ben", 24, theme.TEXT), (20, 30))
        rec.blit(fonts.render("Ben joined", 24, theme.TEXT), (40, 34))
        rec.blit(fonts.render("Apart", 24, theme.TEXT), (40, 120))
    found, _ = _texts("x", {"texts": rec.texts, "cut": rec.cut, "boxes": rec.boxes}, 200)
    assert [f for f in found if "floats over" in f] == [
        f for f in found if "'Waiting for Ben'" in f and "'Ben joined'" in f]
    assert len(found) == 1


def test_a_toast_over_the_status_panel_covers_all_of_it():
    """Own Trumps' status is several lines in Ukrainian at 1024x600: a hint's toast over it hides it whole, so
    no half line of the turn peeks out around the toast."""
    from tools.driver import speaking
    from tools.shots import midgame, open_settled

    with speaking("uk"):
        app = make_app(size=(1024, 600))
        table = open_settled(app, midgame("trumps", 9))
        app.draw()
        status = table.status_rect
        assert status is not None and status.h > 0
        table.show_toast("Hint: you cannot beat it; take 5 cards.")
        app.draw()
        assert table.toast_rect.colliderect(status) and table.toast_rect.contains(status), (table.toast_rect, status)


def test_the_layout_check_finds_a_badge_over_an_index_over_words_or_off_the_window():
    from sprites.cards import CardArt
    from sprites.widgets import draw_badge
    from tools.layout_check import badges_on_index

    pygame.font.init()
    fonts = Fonts()
    rec = RecordingSurface((400, 300), fonts)
    card = pygame.Rect(100, 50, 100, 140)
    rec.blit(fonts.render("Pile", 24, theme.TEXT), (300, 20))
    draw_badge(rec, fonts, "6", CardArt.index_boxes(card)[1].center, 24, theme.GOLD)  # on the bottom-right index
    draw_badge(rec, fonts, "7", (card.right - 4, card.top + 4), 24, theme.GOLD)  # the corner without one
    draw_badge(rec, fonts, "8", (320, 30), 24, theme.GOLD)  # over the words "Pile"
    draw_badge(rec, fonts, "9", (200, 299), 24, theme.GOLD)  # half under the window's bottom edge
    rep = {"texts": rec.texts, "badges": rec.badges, "faces": [(card, 0, True)], "window": pygame.Rect(0, 0, 400, 300)}
    found = badges_on_index("x", rep)
    assert any("'6'" in f and "index" in f for f in found)
    assert not any("'7'" in f for f in found)
    assert any("'8'" in f and "'Pile'" in f for f in found)
    assert any("'9'" in f and "edge" in f for f in found)
    rep["faces"] = [(card, 0, False)]  # a back has no index
    assert not any("index" in f for f in badges_on_index("x", rep))


def test_the_log_starts_at_the_beginning_of_a_sentence():
    from game.tables.logpanel import LogPanel

    pygame.font.init()
    fonts = Fonts()
    log = LogPanel()
    log.rect = pygame.Rect(0, 0, 260, 200)
    log.lines = [f"Sentence {i} is long enough to wrap onto a second and a third line here." for i in range(6)]
    for height in range(120, 420, 5):  # every height: never a sentence's tail at the top
        log.rect.h = height
        rows = log._rows(fonts, 0.6)[2]
        newest_alone = all(owner == len(log.lines) - 1 for _, owner, _ in rows)  # longer than the panel itself
        assert rows and (rows[0][2].startswith("•") or newest_alone), (height, rows[0][2])
        assert rows[-1][1] == len(log.lines) - 1  # the newest sentence still shows
