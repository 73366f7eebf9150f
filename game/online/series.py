"""Series (best of 3): which game of a series a table is, the games each player has won, their rows in the store,
and how a series reads to a player.

A series is a chain of tables joined by the rematch (game/online/playing.py): each next game is the rematch both
players ask for from the end screen, seats swapped as in any rematch, so who sits first (who cuts first, who leads)
alternates; cribbage cuts for the first deal at every game, as RULES.md 2.2.6 says. A game's result is counted in
the very transaction that stores it (``ratings.with_result`` calls :func:`count`), so the score is exactly as
durable as the result. A drawn game counts for neither player, and the series goes on until one has won
:func:`need` games. The store keeps the wins by player ("A" sat in seat 0 of the first game, ``a_seat`` says where
A sits at each table); a table shows them by seat.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, TypeVar, cast

import rules
from game.online.store import token_hash

if TYPE_CHECKING:
    from game.online.messages import SeriesJSON
    from game.online.ops import TableRecord
    from game.online.store import Db

CHOICES = (1, 3)  # the lengths a table may be opened with (1: a single game, no series)
DRAW = 2  # ``series_games.won`` of a drawn game (0: player A won it, 1: player B, NULL: not over yet)
R = TypeVar("R")  # what the op a series hook wraps returns


# --- what a series is (no store) ------------------------------------------------------------------------------------
def need(best: int) -> int:
    """Wins that take a series of ``best`` games."""
    return best // 2 + 1


def fresh(best: int) -> SeriesJSON | None:
    """The first game of a new series of ``best`` games (None: a single game)."""
    return {"best": best, "game": 1, "wins": [0, 0]} if best > 1 else None


def shown(before: SeriesJSON | None, over: bool, winners: Sequence[int]) -> SeriesJSON | None:
    """The series as a table shows it: ``before`` (the wins of the earlier games) plus this game's, once it is over
    and one seat won it (a draw counts for neither)."""
    if before is None:
        return None
    wins = list(before["wins"])
    if over and len(winners) == 1:
        wins[winners[0]] += 1
    return {"best": before["best"], "game": before["game"], "wins": wins}


def winner(s: SeriesJSON | None) -> int | None:
    """The seat that has won the series, if one has."""
    if s is None:
        return None
    won = [seat for seat in (0, 1) if s["wins"][seat] >= need(s["best"])]
    return won[0] if won else None


def following(s: SeriesJSON | None) -> SeriesJSON | None:
    """The series at the rematch of a table whose series (as :func:`shown`) is ``s``: its next game with the seats
    swapped, or, once it is decided, the first game of a new series of the same length."""
    if s is None:
        return None
    if winner(s) is not None:
        return fresh(s["best"])
    return {"best": s["best"], "game": s["game"] + 1, "wins": [s["wins"][1], s["wins"][0]]}


def words(t: Callable[..., str], s: SeriesJSON | None, names: Sequence[str | None], mine: int) -> str:
    """One line about the series for the seat ``mine``: "Series 1–1 · game 3 of 3", or who won it. The score is
    the player's own first, as a player reads it."""
    if s is None:
        return ""
    won = winner(s)
    first, second = s["wins"][mine], s["wins"][1 - mine]
    if won is not None:
        high, low = max(first, second), min(first, second)
        return t("online.series.won", name=names[won] or "?", wins=high, losses=low)
    key = "online.series.game" if s["game"] <= s["best"] else "online.series.extra"
    return t(key, mine=first, theirs=second, game=s["game"], best=s["best"])


def checked(value: object) -> SeriesJSON | None:
    """A series from the server, if it is one (anything else: none)."""
    if not isinstance(value, dict):
        return None
    best, game, wins = value.get("best"), value.get("game"), value.get("wins")
    if not (isinstance(best, int) and best in CHOICES[1:] and isinstance(game, int) and not isinstance(game, bool)
            and 1 <= game <= 99
            and isinstance(wins, list) and len(wins) == 2
            and all(isinstance(w, int) and not isinstance(w, bool) and 0 <= w <= need(best) for w in wins)):
        return None
    return {"best": best, "game": game, "wins": list(wins)}


def next_seed(game_id: str, last: Mapping[str, object], winners: Sequence[int], draw: Callable[[], int],
              tries: int = 64) -> int:
    """The seed of the rematch (seats swapped) of a game that ended with ``winners`` (``last``: its observation):
    any seed ``draw`` gives, except where the game's rules say who deals the next game (``GameSpec.next_dealer``:
    Own Trumps' loser): then the first seed whose deal has that player dealing (about one draw in two). The deal stays
    the seed's alone, so the commitment and every check of it are as for any game."""
    spec = rules.spec(game_id)
    seed = draw()
    if spec.next_dealer is None:
        return seed
    want = 1 - spec.next_dealer(last, winners)  # the same player, at the new table's swapped seat
    for _ in range(tries):
        if cast("Mapping[str, object]", spec.new_game(seed=seed).observe(0)).get("dealer") == want:
            break
        seed = draw()
    return seed


