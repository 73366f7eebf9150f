"""Kombi-Duell: a Pass that would end the game asks first (the game can end at 0:0 with no warning)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import Action, IllegalAction

if TYPE_CHECKING:
    from game.tables.protocols import TableCore


def ask_before_ending(table: TableCore, action: Action) -> bool:
    """True when ``action`` would end the game and the question was put instead (Yes submits it)."""
    apply = getattr(table.match.state, "apply", None)  # an online table only sees the server's answer
    if apply is None:
        return False
    try:
        after = apply(action)
    except IllegalAction:
        return False
    if not after.is_over:
        return False
    a, b = table.session.names
    text = table.t("kombi.confirm_end", a=a, sa=after.scores[0], b=b, sb=after.scores[1])
    table.app.push("confirm", text=text, yes="kombi.confirm_end.yes", on_yes=lambda: table.submit(action))
    return True
