"""Own Trumps actions: the shared action objects, the legal plays of a mask, and strict decoding from JSON."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.cards import Card
from rules.core import Action, IllegalAction
from rules.trumps.core import INDEX, NAMES, SUITS
from rules.trumps.refusals import ARGS

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


def action_from_json(data: Mapping[str, object]) -> Action:
    """Strict decoding: ``choose_trump`` {suit}, ``play`` {card of the 36-card pack}, ``pick_up`` {}."""
    if not isinstance(data, Mapping):
        raise IllegalAction("malformed", field="action")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in ARGS:
        raise IllegalAction("unknown_kind", kind=str(kind)[:40])
    if set(data) - {"kind"} != set(ARGS[kind]):
        raise IllegalAction("malformed", field=kind)
    if kind == "choose_trump":
        suit = data["suit"]
        if not isinstance(suit, str) or len(suit) != 1 or suit.upper() not in SUITS:
            raise IllegalAction("malformed", field="suit")
        return CHOOSE[SUITS.index(suit.upper())]
    if kind == "play":
        return PLAY[_json_card(data["card"])]
    return PICK_UP


def _json_card(value: object) -> int:
    """The index of a card named in JSON: a card of the 36-card pack, else a refusal."""
    if not isinstance(value, str):
        raise IllegalAction("malformed", field="card")
    try:
        card = Card.parse(value)
    except ValueError:
        raise IllegalAction("malformed", field="card") from None
    if card not in INDEX:
        raise IllegalAction("not_in_pack", card=str(card))
    return INDEX[card]
