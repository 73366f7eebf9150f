"""Ukrainian speaks to the player in one register, the informal "ти" (docs/translations.md), names the computer in
its own word and never leaves the starter card without its noun."""
from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

PO = Path(__file__).resolve().parent.parent / "game" / "locale" / "uk" / "LC_MESSAGES" / "card-duels.po"
# The formal "ви": its pronouns and its imperatives (-іть, -йте, -іться, -йтеся). Both players at once may still
# be "ви" ("ви обоє знімаєте", "грайте по черзі"): those are listed by key.
FORMAL = re.compile(r"(?<![\w’'])(Ви|вас|вам|вами|ваш\w*|\w+(?:іть|ійте|айте|уйте|яйте|іться|йтеся|ьтеся))(?![\w’'])",
                    re.IGNORECASE)
BOTH_PLAYERS = {"cribbage.rules", "cribbage.howto.play", "cribbage.coach.cut_for_deal", "cribbage.coach.play"}


def _messages():
    with open(PO, "rb") as fh:
        for m in read_po(fh):
            if m.id:
                yield m.context, (m.string if isinstance(m.string, tuple) else (m.string,))


def test_ukrainian_says_ti_to_the_player():
    formal = [(ctx, hit) for ctx, strings in _messages() if ctx not in BOTH_PLAYERS
              for s in strings for hit in FORMAL.findall(s)]
    assert not formal, formal[:20]


def test_the_check_finds_the_formal_register():
    assert FORMAL.findall("Натисніть «Готово», щоб знову перевернути ваші карти.") == ["Натисніть", "ваші"]
    assert not FORMAL.findall("Натисни «Готово», щоб знову перевернути твої карти.")


def test_the_computer_and_the_starter_have_their_own_words():
    found = dict((ctx, strings[0]) for ctx, strings in _messages())
    assert found["names.computer"] == "Комп’ютер"
    assert found["cribbage.starter"] == "Стартова карта"
    assert not [ctx for ctx, s in found.items() if "Computer" in s]


def test_the_apostrophe_is_one_sign():
    """Ukrainian's apostrophe (комп’ютер, ім’я) is written one way, the typographic ’, never the typewriter '."""
    mixed = [(ctx, s) for ctx, strings in _messages() for s in strings
             if re.search(r"[а-щьюяіїєґ]'[а-щьюяіїєґ]", s, re.IGNORECASE)]
    assert not mixed, mixed
