"""Own Trumps (Svoi Kozyri, RULES.md §3): the state machine, its setup, observations and events."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.cards import Card, deck_from
from rules.core import Action, Event, GameState, IllegalAction, check_seat
from rules.rng import derive
from rules.trumps import events as ev
from rules.trumps.actions import CHOOSE, PICK_UP, PLAY, PLAY_INDEX, action_from_json, parse_trumps, plays
from rules.trumps.core import (
    BEATERS,
    CARDS,
    INDEX,
    NAMES,
    SUITS,
    bits,
    index_of,
    mask_of,
    names,
    names_by_suit,
    pickup_size,
)
from rules.trumps.fields import COMPARED, INDEX_OF_FIELD, OWN, SEEN, Fields
from rules.trumps.refusals import refusal
from rules.trumps.seen import SECOND_BIT, TURN_BIT, PositionKey, key, position_of
from rules.trumps.seen import Seen as _Seen
from rules.trumps.types import TrumpsObs

GAME_ID = "trumps"
MOVE_LIMIT = 3000  # card moves (plays and pick-ups) after which the game is a draw: every game ends (decisions.md)
class TrumpsState(Fields, GameState):
    """One moment of a game: an immutable tuple of its fields (``Fields``).

    A plain tuple because every action makes one: ``tuple.__new__`` is several times cheaper than a
    dataclass copy, and the hot paths unpack all fields at once.
    """

    __slots__ = ()
    game_id = GAME_ID
    pack = frozenset(NAMES)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self[:COMPARED] == other[:COMPARED]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self[:SEEN] + self[SEEN + 1:COMPARED])  # the repetition record is left out

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in zip(self._fields[:COMPARED], self, strict=False) if k != "seen")
        return f"TrumpsState({inner})"

    # --- the contract ------------------------------------------------------------------------
    @property
    def events(self) -> tuple[Event, ...]:
        return ev.build(self.recipe)

    @property
    def scores(self) -> tuple[int, ...]:
        h = self.hands
        return (h[0].bit_count(), h[1].bit_count())

    @property
    def winners(self) -> tuple[int, ...]:
        return self.winner_seats

    def visible_to(self, seat: int | None) -> set[str]:
        """The pile to anyone, both hands at the end; a seat's own hand to it. The two trump sixes too, from the deal
        on: it hands each to its trump's player at the table (§3.2.5), and from there each goes only where all see
        (onto the pile, picked up), so anyone knows where they are."""
        hands = self.hands
        mask = mask_of(self.pile) | (hands[0] | hands[1] if self.is_over else 0) | (0 if seat is None else hands[seat])
        if self.phase != "choose_trump":
            mask |= sum(1 << six for six in self.trumps if six is not None)  # a six's index is its suit
        return set(names(mask))

    def redealt(self, swap: Mapping[str, str]) -> TrumpsState:
        """Cards are indices here: the hands, the pile, the deck and every position the record counted are
        renamed (the last action's events are not kept)."""
        to = [INDEX[Card.parse(swap.get(name, name))] for name in NAMES]
        hands = (mask_of(to[c] for c in bits(self.hands[0])), mask_of(to[c] for c in bits(self.hands[1])))
        pile = tuple(to[c] for c in self.pile)
        code = 0
        for c in pile:
            code = code << 6 | (c + 1)
        deck = None if self.deck is None else tuple(to[c] for c in self.deck)
        return _with(self, hands=hands, pile=pile, code=code, deck=deck, seen=self.seen.renamed(to), recipe=())

    @property
    def position_key(self) -> PositionKey:
        """What makes a position the same for the repetition rule (§3.7 #12)."""
        return (self.hands[0], self.hands[1], self.pile, self.turn, self.phase)

    def position_counts(self) -> dict[PositionKey, int]:
        """How often each position (as a ``position_key``) has been met so far."""
        return {position_of(k): n for k, n in self.seen.as_dict().items()}

    @property
    def repetitions(self) -> int:
        if self.result == "repetition":
            return 3
        if self.phase not in ("play", "second"):
            return 0
        return self.seen.count(key(self.hands[0], self.code, self.turn, self.phase == "second"))

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "play":
            mask = self.movable
            out = plays(mask)  # a new list
            if self.pile and (self.voluntary_pickup or not mask):
                out.append(PICK_UP)
            return out
        if phase == "second":
            return plays(self.movable)
        if phase == "choose_trump":
            taken = self.trumps[1 - self.turn]
            return [a for i, a in enumerate(CHOOSE) if i != taken]
        return []

    def _apply_known(self, action: Action) -> TrumpsState | None:
        """The shared PLAY and PICK_UP actions (known by identity), checked against the playable mask directly;
        any other action is left to the door's check of its legality."""
        card = PLAY_INDEX.get(id(action))
        if card is not None:
            if self.movable >> card & 1 and PLAY[card] is action:
                return self._play(card)
        elif action is PICK_UP and self.phase == "play" and self.pile and (self.voluntary_pickup or not self.movable):
            return self._pick_up()
        return None

    def playable(self) -> int:
        """Mask of the cards the player to move may put on the pile now (0 unless a card is to be played)."""
        return self.movable

    def trump(self, seat: int) -> int:
        t = self.trumps[seat]
        assert t is not None
        return t

    # --- applying ----------------------------------------------------------------------------
    def _apply(self, action: Action) -> TrumpsState:
        if action.kind == "choose_trump":
            return self._choose(SUITS.index(action["suit"]))
        if action.kind == "pick_up":
            return self._pick_up()
        return self._play(INDEX[Card.parse(action["card"])])

    def _choose(self, suit: int) -> TrumpsState:
        trumps = list(self.trumps)
        trumps[self.turn] = suit
        recipe = ((ev.choose_trump, self.turn, suit),)
        first, second = trumps
        if first is None or second is None:  # the other seat still chooses
            return _with(self, trumps=(first, second), turn=1 - self.turn, recipe=recipe)
        order = self.deck if self.deck is not None else _shuffled(self.seed)
        return _dealt(self, (first, second), order, self.deck is not None, recipe)

    def _play(self, card: int) -> TrumpsState:
        phase, p, dealer, trumps, hands, pile, code, seen, seed, deck, vol, _, _, _, _, _, _ = self
        left = hands[p] & ~(1 << card)
        hands = (left, hands[1]) if p == 0 else (hands[0], left)
        code = code << 6 | (card + 1)
        if phase == "second" or not pile:
            recipe: ev.Recipe = ((ev.second if pile else ev.lead, p, card),)
            phase, turn = "play", 1 - p
            movable = hands[turn] & BEATERS[trumps[turn]][card]  # type: ignore[index]  # chosen by now
        else:
            recipe = ((ev.beat, p, card, pile[-1]),)
            phase, turn, movable = "second", p, left
        pile = (*pile, card)
        if not left:
            return _new(TrumpsState, (phase, turn, dealer, trumps, hands, pile, code, seen, seed, deck, vol, None,
                                      (), recipe, turn, False, movable))._out(p, card)
        # the repetition key of the new position (seen.key, inline: the hottest line of a play-out)
        seen, count = seen.add(code << 38 | hands[0] | (TURN_BIT if turn else 0)
                               | (SECOND_BIT if phase == "second" else 0))
        state = _new(TrumpsState, (phase, turn, dealer, trumps, hands, pile, code, seen, seed, deck, vol, None, (),
                                   recipe, turn, False, movable))
        return state if count < 3 and seen[1] < MOVE_LIMIT else state._repeated(count)

    def _pick_up(self) -> TrumpsState:
        phase, p, dealer, trumps, hands, pile, code, seen, seed, deck, vol, _, _, _, _, _, _ = self
        n, reason = pickup_size(trumps[p], pile[-1], len(pile))  # type: ignore[arg-type]  # chosen by now
        taken = pile[-n:]
        pile = pile[:-n]
        code >>= 6 * n
        hands = _with_hand(hands, p, hands[p] | mask_of(taken))
        recipe = ((ev.pick_up, p, n, reason, taken[::-1], pile[-1] if pile else None),)  # the top lifted first
        turn = 1 - p
        movable = (hands[turn] & BEATERS[trumps[turn]][pile[-1]]  # type: ignore[index]  # chosen by now
                   if pile else hands[turn])
        seen, count = seen.add(key(hands[0], code, turn, False))
        state = _new(TrumpsState, (phase, turn, dealer, trumps, hands, pile, code, seen, seed, deck, vol, None, (),
                                   recipe, turn, False, movable))
        return state if count < 3 and seen[1] < MOVE_LIMIT else state._repeated(count)

    def _out(self, p: int, last: int) -> TrumpsState:
        """END_CHECK (§3.5, §3.7 #8): the opponent ties only with one card that beats the last one."""
        opp = self.hands[1 - p]
        tie = opp.bit_count() == 1 and bool(opp & BEATERS[self.trump(1 - p)][last])
        winners = (0, 1) if tie else (p,)
        end = (ev.end, "draw_check" if tie else "out", p, winners, self.scores)
        return _with(self, phase="over", turn=p, result="draw" if tie else "win", winner_seats=winners,
                     recipe=(*self.recipe, end))

    def _recorded(self, recipe: ev.Recipe) -> TrumpsState:
        """Count the new position; its third occurrence is a draw by repetition (§3.7 #12)."""
        seen, count = self.seen.add(key(self.hands[0], self.code, self.turn, self.phase == "second"))
        state = _with(self, seen=seen, recipe=recipe)
        return state if count < 3 and seen[1] < MOVE_LIMIT else state._repeated(count)

    def _repeated(self, count: int) -> TrumpsState:
        """The third occurrence of this (already counted) position, or the MOVE_LIMIT-th card move: a draw."""
        reason = "repetition" if count >= 3 else "move_limit"
        end = (ev.end, reason, None, (0, 1), self.scores)
        return _with(self, phase="over", result=reason, winner_seats=(0, 1), recipe=(*self.recipe, end))

    # --- refusals ----------------------------------------------------------------------------
    def _refusal(self, action: Action) -> IllegalAction:
        return refusal(self, action)

    # --- what a seat sees --------------------------------------------------------------------
    def observe(self, seat: int) -> TrumpsObs:
        top = self.pile[-1] if self.pile else None
        mine = self.trumps[check_seat(seat)]
        dealt = self.phase != "choose_trump"
        obs: TrumpsObs = {
            "game": GAME_ID, "seat": seat, "to_move": self.to_move,
            "legal": [a.to_json() for a in self.legal_actions()] if seat == self.to_move else [],
            "scores": list(self.scores), "over": self.is_over, "winners": list(self.winners),
            "phase": self.phase, "dealer": self.dealer,
            "chooser": self.turn if self.phase == "choose_trump" else None,
            "first": 1 - self.dealer,
            "trumps": [None if t is None else SUITS[t] for t in self.trumps],
            "hand": names_by_suit(self.hands[seat]), "opponent_count": self.hands[1 - seat].bit_count(),
            "hand_counts": list(self.scores), "hands": [names_by_suit(h) for h in self.hands] if self.is_over else None,
            "pile": [NAMES[c] for c in self.pile], "pile_size": len(self.pile),
            "top": None if top is None else NAMES[top],
            "beaters": names_by_suit(self.hands[seat] & BEATERS[mine][top])
            if dealt and top is not None and mine is not None else [],
            "pickup": None, "repetition": self.repetitions, "result": self.result,
            "voluntary_pickup": self.voluntary_pickup,
        }
        if dealt and top is not None and mine is not None:
            n, why = pickup_size(mine, top, len(self.pile))
            obs["pickup"] = {"count": n, "reason": why}  # worded by the table (trumps.why.<reason>)
        return obs


def _with_hand(hands: tuple[int, int], seat: int, mask: int) -> tuple[int, int]:
    return (mask, hands[1]) if seat == 0 else (hands[0], mask)


_new = tuple.__new__


def _state(phase: str, turn: int, dealer: int, trumps: tuple[int | None, int | None], hands: tuple[int, int] = (0, 0),
           pile: tuple[int, ...] = (), seed: int = 0, deck: tuple[int, ...] | None = None,
           voluntary_pickup: bool = False) -> TrumpsState:
    """A fresh state (no result, no events, an empty repetition record)."""
    code = 0
    for c in pile:
        code = code << 6 | (c + 1)
    return _with(_new(TrumpsState, (phase, turn, dealer, trumps, hands, pile, code, _Seen(), seed, deck,
                                    voluntary_pickup, None, (), ())))


def _with(state: TrumpsState, **changes: object) -> TrumpsState:
    """A copy of ``state`` with some fields changed (off the hot paths, which build the tuple directly)."""
    fields: list[Any] = list(state[:OWN])
    for k, v in changes.items():
        fields[INDEX_OF_FIELD[k]] = v
    phase, turn, _, trumps, hands, pile = fields[:6]
    over = phase == "over"
    if phase == "second" or (phase == "play" and not pile):
        movable = hands[turn]
    elif phase == "play":
        movable = hands[turn] & BEATERS[trumps[turn]][pile[-1]]
    else:
        movable = 0
    return _new(TrumpsState, (*fields, None if over else turn, over, movable))


def _shuffled(seed: int) -> tuple[int, ...]:
    order = list(range(36))
    derive(seed, "deal").shuffle(order)
    return tuple(order)


def _dealt(base: TrumpsState, trumps: tuple[int, int], order: Sequence[int], explicit: bool,
           before: ev.Recipe) -> TrumpsState:
    """Deal, hand over the trump sixes (§3.2.5) and let the non-dealer lead."""
    leader = 1 - base.dealer
    if explicit:  # the contract's explicit deck: seat 0 gets deck[0:18], seat 1 deck[18:36]
        hands = [mask_of(order[:18]), mask_of(order[18:])]
    else:  # one at a time, starting with the non-dealer
        hands = [0, 0]
        hands[leader], hands[base.dealer] = mask_of(order[0::2]), mask_of(order[1::2])
    moves = []
    for seat in (0, 1):
        six = trumps[seat]  # the 6 is rank step 0: its index is the suit
        if hands[1 - seat] >> six & 1:
            hands[1 - seat] &= ~(1 << six)
            hands[seat] |= 1 << six
            moves.append((six, seat))
    recipe = (*before, (ev.deal, base.dealer, trumps),
              (ev.six_transfer, tuple(moves), (hands[0].bit_count(), hands[1].bit_count())))
    state = _with(base, phase="play", turn=leader, trumps=trumps, hands=(hands[0], hands[1]), pile=(), code=0)
    return state._recorded(recipe)


def new_game(seed: int | None = None, deck: list[str] | None = None, trumps: Sequence[str] | None = None,
             first: int | None = None, voluntary_pickup: bool = False,
             chooser: int | None = None) -> TrumpsState:
    """Start Own Trumps.

    With ``trumps`` the game starts dealt (six transfer done, ``first`` leads); without, it starts with
    the trump choice: the non-dealer chooses, then the dealer, then the deal. ``deck`` (the 36 cards)
    fixes the deal: seat 0 gets ``deck[0:18]``, seat 1 ``deck[18:36]``; else it is shuffled from ``seed``.
    The dealer is ``1 - first`` when given; otherwise 1 with a deck and random from the seed without.
    ``chooser`` makes that seat choose its trump first whoever deals (against the computer the human
    always chooses first, RULES.md §3.2.3); by default the non-dealer chooses first.
    """
    if first is not None and first not in (0, 1):
        raise ValueError("first must be seat 0 or 1")
    if chooser is not None and chooser not in (0, 1):
        raise ValueError("chooser must be seat 0 or 1")
    seed = 0 if seed is None else int(seed)
    order = None if deck is None else tuple(INDEX[c] for c in deck_from(deck, CARDS))
    if first is not None:
        dealer = 1 - first
    elif order is not None:
        dealer = 1
    else:
        dealer = derive(seed, "dealer").randrange(2)
    state = _state("choose_trump", 1 - dealer if chooser is None else chooser, dealer, (None, None), seed=seed,
                   deck=order, voluntary_pickup=bool(voluntary_pickup))
    if trumps is None:
        return state
    t = parse_trumps(trumps)
    return _dealt(state, t, order if order is not None else _shuffled(seed), order is not None, ())


def from_position(hands: Sequence[Sequence[str]], pile: Sequence[str], trumps: Sequence[str], to_move: int,
                  phase: str = "play", voluntary_pickup: bool = False) -> TrumpsState:
    """A position in the middle of a game (for tests and puzzles): all 36 cards must be placed once."""
    if phase not in ("play", "second") or to_move not in (0, 1):
        raise ValueError("phase must be 'play' or 'second' and to_move 0 or 1")
    h = [[index_of(c) for c in hand] for hand in hands]
    p = [index_of(c) for c in pile]
    if sorted(h[0] + h[1] + p) != list(range(36)):
        raise ValueError("the hands and the pile must hold each of the 36 cards exactly once")
    if phase == "second" and not p:
        raise ValueError("a second card follows a beat: the pile cannot be empty")
    state = _state(phase, to_move, 1 - to_move, parse_trumps(trumps), (mask_of(h[0]), mask_of(h[1])), tuple(p),
                   voluntary_pickup=bool(voluntary_pickup))
    return state._recorded(())


__all__ = ["TrumpsState", "action_from_json", "from_position", "new_game"]
