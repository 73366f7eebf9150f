"""How-to-play pages, described as data: each game's package lists its pages (game/tables/<g>/howto.py) and
names them in its registry entry (``rules_pages``); the how-to scene draws them with the real card sprites."""
from __future__ import annotations

from dataclasses import dataclass

BACK = "back"  # a face-down card in a picture


@dataclass(frozen=True)
class Picture:
    """A row of cards (codes like ``"7H"``, or ``BACK``) with a caption under it (a text key)."""

    cards: tuple[str, ...]
    caption: str = ""
    lifted: tuple[int, ...] = ()  # indexes of cards drawn raised, to point at them


@dataclass(frozen=True)
class Page:
    """One page: a title and a text (text keys) and up to three pictures side by side."""

    title: str
    text: str
    pictures: tuple[Picture, ...] = ()
    beside: bool = False  # a long text: the pictures stand beside it, not under it


def rules_page(game_id: str, fan: tuple[str, ...] = ()) -> Page:
    """The last page of every game: the whole rules text (``<game>.rules``), the game's cards beside it."""
    return Page("howto.all_rules", f"{game_id}.rules", (Picture(fan),) if fan else (), beside=True)
