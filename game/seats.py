"""Who decides next: the computer thinks in a worker process, off the frame loop, after a short visible pause."""
from __future__ import annotations

import os
from concurrent.futures import Executor, Future

from game.botworker import BotExecutor, WorkerStopped
from rules.bots import make_bot
from rules.core import Action, GameState
from rules.match import Match
from rules.rng import derive
from rules.shapes import Observation

__all__ = ["BotExecutor", "BotRunner", "hint_for", "seen_by", "think"]
THINK_PAUSE = 0.55  # seconds of visible "thinking", so a reply is never instant and unreadable
HINT_LEVEL = 3  # hints come from the strongest computer


def think(game_id: str, level: int, seen: list[Observation], stream: tuple) -> tuple[Action, int]:
    """One bot decision, run in the worker: only the observations, the level and the key of the bot's seeded
    stream (``derive(*stream)``) go in; the action and the worker's pid come back. A bot's budget counts its
    work, so the move is the same in any process and at any speed. The key, not the generator's state, is
    sent: the frame that starts a think neither seeds a generator nor pickles its 625 words."""
    return make_bot(game_id, level).choose(seen, derive(*stream)), os.getpid()


def seen_by(match: Match, seat: int, cache: dict[int, tuple[GameState, Observation]]) -> list[Observation]:
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
    """Runs one bot decision at a time in the worker; the frame loop only polls."""

    def __init__(self, executor: Executor | BotExecutor, block: bool = False) -> None:
        self.executor = executor
        # Headless (tests, demos) a simulated clock runs faster than the worker may think: once the pause
        # is over, wait for the answer, so the frame a move lands on never depends on the machine's load.
        self.block = block
        self.future: Future | None = None
        self.key: tuple | None = None
        self.elapsed = 0.0
        self._obs_cache: dict[int, tuple[GameState, Observation]] = {}
        self._job: tuple = ()
        self.worker_pid: int | None = None  # the process that made the latest move (tests check it)

    def cancel(self) -> None:
        if self.future is not None:
            stop = getattr(self.executor, "cancel", None)
            stop(self.future) if stop is not None else self.future.cancel()
        self.future, self.key, self.elapsed = None, None, 0.0

    def start(self, game_id: str, level: int, match: Match, seat: int, seed: int) -> None:
        key = (id(match.state), seat)
        if self.key == key:
            return
        self.cancel()
        seen = seen_by(match, seat, self._obs_cache)
        self._job = (game_id, level, seen, (seed, "bot", seat, match.cursor))
        self.future = self.executor.submit(think, *self._job)
        self.key = key

    def poll(self, dt: float, pause: float) -> Action | None:
        """The bot's action once it is ready and the visible pause has passed."""
        if self.future is None:
            return None
        self.elapsed += dt
        if self.elapsed < pause or not (self.block or self.future.done()):
            return None
        try:
            action, self.worker_pid = self.future.result()
        except WorkerStopped as exc:  # the process died (not the bot's own error): think the move here instead
            if not isinstance(self.executor, BotExecutor) or not self.executor.processes:
                raise
            self.executor.fall_back(str(exc))
            self.future = self.executor.submit(think, *self._job)
            return None
        self.future, self.key, self.elapsed = None, None, 0.0
        return action

    @property
    def thinking(self) -> bool:
        return self.future is not None


def hint_for(game_id: str, match: Match, seat: int, level: int = HINT_LEVEL) -> Action | None:
    """What the computer would play in this seat now, thought here and now (tables ask the worker instead)."""
    state = match.state
    if state.to_move != seat:
        return None
    seen = seen_by(match, seat, {})
    return make_bot(game_id, max(1, level)).choose(seen, derive(0, "hint", match.cursor))
