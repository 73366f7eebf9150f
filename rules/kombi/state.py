"""Kombi-Duell (RULES.md §4): the deal, the two-slot turn, legal actions, observations, JSON actions."""
from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple

from rules.cards import Card, deck_from, pretty_cards, shuffled, standard_deck
from rules.core import Action, Event, GameState, IllegalAction, evolve, memo
from rules.kombi.combos import (
    Combo,
    best_split,
    combo_kind,
    combo_points,
    normalise_combos,
)
from rules.kombi.plays import plays
from rules.rng import derive

HAND_LIMIT = 10
DEAL_SIZE = 7
AREA_SIZE = 3
SLOTS = 2
KINDS = ("draw", "exchange", "play", "pass")
DRAW = Action.make("draw")
PASS = Action.make("pass")

__all__ = [
    "KombiState", "action_from_json", "best_split", "combo_kind", "combo_points", "new_game",
    "play_action",
]


def play_action(combos: Iterable[Iterable[Card | str]]) -> Action:
    """The normalised PLAY action for these combinations (validity is checked by ``apply``)."""
    return Action.make("play", combos=[[str(c) for c in combo] for combo in normalise_combos(combos)])


class Played(NamedTuple):
    """One scored combination on a discard pile, valued once when it was played."""

    cards: Combo
    kind: str
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"cards": [str(c) for c in self.cards], "kind": self.kind, "points": self.points}


CODES = 56  # Card.code is rank * 4 + suit: 4..55


@cache  # built on first use: every exchange of any hand card with any area card, by the two cards' codes
def _exchange_table() -> tuple[tuple[Action | None, ...], dict[int, tuple[Card, Card]]]:
    table: list[Action | None] = [None] * (CODES * CODES)
    cards: dict[int, tuple[Card, Card]] = {}  # id of a table action -> (hand card, area card)
    for h in standard_deck():
        for a in standard_deck():
            action = table[h.code * CODES + a.code] = Action.make("exchange", hand=str(h), area=str(a))
            cards[id(action)] = (h, a)
    return tuple(table), cards


def _exchanges(hand: tuple[Card, ...], area: tuple[Card, ...]) -> list[Action]:
    table = _exchange_table()[0]
    return [table[h.code * CODES + a.code] for h in hand for a in area]  # type: ignore[misc]


