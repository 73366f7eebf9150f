"""The online protocol's messages as the type checker knows them: a client's once ``protocol.decode_client`` has
checked it, a server's once ``served.decode_server`` has, and the parts they share (a log entry, an early end)."""
from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, Required, TypeAlias, TypedDict

if TYPE_CHECKING:
    from rules.core import Event
    from rules.shapes import ActionJSON, Observation, RefusalJSON

Step: TypeAlias = "list[int | Event]"  # [action index, event]: one entry of a state message's public log


class Ending(TypedDict):
    """A game the server ended early (a resignation, an abandoned seat): why, whose seat it was and who won."""

    reason: str
    seat: int
    winners: list[int]


class ClientMsg(TypedDict, total=False):
    """A client message after ``protocol.decode_client``: its type and the fields its schema checked."""

    type: Required[str]
    game: str
    name: str
    code: str
    token: str
    at: int
    action: ActionJSON
    id: int | str
    key: str
    sig: str
    best: int


# A server message as ``served.decode_server`` holds it: which fields a type carries is ``served._check_server``'s
# (and docs/online.md's); ``from`` is a Python keyword, hence the functional form. ``_status`` is the client's own
# note (game/online/client.py: ``status``, ``reason``, ``kind``).
ServerMsg = TypedDict("ServerMsg", {
    "v": int, "type": str, "code": str, "seat": int, "token": str, "game": str, "commit": str,
    "names": list["str | None"], "connected": list[bool], "status": str, "asked": list[bool],
    "count": int, "from": int, "full": bool, "obs": "Observation", "events": list["tuple[int, Event]"],
    "result": "Ending | None", "seed": "int | None", "secret": str, "actions": list["ActionJSON"],
    "message": str, "ref": "str | None", "refusal": "RefusalJSON", "nonce": str, "player": str, "name": str,
    "id": "int | str", "reason": str, "kind": str, "watchers": int, "delay": int, "tables": list["LiveRow"],
    "scores": list[int], "series": "SeriesJSON | None",
}, total=False)


class LiveRow(TypedDict):
    """A running game in the ``live`` list a spectator chooses from (game/online/watching.py)."""

    code: str
    game: str
    count: int
    watchers: int
    names: list[str | None]


class BoardLine(TypedDict):
    """A leaderboard's line as the app reads it (``standing.checked``); the server's has its record too."""

    place: int
    name: str
    rating: int
    games: int


class ServedLine(BoardLine):
    rd: int
    wins: int
    losses: int
    draws: int


class MyRating(TypedDict):
    """One player's rating in one game: the change of their last game (``prior``) and their place (None while
    provisional)."""

    rating: int
    games: int
    provisional: bool
    prior: int | None
    place: int | None


class ServedRating(MyRating):
    rd: int  # the rating's deviation, which the server gives and the app does not show


class Board(TypedDict):
    """``GET /leaderboard/<game>``: the established players' count, the top and the asking player's own line."""

    game: NotRequired[str]  # the server names it; the app knows which board it asked for
    players: int
    placement: int
    top: list[BoardLine]
    me: MyRating | None


class RatingChange(TypedDict):
    """What ``ratings.settle`` changed: both players' ratings in the game, before and after."""

    game: str
    players: list[str]
    before: list[float]
    after: list[float]


class SeriesJSON(TypedDict):
    """A table's best-of-3 series as a state message carries it (game/online/series.py)."""

    best: int  # games in the series (3)
    game: int  # which game of the series this table is (from 1; a drawn game adds one beyond ``best``)
    wins: list[int]  # the games each seat of this table has won in the series, this one too once it is over
