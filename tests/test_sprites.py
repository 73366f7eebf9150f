"""Card art, suit shapes, text with suit symbols, widgets and the on-screen keyboard (headless)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from rules.cards import Card, standard_deck
from sprites import theme
from sprites.cards import CardArt, CardArtCache
from sprites.keyboard import BACKSPACE, DONE, SHIFT, SWITCH, OnScreenKeyboard
from sprites.suits import draw_suit, suit_color
from sprites.text import Fonts
from sprites.widgets import Button, TextField, draw_badge, draw_panel, draw_round_rect

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    screen = pygame.display.set_mode((640, 480))
    yield screen


@pytest.fixture(scope="module")
def fonts() -> Fonts:
    return Fonts()


@pytest.fixture(scope="module")
def art70(fonts: Fonts) -> CardArt:
    return CardArt(70, fonts)


def count_near(surf: pygame.Surface, color: tuple[int, int, int], tol: int = 50) -> int:
    """Opaque-ish pixels within ``tol`` of ``color`` in every channel."""
    mask = pygame.mask.from_threshold(surf, (*color, 255), (tol, tol, tol, 120))
    return mask.count()


def snapshot(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


# --- theme -----------------------------------------------------------------------------------
def test_ui_scale_and_font_px():
    assert theme.ui_scale(1080) == 1.0
    assert theme.ui_scale(540) == 0.5
    assert theme.ui_scale(2160) == 2.0
    assert theme.font_px(40, 1.0) == 51  # 40 + EM_OFFSET
    assert theme.font_px(20, 2.0) == 64  # the floor: capitals of 2% of 2160 px are 44 px
    assert theme.font_px(30, 0.1) == theme.MIN_FONT_PX
    # nothing under 2% of the window height: 12 px of text at 600 high, 22 px at 1080
    for h in (480, 600, 768, 1080, 1440, 2160):
        for base in (10, 20, 24, 30):
            assert theme.text_height(theme.font_px(base, theme.ui_scale(h))) >= 0.02 * h
    assert theme.text_height(theme.font_px(20, theme.ui_scale(600))) == 12
    assert theme.text_height(theme.font_px(20, 1.0)) == 22
    assert theme.CARD_RATIO == 1.4


# --- suits -----------------------------------------------------------------------------------
@pytest.mark.parametrize("suit", "CDHS")
def test_draw_suit_is_centred_and_sized(suit: str):
    surf = pygame.Surface((100, 100), pygame.SRCALPHA)
    draw_suit(surf, suit, (50, 50), 40, (255, 255, 255))
    box = surf.get_bounding_rect(min_alpha=128)
    assert abs(box.centerx - 50) <= 2 and abs(box.centery - 50) <= 2
    assert 34 <= box.h <= 42 and 26 <= box.w <= 42
    # antialiased edge: many pixels are partly covered, not just fully on or off
    partial = sum(1 for x in range(100) for y in range(100) if 0 < surf.get_at((x, y)).a < 255)
    assert partial > 30


def test_suit_color():
    assert suit_color("H") == theme.RED and suit_color("D") == theme.RED
    assert suit_color("S") == theme.INK and suit_color("C") == theme.INK
    assert suit_color("♥") == theme.RED
    with pytest.raises(ValueError):
        suit_color("X")


# --- card art ----------------------------------------------------------------------------------
@pytest.mark.parametrize("width", [40, 70, 140, 400])
def test_card_art_sizes(width: int, fonts: Fonts):
    art = CardArt(width, fonts)
    size = (width, round(width * 1.4))
    assert (art.width, art.height) == size
    for surf in (art.face("QH"), art.back(), art.slot(), art.slot("Draw"), art.shade()):
        assert surf.get_size() == size
    assert art.glow(theme.GOLD).get_width() > width and art.glow(theme.GOLD).get_height() > size[1]
    assert art.shadow().get_width() > width
    # rounded corners are transparent, the middle is opaque
    face = art.face("7C")
    assert face.get_at((0, 0)).a == 0
    assert face.get_at((width // 2, size[1] // 2)).a == 255


def test_card_art_caches(art70: CardArt):
    assert art70.face("7H") is art70.face("7H")
    assert art70.face(Card(7, "H")) is art70.face("7h")
    assert art70.face("10D") is art70.face("TD")
    assert art70.back() is art70.back()
    assert art70.slot("Draw") is art70.slot("Draw")
    assert art70.glow(theme.GOLD) is art70.glow(theme.GOLD)
    assert art70.shadow() is art70.shadow()
    assert art70.slot("Draw") is not art70.slot()
    assert snapshot(art70.glow(theme.GOLD)) != snapshot(art70.glow(theme.DROP_GLOW))


def test_card_art_cache_keeps_a_few_sizes(fonts: Fonts):
    cache = CardArtCache(limit=2, fonts=fonts)
    a = cache.get(80)
    assert cache.get(80) is a
    cache.get(90)
    cache.get(80)  # most recently used again
    cache.get(100)  # evicts 90, not 80
    assert cache.get(80) is a
    assert cache.get(80).width == 80


def test_red_suits_have_red_pixels_and_black_suits_none(art70: CardArt):
    for card in standard_deck():
        face = art70.face(card)
        reds = count_near(face, theme.RED)
        inks = count_near(face, theme.INK)
        if card.suit in "HD":
            assert reds > 40, card
            assert inks == 0, card
        else:
            assert reds == 0, card
            assert inks > 40, card


def test_every_face_is_distinct_and_differs_from_back(art70: CardArt):
    shots = {snapshot(art70.face(c)) for c in standard_deck()}
    assert len(shots) == 52
    back = snapshot(art70.back())
    assert back not in shots
    assert count_near(art70.back(), theme.BACK, 30) > 200
    assert count_near(art70.face("AS"), theme.BACK, 30) == 0


@pytest.mark.parametrize("card", ["TD", "QS", "8C", "AH"])
def test_indices_sit_inside_both_corners(card: str, fonts: Fonts):
    art = CardArt(140, fonts)
    face = art.face(card)
    color = suit_color(card[-1])
    w, h = face.get_size()
    col = round(w * 0.2)  # the index column: pips and court frames start further in
    for region in (pygame.Rect(0, 0, col, h // 3), pygame.Rect(w - col, h - h // 3, col, h // 3)):
        corner = face.subsurface(region)
        inked = pygame.mask.from_threshold(corner, (*color, 255), (60, 60, 60, 120)).get_bounding_rects()
        assert len(inked) >= 2, f"rank and suit expected in {region}"
        left, top = min(r.left for r in inked), min(r.top for r in inked)
        right, bottom = max(r.right for r in inked), max(r.bottom for r in inked)
        # the index is fully inside the card: a margin of card face on every side
        assert left >= 3 and top >= 3, (left, top)
        assert right <= region.w - 2 and bottom <= region.h - 3, (right, bottom)


def test_drawing_works_before_any_display_exists():
    code = (
        "import pygame\n"
        "from sprites.cards import CardArt\n"
        "from sprites.text import Fonts\n"
        "from sprites.widgets import Button\n"
        "import pygame\n"
        "assert pygame.display.get_surface() is None\n"
        "f = Fonts(); art = CardArt(60, f)\n"
        "assert art.face('KS').get_size() == (60, 84) and art.back().get_size() == (60, 84)\n"
        "s = pygame.Surface((200, 80)); Button('b', 'A♠', pygame.Rect(0, 0, 200, 80)).draw(s, f)\n"
        "print('ok', f.render('7♥', 20, (0, 0, 0)).get_width() > 0)\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok True"


# --- text --------------------------------------------------------------------------------------
def test_fonts_cache_objects(fonts: Fonts):
    assert fonts.get(24) is fonts.get(24)
    assert fonts.get(24, bold=True) is not fonts.get(24)
    assert fonts.render("Hi", 24, theme.TEXT) is fonts.render("Hi", 24, theme.TEXT)


def test_render_colours_the_suits(fonts: Fonts):
    plain = fonts.render("A", 32, theme.INK)
    with_suit = fonts.render("A♠", 32, theme.INK)
    assert with_suit.get_width() > plain.get_width()
    assert fonts.size("A♠", 32) == with_suit.get_size()
    # the suit is real ink to the right of the letter, not a .notdef box outline
    suit_part = with_suit.subsurface((plain.get_width(), 0, with_suit.get_width() - plain.get_width(),
                                      with_suit.get_height()))
    assert count_near(suit_part, theme.INK) > 20
    assert count_near(fonts.render("7♥", 32, theme.INK), theme.RED) > 20
    assert count_near(fonts.render("7♠", 32, theme.INK), theme.RED) == 0
    # light text on dark: hearts use the readable red, spades take the text colour
    light = fonts.render("♥♠", 32, theme.TEXT)
    assert count_near(light, theme.RED_ON_DARK, 30) > 20
    assert count_near(light, theme.TEXT, 30) > 20


def test_render_cache_is_bounded():
    small = Fonts(cache_limit=4)
    first = small.render("one", 20, theme.TEXT)
    for i in range(8):
        small.render(f"t{i}", 20, theme.TEXT)
    assert small.render("one", 20, theme.TEXT) is not first


def test_wrap(fonts: Fonts):
    text = "Anna played 7♥ 8♥ 9♥ for twenty-four points and then passed her turn"
    lines = fonts.wrap(text, 24, 200)
    assert len(lines) > 1
    assert " ".join(lines).split() == text.split()
    assert all(fonts.size(line, 24)[0] <= 200 for line in lines)
    # never inside a word: "Computer: 15 for 2" under a narrow count breaks between words
    assert fonts.wrap("Computer: 15 for 2", 24, fonts.size("Computer: 15", 24)[0]) == ["Computer: 15", "for 2"]
    long = fonts.wrap("x" * 80, 24, 100)
    assert long == ["x" * 80]  # a word longer than the line stands alone, whole
    assert fonts.wrap("Computer-Zug/Runde", 24, fonts.size("Computer-", 24)[0]) == ["Computer-", "Zug/", "Runde"]
    assert fonts.wrap("one\ntwo", 24, 500) == ["one", "two"]
    assert fonts.wrap("", 24, 100) == [""]


# --- widgets -----------------------------------------------------------------------------------
def test_button_hit():
    b = Button("ok", "OK", pygame.Rect(10, 10, 100, 50))
    assert b.hit((10, 10)) and b.hit((109, 59)) and b.hit((60, 30))
    assert not b.hit((110, 30)) and not b.hit((5, 5))
    b.enabled = False
    assert not b.hit((60, 30))


def test_button_states_look_different(fonts: Fonts):
    def shot(**kw) -> bytes:
        surf = pygame.Surface((200, 100))
        surf.fill(theme.FELT)
        enabled = kw.pop("enabled", True)
        Button("b", "Play ♥", pygame.Rect(30, 25, 140, 50), enabled=enabled).draw(surf, fonts, **kw)
        return snapshot(surf)

    base = shot()
    assert len({base, shot(hovered=True), shot(pressed=True), shot(focused=True), shot(enabled=False)}) == 5
    surf = pygame.Surface((200, 100))
    surf.fill(theme.FELT)
    Button("b", "Go", pygame.Rect(30, 25, 140, 50)).draw(surf, fonts, focused=True)
    ring = [surf.get_at((x, 50))[:3] for x in range(18, 30)]
    assert theme.GOLD in ring  # the focus ring is gold, outside the button


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def test_text_field_editing():
    f = TextField(pygame.Rect(0, 0, 300, 50), "Ann", max_len=6)
    assert f.text == "Ann" and f.caret == 3
    assert f.handle(pygame.event.Event(pygame.TEXTINPUT, text="a"))
    assert f.text == "Anna"
    assert f.handle(key(pygame.K_HOME)) and f.caret == 0
    f.insert("Jo ")
    assert f.text == "JoAnna" and f.caret == 2  # max_len 6 leaves room for two of the three
    assert f.handle(key(pygame.K_END)) and f.caret == 6
    assert f.handle(key(pygame.K_BACKSPACE)) and f.text == "JoAnn"
    assert f.handle(key(pygame.K_LEFT)) and f.handle(key(pygame.K_LEFT)) and f.caret == 3
    assert f.handle(key(pygame.K_DELETE)) and f.text == "JoAn"
    assert f.handle(key(pygame.K_RIGHT)) and f.caret == 4
    assert f.handle(key(pygame.K_RIGHT)) and f.caret == 4
    f.backspace()
    assert f.text == "JoA"
    assert not f.handle(key(pygame.K_RETURN))
    assert not f.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1))
    f.insert("\x08\t")
    assert f.text == "JoA"
    f.text = "Müller-Lüdenscheidt"
    assert f.text == "Müller" and f.caret == 6


def test_text_field_caret_blinks(fonts: Fonts):
    f = TextField(pygame.Rect(10, 10, 300, 50), "Bea")

    def shot(focused: bool, now: float) -> bytes:
        surf = pygame.Surface((320, 70))
        f.draw(surf, fonts, focused, now)
        return snapshot(surf)

    assert shot(True, 0.1) != shot(True, 0.6)
    assert shot(True, 0.1) == shot(True, 1.1)
    assert shot(False, 0.1) == shot(False, 0.6)
    empty = TextField(pygame.Rect(10, 10, 300, 50), placeholder="Name")
    surf = pygame.Surface((320, 70))
    empty.draw(surf, fonts, False, 0.0)
    blank = pygame.Surface((320, 70))
    TextField(pygame.Rect(10, 10, 300, 50)).draw(blank, fonts, False, 0.0)
    assert snapshot(surf) != snapshot(blank)


def test_panel_is_translucent_and_rounded():
    surf = pygame.Surface((200, 200))
    surf.fill((200, 0, 0))
    draw_panel(surf, pygame.Rect(20, 20, 160, 160), alpha=128, radius=20)
    assert surf.get_at((0, 0))[:3] == (200, 0, 0)
    assert surf.get_at((20, 20))[:3] == (200, 0, 0)  # outside the rounded corner
    mid = surf.get_at((100, 100))
    assert mid[:3] != (200, 0, 0) and mid[:3] != theme.PANEL
    assert 80 < mid.r < 130  # about half of the red shows through


def test_round_rect_has_smooth_corners():
    surf = pygame.Surface((100, 100))
    surf.fill((0, 0, 0))
    draw_round_rect(surf, (255, 255, 255), pygame.Rect(10, 10, 80, 80), 20)
    assert surf.get_at((10, 10))[:3] == (0, 0, 0)
    assert surf.get_at((50, 50))[:3] == (255, 255, 255)
    corner = [surf.get_at((x, y)).r for x in range(10, 30) for y in range(10, 30)]
    assert sum(1 for v in corner if 0 < v < 255) > 10


def test_badge(fonts: Fonts):
    surf = pygame.Surface((200, 100))
    surf.fill(theme.FELT)
    rect = draw_badge(surf, fonts, "12", (100, 50), 24, theme.GOLD)
    assert rect.center == (100, 50) and rect.w >= rect.h
    assert surf.get_at((rect.centerx - rect.w // 2 + rect.h // 2, rect.centery))[:3] != theme.FELT


# --- keyboard ----------------------------------------------------------------------------------
@pytest.mark.parametrize("layout", ["en", "de", "uk", "uk-latin"])
def test_keyboard_keys(layout: str, fonts: Fonts):
    size = OnScreenKeyboard.preferred_size(1.0, layout)
    kb = OnScreenKeyboard(pygame.Rect(20, 30, *size), layout)
    found = {k for k, _ in kb.keys}
    letters = "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя" if layout == "uk" else "abcdefghijklmnopqrstuvwxyz"
    assert set(letters + "0123456789") <= found
    assert {BACKSPACE, DONE, SHIFT, " "} <= found
    if layout == "de":
        assert {"ä", "ö", "ü", "ß"} <= found
    for k, box in kb.keys:
        assert kb.rect.contains(box)
        assert box.h >= 48 and box.w >= 48
        assert kb.key_at(box.center) == k
    boxes = [b for _, b in kb.keys]
    assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    assert kb.key_at((0, 0)) is None
    surf = pygame.Surface((size[0] + 40, size[1] + 60))
    kb.draw(surf, fonts)
    normal = snapshot(surf)
    kb.draw(surf, fonts, pressed_key="a")
    assert snapshot(surf) != normal


def test_keyboard_shift_is_one_shot():
    kb = OnScreenKeyboard(pygame.Rect(0, 0, 900, 380), "de")
    at = {k: box.center for k, box in reversed(kb.keys)}
    assert kb.press(at["a"]) == "a"
    assert kb.press(at[SHIFT]) is None and kb.shift
    assert kb.press(at["ä"]) == "Ä"
    assert not kb.shift
    assert kb.press(at["b"]) == "b"
    kb.press(at[SHIFT])
    kb.press(at[SHIFT])
    assert kb.press(at["c"]) == "c"
    kb.press(at[SHIFT])
    assert kb.press(at["ß"]) == "ß"  # no one-letter capital in the font
    assert kb.press(at["1"]) == "1"
    assert kb.press(at[BACKSPACE]) == "\b"
    assert kb.press(at[DONE]) == "\n"
    assert kb.press(at[" "]) == " "
    assert kb.key_at(at[SHIFT]) == SHIFT
    assert kb.press((-5, -5)) is None


def test_keyboard_switches_between_cyrillic_and_latin(fonts: Fonts):
    """The app's Ukrainian keyboard types Cyrillic, and one key brings Latin letters (and back)."""
    kb = OnScreenKeyboard(pygame.Rect(0, 0, 1000, 400), "uk")
    at = {k: box.center for k, box in reversed(kb.keys)}
    kb.press(at[SHIFT])
    assert kb.press(at["ї"]) == "Ї" and kb.press(at["'"]) == "'"
    assert kb.label(SWITCH) == "ABC" and kb.press(at[SWITCH]) is None and kb.layout == "uk-latin"
    at = {k: box.center for k, box in reversed(kb.keys)}
    assert kb.press(at["q"]) == "q" and kb.label(SWITCH) == "АБВ" and kb.done_label == "Готово"
    kb.press(at[SWITCH])
    assert kb.layout == "uk" and all(kb.rect.contains(box) for _, box in kb.keys)
    kb.draw(pygame.Surface((1000, 400)), fonts)


