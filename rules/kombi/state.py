"""Kombi-Duell (RULES.md §4): the deal, the two-slot turn, legal actions, observations, JSON actions.

The state keeps its cards as small ints (the bit numbers of :mod:`rules.kombi.plays`) in slots, and each
hand also as a mask, so one action costs a few tuple operations: random play-outs and the searching bot
run hundreds of games a second. The public fields (``hands``, ``area``, ``pile`` … as cards) are read-only
properties; the events are built when asked for, from a small record of the action.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from rules.cards import Card, deck_from, shuffled, standard_deck
from rules.core import Action, Event, GameState, IllegalAction
from rules.kombi.actions import DRAW, EXCHANGED, EXCHANGES, PASS, exchange_rows, play_action
from rules.kombi.combos import best_split, combo_kind, combo_points
from rules.kombi.decode import action_from_json
from rules.kombi.events import Record, action_event
from rules.kombi.plays import BIT_OF_CODE, CARD_OF_BIT, NAME_OF_BIT, Played, PlayInfo, play_table
from rules.kombi.refusals import refusal
from rules.kombi.types import KombiObs
from rules.redeal import renamed
from rules.rng import derive

HAND_LIMIT = 10
QUIET_LIMIT = 10  # turns in a row with no draw and no play, after which EXCHANGE closes (docs/decisions.md)
DEAL_SIZE = 7
AREA_SIZE = 3
SLOTS = 2

__all__ = [
    "DRAW", "PASS", "KombiState", "Played", "action_from_json", "best_split", "combo_kind", "combo_points", "new_game",
    "play_action",
]


def _cards(bits: Iterable[int]) -> tuple[Card, ...]:
    return tuple(CARD_OF_BIT[b] for b in bits)


def _bits(cards: Iterable[Card]) -> tuple[int, ...]:
    return tuple(BIT_OF_CODE[c.code] for c in cards)


def _mask(bits: Iterable[int]) -> int:
    return sum(1 << b for b in bits)


_new = object.__new__
Hands = tuple[tuple[int, ...], tuple[int, ...]]  # each seat's cards as card bits
Masks = tuple[int, int, int]  # each hand's cards and the cards on both discard piles, as masks of card bits
Discards = tuple[tuple[Played, ...], tuple[Played, ...]]


class KombiState(GameState):
    """One moment of a Kombi-Duell game; ``pile[0]`` is the top of the draw pile. Immutable: the fields are
    read-only properties over private slots that only this module writes, and ``apply`` returns a new state."""

    # _masks: each hand's cards and the cards on both discard piles, as masks of card bits
    __slots__ = ("_hands", "_masks", "_area", "_deck", "_top", "_discards", "_points", "_first", "_current",
                 "_done", "_full_pass", "_quiet", "_end", "_record", "_legal")
    _hands: Hands
    _masks: Masks
    _area: tuple[int, ...]
    _deck: tuple[int, ...]
    _top: int
    _discards: Discards
    _points: tuple[int, int]
    _first: int
    _current: int
    _done: tuple[str, ...]
    _full_pass: bool
    _quiet: int
    _end: str | None
    _record: Record | None  # what the last action did, for ``events``: (kind, seat, details...)
    _legal: tuple[Action, ...] | None
    game_id = "kombi"
    pack = frozenset(NAME_OF_BIT)

    def __init__(self, hands: tuple[tuple[Card, ...], tuple[Card, ...]], area: tuple[Card, ...],
                 pile: tuple[Card, ...], discards: tuple[tuple[Played, ...], tuple[Played, ...]],
                 points: tuple[int, int], first: int, current: int, done: tuple[str, ...] = (),
                 last_full_pass: bool = False, end: str | None = None, quiet: int = 0) -> None:
        h = (_bits(hands[0]), _bits(hands[1]))
        gone = _mask(BIT_OF_CODE[c.code] for pile in discards for played in pile for c in played.cards)
        self._set(h, (_mask(h[0]), _mask(h[1]), gone), _bits(area), _bits(pile), 0, (tuple(discards[0]),
                  tuple(discards[1])), (points[0], points[1]), first, current, tuple(done), last_full_pass, end,
                  None)
        self._quiet = quiet

    def _set(self, hands: Hands, masks: Masks, area: tuple[int, ...], deck: tuple[int, ...], top: int,
             discards: Discards, points: tuple[int, int], first: int, current: int, done: tuple[str, ...],
             full_pass: bool, end: str | None, record: Record | None) -> None:
        self._hands, self._masks, self._area, self._deck, self._top = hands, masks, area, deck, top
        self._discards, self._points, self._first, self._current = discards, points, first, current
        self._done, self._full_pass, self._end, self._record, self._legal = done, full_pass, end, record, None

    # --- the public fields -----------------------------------------------------------------
    hands = property(lambda self: (_cards(self._hands[0]), _cards(self._hands[1])))
    area = property(lambda self: _cards(self._area))
    pile = property(lambda self: _cards(self._deck[self._top:]))
    discards = property(lambda self: self._discards)
    points = property(lambda self: self._points)
    first = property(lambda self: self._first)
    current = property(lambda self: self._current)
    done = property(lambda self: self._done)
    last_full_pass = property(lambda self: self._full_pass)
    end = property(lambda self: self._end)
    quiet = property(lambda self: self._quiet)  # finished turns in a row with no draw and no play

    FIELDS = ("hands", "area", "pile", "discards", "points", "first", "current", "done", "last_full_pass", "end",
              "quiet")

    def replace(self, **changes: object) -> KombiState:
        """A new state with some public fields changed (what ``dataclasses.replace`` did), e.g. for a test."""
        fields = {name: getattr(self, name) for name in self.FIELDS}
        fields.update(changes)
        return KombiState(**fields)

    def _key(self) -> tuple[object, ...]:
        return (self._hands, self._area, self._deck[self._top:], self._discards, self._points, self._first,
                self._current, self._done, self._full_pass, self._quiet, self._end)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not KombiState:
            return NotImplemented
        return self._key() == other._key() and self.events == other.events

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"KombiState(hands={self.hands}, area={self.area}, pile={len(self._deck) - self._top} cards, "
                f"points={self._points}, current={self._current}, done={self._done}, end={self._end})")

    # --- reading --------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self._end else self._current

    @property
    def is_over(self) -> bool:
        return self._end is not None

    @property
    def scores(self) -> tuple[int, ...]:
        return self._points

    @property
    def winners(self) -> tuple[int, ...]:
        if not self._end:
            return ()
        top = max(self._points)
        return tuple(s for s in (0, 1) if self._points[s] == top)

    @property
    def events(self) -> tuple[Event, ...]:
        """Built on each call from the action's record: callers get their own dicts."""
        record = self._record
        if record is None:
            return ()
        event = action_event(record)
        if self._end is None:
            if self._quiet == QUIET_LIMIT and not self._done:  # the turn that just ended closed the exchange
                return event, {"type": "kombi.exchange_closed", "turns": QUIET_LIMIT}
            return (event,)
        return event, {"type": "kombi.end", "reason": self._end, "scores": list(self._points),
                       "winners": list(self.winners)}

    last_events = events

    def visible_to(self, seat: int | None) -> set[str]:
        """The exchange area and the discard piles to anyone, both hands once the game is over; a seat's own hand
        to it. The draw pile is nobody's."""
        seen = set(self._area) | {b for b in range(52) if self._masks[2] >> b & 1}
        if self._end is not None:
            seen |= {*self._hands[0], *self._hands[1]}
        if seat is not None:
            seen |= set(self._hands[seat])
        return {NAME_OF_BIT[b] for b in seen}

    def redealt(self, swap: Mapping[str, str]) -> KombiState:
        """Rebuilt from its renamed public fields (the last action's events are not kept)."""
        return KombiState(**{name: renamed(getattr(self, name), swap) for name in self.FIELDS})

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        return list(self._list_legal() if legal is None else legal)

    def _list_legal(self) -> tuple[Action, ...]:
        if self._end is not None:
            self._legal = ()
            return ()
        p, done = self._current, self._done
        hand = self._hands[p]
        out: list[Action] = []
        if "draw" not in done and self._top < len(self._deck) and len(hand) < HAND_LIMIT:
            out.append(DRAW)
        if "exchange" not in done and self._exchange_open():
            rows = EXCHANGES or exchange_rows()
            a0, a1, a2 = self._area
            for h in hand:
                row = rows[h]
                out += (row[a0], row[a1], row[a2])
        if "play" not in done:
            out += play_table(self._masks[p])[0]
        out.append(PASS)
        legal = self._legal = tuple(out)
        return legal

    def _exchange_open(self) -> bool:
        """EXCHANGE closes after QUIET_LIMIT turns in a row without a draw or a play, until one happens: without
        this, exchange-then-pass is legal forever (docs/decisions.md, "Every game ends")."""
        done = self._done
        return self._quiet < QUIET_LIMIT or "draw" in done or "play" in done

    def observe(self, seat: int) -> KombiObs:
        if seat not in (0, 1):
            raise ValueError(f"no seat {seat!r}")
        over = self._end is not None
        legal = self._legal if self._legal is not None else self._list_legal()
        return {
            "game": self.game_id,
            "seat": seat,
            "to_move": self.to_move,
            "legal": [a.to_json() for a in legal] if seat == self.to_move else [],
            "scores": list(self._points),
            "over": over,
            "winners": list(self.winners),
            "hand": [NAME_OF_BIT[b] for b in self._hands[seat]],
            "hand_counts": [len(h) for h in self._hands],
            "hands": [[NAME_OF_BIT[b] for b in h] for h in self._hands] if over else None,  # face up at the end
            "exchange": [NAME_OF_BIT[b] for b in self._area],
            "draw_count": len(self._deck) - self._top,
            "discards": [[played.to_json() for played in pile] for pile in self._discards],
            "done": list(self._done),
            "last_full_pass": self._full_pass,
            "quiet": self._quiet,
            "first": self._first,
        }

    # --- changing ---------------------------------------------------------------------------
    def _apply_known(self, action: Action) -> KombiState | None:
        """The actions this state lists, known by identity, are applied without a search; anything else is left to
        the door (``_apply`` applies an equal action as the listed one)."""
        if self._end is None:
            done = self._done
            if action is PASS:
                return self._pass()
            if action is DRAW:
                if "draw" not in done and self._top < len(self._deck) and len(self._hands[self._current]) < HAND_LIMIT:
                    return self._draw()
            else:
                known = EXCHANGED.get(id(action))
                if known is not None and known[0] is action:  # a play-out's commonest move: _exchange_open inline
                    if ("exchange" not in done and self._masks[self._current] >> known[1] & 1 and known[2] in self._area
                            and (self._quiet < QUIET_LIMIT or "draw" in done or "play" in done)):
                        return self._exchange(known[1], known[2])
                elif "play" not in done:
                    actions, infos = play_table(self._masks[self._current])
                    for i, a in enumerate(actions):
                        if a is action:
                            return self._play(infos[i])
        return None

    def _apply(self, action: Action) -> KombiState:
        """An action equal to a listed one (e.g. decoded from JSON) is applied as the listed one."""
        legal = self._legal if self._legal is not None else self._list_legal()
        new = self._apply_known(legal[legal.index(action)])
        assert new is not None, action
        return new

    def _next(self, hands: Hands, masks: Masks, area: tuple[int, ...], top: int, discards: Discards,
              points: tuple[int, int], current: int, done: tuple[str, ...], full_pass: bool, end: str | None,
              record: Record, quiet: int) -> KombiState:
        new = _new(KombiState)
        new._hands, new._masks, new._area, new._deck, new._top = hands, masks, area, self._deck, top
        new._discards, new._points, new._first, new._current = discards, points, self._first, current
        new._done, new._full_pass, new._end, new._record, new._legal = done, full_pass, end, record, None
        new._quiet = quiet
        return new

    def _quiet_after(self, kinds: tuple[str, ...]) -> int:
        """The count of quiet turns once a turn of ``kinds`` has ended."""
        return 0 if "draw" in kinds or "play" in kinds else self._quiet + 1

    def _after(self, kind: str, hands: Hands, masks: Masks, area: tuple[int, ...], top: int, discards: Discards,
               points: tuple[int, int], record: Record) -> KombiState:
        new = _new(KombiState)
        if self._done:  # the second slot: the turn ends
            new._current, new._done, new._full_pass = 1 - self._current, (), False
            new._quiet = self._quiet_after(self._done + (kind,))
        else:
            new._current, new._done, new._full_pass = self._current, (kind,), self._full_pass
            new._quiet = self._quiet
        new._hands, new._masks, new._area, new._deck, new._top = hands, masks, area, self._deck, top
        new._discards, new._points, new._first = discards, points, self._first
        new._end, new._record, new._legal = None, record, None
        return new

    def _draw(self) -> KombiState:
        p = self._current
        card = self._deck[self._top]
        hands, masks = self._hands, self._masks
        if p:
            hands, masks = (hands[0], hands[1] + (card,)), (masks[0], masks[1] | 1 << card, masks[2])
        else:
            hands, masks = (hands[0] + (card,), hands[1]), (masks[0] | 1 << card, masks[1], masks[2])
        return self._after("draw", hands, masks, self._area, self._top + 1, self._discards, self._points, ("draw", p))

    def _exchange(self, gave: int, took: int) -> KombiState:
        p = self._current
        hand = list(self._hands[p])
        hand[hand.index(gave)] = took
        area = list(self._area)
        area[area.index(took)] = gave
        mask = self._masks[p] ^ (1 << gave | 1 << took)
        hands = (self._hands[0], tuple(hand)) if p else (tuple(hand), self._hands[1])
        masks = (self._masks[0], mask, self._masks[2]) if p else (mask, self._masks[1], self._masks[2])
        return self._after("exchange", hands, masks, tuple(area), self._top, self._discards, self._points,
                           ("exchange", p, gave, took))

    def _play(self, info: PlayInfo) -> KombiState:
        p = self._current
        used = info.used
        hand = tuple(b for b in self._hands[p] if not used >> b & 1)
        mask = self._masks[p] & ~used
        hands = (self._hands[0], hand) if p else (hand, self._hands[1])
        gone = self._masks[2] | used
        masks = (self._masks[0], mask, gone) if p else (mask, self._masks[1], gone)
        pile = self._discards[p] + info.played
        discards = (self._discards[0], pile) if p else (pile, self._discards[1])
        gained = self._points[p] + info.points
        points = (self._points[0], gained) if p else (gained, self._points[1])
        record = ("play", p, info)
        if not hand:
            # Running out ends the game at once; a remaining slot is lost (RULES.md §4.7.9).
            return self._next(hands, masks, self._area, self._top, discards, points, p, self._done + ("play",),
                              self._full_pass, "empty_hand", record, 0)
        return self._after("play", hands, masks, self._area, self._top, discards, points, record)

    def _pass(self) -> KombiState:
        p = self._current
        full = not self._done
        record = ("pass", p, full)
        quiet = self._quiet_after(self._done)
        if full and self._full_pass:
            return self._next(self._hands, self._masks, self._area, self._top, self._discards, self._points, p,
                              self._done, self._full_pass, "double_pass", record, quiet)
        return self._next(self._hands, self._masks, self._area, self._top, self._discards, self._points, 1 - p, (),
                          full, None, record, quiet)

    def _refusal(self, action: Action) -> IllegalAction:
        return refusal(self, action)


