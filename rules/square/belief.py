"""How likely a determinization is, given what the opponent chose to do: Card Square level 3's inference.

The public log is replayed with a *token* per physical card: the eight dealt cards, then each drawn
card. Every token either went face up on the discard pile (its identity is public) or lies in a square
now, so a determinization of the squares names every card the opponent ever held or drew. Each choice
the opponent made (knock, take or draw; what to do with a drawn card; a Queen's swap) is then asked of
level 2's rules (rules/square/sim.py) on the table as it was, seen as the opponent saw it; a
determinization is weighted by how many of those choices level 2 would not have made there.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.cards import Card
from rules.core import Event
from rules.square.facts import Facts, slot
from rules.square.sim import DECK, DISCARD, DRAW, JACK, KNOCK, PEEK, QUEEN, SPY, SWAP, TAKE, VALUE, Sim

ID = {c: i for i, c in enumerate(DECK)}
QUEEN_DECIDE = -1
_RESOLVE = {"square.swap": SWAP, "square.discard": DISCARD, "square.peek": PEEK, "square.spy": SPY,
            "square.jack": JACK, "square.queen_look": QUEEN}
_START = {"square.draw": DRAW, "square.take": TAKE, "square.knock": KNOCK}


def _move(kind: str, ev: Event) -> tuple[int, int, int]:
    if kind in _START:
        return _START[kind], slot(ev["pos"]) if "pos" in ev else 0, 0
    if "own" in ev:
        return _RESOLVE[kind], slot(ev["own"]), slot(ev["opp"])
    return _RESOLVE[kind], slot(ev["pos"]) if "pos" in ev else 0, 0


class History:
    """The opponent's choices in the public log, each with the table (as tokens) at the moment it chose."""

    def __init__(self, log: Sequence[Event], me: int) -> None:
        self.opp = opp = 1 - me
        self.slots = list(range(8))  # the token in each slot
        self.ident: dict[int, int] = {}  # token -> card id, once it went face up
        # (move, slots, discard tokens, know, over, knocked, streak, draw pile size, drawn token)
        self.choices: list[tuple[Any, ...]] = []
        facts = Facts([])
        disc: list[int] = []
        drawn: int | None = None
        knocked, draws, fresh = -1, 44, 8
        move: tuple[int, ...]
        for ev in log:
            kind, seat = ev.get("type"), ev.get("seat")
            if seat not in (0, 1):
                continue
            mine, theirs = 4 * seat, 4 - 4 * seat
            if seat == opp and (kind in _START or kind in _RESOLVE or kind == "square.queen"):
                if kind == "square.queen":
                    move = (QUEEN_DECIDE, mine + slot(ev["own"]), theirs + slot(ev["opp"]), bool(ev["swapped"]))
                else:
                    move = _move(kind, ev)
                self.choices.append((move, tuple(self.slots), tuple(disc), facts.know[:], facts.over[:], knocked,
                                     facts.streak[:], draws, drawn if kind in _RESOLVE else None))
            if kind == "square.draw":
                drawn, fresh, draws = fresh, fresh + 1, draws - 1
            elif kind == "square.swap":
                k = mine + slot(ev["pos"])
                self._discard(self.slots[k], ev["discarded"], disc)
                self.slots[k], drawn = drawn, None  # type: ignore[assignment]  # drawn: a swap follows a draw
            elif kind == "square.take":
                k = mine + slot(ev["pos"])
                top = disc.pop()
                self._discard(self.slots[k], ev["discarded"], disc)
                self.slots[k] = top
            elif kind in _RESOLVE:  # a drawn card played face up, with or without its power
                self._discard(drawn, ev["card"], disc)  # type: ignore[arg-type]  # drawn before it
                drawn = None
                if kind == "square.jack":
                    self._exchange(mine + slot(ev["own"]), theirs + slot(ev["opp"]))
            elif kind == "square.queen" and ev["swapped"]:
                self._exchange(mine + slot(ev["own"]), theirs + slot(ev["opp"]))
            elif kind == "square.knock":
                knocked = seat
            facts.read(ev)

    def _discard(self, token: int, card: str, disc: list[int]) -> None:
        self.ident[token] = ID[Card.parse(card)]
        disc.append(token)

    def _exchange(self, x: int, y: int) -> None:
        self.slots[x], self.slots[y] = self.slots[y], self.slots[x]

    def misses(self, cards: Sequence[int], stop: int = 99) -> int:
        """How many of the opponent's choices level 2 would not have made if the squares now held ``cards``
        (card ids per slot); counting stops at ``stop``."""
        ident = dict(self.ident)
        for k, token in enumerate(self.slots):
            ident[token] = cards[k]
        missed = 0
        for move, slots, disc, know, over, knocked, streak, draws, drawn in self.choices:
            if move[0] == QUEEN_DECIDE:
                _, x, y, swapped = move
                ok = (VALUE[ident[slots[x]]] > VALUE[ident[slots[y]]]) == swapped
            else:
                sim = Sim([ident[t] for t in slots], [0] * draws, [ident[t] for t in disc], know[:], over[:],
                          knocked, self.opp, streak[:])
                ok = (sim.turn_move() if drawn is None else sim.drawn_move(ident[drawn])) == move
            if not ok:
                missed += 1
                if missed >= stop:
                    break
        return missed
