"""The post-game review, game-agnostic: each of a seat's decisions with its value against the best one.

``review(match, seat)`` asks the game's ``GameSpec.review`` (imported only when asked, like the bots), which
judges every decision from that seat's observations at the time. A ``Moment`` whose ``better`` is set was
costly: ``loss`` is what it cost in the game's own unit, ``reason_key`` and ``params`` say why in words.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rules.core import Action
from rules.match import Match
from rules.shapes import Observation

UNJUDGED = "review.unjudged"  # a decision the game's evaluation could not settle (e.g. out of the solver's reach)
GOOD = "review.good"


@dataclass(frozen=True)
class Moment:
    """One decision: ``index`` of the action in the match history (the position is ``state_at(index)``)."""

    index: int
    chosen: Action
    better: Action | None = None
    loss: float = 0.0
    reason_key: str = GOOD
    params: dict[str, object] = field(default_factory=dict)  # the words' parameters

    @property
    def costly(self) -> bool:
        return self.better is not None

    @property
    def judged(self) -> bool:
        return self.reason_key != UNJUDGED


def seen_at(match: Match, seat: int, index: int) -> list[Observation]:
    """What ``seat`` had observed when it took action ``index``: its view at each of its turns until then."""
    return [match.state_at(i).observe(seat) for i in range(index + 1) if match.actor(i) == seat]


def decisions(match: Match, seat: int) -> list[int]:
    """The indices of the actions ``seat`` took."""
    return [i for i in range(len(match.actions)) if match.actor(i) == seat]


def review(match: Match, seat: int) -> list[Moment]:
    """Every judged decision of ``seat`` in ``match`` (empty for a game without a review)."""
    loader = match.spec.review
    return list(loader()(match, seat)) if loader is not None else []


def accuracy(moments: list[Moment]) -> int | None:
    """The share of judged decisions that were not costly, in percent (None when nothing was judged)."""
    judged = [m for m in moments if m.judged]
    if not judged:
        return None
    return round(100 * sum(not m.costly for m in judged) / len(judged))


def outcome(winners: list[int] | tuple[int, ...], seat: int) -> str:
    """"won", "lost" or "draw" (a shared win too) for ``seat``."""
    if seat in winners:
        return "won" if len(winners) == 1 else "draw"
    return "lost" if winners else "draw"


def verdict(moments: list[Moment], result: str) -> str:
    """The summary's verdict as a text key, from the result and the decisions: a win with no costly decision is
    well played; a loss with none says the review judges only part of a game; costly ones are named below."""
    kind = "costly" if any(m.costly for m in moments) else "clean" if any(m.judged for m in moments) else "unjudged"
    return f"review.verdict.{result}.{kind}"


def costliest(moments: list[Moment], n: int = 3) -> list[Moment]:
    """The ``n`` costly moments with the largest loss, in the order they happened."""
    worst = sorted((m for m in moments if m.costly), key=lambda m: (-m.loss, m.index))[:n]
    return sorted(worst, key=lambda m: m.index)


__all__ = ["GOOD", "UNJUDGED", "Moment", "accuracy", "costliest", "decisions", "outcome", "review", "seen_at",
           "verdict"]
