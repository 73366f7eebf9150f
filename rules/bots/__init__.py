"""Computer players. A bot sees only its seat's observations, never a state; each game's package has its own."""
from __future__ import annotations

import rules
from rules.bots.base import Bot, RandomBot


def make_bot(game_id: str, level: int = 2) -> Bot:
    """The computer opponent for a game; ``level`` 0 is random play, higher is stronger."""
    if level <= 0:
        return RandomBot()
    try:
        factory = rules.spec(game_id).make_bot
    except ValueError:
        factory = None
    if factory is None:
        raise ValueError(f"no computer player for {game_id!r}")
    return factory(level)


__all__ = ["Bot", "RandomBot", "make_bot"]
