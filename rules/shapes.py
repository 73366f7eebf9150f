"""The JSON shapes that cross the rules' boundary: a JSON value, an action's JSON form and the fields every game's
observation has. Each game's own observation (rules/<g>/types.py) extends ``Observation``; code that serves any
game (the match, the table's base, the server) reads only these fields, a game's own code its own type."""
from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, TypeAlias, TypedDict

JSON: TypeAlias = "str | int | float | bool | None | list[JSON] | dict[str, JSON]"
ActionJSON: TypeAlias = "dict[str, JSON]"  # ``Action.to_json()``: {"kind": ..., and the action's own fields}


class ActionKind(TypedDict):
    """What every action's JSON form has; each game's own (rules/<g>/types.py) adds its fields."""

    kind: str


class RefusalJSON(TypedDict):
    """``IllegalAction.to_json()``: the refusal's key, the game whose door refused and the key's plain parameters."""

    key: str
    game: str
    params: dict[str, object]


class Observation(TypedDict):
    """What every observation says, whatever the game: whose it is, who moves, what that seat may do, the score."""

    game: str
    seat: int
    to_move: int | None
    legal: list[ActionJSON]  # the seat's legal actions when it is to move, else empty
    scores: list[int]
    over: bool
    winners: list[int]


class Spot(NamedTuple):
    """A place on the table in the rules' words (rules/gesture.py): a ``zone`` ("hand", "draw", "pile", ...), whose
    it is (a seat, or None for a shared zone), the ``cards`` a finger holds or points at there, and a ``slot``."""

    zone: str
    owner: int | None = None
    cards: tuple[str, ...] = ()
    slot: int | None = None


def check_game(seen: Sequence[Observation], game: str, title: str) -> None:
    """A ValueError unless the latest of ``seen`` is ``game``'s (``title``: its name in the message); one written
    by hand (a test's) may leave the game out."""
    latest = seen[-1].get("game", game) if seen else game
    if latest != game:
        raise ValueError(f"a {latest} observation given to {title}")
