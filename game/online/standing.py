"""The app's side of ratings and leaderboards: a board fetched from the server's ``/leaderboard`` JSON in a thread
(the frame loop only looks at the answer), its figures checked like any network message, and the latest rating
the server gave this device per game, kept in ``online-ratings.json`` for Statistics."""
from __future__ import annotations

import json
import logging
import threading
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING

from game.online.ratings import PLACEMENT
from game.paths import user_data_dir

if TYPE_CHECKING:
    from game.online.messages import Board, BoardLine, MyRating
    from game.services import Words

log = logging.getLogger("carduels.online")

TIMEOUT = 5.0
MAX_BYTES = 256 * 1024  # a board of 50 lines is a few kilobytes


def board_url(server: str, game: str, player: str | None) -> str:
    """The HTTP address of ``game``'s board on the server at the websocket address ``server``."""
    parts = urllib.parse.urlsplit(server)
    scheme = "https" if parts.scheme == "wss" else "http"
    query = urllib.parse.urlencode({"player": player}) if player else ""
    return urllib.parse.urlunsplit((scheme, parts.netloc, f"/leaderboard/{game}", query, ""))


def _int(value: object, low: int = 0, high: int = 100_000) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError("not a figure")
    return value


def _line(raw: object) -> BoardLine:
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        raise ValueError("not a board line")
    return {"place": _int(raw.get("place"), 1), "name": raw["name"][:16], "rating": _int(raw.get("rating")),
            "games": _int(raw.get("games"), 0, 10**9)}


def _mine(raw: object) -> MyRating | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise ValueError("not a rating")
    prior, place = raw.get("prior"), raw.get("place")
    return {"rating": _int(raw.get("rating")), "games": _int(raw.get("games"), 0, 10**9),
            "provisional": bool(raw.get("provisional")), "prior": None if prior is None else _int(prior),
            "place": None if place is None else _int(place, 1, 10**9)}


def checked(doc: object) -> Board:
    """The board as the app uses it; ValueError for anything else (a server may send anything)."""
    if not isinstance(doc, dict) or not isinstance(doc.get("top"), list):
        raise ValueError("not a board")
    return {"players": _int(doc.get("players"), 0, 10**9), "placement": _int(doc.get("placement"), 0, 1000),
            "top": [_line(x) for x in doc["top"][:50]], "me": _mine(doc.get("me"))}


def fetch(server: str, game: str, player: str | None) -> Board:
    with urllib.request.urlopen(board_url(server, game, player), timeout=TIMEOUT) as r:  # noqa: S310 - http(s) only
        return checked(json.loads(r.read(MAX_BYTES)))


def rating_words(t: Words, game: str, mine: MyRating | None, players: int | None = None) -> str:
    """This player's standing in ``game`` in a sentence (the lobby, the board)."""
    name = t(f"game.{game}")
    if mine is None:
        return t("rating.none", game=name)
    if mine["provisional"] or mine["place"] is None:
        return t("rating.provisional", game=name, rating=mine["rating"], games=mine["games"], placement=PLACEMENT)
    return t("rating.placed", game=name, rating=mine["rating"], place=mine["place"], players=players or mine["place"])


def change_words(t: Words, mine: MyRating | None) -> str:
    """The last game's change of this player's rating ("Rating 1500 → 1523 (+23)"), or "" when there was none."""
    if mine is None or mine["prior"] is None:
        return ""
    diff = mine["rating"] - mine["prior"]
    change = f"{diff:+d}".replace("-", "−")
    if mine["provisional"]:  # a placement game moves a rating far: the player should know why
        return t("rating.change_provisional", before=mine["prior"], after=mine["rating"], change=change,
                 games=mine["games"], placement=PLACEMENT)
    return t("rating.change", before=mine["prior"], after=mine["rating"], change=change)


class Standing:
    """One board being fetched: ``board`` once it came, ``failed`` when it could not be had."""

    def __init__(self, server: str, game: str, player: str | None, keep: RatingFile | None = None) -> None:
        self.server, self.game, self.player, self.keep = server, game, player, keep
        self.board: Board | None = None
        self.failed = False

    def start(self) -> Standing:
        threading.Thread(target=self._run, name="board", daemon=True).start()
        return self

    def _run(self) -> None:
        try:
            board = fetch(self.server, self.game, self.player)
        except (OSError, ValueError, urllib.error.URLError) as exc:
            log.info("no leaderboard from %s: %s", self.server, exc)
            self.failed = True
            return
        if self.keep is not None and board["me"] is not None:
            self.keep.remember(self.game, board["me"])
        self.board = board

    @property
    def mine(self) -> MyRating | None:
        return None if self.board is None else self.board["me"]


class RatingFile:
    """The latest rating per game that a server gave this device (what Statistics shows)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or user_data_dir() / "online-ratings.json"

    def load(self) -> dict[str, MyRating]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        out: dict[str, MyRating] = {}
        for game, mine in data.items() if isinstance(data, dict) else ():
            try:
                line = _mine(mine)
            except ValueError:
                continue
            if isinstance(game, str) and line is not None:
                out[game] = line
        return out

    def remember(self, game: str, mine: MyRating) -> None:
        data = {**self.load(), game: mine}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text(json.dumps(data), encoding="utf-8")
            tmp.replace(self.path)  # atomically: a killed app leaves the old file or the new one
        except OSError as exc:
            log.warning("could not keep the rating: %s", exc)
