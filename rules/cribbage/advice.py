"""The discard analysis as the table asks for it (in the worker process): the 15 rows and the expert's pick.

The pick is level 3's own discard from the seat's observations with the hint's random stream, so the row marked
in the analysis is the card pair the Hint button proposes (near 121 the expert searches for the chance to win
and may prefer a row whose expected points are not the highest).
"""
from __future__ import annotations

from collections.abc import Sequence

from rules.cribbage.analysis import DiscardRow, discard_rows
from rules.cribbage.search import make
from rules.cribbage.types import cribbage_seen
from rules.rng import derive
from rules.shapes import Observation


def analyse(seen: Sequence[Observation], stream: tuple[int, *tuple[object, ...]]
            ) -> tuple[list[DiscardRow], tuple[str, str] | None]:
    """All 15 discards of the seat's six cards, best total first, and the expert's discard (None when the seat
    has no discard to make now)."""
    obs = cribbage_seen(seen)[-1]
    if obs["phase"] != "discard" or len(obs["hand"]) != 6:
        return [], None
    rows = discard_rows(obs["hand"], obs["dealer"] == obs["seat"])
    if obs["to_move"] != obs["seat"]:
        return rows, None
    action = make().choose(seen, derive(*stream))
    pick = set(action["cards"])
    return rows, next(r.discard for r in rows if set(r.discard) == pick)
