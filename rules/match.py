"""One game's history: its setup plus the list of actions, with undo, redo, restart and JSON."""
from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import cast

from rules.core import Action, Event, GameSpec, GameState, IllegalAction
from rules.shapes import Observation

SAVE_VERSION = 1


class Match:
    """The single source of truth for a game in progress.

    ``setup`` holds what ``rules.new_game`` needs (``seed`` or ``deck`` plus options); every
    state is the fold of the actions over the first state. The cursor makes undo/redo cheap:
    undone actions stay in ``actions`` until a new action cuts the redo branch.
    """

    def __init__(self, game_id: str, setup: Mapping[str, object], actions: list[Action] | None = None,
                 cursor: int | None = None) -> None:
        import rules  # the registry imports this module's siblings; defer to avoid a cycle

        self.game_id = game_id
        self.setup = copy.deepcopy(dict(setup))
        self._spec = rules.spec(game_id)
        self._states: list[GameState] = [self._spec.new_game(**self.setup)]
        self.actions: list[Action] = []
        for a in actions or []:
            self._states.append(self._states[-1].apply(a))
            self.actions.append(a)
        self.cursor = len(self.actions) if cursor is None else cursor
        if not 0 <= self.cursor <= len(self.actions):
            raise ValueError("cursor outside the history")

    # --- reading -----------------------------------------------------------------------------
    @property
    def spec(self) -> GameSpec:
        """The game's :class:`~rules.core.GameSpec`."""
        return self._spec

    @property
    def state(self) -> GameState:
        return self._states[self.cursor]

    def state_at(self, index: int) -> GameState:
        return self._states[index]

    @property
    def played(self) -> list[Action]:
        """The actions up to the cursor (what the current state is made of)."""
        return self.actions[: self.cursor]

    def actor(self, index: int) -> int | None:
        """The seat that took action ``index``."""
        return self._states[index].to_move

    def view(self, seat: int, private: bool) -> Observation:
        """What a table shows of the current state from ``seat``'s chair: the seat's own observation when its
        player holds the device (``private``), else the public view that anyone watching may see."""
        obs = self.state.observe(seat)
        return obs if private else cast(Observation, self._spec.public_view(obs))  # the observation's shape

    def log(self) -> list[tuple[int, Event]]:
        """Public events up to the cursor as (action index, event)."""
        out: list[tuple[int, Event]] = []
        for i in range(1, self.cursor + 1):
            out.extend((i - 1, e) for e in self._states[i].events)
        return out

    # --- changing ----------------------------------------------------------------------------
    def play(self, action: Action) -> GameState:
        """Apply through the one door; a new action after undo discards the redo branch."""
        new = self.state.apply(action)
        del self.actions[self.cursor:]
        del self._states[self.cursor + 1:]
        self.actions.append(action)
        self._states.append(new)
        self.cursor += 1
        return new

    def can_undo(self, is_human: Callable[[int], bool] = lambda seat: True) -> bool:
        return self._undo_target(is_human) is not None

    def _undo_target(self, is_human: Callable[[int], bool]) -> int | None:
        for i in range(self.cursor - 1, -1, -1):
            seat = self.actor(i)
            if seat is not None and is_human(seat):
                return i
        return None

    def undo(self, is_human: Callable[[int], bool] = lambda seat: True) -> bool:
        """Step back over one human action and every non-human action that followed it."""
        target = self._undo_target(is_human)
        if target is None:
            return False
        self.cursor = target
        return True

    def can_redo(self) -> bool:
        return self.cursor < len(self.actions)

    def redo(self, is_human: Callable[[int], bool] = lambda seat: True) -> bool:
        """Re-apply the recorded human action and exactly the recorded replies after it."""
        if not self.can_redo():
            return False
        self.cursor += 1
        while self.cursor < len(self.actions):
            seat = self.actor(self.cursor)
            if seat is None or is_human(seat):
                break
            self.cursor += 1
        return True

    def restart(self) -> None:
        """The same deal from the start, with an empty history."""
        del self.actions[:]
        del self._states[1:]
        self.cursor = 0

    # --- saving ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, object]:
        return {
            "format": "card-duels-match",
            "version": SAVE_VERSION,
            "game": self.game_id,
            "setup": copy.deepcopy(self.setup),  # the caller may edit the record; the match stays intact
            "actions": [a.to_json() for a in self.actions],
            "cursor": self.cursor,
        }

    @classmethod
    def from_json(cls, data: object) -> Match:
        """Rebuild and re-validate every action; anything wrong raises ValueError with a reason."""
        import rules

        if not isinstance(data, dict) or data.get("format") != "card-duels-match":
            raise ValueError("not a Card Duels game")
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"saved by an unknown version ({data.get('version')!r})")
        game_id = data.get("game")
        if not isinstance(game_id, str) or game_id not in rules.GAMES:
            raise ValueError(f"unknown game {game_id!r}")
        setup, raw, cursor = data.get("setup"), data.get("actions"), data.get("cursor")
        if (not isinstance(setup, dict) or not isinstance(raw, list) or not isinstance(cursor, int)
                or isinstance(cursor, bool)):
            raise ValueError("damaged game record")
        try:
            actions = [rules.action_from_json(game_id, a) for a in raw]
            return cls(game_id, setup, actions, cursor)
        except IllegalAction as exc:
            raise ValueError(f"the saved moves are not legal: {exc}") from exc
        except (TypeError, KeyError, AttributeError, IndexError) as exc:
            raise ValueError(f"damaged game record: {exc}") from exc
