"""Two-player six-card Cribbage to 121 (RULES.md §2): the state, its actions, observations and refusals."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from operator import attrgetter
from typing import Any

from rules.cards import Card, deck_from, standard_deck
from rules.core import Action, Event, GameState, IllegalAction, check_seat
from rules.cribbage import flow
from rules.cribbage.decode import action_from_json
from rules.cribbage.discards import DISCARD_OF as _DISCARD_OF
from rules.cribbage.discards import discards as _discards
from rules.cribbage.flow import GAME_POINTS, MIN_PACKET, VALUE, cut_size
from rules.cribbage.refusals import refusal
from rules.cribbage.score import Breakdown, Part, peg_parts, peg_points, score_hand
from rules.cribbage.show_item import ShowItem
from rules.cribbage.types import CribbageObs, CutForDeal

__all__ = [
    "GAME_POINTS", "Breakdown", "CribbageState", "Part", "ShowItem", "action_from_json",
    "new_game", "peg_parts", "peg_points", "score_hand",
]

ALL_CARDS = frozenset(str(c) for c in standard_deck())
_CUT_PHASES = {"cut_for_deal": "deal", "cut": "cut", "starter": "starter"}
_STEP = {"cut_for_deal": flow.cut_for_deal, "cut": flow.deal, "starter": flow.turn_starter}
Pair = tuple[tuple[Card, ...], tuple[Card, ...]]


# Every state lists its moves afresh; the few distinct actions are made once (a server holds many games),
# so the door recognises a listed move by identity; an equal move made elsewhere takes its listed twin's path.
_blank, _set = object.__new__, object.__setattr__  # a state without __init__: ``_then`` gives it every field


@cache
def _cut(depth: int) -> Action:
    return Action.make("cut", depth=depth)


class _Over:
    """``is_over`` without a Python call: every state's dict holds it (``__post_init__``), copies carry it, a win
    writes True. Unlike the base class's property this gives way to the dict; only the class itself asks here."""

    def __get__(self, state: Any, owner: Any = None) -> Any:
        return self if state is None else state.turn is None


