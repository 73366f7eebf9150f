"""The contract every game follows: actions, the one validated door, observations, game specs."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


class IllegalAction(ValueError):
    """An action the rules refuse; the message says why in words a player understands."""


_PLAIN = frozenset({str, int, bool, type(None)})  # values that need no freezing (the common case, checked fast)


def _freeze(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, (str, int, bool)) or value is None:
        return value
    raise ValueError(f"action values must be strings, numbers or lists, not {type(value).__name__}")


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


def check_seat(seat: Any) -> int:
    """``seat`` if it is 0 or 1, else ValueError (observations exist for the two seats only)."""
    if isinstance(seat, bool) or seat not in (0, 1):
        raise ValueError(f"no seat {seat!r}")
    return seat


@dataclass(frozen=True)
class Action:
    """A small immutable move: a kind plus named JSON-able arguments (cards written ``"7H"``).

    >>> a = Action.make("exchange", hand="4C", area="QD")
    >>> a.to_json()
    {'kind': 'exchange', 'area': 'QD', 'hand': '4C'}
    >>> Action.from_dict(a.to_json()) == a
    True
    """

    kind: str
    args: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def make(cls, kind: str, **kwargs: Any) -> Action:
        return cls(kind, tuple(sorted((k, v if type(v) in _PLAIN else _freeze(v)) for k, v in kwargs.items())))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Action:
        """Generic, unvalidated decoding; games validate the shape in their ``action_from_json``."""
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise IllegalAction("an action needs a 'kind'")
        try:
            return cls.make(data["kind"], **{k: v for k, v in data.items() if k != "kind"})
        except (ValueError, TypeError) as exc:
            raise IllegalAction(f"malformed action: {exc}") from exc

    def get(self, name: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == name:
                return v
        return default

    def __getitem__(self, name: str) -> Any:
        for k, v in self.args:
            if k == name:
                return v
        raise KeyError(name)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **{k: _thaw(v) for k, v in self.args}}

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v}" for k, v in self.args)
        return f"{self.kind}({inner})"


def evolve(state: Any, /, **changes: Any) -> Any:
    """A copy of a frozen dataclass ``state`` with ``changes``: what ``dataclasses.replace`` does, without
    re-running ``__init__`` (the hot path of every ``apply``). Values a state memoised with :func:`memo`
    belong to the old state and are not copied.
    """
    new = object.__new__(state.__class__)
    d = new.__dict__
    d.update(state.__dict__)
    if "_memo" in d:
        for key in d.pop("_memo"):
            d.pop(key, None)
    d.update(changes)
    return new


def memo(state: Any, key: str, value: Any) -> Any:
    """Remember ``value`` on an immutable state (its own derived data, e.g. the legal actions)."""
    d = state.__dict__
    d[key] = value
    d["_memo"] = (*d.get("_memo", ()), key)
    return value


Event = dict[str, Any]
"""A public record of what one action did, e.g. ``{"type": "kombi.draw", "seat": 0}``; the log is built from these."""


class GameState:
    """Base of every game's immutable state. Subclasses implement the abstract parts.

    ``apply`` is the one door: it validates (raising :class:`IllegalAction` with a reason) and
    returns a new state; ``self`` never changes.
    """

    game_id: str = ""
    seats: int = 2

    # --- to be provided by each game -------------------------------------------------------
    @property
    def to_move(self) -> int | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _apply(self, action: Action) -> GameState:  # pragma: no cover - abstract
        """Apply an action already known to be legal."""
        raise NotImplementedError

    def _refusal(self, action: Action) -> str:
        """Why ``action`` is illegal here (only called for actions not in ``legal_actions``)."""
        return "That move is not allowed now."

    def observe(self, seat: int) -> dict[str, Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    @property
    def scores(self) -> tuple[int, ...]:  # pragma: no cover - abstract
        raise NotImplementedError

    @property
    def winners(self) -> tuple[int, ...]:  # pragma: no cover - abstract
        """Seats that won (both on a draw or a shared win); empty while the game runs."""
        raise NotImplementedError

    @property
    def events(self) -> tuple[Event, ...]:
        """Public events produced by the action that led to this state."""
        return ()

    def hidden_from(self, seat: int) -> set[str]:  # pragma: no cover - abstract
        """Card strings that ``seat`` may not see now; used by the hidden-information tests."""
        raise NotImplementedError

    # --- shared ------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.to_move is None

    def apply(self, action: Action) -> GameState:
        if self.is_over:
            raise IllegalAction("The game is over.")
        if not isinstance(action, Action):
            raise IllegalAction("not an action")
        if action not in self.legal_actions():
            try:
                reason = self._refusal(action)
            except (KeyError, IndexError, TypeError, ValueError):  # e.g. an extra argument the words do not expect
                reason = "That move is not allowed now."
            raise IllegalAction(reason)
        return self._apply(action)


@dataclass(frozen=True)
class GameSpec:
    """How the rest of the program reaches one game: its id, constructor, action decoder and computer player."""

    id: str
    new_game: Callable[..., GameState]
    action_from_json: Callable[[Mapping[str, Any]], Action]
    # The longest possible game in actions, proved from the game's rules (docs/decisions.md, "Every game ends"):
    # replay codes and saves claiming more are refused, and the conformance tests hold every play-out to it.
    max_actions: int
    make_bot: Callable[[int], Any] | None = None  # level -> bot; imported when first asked for
    # () -> review(match, seat) -> list of rules.review.Moment; imported when first asked for
    review: Callable[[], Callable[..., Any]] | None = None
    # Setup options when a human in seat 0 plays the computer (e.g. the human chooses first).
    vs_computer: Mapping[str, Any] = field(default_factory=dict)
