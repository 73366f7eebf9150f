"""The discard analysis: all 15 ways to split six cards, each with the expected points of the kept hand, the crib
and the pegging, as the expert weighs them (and the table beside the Hint button shows them).

- **Hand**: the kept four with the starter, averaged over the 46 starters (exact, ``ev.discard_table``).
- **Crib**: the crib's points averaged over the opponent's two cards and the starter; it counts for the dealer
  and against the non-dealer.
- **Pegging**: what the kept four pegs more than the opponent on average (``pegtable``: level 2's pegging on both
  sides over sampled deals, the opponent keeping what a good player keeps).

``total`` = hand + crib (dealer) or - crib (non-dealer) + pegging. Pure and deterministic: a hint, the bot and
the table's analysis give the same numbers for the same cards.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from rules.cards import Card, parse_cards
from rules.cribbage.ev import discard_table
from rules.cribbage.pegtable import pegging


class DiscardRow(NamedTuple):
    discard: tuple[str, str]
    keep: tuple[str, ...]
    hand: float
    crib: float  # the crib's expected points (to the dealer): the total adds it as dealer, subtracts it otherwise
    pegging: float  # pegging points minus the opponent's
    total: float


def discard_rows(hand6: Iterable[str | Card], is_dealer: bool) -> list[DiscardRow]:
    """All 15 discards, best total first."""
    sign = 1.0 if is_dealer else -1.0
    rows = []
    for o in discard_table(hand6, is_dealer):
        peg = pegging([c.rank for c in parse_cards(o.keep)], is_dealer)
        rows.append(DiscardRow(o.discard, o.keep, o.hand_ev, o.crib_ev, peg, o.hand_ev + sign * o.crib_ev + peg))
    return sorted(rows, key=lambda r: -r.total)  # stable: ties stay in the hand-and-crib order
