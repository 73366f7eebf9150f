"""Card Square (RULES.md §1, seed 000): the immutable state, its turn machine, scoring and the deal."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules.cards import Card, deck_from, shuffled, standard_deck
from rules.core import Action, Event, GameState, IllegalAction
from rules.rng import derive
from rules.square.actions import BOTTOM, POSITIONS, index_of, pos_json
from rules.square.fields import Squares
from rules.square.refusals import refusal
from rules.square.types import SquareObs
from rules.square.view import observation, public_copy

GAME_ID = "square"
PACK = frozenset(str(c) for c in standard_deck())
PHASES = ("look", "turn", "drawn", "reveal", "queen", "over")
DRAW_PILE = 44  # 52 cards less the two squares of four
TAKE_LIMIT = 10  # turns in a row that take from the discard pile, after which the deck must be drawn (decisions.md)
POWER_KINDS = {7: "peek", 8: "peek", 9: "spy", 10: "spy", 11: "jack_swap", 12: "queen_look"}


def power_of(card: str | None) -> str | None:
    """The power a drawn card (a code such as "7H") offers: peek, spy, jack_swap, queen_look or None."""
    return POWER_KINDS.get(Card.parse(card).rank) if card else None


def card_value(card: Card) -> int:
    """Points of one card (§1.5): A=1, 2-10 pips, J=Q=10, K=-1.

    >>> [card_value(Card.parse(c)) for c in ("AS", "TD", "JH", "QC", "KS")]
    [1, 10, 10, 10, -1]
    """
    if card.rank == 13:
        return -1
    return min(card.rank, 10)


def square_sum(cards: Sequence[Card | str]) -> int:
    """A square's score: the sum of its card values.

    >>> square_sum(["KS", "KH", "AC", "2D"]), square_sum(["JC", "QD", "TH", "9S"])
    (1, 39)
    """
    return sum(card_value(Card.parse(c)) for c in cards)




@dataclass(frozen=True)
class SquareState(GameState):
    """One moment of a Card Square game; every change goes through ``apply``.

    ``reveal`` lists (owner, slot index) pairs the current seat is looking at until it confirms;
    ``public`` holds every card that has lain face up on the discard pile (its identity is known
    to both seats even after it is taken back into a square).
    """

    squares: Squares
    draw: tuple[Card, ...]
    discard: tuple[Card, ...]
    first: int
    current: int
    phase: str
    drawn: Card | None = None
    reveal: tuple[tuple[int, int], ...] = ()
    reveal_kind: str | None = None
    knocked_by: int | None = None
    end_reason: str | None = None
    public: frozenset[Card] = frozenset()
    takes: int = 0  # turns in a row that took from the discard pile (a draw from the deck resets it)
    log: tuple[Event, ...] = ()
    last_events: tuple[Event, ...] = ()

    game_id = GAME_ID
    pack = PACK

    # --- the contract ------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.phase == "over" else self.current

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "look":
            return [Action.make("look"), Action.make("skip_look")]
        if phase == "reveal":
            return [Action.make("done")]
        if phase == "queen":
            return [Action.make("queen_swap"), Action.make("queen_keep")]
        if phase == "turn":
            out = [Action.make("draw")]
            if self.discard and self.takes < TAKE_LIMIT:
                out += [Action.make("take", pos=p) for p in POSITIONS]
            if self.knocked_by is None:
                out.append(Action.make("knock"))
            return out
        if phase == "drawn":
            return self._drawn_actions()
        return []

    def _drawn_actions(self) -> list[Action]:
        assert self.drawn is not None
        out = [Action.make("swap", pos=p) for p in POSITIONS] + [Action.make("discard")]
        power = POWER_KINDS.get(self.drawn.rank)
        if power in ("peek", "spy"):
            out += [Action.make(power, pos=p) for p in POSITIONS]
        elif power is not None:
            out += [Action.make(power, own=o, opp=q) for o in POSITIONS for q in POSITIONS]
        return out

    def _refusal(self, action: Action) -> IllegalAction:
        return refusal(self, action, TAKE_LIMIT)

    def _apply(self, action: Action) -> SquareState:
        return _HANDLERS[action.kind](self, action)

    @property
    def scores(self) -> tuple[int, ...]:
        """Both square sums once the game is over; (0, 0) while the sums are still hidden."""
        if self.phase != "over":
            return (0, 0)
        return (square_sum(self.squares[0]), square_sum(self.squares[1]))

    @property
    def winners(self) -> tuple[int, ...]:
        if self.phase != "over":
            return ()
        a, b = self.scores
        return (0,) if a < b else (1,) if b < a else (0, 1)

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(public_copy(e) for e in self.last_events)

    def observe(self, seat: int) -> SquareObs:
        return observation(self, seat)

    def visible_to(self, seat: int | None) -> set[str]:
        """Cards that lie or once lay on the discard pile (known to both seats wherever they are now) and, at the
        end, both squares; the seat to move also sees its drawn card and the square cards revealed to it right
        now. The draw pile and every other square card are hidden."""
        visible = set(self.public) | set(self.discard)
        if self.phase == "over":
            visible |= set(self.squares[0]) | set(self.squares[1])
        elif seat is not None and self.current == seat:
            visible |= {self.squares[o][i] for o, i in self.reveal}
            if self.drawn is not None:
                visible.add(self.drawn)
        return {str(c) for c in visible}

    # --- helpers used by the handlers --------------------------------------------------------
    def _put(self, owner: int, index: int, card: Card) -> Squares:
        rows = [list(self.squares[0]), list(self.squares[1])]
        rows[owner][index] = card
        return (tuple(rows[0]), tuple(rows[1]))

    def _exchange(self, own: int, opp: int) -> Squares:
        me = self.current
        mine, theirs = self.squares[me][own], self.squares[1 - me][opp]
        rows = [list(self.squares[0]), list(self.squares[1])]
        rows[me][own], rows[1 - me][opp] = theirs, mine
        return (tuple(rows[0]), tuple(rows[1]))

    def _step(self, events: Sequence[Event], **changes: Any) -> SquareState:
        """The next state with ``changes``; ``events`` join the public log and become ``events``."""
        events = tuple(events)
        return replace(self, log=self.log + events, last_events=events, **changes)

    def _end_turn(self, events: Sequence[Event], **changes: Any) -> SquareState:
        """END_TURN of §1.4: the draw pile is empty -> over; the knocker is next -> over; else pass."""
        s = replace(self, drawn=None, reveal=(), reveal_kind=None, **changes)
        if not s.draw:
            return s._finish("deck_empty", events)
        nxt = 1 - s.current
        if s.knocked_by == nxt:
            return s._finish("knock", events)
        return s._step(events, current=nxt, phase="turn")

    def _finish(self, reason: str, events: Sequence[Event]) -> SquareState:
        done = replace(self, phase="over", end_reason=reason)
        end = {
            "type": "square.end", "reason": reason, "scores": list(done.scores),
            "winners": list(done.winners), "squares": [[str(c) for c in sq] for sq in done.squares],
        }
        return done._step([*events, end])


# --- one handler per action kind (each receives a legal action) ------------------------------
def _look(s: SquareState, a: Action) -> SquareState:
    ev = {"type": "square.look", "seat": s.current, "positions": [pos_json(i) for i in BOTTOM]}
    return s._step([ev], phase="reveal", reveal_kind="look", reveal=tuple((s.current, i) for i in BOTTOM))


def _after_look(s: SquareState, events: Sequence[Event]) -> SquareState:
    """The initial look of the start player is followed by the other's; then the first turn."""
    base = replace(s, reveal=(), reveal_kind=None)
    if s.current == s.first:
        return base._step(events, current=1 - s.first, phase="look")
    return base._step(events, current=s.first, phase="turn")


