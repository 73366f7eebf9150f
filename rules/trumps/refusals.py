"""Own Trumps: why an action is refused, as a key and its parameters (only asked for illegal actions).

Cards are codes in parameters named ``card…`` and suits letters in those named ``suit…``; the table words them
(``trumps.refuse.<key>`` in game/tables/trumps/text.py).
"""
from __future__ import annotations

from typing import Protocol

from rules.core import Action, IllegalAction
from rules.trumps.core import ACE, NAMES, SUITS, bits, index_of


class TrumpsState(Protocol):
    """What the reasons read of the state (rules/trumps/state.py's TrumpsState, which imports this module): cards
    as indexes, hands as masks."""

    @property
    def phase(self) -> str: ...
    @property
    def turn(self) -> int: ...
    @property
    def hands(self) -> tuple[int, int]: ...
    @property
    def pile(self) -> tuple[int, ...]: ...
    def trump(self, seat: int) -> int: ...
    def playable(self) -> int: ...


ARGS = {"choose_trump": ("suit",), "play": ("card",), "pick_up": ()}  # each kind's arguments, sorted


def refusal(state: TrumpsState, action: Action) -> IllegalAction:
    """The reason ``state`` (a TrumpsState) refuses ``action``."""
    kind = action.kind
    if kind not in ARGS:
        return IllegalAction("unknown_kind", kind=kind)
    if tuple(k for k, _ in action.args) != ARGS[kind]:
        return IllegalAction("malformed", field=kind)
    if state.phase == "choose_trump":
        if kind != "choose_trump":
            return IllegalAction("choose_first")
        suit = action.get("suit")
        if suit not in tuple(SUITS):
            return IllegalAction("malformed", field="suit")
        return IllegalAction("trump_taken", suit=suit)
    if kind == "choose_trump":
        return IllegalAction("trumps_chosen")
    if kind == "pick_up":
        return _pick_up_refusal(state)
    try:
        card = index_of(action["card"])
    except (KeyError, ValueError):
        return IllegalAction("malformed", field="card")
    if not state.hands[state.turn] >> card & 1:
        return IllegalAction("not_in_hand", card=NAMES[card])
    return does_not_beat(state.trump(state.turn), card, state.pile[-1])


def does_not_beat(trump: int, card: int, top: int) -> IllegalAction:
    """Why ``card`` does not beat ``top`` for a player whose trump is ``trump`` (RULES.md §3.4)."""
    params = {"card": NAMES[card], "card_top": NAMES[top], "suit_trump": SUITS[trump]}
    if top == 4 * ACE + trump:
        return IllegalAction("no_beat_ace", **params)
    if top % 4 == trump:
        return IllegalAction("no_beat_trump", **params)
    return IllegalAction("no_beat_plain", suit=SUITS[top % 4], **params)


def _pick_up_refusal(state: TrumpsState) -> IllegalAction:
    if state.phase == "second":
        return IllegalAction("second_card")
    if not state.pile:
        return IllegalAction("pile_empty")
    return IllegalAction("can_beat", card_top=NAMES[state.pile[-1]], card=NAMES[bits(state.playable())[0]])
