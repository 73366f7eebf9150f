"""What a Card Square seat legally knows, rebuilt from its own observations and the public log."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rules.cards import Card, standard_deck
from rules.core import Event
from rules.square.state import card_value
from rules.square.types import SquareObs

FULL_DECK = tuple(standard_deck())


def _idx(pos: Sequence[int]) -> int:
    return (pos[0] - 1) * 2 + (pos[1] - 1)


@dataclass
class Memory:
    """Known cards per square slot (``known[owner][index]``), tracked through every public move.

    ``placed[owner][index]`` marks a slot whose owner put an unseen drawn card there (so the
    owner presumably liked it); ``placed_over`` is the value of the card it replaced.
    """

    me: int
    known: list[list[Card | None]] = field(default_factory=lambda: [[None] * 4, [None] * 4])
    placed_over: list[list[int | None]] = field(default_factory=lambda: [[None] * 4, [None] * 4])
    drawn: Card | None = None
    discard: tuple[Card, ...] = ()
    my_take_streak: int = 0
    my_turns: int = 0

    @property
    def opp(self) -> int:
        return 1 - self.me

    def set(self, owner: int, index: int, card: Card | None, placed_over: int | None = None) -> None:
        self.known[owner][index] = card
        self.placed_over[owner][index] = placed_over

    def exchange(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        (oa, ia), (ob, ib) = a, b
        ka, kb = self.known[oa][ia], self.known[ob][ib]
        pa, pb = self.placed_over[oa][ia], self.placed_over[ob][ib]
        self.set(oa, ia, kb, pb)
        self.set(ob, ib, ka, pa)

    def pool(self) -> list[Card]:
        """Cards not accounted for: somewhere in the draw pile or in an unknown square slot."""
        seen = {c for row in self.known for c in row if c is not None} | set(self.discard)
        if self.drawn is not None:
            seen.add(self.drawn)
        return [c for c in FULL_DECK if c not in seen]

    def unknown(self, owner: int) -> list[int]:
        return [i for i in range(4) if self.known[owner][i] is None]


def _apply_event(mem: Memory, ev: Event, pending: list[Card | None]) -> None:
    kind, seat = ev.get("type"), ev.get("seat", -1)
    if kind == "square.swap":
        mine = seat == mem.me
        mem.set(seat, _idx(ev["pos"]), pending[0] if mine else None,
                None if mine else card_value(Card.parse(ev["discarded"])))
        pending[0] = None
    elif kind == "square.take":
        mem.set(seat, _idx(ev["pos"]), Card.parse(ev["card"]))
    elif kind == "square.jack":
        mem.exchange((seat, _idx(ev["own"])), (1 - seat, _idx(ev["opp"])))
    elif kind == "square.queen" and ev.get("swapped"):
        mem.exchange((seat, _idx(ev["own"])), (1 - seat, _idx(ev["opp"])))
    elif kind in ("square.discard", "square.peek", "square.spy", "square.queen_look"):
        if seat == mem.me:
            pending[0] = None
    if seat == mem.me and kind in ("square.take", "square.swap", "square.discard", "square.peek",
                                   "square.spy", "square.jack", "square.queen_look", "square.knock"):
        mem.my_turns += 1
        mem.my_take_streak = mem.my_take_streak + 1 if kind == "square.take" else 0


def _absorb(mem: Memory, obs: SquareObs, pending: list[Card | None]) -> None:
    """Private facts of one observation: cards revealed to the seat and its drawn card."""
    for r in obs.get("revealed", []):
        mem.set(r["owner"], _idx(r["pos"]), Card.parse(r["card"]))
    if drawn := obs.get("drawn"):
        pending[0] = Card.parse(drawn)
    for owner, square in enumerate(obs.get("squares", [])):
        for i, slot in enumerate(square):
            if card := slot.get("card"):
                mem.set(owner, i, Card.parse(card))


def recall(seen: Sequence[SquareObs]) -> Memory:
    """Replay the public log, feeding in each observation's private facts at the moment it was made."""
    last = seen[-1]
    mem = Memory(me=last["seat"])
    log = last.get("log", [])
    pending: list[Card | None] = [None]
    done = 0
    for obs in seen:
        upto = len(obs.get("log", []))
        for ev in log[done:upto]:
            _apply_event(mem, ev, pending)
        done = max(done, upto)
        _absorb(mem, obs, pending)
    for ev in log[done:]:
        _apply_event(mem, ev, pending)
    mem.drawn = Card.parse(drawn) if (drawn := last.get("drawn")) else None
    mem.discard = tuple(Card.parse(c) for c in last.get("discard", []))
    return mem