def next_token(token: str, code: str) -> str:
    """The seat token a player asking for the next game of ``code`` (the rematch) will hold there, derived from their
    token at ``code``: any gateway the player comes back to with that token can seat them at the next game, also
    when they asked on a gateway that died before telling them (a token drawn at random was known only there)."""
    digest = hashlib.sha256(f"card-duels next game|{code}|{token}".encode("utf-8", "surrogatepass")).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode("ascii")


def came_back(again: str, token: str, code: str) -> str:
    """A player resumed their seat at ``code`` with ``token``: the token of the next game, if they had asked for it
    (``again``: the hash the store keeps of it, whichever gateway they asked on), else ""."""
    mine = next_token(token, code)
    return mine if again and hmac.compare_digest(token_hash(mine), again) else ""


# --- the store's side (inside the writer's transaction) --------------------------------------------------------------
_ROW = ("SELECT g.series, g.n, g.a_seat, g.won, s.best, s.wins0, s.wins1 FROM series_games g "
        "JOIN tables t ON t.code = g.code AND t.created = g.created JOIN series s ON s.id = g.series WHERE g.code = ?")


def _begin(db: Db, code: str, created: float, best: int) -> None:
    sid = secrets.token_hex(8)
    db.run("DELETE FROM series_games WHERE code = ?", (code,))  # a closed table's code drawn again
    db.run("INSERT INTO series (id, best) VALUES (?, ?)", (sid, best))
    db.run("INSERT INTO series_games (code, created, series, n, a_seat) VALUES (?, ?, ?, 1, 0)", (code, created, sid))


def start(db: Db, made: R, code: str, created: float, best: int) -> R:
    """After the op that opened the table ``code`` (``made``: its answer): the table is the first game of a series
    of ``best`` games, if it is longer than one."""
    if made and best > 1:
        _begin(db, code, created, best)
    return made


def count(db: Db, code: str, winners: Sequence[int]) -> None:
    """The game at ``code`` ended with ``winners`` (inside the op that stores its result): once, in its series."""
    row = db.one("SELECT g.series, g.a_seat FROM series_games g JOIN tables t ON t.code = g.code "
                 "AND t.created = g.created WHERE g.code = ? AND g.won IS NULL", (code,))
    if row is None:
        return
    sid, a = str(row[0]), int(row[1])
    won = DRAW if len(winners) != 1 else (0 if winners[0] == a else 1)
    db.run("UPDATE series_games SET won = ? WHERE code = ?", (won, code))
    if won != DRAW:
        db.run(f"UPDATE series SET wins{won} = wins{won} + 1 WHERE id = ?", (sid,))


def read(db: Db, code: str) -> SeriesJSON | None:
    """The series of the table ``code`` as it stood before its game (the wins of the earlier games), by seat."""
    row = db.one(_ROW, (code,))
    if row is None:
        return None
    _sid, n, a, won, best, *ab = row
    ab = [int(ab[0]), int(ab[1])]
    if won in (0, 1):
        ab[int(won)] -= 1  # this game's own win shows from its result (``shown``)
    wins = [0, 0]
    wins[int(a)], wins[1 - int(a)] = ab
    return {"best": int(best), "game": int(n), "wins": wins}


def loaded(db: Db, rec: TableRecord | None, code: str) -> TableRecord | None:
    """``rec`` (``ops.load``'s answer, read in the same transaction) with the table's series in ``rec["series"]``."""
    if rec is not None:
        rec["series"] = read(db, code)
    return rec


def follow(db: Db, made: R, old: str, new: str, created: float) -> R:
    """After the op that opened ``new``, the rematch of ``old`` (``made``: its answer): the next game of ``old``'s
    series, with player A's seat swapped, or a new series once that one is decided. A ranked series rates every game
    (the players of ``rated`` swapped as the seats are)."""
    if not made:
        return made
    row = db.one(_ROW, (old,))
    if row is None:
        return made
    sid, n, a, _won, best, w0, w1 = row
    if max(int(w0), int(w1)) >= need(int(best)):
        _begin(db, new, created, int(best))
    else:
        db.run("DELETE FROM series_games WHERE code = ?", (new,))
        db.run("INSERT INTO series_games (code, created, series, n, a_seat) VALUES (?, ?, ?, ?, ?)",
               (new, created, sid, int(n) + 1, 1 - int(a)))
    rated = db.one("SELECT r.game, r.player0, r.player1 FROM rated r JOIN tables t ON t.code = r.code "
                   "AND t.created = r.created WHERE r.code = ?", (old,))
    if rated is not None and rated[1] and rated[2]:
        db.run("DELETE FROM rated WHERE code = ?", (new,))
        db.run("INSERT INTO rated (code, game, created, player0, player1) VALUES (?, ?, ?, ?, ?)",
               (new, rated[0], created, rated[2], rated[1]))
    return made


def forget(db: Db) -> int:
    """Inside the reaper's sweep: drop the series rows of tables the store no longer holds, and series left with
    no table."""
    n = db.run("DELETE FROM series_games WHERE NOT EXISTS (SELECT 1 FROM tables t WHERE t.code = series_games.code "
               "AND t.created = series_games.created)")
    return n + db.run("DELETE FROM series WHERE NOT EXISTS (SELECT 1 FROM series_games g WHERE g.series = series.id)")
