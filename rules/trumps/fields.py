"""Own Trumps' state fields by name (rules/trumps/state.py's ``TrumpsState`` is a tuple of them)."""
from __future__ import annotations

from typing import NamedTuple

from rules.trumps import events as ev
from rules.trumps.seen import Seen as _Seen

SEEN = 7  # the repetition record's place: it is left out of the hash (it is unhashable)
COMPARED = 13  # the fields before the event recipe take part in == and hash (as in a dataclass)
OWN = 14  # the fields before the derived ones (to_move, is_over, movable), which _with recomputes


class Fields(NamedTuple):
    """An Own Trumps state's fields, by name: read by C-level getters (no Python call per read), as fast as an
    index. Cards are indices into ``CARDS``; hands are bit masks."""

    phase: str  # "choose_trump", "play" (lead or beat/pick up), "second" (the card after a beat) or "over"
    turn: int  # the seat to act (kept when the game is over, for the end event)
    dealer: int
    trumps: tuple[int | None, int | None]
    hands: tuple[int, int]
    pile: tuple[int, ...]
    code: int  # the pile as one int (6 bits a card, the top lowest)
    seen: _Seen  # the repetition record
    seed: int
    deck: tuple[int, ...] | None
    voluntary_pickup: bool
    result: str | None
    winner_seats: tuple[int, ...]
    recipe: ev.Recipe  # the events, built only when asked (rules/trumps/events.py)
    to_move: int | None  # derived once, where they change:
    is_over: bool
    movable: int  # the mask of ``playable``


INDEX_OF_FIELD = {k: i for i, k in enumerate(Fields._fields)}