@dataclass(frozen=True)
class KombiState(GameState):
    """One moment of a Kombi-Duell game. ``pile[0]`` is the top of the draw pile."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    area: tuple[Card, ...]
    pile: tuple[Card, ...]
    discards: tuple[tuple[Played, ...], tuple[Played, ...]]
    points: tuple[int, int]
    first: int
    current: int
    done: tuple[str, ...] = ()
    last_full_pass: bool = False
    end: str | None = None
    last_events: tuple[Event, ...] = field(default=(), hash=False)

    game_id = "kombi"

    # --- reading --------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.end else self.current

    @property
    def scores(self) -> tuple[int, ...]:
        return self.points

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.end:
            return ()
        top = max(self.points)
        return tuple(s for s in (0, 1) if self.points[s] == top)

    @property
    def events(self) -> tuple[Event, ...]:
        # Callers get copies: a state must never change after it was made.
        return copy.deepcopy(self.last_events)

    def hidden_from(self, seat: int) -> set[str]:
        """The other hand (public once the game is over) and the draw pile."""
        other = set() if self.is_over else {str(c) for c in self.hands[1 - seat]}
        return other | {str(c) for c in self.pile}

    def legal_actions(self) -> list[Action]:
        return list(self._legal)

    def apply(self, action: Action) -> KombiState:
        """The one door; an action taken from this state's own legal list is known to be legal."""
        for a in self._legal:
            if a is action:
                return self._apply(action)
        return super().apply(action)  # type: ignore[return-value]

    @property
    def _legal(self) -> tuple[Action, ...]:
        got = self.__dict__.get("_memo_legal")
        return memo(self, "_memo_legal", self._list_legal()) if got is None else got

    def _list_legal(self) -> tuple[Action, ...]:
        if self.end:
            return ()
        hand = self.hands[self.current]
        out: list[Action] = []
        if "draw" not in self.done and self.pile and len(hand) < HAND_LIMIT:
            out.append(DRAW)
        if "exchange" not in self.done:
            out.extend(_exchanges(hand, self.area))
        if "play" not in self.done:
            out.extend(plays(hand))
        out.append(PASS)
        return tuple(out)

    def observe(self, seat: int) -> dict[str, Any]:
        if seat not in (0, 1):
            raise ValueError(f"no seat {seat!r}")
        return {
            "game": self.game_id,
            "seat": seat,
            "to_move": self.to_move,
            "legal": [a.to_json() for a in self._legal] if seat == self.to_move else [],
            "scores": list(self.points),
            "over": self.is_over,
            "winners": list(self.winners),
            "hand": [str(c) for c in self.hands[seat]],
            "hand_counts": [len(h) for h in self.hands],
            "hands": [[str(c) for c in h] for h in self.hands] if self.is_over else None,  # face up at the end
            "exchange": [str(c) for c in self.area],
            "draw_count": len(self.pile),
            "discards": [[played.to_json() for played in pile] for pile in self.discards],
            "done": list(self.done),
            "last_full_pass": self.last_full_pass,
            "first": self.first,
        }

    # --- changing ---------------------------------------------------------------------------
    def _apply(self, action: Action) -> KombiState:
        p = self.current
        hands = list(self.hands)
        if action.kind == "draw":
            hands[p] = hands[p] + self.pile[:1]
            return self._after(action.kind, {"type": "kombi.draw", "seat": p},
                               hands=tuple(hands), pile=self.pile[1:])
        if action.kind == "exchange":
            known = _exchange_table()[1].get(id(action))
            gave, took = known or (Card.parse(action["hand"]), Card.parse(action["area"]))
            hands[p] = tuple(took if c is gave else c for c in hands[p])
            area = tuple(gave if c is took else c for c in self.area)
            event = {"type": "kombi.exchange", "seat": p, "gave": str(gave), "took": str(took)}
            return self._after(action.kind, event, hands=tuple(hands), area=area)
        if action.kind == "play":
            return self._play(_combos_of(action))
        return self._pass()

    def _play(self, combos: tuple[Combo, ...]) -> KombiState:
        p = self.current
        used = {c for combo in combos for c in combo}
        hands = list(self.hands)
        hands[p] = tuple(c for c in hands[p] if c not in used)
        played = tuple(Played(c, combo_kind(c) or "", combo_points(c)) for c in combos)
        gained = sum(x.points for x in played)
        points = list(self.points)
        points[p] += gained
        discards = list(self.discards)
        discards[p] = discards[p] + played
        event = {"type": "kombi.play", "seat": p, "combos": [[str(c) for c in combo] for combo in combos],
                 "points": gained}
        changes: dict[str, Any] = {"hands": tuple(hands), "points": tuple(points),
                                   "discards": tuple(discards)}
        if not hands[p]:
            # Running out ends the game at once; a remaining slot is lost (RULES.md §4.7.9).
            return self._finish("empty_hand", [event], done=self.done + ("play",), **changes)
        return self._after("play", event, **changes)

    def _pass(self) -> KombiState:
        p = self.current
        full = not self.done
        event = {"type": "kombi.pass", "seat": p, "full": full}
        if full and self.last_full_pass:
            return self._finish("double_pass", [event])
        return evolve(self, current=1 - p, done=(), last_full_pass=full, last_events=(event,))

    def _after(self, kind: str, event: Event, **changes: Any) -> KombiState:
        done = self.done + (kind,)
        if len(done) == SLOTS:
            return evolve(self, current=1 - self.current, done=(), last_full_pass=False,
                           last_events=(event,), **changes)
        return evolve(self, done=done, last_events=(event,), **changes)

    def _finish(self, reason: str, events: list[Event], **changes: Any) -> KombiState:
        ended = evolve(self, end=reason, **changes)
        end = {"type": "kombi.end", "reason": reason, "scores": list(ended.points),
               "winners": list(ended.winners)}
        return evolve(ended, last_events=(*events, end))

    # --- refusals ---------------------------------------------------------------------------
    def _refusal(self, action: Action) -> str:
        if action.kind not in KINDS:
            return f"Unknown action {action.kind!r}."
        if action.kind in ("draw", "pass") and action.args:
            return f"A {action.kind} takes no cards."
        if action.kind == "draw":
            return self._draw_refusal()
        if action.kind == "exchange":
            return self._exchange_refusal(action)
        if action.kind == "play":
            return self._play_refusal(action)
        return "That move is not allowed now."

    def _draw_refusal(self) -> str:
        if "draw" in self.done:
            return "You already drew this turn."
        if not self.pile:
            return "The draw pile is empty."
        if len(self.hands[self.current]) >= HAND_LIMIT:
            return f"Your hand is full: at most {HAND_LIMIT} cards."
        return "You cannot draw now."

    def _exchange_refusal(self, action: Action) -> str:
        if "exchange" in self.done:
            return "You already exchanged a card this turn."
        try:
            gave, took = Card.parse(action["hand"]), Card.parse(action["area"])
        except (KeyError, ValueError):
            return "An exchange needs one hand card and one exchange-area card."
        if gave not in self.hands[self.current]:
            return f"{gave.pretty} is not in your hand."
        if took not in self.area:
            return f"{took.pretty} is not in the exchange area."
        return "Write the exchange with plain card names, e.g. 4C and QD."

    def _play_refusal(self, action: Action) -> str:
        if "play" in self.done:
            return "You already played combinations this turn."
        try:
            combos = _combos_of(action)
        except (KeyError, ValueError, TypeError):
            return "A play needs a list of combinations, each a list of cards."
        if not combos:
            return "Choose at least one combination."
        seen: set[Card] = set()
        for card in (c for combo in combos for c in combo):
            if card in seen:
                return f"{card.pretty} is used twice."
            seen.add(card)
        for card in (c for combo in combos for c in combo):
            if card not in self.hands[self.current]:
                return f"{card.pretty} is not in your hand."
        for combo in combos:
            if combo_kind(combo) is None:
                return f"{pretty_cards(combo)} is not a valid combination."
        return "Write the play in normal order: build it with play_action()."


