"""The contract every game follows: actions, the one validated door, observations, game specs."""
from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, Self, TypeAlias

from rules.shapes import JSON, ActionJSON, Observation, RefusalJSON, Spot


class IllegalAction(ValueError):
    """An action (or a gesture, or a message) the rules refuse: a ``key`` naming the reason and its parameters,
    worded once per language by the program (``<game>.refuse.<key>``, else ``refuse.<key>``). Parameters are plain
    JSON values; those named ``card…`` hold card codes ("7H") or lists of them, those named ``suit…`` a suit's letter
    ("H"). No prose lives in the rules.

    >>> exc = IllegalAction("hand_full", limit=10)
    >>> exc.key, exc.params, str(exc)
    ('hand_full', {'limit': 10}, 'hand_full limit=10')
    """

    def __init__(self, key: str, /, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params
        self.game = ""  # the game whose door refused (set there), so its own words are found first

    def __str__(self) -> str:
        return " ".join([self.key, *(f"{k}={v}" for k, v in self.params.items())])

    def to_json(self) -> RefusalJSON:
        return {"key": self.key, "game": self.game, "params": dict(self.params)}


Frozen: TypeAlias = "str | int | bool | None | tuple[Frozen, ...]"  # an action's value as the action holds it
_PLAIN = frozenset({str, int, bool, type(None)})  # values that need no freezing (the common case, checked fast)


def _freeze(value: object) -> Frozen:
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, (str, int, bool)) or value is None:
        return value
    raise ValueError(f"action values must be strings, numbers or lists, not {type(value).__name__}")


def _thaw(value: Frozen) -> JSON:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


def refused(game: str, key: str, /, **params: object) -> IllegalAction:
    """An :class:`IllegalAction` already marked as ``game``'s own."""
    exc = IllegalAction(key, **params)
    exc.game = game
    return exc


def public_of(observation: Mapping[str, object], public: Iterable[str],
              private: Mapping[str, object]) -> dict[str, object]:
    """What anyone watching may know, laid out from the observing seat's chair, built from the game's allow-list:
    the ``public`` fields of ``observation`` as they are and each ``private`` field as what an onlooker gets
    instead. A field on neither list is absent, so a field someone adds stays out until someone lists it."""
    view = {k: observation[k] for k in public}
    view.update({k: copy.deepcopy(v) for k, v in private.items()})
    return view


def check_seat(seat: Any) -> int:
    """``seat`` if it is 0 or 1, else ValueError (observations exist for the two seats only)."""
    if isinstance(seat, bool) or seat not in (0, 1):
        raise ValueError(f"no seat {seat!r}")
    return int(seat)


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
    def make(cls, kind: str, **kwargs: object) -> Action:
        return cls(kind, tuple(sorted((k, v if type(v) in _PLAIN else _freeze(v)) for k, v in kwargs.items())))

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Action:
        """Generic, unvalidated decoding; games validate the shape in their ``action_from_json``."""
        kind = data.get("kind") if isinstance(data, Mapping) else None
        if not isinstance(kind, str):
            raise IllegalAction("malformed", field="kind")
        try:
            return cls.make(kind, **{k: v for k, v in data.items() if k != "kind"})
        except (ValueError, TypeError) as exc:
            raise IllegalAction("malformed", field="args") from exc

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

    def to_json(self) -> ActionJSON:
        return {"kind": self.kind, **{k: _thaw(v) for k, v in self.args}}

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v}" for k, v in self.args)
        return f"{self.kind}({inner})"


Event = dict[str, Any]
"""A public record of what one action did, e.g. ``{"type": "kombi.draw", "seat": 0}``; the log is built from these."""


class GameState:
    """Base of every game's immutable state. Subclasses implement the abstract parts.

    ``apply`` is the one door: it validates (raising :class:`IllegalAction` with a reason) and
    returns a new state; ``self`` never changes.
    """

    game_id: str = ""
    seats: int = 2
    pack: ClassVar[frozenset[str]] = frozenset()  # every card the game plays with, as codes ("7H")

    # --- to be provided by each game -------------------------------------------------------
    @property
    def to_move(self) -> int | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _apply(self, action: Action) -> Self:  # pragma: no cover - abstract
        """Apply an action already known to be legal."""
        raise NotImplementedError

    def _refusal(self, action: Action) -> IllegalAction:
        """Why ``action`` is illegal here (only called for actions not in ``legal_actions``)."""
        return IllegalAction("not_now")

    def observe(self, seat: int) -> Observation:  # pragma: no cover - abstract
        """Everything ``seat`` may know now, as plain JSON: what the seat's own player is shown."""
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

    def visible_to(self, seat: int | None) -> set[str]:  # pragma: no cover - abstract
        """The cards ``seat`` may see now (None: anyone watching), as codes: the game's allow-list of cards, read
        from where the state keeps each card (the seat's hand, the table), never from the observation. Everything
        else of ``pack`` is hidden from that seat, and the privacy tests re-deal it (``redealt``)."""
        raise NotImplementedError

    def redealt(self, swap: Mapping[str, str]) -> Self:
        """The same moment with every card renamed by ``swap`` (a permutation of card codes), the history
        included: another deal in which the seat that sees none of the renamed cards saw the same game. A
        dataclass state is renamed field by field; a game that keeps its cards otherwise says how."""
        from rules.redeal import renamed_fields

        return renamed_fields(self, swap)

    # --- shared ------------------------------------------------------------------------------
    def hidden_from(self, seat: int) -> set[str]:
        """The cards ``seat`` may not see now: the pack less what the game lists as visible to it."""
        return set(self.pack.difference(self.visible_to(seat)))

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    def _apply_known(self, action: Action) -> Self | None:
        """A game's fast path, tried first by the door: the next state for an action the game knows at a glance to
        be legal here (e.g. one its own listing made, known by identity), or None to leave it to the door's check.
        It never returns a state for an action ``legal_actions`` does not list, and ``action`` may be anything
        (the door checks it is an Action only when the hook does not know it)."""
        return None

    def apply(self, action: Action) -> Self:
        """The one door: the game's fast path first (``_apply_known``), else the check against the legal actions,
        which refuses with a reason or applies (``_apply``)."""
        known = self._apply_known(action)
        if known is not None:
            return known
        if action.__class__ is not Action and not isinstance(action, Action):
            raise refused(self.game_id, "not_an_action")
        if self.is_over:
            raise refused(self.game_id, "game_over")
        if action not in self.legal_actions():
            raise self.refusal(action)
        return self._apply(action)

    def refusal(self, action: Action) -> IllegalAction:
        """Why the rules refuse ``action`` here (an action that is not legal now), as this game's refusal."""
        try:
            exc = self._refusal(action)
        except (KeyError, IndexError, TypeError, ValueError):  # e.g. an argument of a shape the reasons do not read
            exc = IllegalAction("not_now")
        exc.game = self.game_id
        return exc


