"""Card Square's preview (RULES.md §1.4: choosing targets is a preview until confirmed): the actions a gesture may
still become — the rules' answer (rules/square/gestures.py) — narrowed as the player points at the square cards
they involve, until one is left to confirm. Pure logic on the observation (no pygame)."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from rules.core import Action
from rules.gesture import Spot
from rules.shapes import Observation
from rules.square.gestures import gesture_for

# A place on the table: "draw", "discard", "drawn", "power", "knock", or a square card ("own", i) / ("opp", i)
Place = tuple[str, int]
Target = str | Place
POWERS = ("peek", "spy", "jack_swap", "queen_look")


def place_of(spot: Spot | None, seat: int) -> Place | None:
    """The square card a spot stands for, as the view seat sees it."""
    if spot is None or spot.zone != "square" or spot.slot is None:
        return None
    return ("own" if spot.owner == seat else "opp", spot.slot)


def places_of(obs: Observation, action: Action) -> frozenset[Place]:
    """The square cards an action involves: those of the gesture that makes it."""
    gesture = gesture_for(obs, action) or ()
    found = (place_of(s, obs["seat"]) for s in gesture)
    return frozenset(p for p in found if p is not None)


@dataclass(frozen=True)
class Pick:
    """The move being previewed: the ``options`` a gesture may still become, the square cards each involves
    (``places``), and the slot indexes chosen so far on one's own square and the opponent's."""

    options: tuple[Action, ...] = ()
    places: tuple[frozenset[Place], ...] = ()
    own: int | None = None
    opp: int | None = None

    @classmethod
    def of(cls, obs: Observation, options: Iterable[Action]) -> Pick:
        """A preview of ``options``, with the cards they all involve already chosen."""
        options = tuple(options)
        places = tuple(places_of(obs, a) for a in options)
        common = frozenset.intersection(*places) if places else frozenset()
        own = next((i for side, i in common if side == "own"), None)
        opp = next((i for side, i in common if side == "opp"), None)
        return cls(options, places, own, opp)

    def chosen(self) -> frozenset[Place]:
        return frozenset((side, i) for side, i in (("own", self.own), ("opp", self.opp)) if i is not None)

    def remaining(self) -> list[Action]:
        chosen = self.chosen()
        return [a for a, places in zip(self.options, self.places, strict=True) if chosen <= places]

    def action(self) -> Action | None:
        """The move this preview would confirm, or None while a card is still to be chosen."""
        left = self.remaining()
        if len(left) != 1:
            return None
        return left[0] if self.places[self.options.index(left[0])] == self.chosen() else None

    def with_place(self, place: Place | None) -> Pick | None:
        """This preview with ``place`` chosen instead of the card chosen before on its square, or None when no
        option involves it."""
        if place is None or not self.options:
            return None
        side, index = place
        new = replace(self, own=index) if side == "own" else replace(self, opp=index)
        return new if new.remaining() else None

    @property
    def mode(self) -> str | None:
        """The kind of move previewed (take, swap, discard, peek, spy, jack_swap, queen_look), or None."""
        kinds = {a.kind for a in self.options}
        return kinds.pop() if len(kinds) == 1 else None

    def targets(self) -> set[Target]:
        """The places that glow for this preview."""
        out: set[Target] = set(self.chosen())
        if self.mode == "discard":
            out.add("discard")
        if self.mode in POWERS:
            out.add("power")
        return out


NOTHING = Pick()