def _combos_of(action: Action) -> tuple[Combo, ...]:
    raw = action["combos"]
    if not isinstance(raw, tuple) or not all(isinstance(c, tuple) for c in raw):
        raise ValueError("combos must be a list of lists")
    return tuple(tuple(Card.parse(s) for s in combo) for combo in raw)


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


def _json_card(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise IllegalAction(f"{what} must be a card like \"7H\", not {value!r}")
    try:
        return str(Card.parse(value))
    except ValueError:
        raise IllegalAction(f"{what}: {value!r} is not a card") from None


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Decode a Kombi-Duell action strictly and normalise it (``"10D"`` -> ``"TD"``, combos sorted)."""
    if not isinstance(data, Mapping):
        raise IllegalAction("an action must be an object with a 'kind'")
    kind = data.get("kind")
    if kind not in KINDS:
        raise IllegalAction(f"unknown action kind {kind!r}; expected one of {', '.join(KINDS)}")
    expected = {"draw": set(), "pass": set(), "exchange": {"hand", "area"}, "play": {"combos"}}[kind]
    keys = set(data) - {"kind"}
    if keys != expected:
        extra, missing = sorted(map(str, keys - expected)), sorted(expected - keys)
        problem = f"unexpected {', '.join(extra)}" if extra else f"missing {', '.join(missing)}"
        raise IllegalAction(f"malformed {kind} action: {problem}")
    if kind == "exchange":
        return Action.make("exchange", hand=_json_card(data["hand"], "hand"),
                           area=_json_card(data["area"], "area"))
    if kind == "play":
        return _play_from_json(data["combos"])
    return Action.make(kind)


def _play_from_json(raw: Any) -> Action:
    if not isinstance(raw, list) or not raw:
        raise IllegalAction("combos must be a non-empty list of combinations")
    combos = []
    for combo in raw:
        if not isinstance(combo, list) or not combo:
            raise IllegalAction("each combination must be a non-empty list of cards")
        combos.append([_json_card(c, "combination card") for c in combo])
    return Action.make("play", combos=[[str(c) for c in combo] for combo in normalise_combos(combos)])