class Bot(Protocol):
    """A computer player: from what its seat has seen (observations, oldest first), the action it takes."""

    def choose(self, seen: Sequence[Observation], rng: random.Random) -> Action: ...


@dataclass(frozen=True)
class Bench:
    """What the tools measure one game by (tools/arena.py, strength_bench.py, rules_bench.py), so that none of them
    lists the games. All optional: a game without a baseline or duels is left out of the strength bench."""

    baseline: Callable[[], Bot] | None = None  # the simple greedy player the bots are measured against, when asked
    # the strength bench's duels, "<hero>-<villain>" (a level, "greedy", "random", "ismcts"), and the deals each plays
    duels: Mapping[str, int] = field(default_factory=dict)
    targets: Mapping[str, float] = field(default_factory=dict)  # a duel's win-rate target, where not the bench's own
    playouts_then: int = 0  # random play-outs a second when issue 15 was filed: the rules bench wants 5x (0: none)
    # whether a seat ended the game stuck (Kombi: at the hand limit): the strength bench counts the hero's (goal 0)
    stuck: Callable[[GameState, int], bool] | None = None


@dataclass(frozen=True)
class GameSpec:
    """How the rest of the program reaches one game: its id, constructor, action decoder and computer player."""

    id: str
    new_game: Callable[..., GameState]
    action_from_json: Callable[[Mapping[str, object]], Action]
    # The longest possible game in actions, proved from the game's rules (docs/decisions.md, "Every game ends"):
    # replay codes and saves claiming more are refused, and the conformance tests hold every play-out to it.
    max_actions: int
    # The allow-list of the observation (``public_view``): its fields anyone watching may see (``public``), and
    # those only its own seat may see, each with what an onlooker gets instead (``private``, e.g.
    # ``{"hand": [], "legal": []}``). An observation holds exactly these fields (tests/test_redeal.py); the public
    # view, which tables draw unless the seat's own player holds the device and which onlookers and replays get,
    # is built from them, so a field nobody listed is absent.
    private: Mapping[str, object]
    public: tuple[str, ...]
    # The gestures (rules/gesture.py): (observation, source spot, target spot or None) -> the actions it may mean,
    # and (observation, action) -> the (source, target) gesture that makes it.
    intents: Callable[[Observation, Spot, Spot | None], list[Action]]
    gesture_for: Callable[[Observation, Action], tuple[Spot, Spot | None] | None]
    make_bot: Callable[[int], Bot] | None = None  # level -> bot; imported when first asked for
    # () -> review(match, seat) -> list of rules.review.Moment; imported when first asked for
    review: Callable[[], Callable[..., Any]] | None = None
    # Setup options when a human in seat 0 plays the computer (e.g. the human chooses first).
    vs_computer: Mapping[str, object] = field(default_factory=dict)
    bench: Bench = field(default_factory=Bench)  # what the tools measure the game by
    # How a player's results are measured (the statistics' "Best" and average): the lowest score is the best (a sum
    # of penalties, cards left), and no score counts above ``score_cap`` (the game ends there).
    low_score_wins: bool = False
    score_cap: int | None = None
    # Whether both seats among the winners is a win shared (Card Square, RULES.md §1.5) rather than a draw (Kombi,
    # Own Trumps): the statistics count a draw as neither a win nor a loss.
    ties_share_win: bool = False
    # Games in a ranked quick match's series (game/online/series.py): 3 where a ranked match is a best of 3.
    ranked_series: int = 1
    # Where the rules say who deals the next game between the same two players (Own Trumps: the loser): from the last
    # game's observation (which then holds its "dealer") and winners, the seat of that game that deals the next one.
    # None: the next game's seed decides, as it decides the first (a cut, a random start player).
    next_dealer: Callable[[Mapping[str, object], Sequence[int]], int] | None = None

    def public_view(self, observation: Mapping[str, object]) -> dict[str, object]:
        """What anyone watching may know of ``observation``, built from the allow-list (``public_of``)."""
        return public_of(observation, self.public, self.private)
