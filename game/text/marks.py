"""Marks for the English source strings: each ``N_`` / ``NP_`` call is one catalogue entry.

The text key is the gettext context (msgctxt) and the English text the msgid, so every call site keeps
``t("menu.play")``. Babel finds the marks (``make strings``: ``pybabel extract -k N_:1c,2 -k NP_:1c,2,3``)
and writes game/locale/card-duels.pot; the translations live in game/locale/<lang>/LC_MESSAGES/card-duels.po.
"""
from __future__ import annotations

Source = str | tuple[str, str]


def N_(key: str, text: str) -> tuple[str, Source]:
    """One string: ``key`` (the context) and its English text (the msgid)."""
    return key, text


def NP_(key: str, singular: str, plural: str) -> tuple[str, Source]:
    """A string that depends on a count ``{n}``: English singular and plural (ngettext forms)."""
    return key, (singular, plural)
