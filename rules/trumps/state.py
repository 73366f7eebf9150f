"""Own Trumps (Svoi Kozyri, RULES.md §3): the state machine, its setup, observations and events."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.cards import SUIT_SYMBOLS, Card, deck_from
from rules.core import Action, Event, GameState, IllegalAction, check_seat, evolve, memo
from rules.rng import derive
from rules.trumps.core import (
    BEATERS,
    CARDS,
    INDEX,
    NAMES,
    PRETTY,
    SUITS,
    bits,
    index_of,
    mask_of,
    names,
    names_by_suit,
    pickup_size,
    pickup_text,
    refusal_for_card,
    suit_sym,
)
from rules.trumps.seen import Seen as _Seen

GAME_ID = "trumps"
PICK_UP = Action.make("pick_up")
PLAY: tuple[Action, ...] = tuple(Action.make("play", card=n) for n in NAMES)  # built once: apply is hot
_PLAY_INDEX = {id(a): i for i, a in enumerate(PLAY)}  # the shared actions themselves, known by identity
CHOOSE: tuple[Action, ...] = tuple(Action.make("choose_trump", suit=s) for s in SUITS)
# The PLAY actions of a mask a byte at a time: _PLAYS[k][b] plays the cards of byte b at bits 8k..8k+7.
_PLAYS: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(PLAY[8 * k + i] for i in range(8) if b >> i & 1 and 8 * k + i < 36) for b in range(256))
    for k in range(5))


def _plays(mask: int) -> tuple[Action, ...]:
    p = _PLAYS
    return (p[0][mask & 255] + p[1][mask >> 8 & 255] + p[2][mask >> 16 & 255] + p[3][mask >> 24 & 255]
            + p[4][mask >> 32])


@dataclass(frozen=True)
class TrumpsState(GameState):
    """One moment of a game. Cards are indices into ``CARDS``; hands are bit masks.

    ``turn`` is the seat to act (kept when the game is over, for the end event); ``phase`` is
    ``"choose_trump"``, ``"play"`` (lead or beat/pick up), ``"second"`` (the card after a beat) or ``"over"``.
    """

    phase: str
    turn: int
    dealer: int
    trumps: tuple[int | None, int | None]
    hands: tuple[int, int] = (0, 0)
    pile: tuple[int, ...] = ()
    seed: int = 0
    deck: tuple[int, ...] | None = None
    voluntary_pickup: bool = False
    result: str | None = None
    winner_seats: tuple[int, ...] = ()
    seen: _Seen = field(default_factory=_Seen, hash=False)
    last_events: tuple[Event, ...] = field(default=(), compare=False, hash=False)

    game_id = GAME_ID

    # --- the contract ------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.phase == "over" else self.turn

    @property
    def events(self) -> tuple[Event, ...]:
        return self.last_events

    @property
    def scores(self) -> tuple[int, ...]:
        return (self.hands[0].bit_count(), self.hands[1].bit_count())

    @property
    def winners(self) -> tuple[int, ...]:
        return self.winner_seats

    def hidden_from(self, seat: int) -> set[str]:
        return set() if self.is_over else set(names(self.hands[1 - seat]))  # hands are public at the end

    @property
    def position_key(self) -> tuple:
        """What makes a position the same for the repetition rule (§3.7 #12)."""
        return (self.hands[0], self.hands[1], self.pile, self.turn, self.phase)

    @property
    def repetitions(self) -> int:
        if self.result == "repetition":
            return 3
        return self.seen.count(self.position_key) if self.phase in ("play", "second") else 0

    def legal_actions(self) -> list[Action]:
        got = self.__dict__.get("_memo_legal")
        if got is None:
            got = memo(self, "_memo_legal", self._list_legal())
        return list(got)

    def apply(self, action: Action) -> TrumpsState:
        """The one door; a play of one of the shared PLAY actions is checked against the playable mask."""
        card = _PLAY_INDEX.get(id(action))
        if card is not None and self.phase in ("play", "second") and PLAY[card] is action:
            if self.playable() >> card & 1:
                return self._play(card)
        return super().apply(action)

    def _list_legal(self) -> tuple[Action, ...]:
        if self.phase == "choose_trump":
            taken = self.trumps[1 - self.turn]
            return tuple(a for i, a in enumerate(CHOOSE) if i != taken)
        if self.phase == "over":
            return ()
        playable = self.playable()
        if self.phase == "play" and self.pile and (self.voluntary_pickup or not playable):
            return (*_plays(playable), PICK_UP)
        return _plays(playable)

    def playable(self) -> int:
        """Mask of the cards the player to move may put on the pile now."""
        hand = self.hands[self.turn]
        if self.phase == "second" or not self.pile:
            return hand
        return hand & BEATERS[self.trump(self.turn)][self.pile[-1]]

    def may_pick_up(self) -> bool:
        if self.phase != "play" or not self.pile:
            return False
        return self.voluntary_pickup or not self.playable()

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
        ev: Event = {"type": "trumps.choose_trump", "seat": self.turn, "suit": SUITS[suit]}
        if trumps[1 - self.turn] is None:
            return evolve(self, trumps=(trumps[0], trumps[1]), turn=1 - self.turn, last_events=(ev,))
        order = self.deck if self.deck is not None else _shuffled(self.seed)
        return _dealt(self, (trumps[0], trumps[1]), order, self.deck is not None, (ev,))

    def _play(self, card: int) -> TrumpsState:
        p = self.turn
        left = self.hands[p] & ~(1 << card)
        hands = (left, self.hands[1]) if p == 0 else (self.hands[0], left)
        pile = self.pile + (card,)
        if self.phase == "second":
            ev: Event = {"type": "trumps.second", "seat": p, "card": NAMES[card]}
            phase, turn = "play", 1 - p
        elif self.pile:
            ev = {"type": "trumps.beat", "seat": p, "card": NAMES[card], "beaten": NAMES[self.pile[-1]]}
            phase, turn = "second", p
        else:
            ev = {"type": "trumps.lead", "seat": p, "card": NAMES[card]}
            phase, turn = "play", 1 - p
        if not left:
            return evolve(self, hands=hands, pile=pile, phase=phase, turn=turn)._out(p, card, ev)
        key = (hands[0], hands[1], pile, turn, phase)  # position_key of the new state
        seen = self.seen.add(key)
        if seen.count(key) < 3:  # one copy per action: the common case of _recorded, inline
            return evolve(self, hands=hands, pile=pile, phase=phase, turn=turn, seen=seen, last_events=(ev,))
        return evolve(self, hands=hands, pile=pile, phase=phase, turn=turn)._recorded((ev,))

    def _pick_up(self) -> TrumpsState:
        p = self.turn
        n, reason = pickup_size(self.trump(p), self.pile[-1], len(self.pile))
        taken = self.pile[-n:][::-1]  # the top first, as the player lifts them
        pile = self.pile[:-n]
        ev: Event = {"type": "trumps.pick_up", "seat": p, "count": n, "reason": reason,
                     "cards": [NAMES[c] for c in taken], "top": NAMES[pile[-1]] if pile else None}
        hands = _with_hand(self.hands, p, self.hands[p] | mask_of(taken))
        return evolve(self, hands=hands, pile=pile, turn=1 - p)._recorded((ev,))

    def _out(self, p: int, last: int, ev: Event) -> TrumpsState:
        """END_CHECK (§3.5, §3.7 #8): the opponent ties only with one card that beats the last one."""
        opp = self.hands[1 - p]
        tie = opp.bit_count() == 1 and bool(opp & BEATERS[self.trump(1 - p)][last])
        winners = (0, 1) if tie else (p,)
        end: Event = {"type": "trumps.end", "reason": "draw_check" if tie else "out", "seat": p,
                      "winners": list(winners), "hand_counts": list(self.scores)}
        return evolve(self, phase="over", turn=p, result="draw" if tie else "win",
                       winner_seats=winners, last_events=(ev, end))

    def _recorded(self, evs: tuple[Event, ...]) -> TrumpsState:
        """Count the new position; its third occurrence is a draw by repetition (§3.7 #12)."""
        key = self.position_key
        seen = self.seen.add(key)
        if seen.count(key) < 3:
            return evolve(self, seen=seen, last_events=evs)
        end: Event = {"type": "trumps.end", "reason": "repetition", "seat": None, "winners": [0, 1],
                      "hand_counts": list(self.scores)}
        return evolve(self, seen=seen, phase="over", result="repetition", winner_seats=(0, 1),
                       last_events=evs + (end,))

    # --- words -------------------------------------------------------------------------------
    def _refusal(self, action: Action) -> str:
        kind = action.kind
        if self.phase == "choose_trump":
            if kind != "choose_trump":
                return "First choose your trump suit."
            sym = SUIT_SYMBOLS.get(action.get("suit"), "?")
            return f"{sym} is already your opponent's trump: choose another suit."
        if kind == "choose_trump":
            return "The trump suits are already chosen."
        if kind == "pick_up":
            return self._pick_up_refusal()
        if kind != "play":
            return f"There is no '{kind}' move in Own Trumps."
        try:
            card = index_of(action["card"])
        except (KeyError, ValueError) as exc:
            return f"That is not a card to play: {exc}."
        if not self.hands[self.turn] >> card & 1:
            return f"You do not hold {PRETTY[card]}."
        return refusal_for_card(self.trump(self.turn), card, self.pile[-1])

    def _pick_up_refusal(self) -> str:
        if self.phase == "second":
            return "You beat the card: now play a second card of your choice."
        if not self.pile:
            return "The pile is empty: lead any card."
        first = PRETTY[bits(self.playable())[0]]
        return f"You can beat {PRETTY[self.pile[-1]]} (with {first}, for example), so you may not pick up."

    # --- what a seat sees --------------------------------------------------------------------
    def observe(self, seat: int) -> dict[str, Any]:
        top = self.pile[-1] if self.pile else None
        mine = self.trumps[check_seat(seat)]
        dealt = self.phase != "choose_trump"
        obs: dict[str, Any] = {
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
            "beaters": names_by_suit(self.hands[seat] & BEATERS[mine][top]) if dealt and top is not None else [],
            "pickup": None, "repetition": self.repetitions, "result": self.result,
            "voluntary_pickup": self.voluntary_pickup,
        }
        if dealt and top is not None and mine is not None:
            n, why = pickup_size(mine, top, len(self.pile))
            obs["pickup"] = {"count": n, "reason": why, "text": pickup_text(n, why)}
        return obs


def _with_hand(hands: tuple[int, int], seat: int, mask: int) -> tuple[int, int]:
    return (mask, hands[1]) if seat == 0 else (hands[0], mask)


def _shuffled(seed: int) -> tuple[int, ...]:
    order = list(range(36))
    derive(seed, "deal").shuffle(order)
    return tuple(order)


def _dealt(base: TrumpsState, trumps: tuple[int | None, int | None], order: Sequence[int], explicit: bool,
           before: tuple[Event, ...]) -> TrumpsState:
    """Deal, hand over the trump sixes (§3.2.5) and let the non-dealer lead."""
    leader = 1 - base.dealer
    if explicit:  # the contract's explicit deck: seat 0 gets deck[0:18], seat 1 deck[18:36]
        hands = [mask_of(order[:18]), mask_of(order[18:])]
    else:  # one at a time, starting with the non-dealer
        hands = [0, 0]
        hands[leader], hands[base.dealer] = mask_of(order[0::2]), mask_of(order[1::2])
    deal: Event = {"type": "trumps.deal", "dealer": base.dealer, "first": leader,
                   "trumps": [SUITS[t] for t in trumps if t is not None], "hand_counts": [18, 18]}
    moves = []
    for seat in (0, 1):
        six: int = trumps[seat]  # type: ignore[assignment]  # the 6 is rank step 0: its index is the suit
        if hands[1 - seat] >> six & 1:
            hands[1 - seat] &= ~(1 << six)
            hands[seat] |= 1 << six
            moves.append({"card": NAMES[six], "from": 1 - seat, "to": seat})
    six_ev: Event = {"type": "trumps.six_transfer", "moves": moves,
                     "hand_counts": [hands[0].bit_count(), hands[1].bit_count()]}
    state = evolve(base, phase="play", turn=leader, trumps=trumps, hands=(hands[0], hands[1]), pile=())
    return state._recorded(before + (deal, six_ev))


def _parse_trumps(trumps: Sequence[str]) -> tuple[int, int]:
    if isinstance(trumps, str) or len(trumps) != 2:
        raise ValueError("trumps must be two suits, seat 0's and seat 1's, e.g. ('H', 'D')")
    out = []
    for t in trumps:
        if not isinstance(t, str) or t.upper() not in SUITS or len(t) != 1:
            raise ValueError(f"not a suit: {t!r} (use C, D, H or S)")
        out.append(SUITS.index(t.upper()))
    if out[0] == out[1]:
        raise ValueError("the two trump suits must differ")
    return out[0], out[1]


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
    state = TrumpsState(phase="choose_trump", turn=1 - dealer if chooser is None else chooser, dealer=dealer,
                        trumps=(None, None),
                        seed=seed, deck=order, voluntary_pickup=bool(voluntary_pickup))
    if trumps is None:
        return state
    t = _parse_trumps(trumps)
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
    state = TrumpsState(phase=phase, turn=to_move, dealer=1 - to_move, trumps=_parse_trumps(trumps),
                        hands=(mask_of(h[0]), mask_of(h[1])), pile=tuple(p),
                        voluntary_pickup=bool(voluntary_pickup))
    return state._recorded(())


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Strict decoding: ``choose_trump`` {suit}, ``play`` {card of the 36-card pack}, ``pick_up`` {}."""
    if not isinstance(data, Mapping):
        raise IllegalAction("an action must be an object")
    kind = data.get("kind")
    keys = set(data) - {"kind"}
    want = {"choose_trump": {"suit"}, "play": {"card"}, "pick_up": set()}
    if not isinstance(kind, str) or kind not in want:
        raise IllegalAction(f"unknown action kind {str(kind)[:24]!r} (choose_trump, play or pick_up)")
    if keys != want[kind]:
        args = sorted(want[kind]) or "no arguments"
        raise IllegalAction(f"'{kind}' takes exactly {args}, got {sorted(keys)}")
    if kind == "choose_trump":
        suit = data["suit"]
        if not isinstance(suit, str) or suit.upper() not in SUITS or len(suit) != 1:
            raise IllegalAction(f"not a suit: {suit!r} (use C, D, H or S)")
        return CHOOSE[SUITS.index(suit.upper())]
    if kind == "play":
        try:
            return PLAY[index_of(data["card"])]
        except ValueError as exc:
            raise IllegalAction(str(exc)) from exc
    return PICK_UP



__all__ = ["TrumpsState", "action_from_json", "from_position", "new_game", "suit_sym"]