@dataclass(frozen=True)
class CribbageState(GameState):
    """One moment of a game. Fields hold every card; ``observe`` decides who may see which."""

    seed: int
    phase: str  # cut_for_deal | cut | discard | starter | play | over
    turn: int | None
    dealer: int | None = None
    hand_no: int = 0
    deal_round: int = 1
    deal_cards: tuple[Card | None, Card | None] = (None, None)
    first_deck: tuple[Card, ...] | None = None
    hands: Pair = ((), ())  # cards not yet played
    kept: Pair = ((), ())  # the four kept cards, counted in the show
    discards: Pair = ((), ())  # each seat's two crib cards
    starter: Card | None = None
    count: int = 0
    series: tuple[tuple[int, Card], ...] = ()
    earlier: Pair = ((), ())  # cards of earlier series of this hand, by seat
    gone: tuple[bool, bool] = (False, False)  # Go announced in this series
    last_player: int | None = None
    points: tuple[int, int] = (0, 0)
    back: tuple[int, int] = (0, 0)  # each back peg: the score before the latest scoring
    shows: tuple[ShowItem, ...] = ()  # the latest show, public until the next deal
    last_cut: tuple[int, int, str] | None = None  # seat, depth, purpose: drives the animation only
    winner: int | None = None
    event_log: tuple[Any, ...] = field(default=(), compare=False)  # events, or (builder, *args) that make one when read

    game_id = "cribbage"
    pack = ALL_CARDS

    # --- the contract ----------------------------------------------------------------------------
    # ``turn`` is None exactly when the game is over (reaching 121 clears it), so these are plain reads.
    to_move = property(attrgetter("turn"))
    is_over = _Over()

    def __post_init__(self) -> None:
        """Every state holds every key its copies will hold, so no action adds one: the dict then stays split (its
        values alone, about 280 bytes, the keys shared by all states). A key added later can overflow the values
        and turn the dict into a 1.6 KB one of its own, which every later action would copy. Built from fields
        alone (``dataclasses.replace``), a state's derived values are unknown (None) and rebuilt when needed."""
        d = self.__dict__
        d["_memo_legal"] = d["_memo_events"] = d["_deal_cut"] = d["_ranks"] = d["_acts"] = None
        d["is_over"] = d["turn"] is None

    @property
    def scores(self) -> tuple[int, ...]:
        return self.points

    @property
    def winners(self) -> tuple[int, ...]:
        return () if self.winner is None else (self.winner,)

    @property
    def events(self) -> tuple[Event, ...]:
        d = self.__dict__
        got: tuple[Event, ...] | None = d["_memo_events"]
        if got is None:
            got = d["_memo_events"] = tuple([e if type(e) is dict else e[0](*e[1:]) for e in self.event_log])
        return got

    def cut_range(self) -> tuple[int, int, int] | None:
        """(fewest, most, pack size) for the cut now due, or None when no cut is due."""
        if self.phase not in _CUT_PHASES:
            return None
        n = cut_size(self.phase)
        return MIN_PACKET, n - MIN_PACKET, n

    def legal_actions(self) -> list[Action]:
        """Listed once per state, for the seat to move only (kept in the state's dict, never copied on). The
        listing lives here, not behind another call: a playout lists every state once (about 3% of its time)."""
        d = self.__dict__
        got = d["_memo_legal"]
        if got is None:
            turn, phase = d["turn"], d["phase"]
            if turn is None:
                got = ()
            elif phase == "play":  # the hand is sorted: the cards that fit are its first ones
                hand, acts = d["hands"][turn], d["_acts"]
                got = acts[turn] if acts else flow.plays(d, turn)
                if VALUE[hand[-1].code] > 31 - d["count"]:
                    got = got[:_fits(hand, 31 - d["count"])]
            elif phase == "discard":
                got = _discards(d["hands"][turn])
            else:
                got = _CUTS[phase]
            d["_memo_legal"] = got
        return list(got)

    def _legal(self) -> tuple[Action, ...]:
        """The listing as the state keeps it (no copy)."""
        got: tuple[Action, ...] | None = self.__dict__["_memo_legal"]
        if got is None:
            self.legal_actions()
            got = self.__dict__["_memo_legal"]
        return got

    def _apply_known(self, action: Action) -> CribbageState | None:
        """A listed move, recognised by identity or, for a cut, by its depth; anything else is left to the door's
        general check, which compares by value and explains a refusal."""
        d = self.__dict__
        if d["turn"] is not None:
            phase = d["phase"]
            if phase == "play":  # a listed play's place in the list is its card's place in the hand
                i = 0
                for a in d["_memo_legal"] or self._legal():
                    if a is action:  # ``_then`` written out: most actions are plays (which set their events)
                        new = _blank(CribbageState)
                        _set(new, "__dict__", d.copy())
                        d = new.__dict__
                        d["_memo_legal"] = d["_memo_events"] = None
                        flow.play(d, i)
                        return new
                    i += 1
            elif phase in _CUT_PHASES:  # a listed cut by its identity; an equal one takes the general door
                depth = _LISTED_DEPTH.get(id(action))
                if depth is not None and depth <= _DEEPEST[phase]:
                    return self._then(_STEP[phase], depth)
            else:  # one of the table's discards is listed exactly when both its cards are in the hand
                got = _DISCARD_OF.get(id(action))
                if got is not None:
                    x, y, cards = got
                    hand = d["hands"][d["turn"]]
                    kept = tuple([c for c in hand if c.code != x and c.code != y])
                    if len(kept) == len(hand) - 2:
                        return self._then(flow.discard, (cards, kept))
        return None

    def _apply(self, action: Action) -> CribbageState:
        """An action equal to a listed one (from JSON, the network, a test) takes its listed twin's path."""
        legal = self._legal()
        new = self._apply_known(legal[legal.index(action)])
        assert new is not None, action
        return new

    def _then(self, step: Any, arg: Any) -> CribbageState:
        """The next state: a copy of this one that ``step(fields, arg, events)`` changes before anyone sees it."""
        new = _blank(CribbageState)
        _set(new, "__dict__", self.__dict__.copy())  # a dict copy is cheaper than filling an empty one
        d = new.__dict__
        d["_memo_legal"] = d["_memo_events"] = None  # the old state's, not the new one's
        ev: list[Any] = []
        step(d, arg, ev)
        d["event_log"] = tuple(ev)
        return new

    def _refusal(self, action: Action) -> IllegalAction:
        return refusal(self, action)

    # --- what each seat may know -----------------------------------------------------------------
    def visible_to(self, seat: int | None) -> set[str]:
        """The pegging, the cut cards, the starter and the latest show to anyone; both unplayed hands once the game
        is over (the crib stays down). A seat also sees its own hand and its own two discards: it chose them and
        saw them in its hand before."""
        seen = set(self.earlier[0]) | set(self.earlier[1]) | {c for _, c in self.series}
        seen |= {c for c in self.deal_cards if c is not None}
        if self.starter is not None:
            seen.add(self.starter)
        for item in self.shows:
            seen |= {*item.cards, item.starter}
        if self.turn is None:  # the game is over: both hands are turned face up
            seen |= {*self.hands[0], *self.hands[1]}
        if seat is not None:
            seen |= {*self.hands[seat], *self.discards[seat]}
        return {str(c) for c in seen}

    def observe(self, seat: int) -> CribbageObs:
        """The table as ``seat`` sees it; a bot's memory is the list of these."""
        check_seat(seat)
        to_move = self.to_move
        rng = self.cut_range() if to_move is not None else None
        return {
            "game": self.game_id, "seat": seat, "to_move": to_move,
            "legal": [a.to_json() for a in self.legal_actions()] if seat == to_move else [],
            "scores": list(self.points), "over": self.is_over, "winners": list(self.winners),
            "phase": self.phase, "hand_no": self.hand_no, "dealer": self.dealer,
            "hand": [str(c) for c in sorted(self.hands[seat])],
            # both unplayed hands, face up once the game is over (e.g. won in the play); None until then
            "hands": [[str(c) for c in sorted(h)] for h in self.hands] if self.turn is None else None,
            "my_discards": [str(c) for c in self.discards[seat]],
            "hand_counts": [len(self.hands[0]), len(self.hands[1])],
            "discarded": [bool(self.discards[0]), bool(self.discards[1])],
            "crib_count": len(self.discards[0]) + len(self.discards[1]),
            "starter": None if self.starter is None else str(self.starter),
            "count": self.count,
            "series": [{"seat": p, "card": str(c)} for p, c in self.series],
            "played": [[str(c) for c in self.earlier[0]], [str(c) for c in self.earlier[1]]],
            "go": list(self.gone), "last_player": self.last_player,
            "pegs": [{"back": self.back[i], "front": self.points[i]} for i in (0, 1)],
            "last_show": [item.to_json() for item in self.shows],
            "cut": None if rng is None else {"purpose": _CUT_PHASES[self.phase], "min": rng[0],
                                             "max": rng[1], "of": rng[2]},
            "last_cut": None if self.last_cut is None else {
                "seat": self.last_cut[0], "depth": self.last_cut[1], "purpose": self.last_cut[2]},
            "cut_for_deal": self._cut_for_deal_view(),
            "target": GAME_POINTS,
        }

    def _cut_for_deal_view(self) -> CutForDeal | None:
        if self.deal_cards == (None, None):
            return None
        return {"round": self.deal_round, "cards": [None if c is None else str(c) for c in self.deal_cards],
                "tie": None not in self.deal_cards and self.dealer is None}


