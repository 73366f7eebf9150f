"""The gettext catalogues: the template matches the marked English strings, every language translates
every message with the same placeholders, the compiled .mo files are current, and plurals are right."""
from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from game.i18n import DOMAIN, LANGUAGES, Translator, source_strings

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def read(path: Path) -> Catalog:
    with open(path, "rb") as fh:
        return read_po(fh)


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def fields(text: str) -> set[str]:
    """The placeholder names of a str.format text ("{name} has {n}" -> {"name", "n"})."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def forms(value) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, (list, tuple)) else (value,)


def problems(template: Catalog, po: Catalog) -> list[str]:
    """Every way ``po`` falls short of ``template``: a missing, empty or fuzzy translation, a missing plural
    form, a placeholder added or lost, a message the template no longer has."""
    out = []
    wanted = {(m.context, m.id) for m in template if m.id}
    for m in template:
        if not m.id:
            continue
        have = po.get(m.id, context=m.context)
        if have is None:
            out.append(f"{m.context}: missing")
            continue
        texts = forms(have.string)
        if have.fuzzy or not all(s.strip() for s in texts):
            out.append(f"{m.context}: not translated" + (" (fuzzy)" if have.fuzzy else ""))
            continue
        if isinstance(m.id, tuple) and len(texts) != po.num_plurals:
            out.append(f"{m.context}: {len(texts)} plural forms, the language has {po.num_plurals}")
        expected = set().union(*(fields(s) for s in forms(m.id)))
        for s in texts:
            if fields(s) != expected:
                out.append(f"{m.context}: placeholders {sorted(fields(s))} in {s!r}, template has {sorted(expected)}")
    out += [f"{m.context}: not in the template (run `make strings`)" for m in po
            if m.id and (m.context, m.id) not in wanted]
    return out


def test_the_template_holds_exactly_the_marked_english_strings():
    pot = {m.context: m.id for m in read(LOCALE / f"{DOMAIN}.pot") if m.id}
    source = source_strings()
    assert pot == source, "game/locale/card-duels.pot is stale: run `make strings`"


def test_keys_are_unique_across_the_catalogue_modules():
    from game.i18n import _CATALOGUES

    keys = [key for mod in _CATALOGUES for key, _ in mod.STRINGS]
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_with_the_templates_placeholders(lang):
    po = read(po_path(lang))
    assert po.locale is not None and str(po.locale) == lang
    assert problems(read(LOCALE / f"{DOMAIN}.pot"), po) == []


def test_the_check_finds_a_missing_translation_and_a_changed_placeholder():
    template = Catalog(locale="de")
    template.add("Hello {name}", context="a.hello")
    template.add(("{n} card", "{n} cards"), context="a.cards")
    template.add("Bye", context="a.bye")
    po = Catalog(locale="de")
    po.add("Hello {name}", "Hallo {nmae}", context="a.hello")
    po.add(("{n} card", "{n} cards"), ("eine Karte", "{n} Karten"), context="a.cards")
    po.add("Old", "Alt", context="a.old")
    found = problems(template, po)
    assert any(p.startswith("a.hello: placeholders") for p in found)
    assert any(p.startswith("a.cards: placeholders") for p in found)
    assert "a.bye: missing" in found and any(p.startswith("a.old: not in the template") for p in found)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogue_is_current(lang):
    """What the app shows is what the .po file says (`make` recompiles a changed .po)."""
    po = read(po_path(lang))
    t = Translator(lang)
    for m in po:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            assert t._lookup(lang, m.context, 1) == m.string[0], m.context
        else:
            assert t._lookup(lang, m.context, None) == m.string, m.context


def test_plurals_follow_each_language():
    t = Translator("en")
    assert [t.n("kombi.hand_count", n) for n in (1, 2)] == ["1 card", "2 cards"]
    assert t("kombi.hand_count", n=1) == "1 card"
    t.set_language("de")
    assert [t.n("cribbage.cards", n) for n in (1, 3)] == ["1 Karte", "3 Karten"]
    t.set_language("uk")
    assert [t.n("trumps.cards", n) for n in (1, 3, 5, 11, 21, 22, 25)] == [
        "1 карта", "3 карти", "5 карт", "11 карт", "21 карта", "22 карти", "25 карт"]
    assert t("menu.play") == "Грати" and t("kiosk.versus", a="Анна", b="Богдан") == "Анна проти Богдан"


def test_missing_compiled_catalogues_fall_back_to_english(tmp_path, caplog):
    t = Translator("de", localedir=tmp_path)
    assert t("menu.play") == "Play" and t.n("trumps.cards", 1) == "1 card"
    assert "no compiled translations" in caplog.text
    assert t("no.such.key") == "no.such.key" and not t.has("no.such.key") and t.has("menu.play")


def used_characters(lang: str) -> set[str]:
    po = read(po_path(lang))
    return {ch for m in po if m.id for s in forms(m.string) for ch in s if not ch.isspace()}


def test_the_font_draws_every_character_of_every_translation():
    """Each character renders as itself, not as the font's missing-glyph box (.notdef): the box is what a
    private-use codepoint renders as, and Font.metrics() cannot tell (it reports the box's metrics)."""
    import pygame

    from sprites.suits import SUIT_CHARS
    from sprites.text import Fonts

    font = Fonts().get(24)

    def pixels(ch: str) -> bytes:
        return pygame.image.tobytes(font.render(ch, False, (255, 255, 255), (0, 0, 0)), "RGB")

    box = pixels("\ue000")
    assert pixels("\u0378") == box, "the .notdef box is not what this check thinks it is"
    assert pixels("Ж") != box and pixels("A") != box
    chars = set().union(*(used_characters(lang) for lang in TRANSLATED)) - set(SUIT_CHARS)
    assert set("їєіґЖщ’") <= chars, "expected the Ukrainian letters in the catalogue"
    missing = sorted(ch for ch in chars if pixels(ch) == box)
    assert missing == [], f"the font has no glyph for {[f'U+{ord(c):04X} {c}' for c in missing]}"