def _skip_look(s: SquareState, a: Action) -> SquareState:
    return _after_look(s, [{"type": "square.skip_look", "seat": s.current}])


def _done(s: SquareState, a: Action) -> SquareState:
    if s.reveal_kind == "look":
        return _after_look(s, [])
    return s._end_turn([])


def _draw(s: SquareState, a: Action) -> SquareState:
    ev = {"type": "square.draw", "seat": s.current, "draw_count": len(s.draw) - 1}
    return s._step([ev], phase="drawn", drawn=s.draw[0], draw=s.draw[1:], takes=0)


def _take(s: SquareState, a: Action) -> SquareState:
    idx, top = index_of(a["pos"]), s.discard[-1]
    old = s.squares[s.current][idx]
    ev = {"type": "square.take", "seat": s.current, "card": str(top), "pos": pos_json(idx),
          "discarded": str(old)}
    takes = s.takes + 1
    events = [ev, {"type": "square.takes_closed", "turns": TAKE_LIMIT}] if takes == TAKE_LIMIT else [ev]
    return s._end_turn(events, squares=s._put(s.current, idx, top), discard=s.discard[:-1] + (old,),
                       public=s.public | {old}, takes=takes)


def _knock(s: SquareState, a: Action) -> SquareState:
    return s._end_turn([{"type": "square.knock", "seat": s.current}], knocked_by=s.current)


