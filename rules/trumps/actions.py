"""Own Trumps actions: the shared action objects, the legal plays of a mask, and strict decoding from JSON."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.cards import SUIT_SYMBOLS
from rules.core import Action, IllegalAction
from rules.trumps.core import NAMES, PRETTY, SUITS, bits, index_of, refusal_for_card

PICK_UP = Action.make("pick_up")
PLAY: tuple[Action, ...] = tuple(Action.make("play", card=n) for n in NAMES)  # built once: apply is hot
PLAY_INDEX = {id(a): i for i, a in enumerate(PLAY)}  # the shared actions themselves, known by identity
CHOOSE: tuple[Action, ...] = tuple(Action.make("choose_trump", suit=s) for s in SUITS)
# The PLAY actions of a mask 9 bits at a time: PLAYS[k][b] plays the cards of b at bits 9k..9k+8.
PLAYS: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(PLAY[9 * k + i] for i in range(9) if b >> i & 1) for b in range(512)) for k in range(4))


def plays(mask: int) -> list[Action]:
    """The PLAY actions of the cards in ``mask``, lowest first (four table look-ups)."""
    p0, p1, p2, p3 = PLAYS
    return [*p0[mask & 511], *p1[mask >> 9 & 511], *p2[mask >> 18 & 511], *p3[mask >> 27]]


def parse_trumps(trumps: Sequence[str]) -> tuple[int, int]:
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


def refusal(state: Any, action: Action) -> str:
    """Why ``action`` is illegal in ``state`` (a TrumpsState), in words a player understands."""
    kind = action.kind
    if state.phase == "choose_trump":
        if kind != "choose_trump":
            return "First choose your trump suit."
        sym = SUIT_SYMBOLS.get(action.get("suit"), "?")
        return f"{sym} is already your opponent's trump: choose another suit."
    if kind == "choose_trump":
        return "The trump suits are already chosen."
    if kind == "pick_up":
        return _pick_up_refusal(state)
    if kind != "play":
        return f"There is no '{kind}' move in Own Trumps."
    try:
        card = index_of(action["card"])
    except (KeyError, ValueError) as exc:
        return f"That is not a card to play: {exc}."
    if not state.hands[state.turn] >> card & 1:
        return f"You do not hold {PRETTY[card]}."
    return refusal_for_card(state.trump(state.turn), card, state.pile[-1])


def _pick_up_refusal(state: Any) -> str:
    if state.phase == "second":
        return "You beat the card: now play a second card of your choice."
    if not state.pile:
        return "The pile is empty: lead any card."
    first = PRETTY[bits(state.playable())[0]]
    return f"You can beat {PRETTY[state.pile[-1]]} (with {first}, for example), so you may not pick up."
