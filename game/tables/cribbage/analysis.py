"""The cribbage table's discard analysis: the worker computes the 15 rows and the expert's pick
(rules/cribbage/advice.py); this turns them into the grid the analysis overlay (game/scenes/analysis.py) shows."""
from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from game.scenes.analysis import Grid
from game.seats import seen_by
from rules.cards import pretty_cards
from rules.cribbage.advice import analyse
from rules.cribbage.types import cribbage_seen

if TYPE_CHECKING:
    from game.tables.cribbage.face import CribbageFace


def available(table: CribbageFace) -> bool:
    """Offered while the player has six cards to split."""
    obs = table.obs
    return bool(table.my_turn and obs.get("phase") == "discard" and obs.get("cut") is None
                and len(obs.get("hand") or ()) == 6)


def _points(x: float, sign: str = "") -> str:
    return f"{x:+.2f}" if sign else f"{x:.2f}"


def request(table: CribbageFace) -> tuple[Future, Callable[[Any], Grid]]:
    seen = seen_by(table.match, table.view_seat, {})
    future = table.app.executor.submit(analyse, seen, (0, "hint", table.match.cursor))
    obs = cribbage_seen(seen)[-1]
    dealer = obs["dealer"] == obs["seat"]
    t = table.t

    def grid(result: tuple[list, tuple[str, str] | None]) -> Grid:
        rows, pick = result
        headers = [t("cribbage.analysis.discard"), t("cribbage.analysis.hand"),
                   t("cribbage.analysis.own_crib" if dealer else "cribbage.analysis.their_crib"),
                   t("cribbage.analysis.pegging"), t("cribbage.analysis.total")]
        cells = [[pretty_cards(r.discard), _points(r.hand), _points(r.crib if dealer else -r.crib, "+"),
                  _points(r.pegging, "+"), _points(r.total)] for r in rows]
        marked = next((i for i, r in enumerate(rows) if r.discard == pick), None)
        return Grid(t("cribbage.analysis.title"), headers, cells, marked, t("cribbage.analysis.note"))

    return future, grid