def _fits(hand: tuple[Card, ...], room: int) -> int:
    """How many of a sorted hand's first cards fit: at least one, or the turn would have passed on."""
    fit = 1
    while VALUE[hand[fit].code] <= room:
        fit += 1
    return fit


@cache
def _cuts(n: int) -> tuple[Action, ...]:
    return tuple(_cut(d) for d in range(MIN_PACKET, n - MIN_PACKET + 1))


_CUTS = {phase: _cuts(cut_size(phase)) for phase in _CUT_PHASES}
_DEEPEST = {phase: cut_size(phase) - MIN_PACKET for phase in _CUT_PHASES}
_LISTED_DEPTH = {id(_cut(depth)): depth for depth in range(MIN_PACKET, 52 - MIN_PACKET + 1)}  # cached: ids stay


# --- setup ----------------------------------------------------------------------------------------------

def new_game(seed: int | None = None, deck: list[str] | None = None, dealer: int | None = None) -> CribbageState:
    """A new game. Only a seed: the game opens with the cut for first deal (P1, then P2).

    With ``dealer`` the cut for deal is skipped; with ``deck`` too, the first hand is fixed: the
    non-dealer holds ``deck[0:6]``, the dealer ``deck[6:12]``, the starter is ``deck[12]``. Each
    hand still opens with the non-dealer's cut; later hands come from the seed.
    """
    seed = 0 if seed is None else seed
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("the seed must be a whole number")
    if deck is not None and dealer is None:
        raise ValueError("a fixed deck needs the first dealer (dealer=0 or dealer=1)")
    if dealer is None:
        return _fresh(CribbageState(seed=seed, phase="cut_for_deal", turn=0))
    if dealer not in (0, 1) or isinstance(dealer, bool):
        raise ValueError("the dealer is seat 0 or seat 1")
    first = tuple(deck_from(deck, standard_deck())) if deck is not None else None
    s = _fresh(CribbageState(seed=seed, phase="cut", turn=1 - dealer, dealer=dealer, first_deck=first))
    flow.start_hand(s.__dict__, 1)  # still being built: nobody has seen it
    return s


def _fresh(s: CribbageState) -> CribbageState:
    """A new game's derived values are known: no series (``_ranks`` 0) and no hands (no play actions)."""
    s.__dict__["_ranks"], s.__dict__["_acts"] = 0, ((), ())
    return s
