"""Leaderboards: a game's best established ratings and one player's own place, computed in SQL on either store,
served as JSON at ``GET /leaderboard/<game>?player=<id>`` beside ``/metrics`` and ``/readyz``.

The top of a board changes only when a ranked game ends, and every app asks for it: each gateway keeps it
:data:`CACHE_SECONDS`. A player's own line is one lookup by key, read fresh each time, so the end screen shows the
rating the last game gave. Provisional ratings (fewer than ``ratings.PLACEMENT`` games) have no place.
"""
from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.parse
from typing import TYPE_CHECKING, Protocol

import rules
from game.online import ratings

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from websockets.asyncio.server import ServerConnection
    from websockets.http11 import Response

    from game.online.messages import Board, BoardLine, ServedLine, ServedRating
    from game.online.store import Db, Store

TOP = 50
CACHE_SECONDS = 5.0
PLAYER = re.compile(r"[0-9a-f]{32}")  # identity.player_id: a hash of the public key


def top(db: Db, game: str, limit: int = TOP) -> list[ServedLine]:
    """The best ``limit`` established ratings of ``game``: place (equal ratings share one), name and figures."""
    rows = db.rows("SELECT RANK() OVER (ORDER BY b.rating DESC), b.name, b.rating, b.rd, b.games, b.wins, b.losses, "
                   "b.draws FROM (SELECT p.name, g.rating, g.rd, g.games, g.wins, g.losses, g.draws, g.player "
                   "FROM ratings g JOIN players p ON p.id = g.player WHERE g.game = ? AND g.games >= ? "
                   "ORDER BY g.rating DESC, g.player LIMIT ?) b ORDER BY b.rating DESC, b.player",
                   (game, ratings.PLACEMENT, limit))
    return [{"place": int(place), "name": str(name), "rating": round(float(rating)), "rd": round(float(rd)),
             "games": int(games), "wins": int(w), "losses": int(lo), "draws": int(d)}
            for place, name, rating, rd, games, w, lo, d in rows]


def mine(db: Db, game: str, player: str) -> ServedRating | None:
    """One player's line: rating, its change in their last game, and their place (None while provisional)."""
    row = db.one("SELECT rating, rd, games, prior FROM ratings WHERE player = ? AND game = ?", (player, game))
    if row is None:
        return None
    rating, rd, games, prior = float(row[0]), float(row[1]), int(row[2]), row[3]
    place = None
    if games >= ratings.PLACEMENT:
        (above,) = db.one("SELECT count(*) FROM ratings WHERE game = ? AND games >= ? AND rating > ?",
                          (game, ratings.PLACEMENT, rating)) or (0,)
        place = int(above) + 1
    return {"rating": round(rating), "rd": round(rd), "games": games, "provisional": games < ratings.PLACEMENT,
            "prior": None if prior is None else round(float(prior)), "place": place}


def board(db: Db, game: str, player: str | None, cached: list[BoardLine] | None) -> Board:
    """The JSON document (``cached``: the top when the gateway has a fresh one)."""
    (ranked,) = db.one("SELECT count(*) FROM ratings WHERE game = ? AND games >= ?", (game, ratings.PLACEMENT)) or (0,)
    return {"game": game, "players": int(ranked), "placement": ratings.PLACEMENT,
            "top": cached if cached is not None else list(top(db, game)),
            "me": mine(db, game, player) if player else None}


class _Reads(Protocol):
    """What a board's answer needs of its gateway: the store and the thread that reads it."""

    @property
    def store(self) -> Store: ...
    @property
    def _reader(self) -> Executor: ...


class Boards:
    """A gateway's cache of the tops, by game."""

    def __init__(self) -> None:
        self.tops: dict[str, tuple[float, list[BoardLine]]] = {}

    def fresh(self, game: str, now: float) -> list[BoardLine] | None:
        hit = self.tops.get(game)
        return hit[1] if hit is not None and now - hit[0] < CACHE_SECONDS else None

    async def answer(self, server: _Reads, ws: ServerConnection, target: str) -> Response:
        """The HTTP answer to ``/leaderboard/<game>[?player=<id>]``."""
        path, _, query = target.partition("?")
        game = path[len("/leaderboard/"):]
        player = urllib.parse.parse_qs(query).get("player", [""])[0]
        if game not in rules.GAMES:
            return ws.respond(404, "no such game\n")
        if player and not PLAYER.fullmatch(player):
            return ws.respond(400, "player: 32 lowercase hex digits\n")
        now = time.monotonic()
        cached = self.fresh(game, now)
        loop = asyncio.get_running_loop()
        try:
            doc = await asyncio.wait_for(loop.run_in_executor(
                server._reader, server.store.read, lambda db: board(db, game, player or None, cached)), 5.0)
        except Exception:  # noqa: BLE001 - a store that does not answer in time: try again later
            return ws.respond(503, "the store does not answer\n")
        if cached is None:
            self.tops[game] = (now, doc["top"])
        resp = ws.respond(200, json.dumps(doc, separators=(",", ":")) + "\n")
        del resp.headers["Content-Type"]
        resp.headers["Content-Type"] = "application/json"
        return resp
