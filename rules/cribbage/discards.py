"""The discards of a cribbage hand (RULES.md §2.2.4): each pair of cards' one action, and a hand's listing."""
from __future__ import annotations

from itertools import combinations

from rules.cards import CODE, Card, standard_deck
from rules.core import Action

# Each discard by the two cards' codes, lower then higher: list indexes cost less than a dict lookup, and a row
# per lower card spares the packed index's ints (above 256 each is allocated).
_DISCARD: list[list[Action | None]] = [[None] * 56 for _ in range(56)]
# By the id of each discard above (they live as long as the module): its codes and cards. ``apply`` knows a
# listed discard from it without walking the listing (both cards in the hand is exactly being listed).
DISCARD_OF: dict[int, tuple[int, int, tuple[Card, Card]]] = {}
for _a, _b in combinations(sorted(standard_deck(), key=CODE), 2):
    _DISCARD[_a.code][_b.code] = _x = Action("discard", (("cards", (str(_a), str(_b))),))
    DISCARD_OF[id(_x)] = (_a.code, _b.code, (_a, _b))


def discards(hand: tuple[Card, ...]) -> tuple[Action, ...]:
    """The 15 discards of a six-card hand, in card order."""
    if len(hand) != 6:
        return tuple([_DISCARD[a][b] for a, b in combinations(sorted(map(CODE, hand)), 2)])
    a, b, c, d, e, f = sorted(map(CODE, hand))
    A, B, C, D, E = _DISCARD[a], _DISCARD[b], _DISCARD[c], _DISCARD[d], _DISCARD[e]
    return (A[b], A[c], A[d], A[e], A[f], B[c], B[d], B[e], B[f], C[d], C[e], C[f],
            D[e], D[f], E[f])