def test_keyboard_rejects_unknown_layout():
    with pytest.raises(ValueError):
        OnScreenKeyboard(pygame.Rect(0, 0, 100, 100), "xx")


def test_the_shipped_face_is_true_bold_with_its_licence_and_cap_heights_as_the_scale_says():
    from sprites.text import FONT_DIR, LICENCE, font_file

    assert "Open Font License" in (FONT_DIR / LICENCE).read_text()
    assert font_file(False) != font_file(True)
    fonts = Fonts()
    for px in (13, 18, 22, 33, 47, 66, 117):
        for bold in (False, True):
            own = pygame.font.Font(font_file(bold), px).render("Ann Ґ", True, (255, 255, 255))
            mine = fonts.get(px, bold).render("Ann Ґ", True, (255, 255, 255))  # no emboldening on top
            assert pygame.image.tobytes(own, "RGBA") == pygame.image.tobytes(mine, "RGBA")
            assert fonts.cap_height(px, bold) >= theme.text_height(px)
    for h in (600, 1080, 2160):  # the floor, measured on the rendered capitals
        fonts.set_window(h)
        cap = fonts.render("H", 1, theme.TEXT).get_bounding_rect().h
        assert cap >= 0.02 * h, (h, cap)


@pytest.mark.parametrize("text", ["Skip", "Play again", "Überspringen", "Пропустити їжак", "gjpqy ÅÉ 10♥ A♠"])
def test_text_images_hold_the_whole_render(text: str, fonts: Fonts):
    """The image is never shorter than pygame's own render of the string: no descender is cut."""
    for px in (18, 22, 33, 41, 66):
        for bold in (False, True):
            own = fonts.get(px, bold).render(text, True, (255, 255, 255))
            img = fonts.render(text, px, (255, 255, 255), bold)
            assert img.get_height() >= own.get_height() and img.get_width() == own.get_width()
            assert img.get_bounding_rect().h == own.get_bounding_rect().h  # the same ink, none clipped


def test_a_run_is_spaced_by_the_font():
    """The whole run is one render: the same pixels as the font's own render of it (black suits)."""
    fonts = Fonts()
    text = "Computer exchanged 5♠ for Q♣"
    own = fonts.get(30).render(text, True, theme.TEXT)
    assert pygame.image.tobytes(fonts.render(text, 30, theme.TEXT), "RGBA")[: own.get_width() * 4] \
        == pygame.image.tobytes(own, "RGBA")[: own.get_width() * 4]
