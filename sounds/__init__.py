"""Sound effects: the names the game plays, the bank that plays them, the script that makes them."""
from __future__ import annotations

NAMES: tuple[str, ...] = ("deal", "draw", "place", "invalid", "turn", "win", "click")
