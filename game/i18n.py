"""The translation function: English source strings from game/text and each game's text module, looked
up through stdlib gettext in game/locale (the key is the msgctxt, the English text the msgid)."""
from __future__ import annotations

import logging
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from game.languages import LANGUAGES
from game.paths import bundle_root
from game.tables import catalogues
from game.text import common, kiosk, online, settings
from game.text.marks import Source
from rules.cards import SUIT_SYMBOLS, Card, pretty_cards

if TYPE_CHECKING:
    from gettext import NullTranslations

    from rules.core import IllegalAction

log = logging.getLogger(__name__)

DOMAIN = "card-duels"
# Imported statically (not by name) so that packagers see every catalogue; each game brings its own.
_CATALOGUES: tuple[ModuleType, ...] = (common, online, kiosk, settings, *catalogues())


def locale_dir() -> Path:
    """game/locale, from source or from the bundle (the .mo files are built by `make`)."""
    return bundle_root() / "game" / "locale"


def mo_path(lang: str, root: Path | None = None) -> Path:
    return (root or locale_dir()) / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def source_strings(modules: tuple[ModuleType, ...] = _CATALOGUES) -> dict[str, Source]:
    """Every text key with its English source: a string, or (singular, plural) for a counted one."""
    out: dict[str, Source] = {}
    for mod in modules:
        out.update(mod.STRINGS)
    return out


class _Missing:
    """The last fallback: says "not translated" (None), so English comes from the source strings. (A plain class:
    English, the default, then needs no gettext at start-up; GNUTranslations only calls these two methods.)"""

    def pgettext(self, context: str, message: str) -> str | None:
        return None

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str | None:
        return None


def _format(text: str, params: dict[str, object]) -> str:
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


class Translator:
    """``t("menu.play")`` in the current language; ``t.n("kombi.hand_count", 3)`` for counted strings.

    English is the fallback for anything a catalogue lacks (or when its .mo file is missing); an unknown
    key shows as itself.
    """

    def __init__(self, lang: str = "en", modules: tuple[ModuleType, ...] = _CATALOGUES,
                 localedir: Path | None = None) -> None:
        self._source = source_strings(modules)
        self._localedir = localedir
        self._loaded: dict[str, NullTranslations | _Missing] = {}
        self.lang = lang if lang in LANGUAGES else "en"

    def set_language(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}")
        self.lang = lang

    def _catalog(self, lang: str) -> NullTranslations | _Missing:
        cat = self._loaded.get(lang)
        if cat is None:
            cat = _Missing()
            path = mo_path(lang, self._localedir)
            if lang != "en":
                import gettext

                try:
                    with open(path, "rb") as fh:
                        cat = gettext.GNUTranslations(fh)
                    cat.add_fallback(_Missing())  # type: ignore[arg-type]  # only its two lookups are called
                except OSError as exc:
                    log.warning("no compiled translations for %r (%s): showing English; `make` builds them",
                                lang, exc)
            self._loaded[lang] = cat
        return cat

    def _lookup(self, lang: str, key: str, n: int | None) -> str | None:
        src = self._source[key]
        cat = self._catalog(lang)
        if isinstance(src, tuple):
            return cat.npgettext(key, src[0], src[1], 2 if n is None else n)
        return cat.pgettext(key, src)

    def has(self, key: str) -> bool:
        return key in self._source

    def keys(self, lang: str) -> set[str]:
        """The keys that ``lang`` translates (English: every key)."""
        if lang == "en":
            return set(self._source)
        return {k for k in self._source if self._lookup(lang, k, 1) is not None}

    def plural(self, key: str) -> bool:
        return isinstance(self._source.get(key), tuple)

    def __call__(self, key: str, **params: object) -> str:
        src = self._source.get(key)
        if src is None:
            return key
        n = params.get("n")
        n = n if isinstance(n, int) else None
        text = self._lookup(self.lang, key, n)
        if text is None:
            text = src if isinstance(src, str) else src[0 if n == 1 else 1]
        return _format(text, params)

    def each(self, key: str, **params: object) -> list[str]:
        """``key`` in every language (a row's one size must fit all three: sprites/roles.py)."""
        was = self.lang
        try:
            out = []
            for lang in LANGUAGES:
                self.lang = lang
                out.append(self(key, **params))
            return out
        finally:
            self.lang = was

    def n(self, key: str, n: int, **params: object) -> str:
        """A counted string: the plural form for ``n`` in the current language, with ``{n}`` filled in."""
        return self(key, n=n, **params)

    def refusal(self, exc: IllegalAction) -> str:
        """A refusal's words: the game's own (``<game>.refuse.<key>``), else the shared ones (``refuse.<key>``); a
        key with a dot is a catalogue key itself. Parameters named ``card…`` are cards, written with their suits;
        those named ``suit…`` are suits ("H"), written as their symbols (♥)."""
        params = {k: _param_text(k, v) for k, v in exc.params.items()}
        keys = (exc.key,) if "." in exc.key else (f"{exc.game}.refuse.{exc.key}", f"refuse.{exc.key}")
        for key in keys:
            if key in self._source:
                return self(key, **params)
        log.warning("a refusal without words: %s (%s)", exc.key, exc.game)
        return self("refuse.not_now")


def _param_text(name: str, value: object) -> object:
    if name.startswith("card"):
        return _cards_text(value)
    if name.startswith("suit") and isinstance(value, str):
        return SUIT_SYMBOLS.get(value, value)
    return value


def _cards_text(value: object) -> object:
    """A card code or a list of them in their pretty form (7♥, 10♦); anything else as it is."""
    try:
        if isinstance(value, str):
            return Card.parse(value).pretty
        if isinstance(value, list):
            return pretty_cards(value)
    except ValueError:
        pass
    return value
