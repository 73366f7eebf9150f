"""Three Tricks' English strings (a test-only game: its translations would go into the .po files as any game's)."""
from __future__ import annotations

from game.text.marks import N_

STRINGS = (
    N_("game.sample", "Three Tricks"),
    N_("game.sample.blurb", "Three cards each; the higher card takes the trick."),
    N_("sample.rules", "Play a card; the higher rank takes the trick. Three tricks; more tricks wins."),
    N_("sample.log.play", "{name} played {card}."),
    N_("sample.log.trick", "{name} took the trick."),
    N_("sample.refuse.not_in_hand", "{card} is not in your hand."),
    N_("sample.coach.play", "Play a card: drag it onto the trick. The higher card takes the trick."),
)