# --- setup and decoding --------------------------------------------------------------------------
def new_game(seed: int | None = None, deck: list[str] | None = None, first: int | None = None) -> KombiState:
    """Deal a game: seeded (``seed``) or from an explicit 52-card ``deck`` (``first`` defaults to 0)."""
    if deck is not None and seed is not None:
        raise ValueError("give a seed or a deck, not both")
    if deck is not None:
        if not isinstance(deck, (list, tuple)):
            raise ValueError("the deck must be a list of cards")
        cards = deck_from(deck, standard_deck())
        start = 0 if first is None else first
    elif seed is not None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"the seed must be a whole number, not {seed!r}")
        cards = shuffled(standard_deck(), derive(seed, "deal"))
        start = derive(seed, "first").randrange(2) if first is None else first
    else:
        raise ValueError("a new game needs a seed or a deck")
    if isinstance(start, bool) or start not in (0, 1):
        raise ValueError(f"the first player must be seat 0 or 1, not {start!r}")
    hands = (tuple(cards[0:DEAL_SIZE]), tuple(cards[DEAL_SIZE:2 * DEAL_SIZE]))
    area_end = 2 * DEAL_SIZE + AREA_SIZE
    return KombiState(hands=hands, area=tuple(cards[2 * DEAL_SIZE:area_end]), pile=tuple(cards[area_end:]),
                      discards=((), ()), points=(0, 0), first=start, current=start)
