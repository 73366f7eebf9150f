"""One count of a cribbage show (RULES.md §2.4), as the state keeps it: its breakdown is worked out when read."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rules.cards import Card
from rules.cribbage.score import Breakdown, score_hand

if TYPE_CHECKING:
    from rules.cribbage.types import ShowJSON


class ShowItem:
    """One count of the show: whose it is, the cards, and whether it was scored (not after 121).

    Immutable by convention. The itemised breakdown is built only when asked (a view or an event needs it, a
    playout never does).
    """

    __slots__ = ("seat", "cards", "starter", "crib", "counted", "_breakdown")

    def __init__(self, seat: int, cards: tuple[Card, ...], starter: Card, crib: bool, counted: bool) -> None:
        self.seat, self.cards, self.starter, self.crib, self.counted = seat, cards, starter, crib, counted
        self._breakdown: Breakdown | None = None

    def _key(self) -> tuple[object, ...]:
        return self.seat, self.cards, self.starter, self.crib, self.counted

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ShowItem) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return "ShowItem(seat={!r}, cards={!r}, starter={!r}, crib={!r}, counted={!r})".format(*self._key())

    @property
    def breakdown(self) -> Breakdown:
        if self._breakdown is None:
            self._breakdown = score_hand(self.cards, self.starter, crib=self.crib)
        return self._breakdown

    def to_json(self) -> ShowJSON:
        kind = "crib" if self.crib else "hand"
        # the breakdown's JSON is a BreakdownJSON (rules/cribbage/score.py types it as a plain dict)
        return cast("ShowJSON", {"seat": self.seat, "kind": kind, **self.breakdown.to_json(), "counted": self.counted})
