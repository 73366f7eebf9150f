"""The languages the app speaks: codes and the names a menu shows (a leaf, so settings and options need no
translator)."""
from __future__ import annotations

LANGUAGES = ("en", "de", "uk")
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "uk": "Українська"}
