"""Three Tricks: three cards each; the leader plays one, the other answers; the higher rank takes the trick (the
leader on equal ranks) and leads the next; after three tricks, more tricks wins."""
from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from rules.cards import Card, shuffled, standard_deck
from rules.core import Action, GameSpec, GameState, IllegalAction, check_seat
from rules.gesture import Spot

GAME_ID = "sample"
HAND = 3


@dataclass(frozen=True)
class SampleState(GameState):
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    rest: tuple[Card, ...]
    trick: tuple[tuple[int, Card], ...] = ()
    tricks: tuple[int, int] = (0, 0)
    played: tuple[Card, ...] = ()  # the cards of finished tricks: they were face up, so anyone knows them
    current: int = 0
    last: tuple[dict[str, Any], ...] = ()

    game_id = GAME_ID
    pack = frozenset(str(c) for c in standard_deck())

    @property
    def to_move(self) -> int | None:
        return None if sum(self.tricks) == HAND else self.current

    def legal_actions(self) -> list[Action]:
        if self.to_move is None:
            return []
        return [Action.make("play", card=str(c)) for c in self.hands[self.current]]

    def _refusal(self, action: Action) -> IllegalAction:
        if action.kind != "play":
            return IllegalAction("unknown_kind", kind=action.kind)
        return IllegalAction("not_in_hand", card=str(action.get("card")))

    def _apply(self, action: Action) -> SampleState:
        p, card = self.current, Card.parse(action["card"])
        hands = tuple(tuple(c for c in h if c != card) if s == p else h for s, h in enumerate(self.hands))
        events: list[dict[str, Any]] = [{"type": "sample.play", "seat": p, "card": str(card)}]
        trick = (*self.trick, (p, card))
        if len(trick) < 2:
            return replace(self, hands=hands, trick=trick, current=1 - p, last=tuple(events))  # type: ignore[arg-type]  # hands: two
        (lead, a), (_, b) = trick
        winner = lead if a.rank >= b.rank else 1 - lead
        tricks = (self.tricks[0] + (winner == 0), self.tricks[1] + (winner == 1))
        events.append({"type": "sample.trick", "seat": winner})
        return replace(self, hands=hands, trick=(), tricks=tricks, played=(*self.played, a, b), current=winner,
                       last=tuple(events))  # type: ignore[arg-type]  # hands: two

    @property
    def events(self) -> tuple[dict[str, Any], ...]:
        return tuple(dict(e) for e in self.last)

    @property
    def scores(self) -> tuple[int, ...]:
        return self.tricks

    @property
    def winners(self) -> tuple[int, ...]:
        if self.to_move is not None:
            return ()
        return (0,) if self.tricks[0] > self.tricks[1] else (1,)

    def observe(self, seat: int) -> dict[str, Any]:
        check_seat(seat)
        return {
            "game": GAME_ID, "seat": seat, "to_move": self.to_move,
            "legal": [a.to_json() for a in self.legal_actions()] if seat == self.to_move else [],
            "scores": list(self.tricks), "over": self.is_over, "winners": list(self.winners),
            "hand": [str(c) for c in self.hands[seat]], "hand_counts": [len(h) for h in self.hands],
            "trick": [{"seat": s, "card": str(c)} for s, c in self.trick],
        }

    def visible_to(self, seat: int | None) -> set[str]:
        """The trick on the table and the cards of finished tricks, and a seat's own hand."""
        seen = {str(c) for _, c in self.trick} | {str(c) for c in self.played}
        return seen if seat is None else seen | {str(c) for c in self.hands[seat]}


def new_game(seed: int | None = None, deck: list[str] | None = None) -> SampleState:
    cards = [Card.parse(c) for c in deck] if deck else shuffled(standard_deck(), random.Random(seed))
    return SampleState(hands=(tuple(cards[:HAND]), tuple(cards[HAND:2 * HAND])), rest=tuple(cards[2 * HAND:]))


def action_from_json(data: Mapping[str, Any]) -> Action:
    if not isinstance(data, Mapping) or data.get("kind") != "play" or set(data) != {"kind", "card"}:
        raise IllegalAction("malformed", field="action")
    try:
        return Action.make("play", card=str(Card.parse(data["card"])))
    except ValueError:
        raise IllegalAction("malformed", field="card") from None


def intents(obs: Mapping[str, Any], source: Spot, target: Spot | None) -> list[Action]:
    if source.zone == "hand" and len(source.cards) == 1 and (target is None or target.zone == "trick"):
        return [Action.make("play", card=source.cards[0])]
    return []


def gesture_for(obs: Mapping[str, Any], action: Action) -> tuple[Spot, Spot | None]:
    return Spot("hand", obs["seat"], (action["card"],)), Spot("trick")


class FirstCard:
    """The computer: plays its first card (from its observation only)."""

    def choose(self, seen: list[dict[str, Any]], rng: random.Random) -> Action:
        return Action.from_dict(seen[-1]["legal"][0])


GAME = GameSpec(id=GAME_ID, new_game=new_game, action_from_json=action_from_json, max_actions=2 * HAND,
                public=("game", "seat", "to_move", "scores", "over", "winners", "hand_counts", "trick"),
                private={"hand": [], "legal": []}, intents=intents, gesture_for=gesture_for,
                make_bot=lambda level: FirstCard())
