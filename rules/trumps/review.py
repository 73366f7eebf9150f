"""Own Trumps review: the exact result of each move from the endgame solver, where the position is in its reach.

All 36 cards are dealt, so the seat's view is the whole position; positions with more than
``ENDGAME_CARDS`` cards in both hands, or a search over its budget, get no verdict.
"""
from __future__ import annotations

from rules.core import Action
from rules.match import Match
from rules.review import UNJUDGED, Moment, decisions
from rules.trumps.core import NAMES
from rules.trumps.solver import ENDGAME_BUDGET, ENDGAME_CARDS, PICK, cards_in_hands, key_of, solve_state
from rules.trumps.state import TrumpsState

RESULTS = {1: "win", 0: "draw", -1: "loss"}


def outcome(state: TrumpsState, action: Action, seat: int, budget: int) -> int | None:
    """The exact result for ``seat`` after ``action`` (1 win, 0 draw, -1 loss), None when unproven."""
    nxt = state.apply(action)
    if nxt.is_over:
        return 0 if len(nxt.winners) != 1 else (1 if seat in nxt.winners else -1)
    solved = solve_state(nxt, budget)
    if solved is None:
        return None
    return solved.value if nxt.to_move == seat else -solved.value


def judge(state: TrumpsState, chosen: Action, seat: int, index: int, budget: int = ENDGAME_BUDGET,
          reach: int = ENDGAME_CARDS) -> Moment | None:
    """The position's exact value against the chosen move's: two solves (none more when all is lost)."""
    if state.phase not in ("play", "second"):
        return None  # the trump choice has no verdict
    if cards_in_hands(key_of(state.position_key)) > reach:
        return Moment(index, chosen, reason_key=UNJUDGED)
    root = solve_state(state, budget)
    if root is None:
        return Moment(index, chosen, reason_key=UNJUDGED)
    if root.value == -1:
        return Moment(index, chosen, params={"result": RESULTS[-1]})  # lost whatever the move
    value = outcome(state, chosen, seat, budget)
    if value is None:
        return Moment(index, chosen, reason_key=UNJUDGED)
    if value >= root.value:
        return Moment(index, chosen, params={"result": RESULTS[value]})
    best = Action.make("pick_up") if root.move == PICK else Action.make("play", card=NAMES[root.move])
    key = "review.trumps.win" if root.value == 1 else "review.trumps.draw"
    return Moment(index, chosen, best, float(root.value - value), key,
                  {"result": RESULTS[value], "best": RESULTS[root.value]})


def review(match: Match, seat: int) -> list[Moment]:
    out = []
    for i in decisions(match, seat):
        state = match.state_at(i)
        assert isinstance(state, TrumpsState)  # an Own Trumps match
        m = judge(state, match.actions[i], seat, i)
        if m is not None:
            out.append(m)
    return out
