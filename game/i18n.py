"""The translation function: one catalogue per language, built from game/text and each game's text module."""
from __future__ import annotations

from types import ModuleType
from typing import Any

from game.tables import catalogues
from game.text import common, kiosk, online

LANGUAGES = ("en", "de")
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}
# Imported statically (not by name) so that packagers see every catalogue; each game brings its own.
_CATALOGUES: tuple[ModuleType, ...] = (common, online, kiosk, *catalogues())


class Translator:
    """``t("menu.play")`` in the current language; English is the fallback for a missing key."""

    def __init__(self, lang: str = "en", modules: tuple[ModuleType, ...] = _CATALOGUES) -> None:
        self._tables: dict[str, dict[str, str]] = {code: {} for code in LANGUAGES}
        for mod in modules:
            for code in LANGUAGES:
                self._tables[code].update(getattr(mod, code.upper()))
        self.lang = lang if lang in LANGUAGES else "en"

    def set_language(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}")
        self.lang = lang

    def has(self, key: str) -> bool:
        return key in self._tables["en"]

    def keys(self, lang: str) -> set[str]:
        return set(self._tables[lang])

    def __call__(self, key: str, **params: Any) -> str:
        text = self._tables[self.lang].get(key) or self._tables["en"].get(key)
        if text is None:
            return key
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
