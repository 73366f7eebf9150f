"""Every refusal the rules can give is a key worded once per language: no prose in rules/, and every key of
every game has English, German and Ukrainian words (``<game>.refuse.<key>``, or the shared ``refuse.<key>``)."""
from __future__ import annotations

import ast
from importlib import import_module
from pathlib import Path

import pytest

import rules
from game.i18n import LANGUAGES, Translator
from rules.core import IllegalAction

ROOT = Path(__file__).resolve().parents[1]


def raised_keys(folder: Path) -> set[str]:
    """The literal keys given to IllegalAction(...) / refused(game, ...) in the modules of ``folder`` (or in the one
    module ``folder`` names)."""
    keys = set()
    for path in [folder] if folder.suffix == ".py" else folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute)):
                name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
                args = node.args[1:] if name == "refused" else node.args if name == "IllegalAction" else []
                if args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
                    keys.add(args[0].value)
    return keys


SHARED = raised_keys(ROOT / "rules")


def rules_of(game_id: str) -> Path:
    """Where the registry finds a game's rules: its package's folder, or the module a test's game is."""
    path = Path(import_module(rules.GAMES.package(game_id)).__file__ or "")
    return path.parent if path.name == "__init__.py" else path


def words(game_id: str, key: str, lang: str) -> str | None:
    t = Translator(lang)
    found = t.keys(lang)
    for text_key in (f"{game_id}.refuse.{key}", f"refuse.{key}"):
        if text_key in found:
            return text_key
    return None


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_key_of_every_game_has_words_in_every_language(game_id: str, lang: str) -> None:
    keys = raised_keys(rules_of(game_id)) | SHARED
    assert raised_keys(rules_of(game_id)), f"{game_id} refuses nothing with a key"
    missing = sorted(k for k in keys if words(game_id, k, lang) is None)
    assert not missing, f"{game_id}: no {lang} words for {missing}"


def test_refusal_keys_are_keys_not_sentences() -> None:
    for game_id in rules.GAMES:
        for key in raised_keys(rules_of(game_id)) | SHARED:
            assert key.isidentifier() and key == key.lower(), key


def test_the_words_fill_in_cards_with_their_suits() -> None:
    t = Translator("en")
    exc = IllegalAction("not_in_hand", card="TD")
    exc.game = "kombi"
    assert t.refusal(exc) == "10♦ is not in your hand."
    exc = IllegalAction("not_a_combination", cards=["5H", "6H", "8H"])
    exc.game = "kombi"
    assert t.refusal(exc).startswith("5♥ 6♥ 8♥ is not a valid combination")
