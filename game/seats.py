"""Who decides next: the computer thinks off the main loop, after a short visible pause."""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from rules.bots import make_bot
from rules.core import Action, GameState
from rules.match import Match
from rules.rng import derive

THINK_PAUSE = 0.55  # seconds of visible "thinking", so a reply is never instant and unreadable


def seen_by(match: Match, seat: int, cache: dict[int, tuple[GameState, dict]]) -> list[dict[str, Any]]:
    """Everything ``seat`` has observed: its view at each of its turns so far, then now.

    A bot's memory is exactly this list; it never receives a state.
    """
    out = []
    for i in range(match.cursor + 1):
        st = match.state_at(i)
        if st.to_move == seat or i == match.cursor:
            hit = cache.get(id(st))
            if hit is None or hit[0] is not st:
                hit = (st, st.observe(seat))
                cache[id(st)] = hit
            out.append(hit[1])
    return out


class BotRunner:
    """Runs one bot decision at a time in a worker thread; the frame loop only polls."""

    def __init__(self, executor: ThreadPoolExecutor) -> None:
        self.executor = executor
        self.future: Future | None = None
        self.key: tuple | None = None
        self.elapsed = 0.0
        self._obs_cache: dict[int, tuple[GameState, dict]] = {}

    def cancel(self) -> None:
        if self.future is not None:
            self.future.cancel()
        self.future, self.key, self.elapsed = None, None, 0.0

    def start(self, game_id: str, level: int, match: Match, seat: int, seed: int) -> None:
        key = (id(match.state), seat)
        if self.key == key:
            return
        self.cancel()
        seen = seen_by(match, seat, self._obs_cache)
        rng = derive(seed, "bot", seat, match.cursor)
        bot = make_bot(game_id, level)
        self.future = self.executor.submit(bot.choose, seen, rng)
        self.key = key

    def poll(self, dt: float, pause: float) -> Action | None:
        """The bot's action once it is ready and the visible pause has passed."""
        if self.future is None:
            return None
        self.elapsed += dt
        if self.elapsed < pause or not self.future.done():
            return None
        action = self.future.result()
        self.future, self.key, self.elapsed = None, None, 0.0
        return action

    @property
    def thinking(self) -> bool:
        return self.future is not None


def hint_for(game_id: str, match: Match, seat: int, level: int = 3) -> Action | None:
    """What the computer would play in this seat now (a preview only)."""
    state = match.state
    if state.to_move != seat:
        return None
    seen = seen_by(match, seat, {})
    return make_bot(game_id, max(1, level)).choose(seen, derive(0, "hint", match.cursor))
