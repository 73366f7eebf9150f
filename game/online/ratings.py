"""Ratings: Glicko-2 per player and game, kept in the store and changed in the very transaction that stores a
ranked game's result.

A player is the id of their public key (game/online/identity.py), never a name. A ranked table is entered in
``rated`` when a proven player takes a seat; when the game ends, :func:`settle` runs inside the op that writes the
last move or the result (game/online/playing.py), so the result and both ratings are committed together or not at
all. Each game is a rating period of its own (as lichess does): the two ratings before it decide both changes. The
first :data:`PLACEMENT` games are provisional (Cribbage Pro's placement games): shown as such and left off the
leaderboards. The arithmetic is the ``glicko2-py`` library's (pinned); this module keeps the store's side.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from glicko2.math.algorithm import update_rating
from glicko2.math.conversions import mu_to_rating, phi_to_rd, rating_to_mu, rd_to_phi

from game.online import series

if TYPE_CHECKING:
    from game.online.messages import RatingChange
    from game.online.store import Db

PLACEMENT = 5  # games before a rating counts (provisional until then)
START_RATING, START_RD, START_VOL = 1500.0, 350.0, 0.06  # Glickman's values for an unrated player
TAU = 0.5  # how fast volatility may change (Glickman suggests 0.3-1.2)
MIN_RD = 30.0  # a floor, so a long-established rating still moves after a surprising result


@dataclass(frozen=True)
class Rating:
    rating: float = START_RATING
    rd: float = START_RD
    vol: float = START_VOL
    games: int = 0

    @property
    def provisional(self) -> bool:
        return self.games < PLACEMENT


def period(me: Rating, games: list[tuple[Rating, float]]) -> Rating:
    """``me`` after one rating period of ``games`` (each the opponent's rating before it, and ``me``'s score:
    1 won, 0.5 drawn, 0 lost)."""
    new = update_rating(rating_to_mu(me.rating), rd_to_phi(me.rd), me.vol,
                        [(rating_to_mu(o.rating), rd_to_phi(o.rd), s) for o, s in games], tau=TAU)
    return Rating(mu_to_rating(new.mu), phi_to_rd(new.phi), new.sigma, me.games + len(games))


def update(me: Rating, other: Rating, score: float) -> Rating:
    """``me`` after one game against ``other``: a period of its own, the deviation kept above :data:`MIN_RD`."""
    new = period(me, [(other, score)])
    return Rating(new.rating, max(MIN_RD, new.rd), new.vol, new.games)


def scores(winners: list[int] | tuple[int, ...]) -> tuple[float, float]:
    """Each seat's score from the seats that won (both or none: a draw)."""
    if len(winners) == 1:
        return (1.0, 0.0) if winners[0] == 0 else (0.0, 1.0)
    return (0.5, 0.5)


# --- the store's side (inside the writer's transaction) ---------------------------------------------------------
def enter_host(db: Db, code: str, game: str, created: float, player: str) -> None:
    """A proven player opened the ranked table ``code`` (at ``created``) and waits there."""
    db.run("DELETE FROM rated WHERE code = ?", (code,))  # a closed table's code drawn again
    db.run("INSERT INTO rated (code, game, created, player0) VALUES (?, ?, ?, ?)", (code, game, created, player))


def enter_guest(db: Db, code: str, player: str) -> None:
    """A proven player took the second seat of the ranked table ``code``."""
    db.run("UPDATE rated SET player1 = ? WHERE code = ?", (player, code))


def read(db: Db, player: str, game: str, lock: bool = False) -> Rating:
    """A player's rating in ``game`` (a new player's when there is none); ``lock``: held to the commit."""
    row = db.one("SELECT rating, rd, vol, games FROM ratings WHERE player = ? AND game = ?"
                 + (" FOR UPDATE" if lock and db.pyformat else ""), (player, game))  # SQLite: one writer anyway
    return Rating() if row is None else Rating(float(row[0]), float(row[1]), float(row[2]), int(row[3]))


def settle(db: Db, code: str, winners: list[int] | tuple[int, ...], now: float) -> RatingChange | bool:
    """The game at ``code`` ended with ``winners``: if it is ranked and not yet rated, both ratings change.
    Returns the change (``{"game", "players", "before", "after"}``) or True (nothing to rate); a failure raises,
    and the transaction, the result with it, is rolled back."""
    row = db.one("SELECT r.game, r.player0, r.player1 FROM rated r JOIN tables t ON t.code = r.code "
                 "AND t.created = r.created WHERE r.code = ? AND r.settled = 0", (code,))
    if row is None or not row[1] or not row[2] or row[1] == row[2]:
        return True
    game, players = str(row[0]), (str(row[1]), str(row[2]))
    order = sorted(set(players))  # rows are locked in one order by every transaction: no deadlock
    for p in order:
        db.run("INSERT INTO ratings (player, game, rating, rd, vol) VALUES (?, ?, ?, ?, ?) "
               "ON CONFLICT (player, game) DO NOTHING", (p, game, START_RATING, START_RD, START_VOL))
    held = {p: read(db, p, game, lock=True) for p in order}
    before = [held[p] for p in players]
    score = scores(winners)
    after = [update(before[i], before[1 - i], score[i]) for i in (0, 1)]
    for i, p in enumerate(players):
        won, lost = int(score[i] == 1.0), int(score[i] == 0.0)
        db.run("UPDATE ratings SET rating = ?, rd = ?, vol = ?, games = games + 1, wins = wins + ?, "
               "losses = losses + ?, draws = draws + ?, prior = ?, updated = ? WHERE player = ? AND game = ?",
               (after[i].rating, after[i].rd, after[i].vol, won, lost, 1 - won - lost, before[i].rating, now, p,
                game))
    db.run("UPDATE rated SET settled = 1 WHERE code = ?", (code,))
    return {"game": game, "players": list(players), "before": [r.rating for r in before],
            "after": [r.rating for r in after]}


def with_result(db: Db, stored: object, code: str, winners: list[int] | tuple[int, ...],
                now: float) -> object:
    """After the op that ended the game (``stored``, a guarded write's answer): its series' score and its ratings,
    in its transaction."""
    if not stored:
        return stored
    series.count(db, code, winners)  # a series' score moves with the result too
    return settle(db, code, winners, now)


def forget(db: Db) -> int:
    """Inside the reaper's sweep: drop the entries of ranked tables the store no longer holds (closed and pruned,
    or left while waiting). The ratings themselves stay."""
    return db.run("DELETE FROM rated WHERE NOT EXISTS (SELECT 1 FROM tables t WHERE t.code = rated.code "
                  "AND t.created = rated.created)")