def _swap(s: SquareState, a: Action) -> SquareState:
    assert s.drawn is not None
    idx = index_of(a["pos"])
    old = s.squares[s.current][idx]
    ev = {"type": "square.swap", "seat": s.current, "pos": pos_json(idx), "discarded": str(old)}
    return s._end_turn([ev], squares=s._put(s.current, idx, s.drawn), discard=s.discard + (old,),
                       public=s.public | {old})


def _played(s: SquareState) -> dict[str, Any]:
    """The drawn card goes face up onto the discard pile (a power card as soon as it is committed)."""
    assert s.drawn is not None
    return {"discard": s.discard + (s.drawn,), "public": s.public | {s.drawn}}


def _discard(s: SquareState, a: Action) -> SquareState:
    ev = {"type": "square.discard", "seat": s.current, "card": str(s.drawn)}
    return s._end_turn([ev], **_played(s))


def _peek_or_spy(s: SquareState, a: Action) -> SquareState:
    owner = s.current if a.kind == "peek" else 1 - s.current
    idx = index_of(a["pos"])
    ev = {"type": f"square.{a.kind}", "seat": s.current, "card": str(s.drawn), "owner": owner,
          "pos": pos_json(idx)}
    return s._step([ev], phase="reveal", reveal_kind=a.kind, reveal=((owner, idx),), drawn=None,
                   **_played(s))


def _jack_swap(s: SquareState, a: Action) -> SquareState:
    own, opp = index_of(a["own"]), index_of(a["opp"])
    ev = {"type": "square.jack", "seat": s.current, "card": str(s.drawn), "own": pos_json(own),
          "opp": pos_json(opp)}
    return s._end_turn([ev], squares=s._exchange(own, opp), **_played(s))


def _queen_look(s: SquareState, a: Action) -> SquareState:
    own, opp = index_of(a["own"]), index_of(a["opp"])
    ev = {"type": "square.queen_look", "seat": s.current, "card": str(s.drawn), "own": pos_json(own),
          "opp": pos_json(opp)}
    return s._step([ev], phase="queen", reveal_kind="queen", drawn=None,
                   reveal=((s.current, own), (1 - s.current, opp)), **_played(s))


def _queen_decide(s: SquareState, a: Action) -> SquareState:
    (_, own), (_, opp) = s.reveal
    swapped = a.kind == "queen_swap"
    ev = {"type": "square.queen", "seat": s.current, "card": str(s.discard[-1]), "own": pos_json(own),
          "opp": pos_json(opp), "swapped": swapped}
    squares = s._exchange(own, opp) if swapped else s.squares
    return s._end_turn([ev], squares=squares)


_HANDLERS = {
    "look": _look, "skip_look": _skip_look, "done": _done, "draw": _draw, "take": _take,
    "knock": _knock, "swap": _swap, "discard": _discard, "peek": _peek_or_spy, "spy": _peek_or_spy,
    "jack_swap": _jack_swap, "queen_look": _queen_look, "queen_swap": _queen_decide,
    "queen_keep": _queen_decide,
}


def new_game(seed: int | None = None, deck: Sequence[str | Card] | None = None,
             first: int | None = None) -> SquareState:
    """Deal a game: ``deck`` gives the exact order (squares deck[0:4], deck[4:8], draw pile deck[8:]
    with deck[8] on top); otherwise ``seed`` shuffles. The start player is ``first``, else from the
    seed, else seat 0."""
    if deck is not None:
        cards = deck_from(deck, standard_deck())
    elif seed is not None:
        cards = shuffled(standard_deck(), derive(seed, "deal"))
    else:
        raise ValueError("Card Square needs a seed or an explicit deck")
    if first is None:
        first = derive(seed, "first").randrange(2) if seed is not None else 0
    if first not in (0, 1):
        raise ValueError(f"first must be seat 0 or 1, not {first!r}")
    return SquareState(
        squares=(tuple(cards[0:4]), tuple(cards[4:8])), draw=tuple(cards[8:]), discard=(),
        first=first, current=first, phase="look",
    )


