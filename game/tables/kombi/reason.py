"""Why the selected cards are no combination, in the rules' own words: the reason a drag of them onto one's pile
is refused with, so the preview line and the drag say the same thing."""
from __future__ import annotations

from typing import Any

from rules.core import IllegalAction
from rules.kombi.state import play_action


def selection_reason(table: Any, cards: list[str]) -> str:
    """The refusal a play of ``cards`` as one group would meet (the door's own reason), else the general words
    (an online table holds no state to ask)."""
    apply = getattr(table.match.state, "apply", None)
    if apply is not None:
        try:
            apply(play_action([cards]))
        except IllegalAction as exc:
            exc.game = exc.game or "kombi"
            return str(table.t.refusal(exc))
    return str(table.t("kombi.preview_bad"))
