"""The type system's rule for rows: every label of a row of buttons in one size, on every scene of ``make shots``."""
from __future__ import annotations

import pygame

from game.scene import ButtonGroup
from sprites.record import RecordingSurface
from sprites.rows import fit_blocks, fit_rows, own_px
from sprites.text import Fonts
from sprites.widgets import Button
from tools.layout_check import mixed_rows, run
from tools.shots import shot_groups

ROWS = "sets its labels in"


def _row(labels: list[str], w: int = 150, h: int = 44) -> list[Button]:
    return [Button(f"b{i}", label, pygame.Rect(10 + i * (w + 8), 10, w, h)) for i, label in enumerate(labels)]


def test_a_row_takes_the_size_of_its_longest_label_for_every_label():
    pygame.font.init()
    fonts = Fonts()
    fonts.set_window(600)
    row = _row(["Menu", "Nochmal spielen", "Hauptmenü"])
    alone = [own_px(fonts, b.label, b.rect) for b in row]
    assert len(set(alone)) > 1  # alone each label would take its own size
    fit_rows(fonts, row)
    assert {b.px for b in row} == {min(alone)}
    under = _row(["Zug ansehen"])[0]
    under.rect.y += 100  # another row: its own size
    fit_rows(fonts, [*row, under])
    assert under.px == own_px(fonts, under.label, under.rect)


def test_the_layout_check_sees_a_row_in_two_sizes():
    pygame.font.init()
    fonts = Fonts()
    rec = RecordingSurface((800, 200), fonts)
    row = _row(["Menu", "A much longer label here"])
    for b in row:
        b.draw(rec, fonts)  # each at its own size: the old way
    rep = {"texts": rec.texts, "rows": [[b.rect for b in row]]}
    assert mixed_rows("x", rep)
    rec = RecordingSurface((800, 200), fonts)
    group = ButtonGroup(lambda bid: None)
    group.set(row)
    group.draw(rec, fonts)
    assert not mixed_rows("x", {"texts": rec.texts, "rows": [[b.rect for b in row]]})


def test_every_scene_sets_each_row_of_buttons_in_one_size():
    """Every shot group at 1024x600 (the tightest) in Ukrainian (German: tests/test_layout.py, per game)."""
    games = [name for name, _ in shot_groups()]
    assert {"settings", "online", "face_to_face"} <= set(games)  # the shared scenes too, not only the tables
    found, _ = run(sizes=[(1024, 600)], langs=("uk",))
    rows = [p for p in found if ROWS in p]
    assert not rows, "\n".join(rows[:20])


def test_paragraphs_too_long_for_their_room_end_in_an_ellipsis_never_mid_sentence():
    pygame.font.init()
    fonts = Fonts()
    fonts.set_window(600)
    text = "Swap your way to the lowest square, and knock when you think you have it."
    px, blocks = fit_blocks(fonts, [text, "Short."], 40, 160, fonts.get(fonts.floor).get_linesize() * 2)
    assert px == fonts.floor and len(blocks[0]) == 2 and blocks[0][-1].endswith("…")
    assert blocks[1] == ["Short."]
    assert all(fonts.size(line, px)[0] <= 160 for line in blocks[0])
    px, blocks = fit_blocks(fonts, [text], 40, 160, 1000)
    assert " ".join(blocks[0]) == text  # room enough: whole, at the largest size that fits


def test_a_column_of_lone_buttons_is_one_group_a_grid_of_rows_is_not():
    from sprites.rows import groups_of

    menu = [Button(f"m{i}", "x", pygame.Rect(100, 10 + i * 60, 200, 50)) for i in range(4)]
    grid = [Button(f"g{i}{j}", "x", pygame.Rect(400 + j * 110, 15 + i * 60, 100, 50))
            for i in range(2) for j in range(2)]
    groups = groups_of(menu + grid)
    assert sorted(len(g) for g in groups) == [2, 2, 4]  # the menu's column; the grid's two rows


