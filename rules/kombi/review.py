"""Kombi-Duell review: points left unplayed when a play was available, or a draw that should have been a play.

Everything here is in the seat's own view: its hand and the legal actions it was offered.
"""
from __future__ import annotations

from rules.core import Action
from rules.kombi.combos import combo_points
from rules.kombi.types import KombiObs, kombi_obs
from rules.match import Match
from rules.review import GOOD, UNJUDGED, Moment, decisions


def play_points(action: Action) -> int:
    return sum(combo_points(combo) for combo in action["combos"]) if action.kind == "play" else 0


def judge(obs: KombiObs, chosen: Action, index: int) -> Moment:
    legal = [Action.from_dict(a) for a in obs["legal"]]
    plays = [a for a in legal if a.kind == "play"]  # most points first
    if not plays or chosen.kind == "exchange":  # nothing to weigh it against: not judged (no "100%" for it)
        return Moment(index, chosen, reason_key=UNJUDGED)
    best = plays[0]
    best_pts = play_points(best)
    if chosen.kind == "pass":
        return Moment(index, chosen, best, float(best_pts), "review.kombi.unplayed", {"points": best_pts})
    if chosen.kind == "draw":
        used = sum(len(c) for c in best["combos"])
        if used == len(obs["hand"]):  # the play would have emptied the hand and ended the game
            return Moment(index, chosen, best, float(best_pts), "review.kombi.draw", {"points": best_pts})
        return Moment(index, chosen, reason_key=UNJUDGED)  # drawing before playing may be wise: not judged
    lost = best_pts - play_points(chosen)
    if lost > 0:
        return Moment(index, chosen, best, float(lost), "review.kombi.smaller", {"points": lost})
    return Moment(index, chosen, None, 0.0, GOOD)


def review(match: Match, seat: int) -> list[Moment]:
    return [judge(kombi_obs(match.state_at(i).observe(seat)), match.actions[i], i) for i in decisions(match, seat)]