def test_the_pause_menu_keeps_its_title_clear_of_the_focus_ring_and_sets_one_size():
    from game.scenes.pause import PauseScene
    from game.session import Session
    from game.tables import open_table
    from tools.driver import frames, make_app, settle, speaking
    from tools.layout_check import near_focus

    for lang, size in (("de", (1024, 600)), ("uk", (1024, 600)), ("en", (3840, 2160))):
        with speaking(lang):
            app = make_app(size=size)
        table = open_table(app, Session.new("kombi", "computer", ["Ann", "Ben"], 3))
        app.stack.reset(table)
        settle(app)
        pause = PauseScene(app, table)
        app.stack.push(pause)
        frames(app, 2)
        rep = pause.layout_report()
        assert rep["focus"] and not near_focus("x", rep)
        title = next(r for r, t, _, _ in rep["texts"] if t == app.t("pause.title"))
        ring = rep["focus"][0][0]
        assert ring.y - title.bottom >= 0.01 * size[1], (lang, title, ring)  # a gap, not a touch
        assert not mixed_rows("x", rep)
        assert len({b.px for b in pause.buttons.buttons}) == 1


def test_a_label_two_lines_cannot_hold_takes_its_short_form_at_the_rows_size():
    """At 2160 px the type scale's floor leaves a 114 px button room for one line: "Sortierung: Farbe" there
    is its short form, at the row's one size, inside the button."""
    pygame.font.init()
    fonts = Fonts()
    fonts.set_window(2160)
    row = [Button("sort", "Sortierung: Farbe", pygame.Rect(0, 0, 388, 114), short="Nach Farbe"),
           Button("pass", "Passen", pygame.Rect(400, 0, 388, 114))]
    fit_rows(fonts, row)
    rec = RecordingSurface((800, 200), fonts)
    for b in row:
        b.draw(rec, fonts)
    assert [t for _, t, _, _ in rec.texts] == ["Nach Farbe", "Passen"]
    assert all(b.rect.contains(r) for b, (r, _, _, _) in zip(row, rec.texts, strict=True))
    assert len({px for _, _, px, _ in rec.texts}) == 1


def test_one_word_wider_than_its_button_at_the_floor_takes_its_short_form():
    """A German "Wiederherstellungscode" on a third of the online form at 1024x600 cannot wrap: its short form
    stands inside the button, at the row's one size."""
    pygame.font.init()
    fonts = Fonts()
    fonts.set_window(600)
    row = [Button("identity", "Wiederherstellungscode", pygame.Rect(0, 0, 135, 44), short="Schlüssel"),
           Button("back", "Zurück", pygame.Rect(143, 0, 135, 44))]
    fit_rows(fonts, row)
    rec = RecordingSurface((300, 60), fonts)
    for b in row:
        b.draw(rec, fonts)
    assert [t for _, t, _, _ in rec.texts] == ["Schlüssel", "Zurück"]
    assert all(b.rect.contains(r) for b, (r, _, _, _) in zip(row, rec.texts, strict=True))


def test_fit_px_is_the_largest_size_that_fits():
    """fit_px starts near the answer (width grows with size) yet answers as a walk down from the top would: the
    size it gives fits (or is the floor), and one pixel more would not (or is above the size asked for)."""
    import random

    pygame.font.init()
    fonts = Fonts()
    rng = random.Random(7)
    words = "Nochmal spielen Hauptmenü Wiederherstellungscode Other devices may join Комп’ютер грає 10♦".split()
    for height in (600, 1080, 2160):
        fonts.set_window(height)
        for _ in range(300):
            text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 5)))
            top, width, bold = rng.randint(8, 90), rng.randint(20, 900), rng.random() < 0.5
            px = fonts.fit_px(text, top, width, bold)
            floor = max(10, fonts.floor)
            assert px <= top and (px <= floor or fonts.size(text, px, bold)[0] <= width)
            assert px == top or fonts.size(text, px + 1, bold)[0] > width
