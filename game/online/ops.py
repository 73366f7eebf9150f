"""What the server writes and reads, as functions of one transaction (``store.Db``), the same on both stores.

A write that may lose a race is guarded: it changes its row only if the row is still as this gateway saw
it (the move number for an action, an empty seat for a join, no result for a resignation) and returns
False otherwise; the server then answers ``stale`` and sends the table as the store has it.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict, cast

from game.online.store import Db, token_hash

if TYPE_CHECKING:
    from game.online.messages import Ending, SeriesJSON
    from rules.shapes import ActionJSON

ROW = ("code, game, seed, secret, name0, token0, name1, token1, ip, result, created, finished, closed, moves, "
       "quick, here0, here1, away0, away1, again0, again1, next, owner, epoch")


def _json(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


class TableRecord(TypedDict):
    """A table as the store has it (``load``): the columns that the server reads, each seat's as a pair, the
    result decoded and the actions from ``since`` on as their JSON."""

    code: str
    game: str
    seed: int
    secret: str
    created: float
    moves: int
    quick: int
    next: str | None
    owner: str  # the gateway holding the table ("": nobody) ...
    epoch: int  # ... and how many times it was taken: the fence of its writes (game/online/owning.py)
    names: list[str | None]
    tokens: list[str]  # the seats' token hashes ("" for a free or given-up seat)
    here: list[str | None]  # the gateway holding each seat ("" or None: nobody)
    away: list[float | None]  # since when each seat is empty
    again: list[str]  # the hash of each seat's rematch token ("" not asked)
    result: Ending | None
    ip: str
    actions: list[ActionJSON]
    series: NotRequired[SeriesJSON | None]  # the table's series, when read with it (game/online/series.py)


def record(row: tuple[Any, ...], actions: list[ActionJSON]) -> TableRecord:
    r = dict(zip(ROW.split(", "), row, strict=True))
    return cast(TableRecord, {  # the columns keep their own names too (a TypedDict may be wider than it says)
        **r, "names": [r["name0"], r["name1"]], "tokens": [r["token0"] or "", r["token1"] or ""],
        "here": [r["here0"], r["here1"]], "away": [r["away0"], r["away1"]], "again": [r["again0"], r["again1"]],
        "result": json.loads(r["result"]) if r["result"] else None, "ip": r["ip"] or "?", "actions": actions})


def load(db: Db, code: str, since: int = 0) -> TableRecord | None:
    """The table and its actions from ``since`` on (decoded JSON), or None when there is no open table."""
    row = db.one(f"SELECT {ROW} FROM tables WHERE code = ? AND closed = 0", (code,))
    if row is None:
        return None
    acts = [json.loads(a) for (a,) in db.rows("SELECT action FROM actions WHERE code = ? AND n >= ? ORDER BY n",
                                                (code, since))]
    return record(row, acts)


# --- tables and seats -------------------------------------------------------------------------------------------
class Refused(str):
    """Why the store refused a new table (``WAITING``, ``FULL``, ``TAKEN``): falsy like a lost guard, so the
    journal sends nothing of it."""

    def __bool__(self) -> bool:
        return False


WAITING, FULL, TAKEN = Refused("waiting"), Refused("full"), Refused("taken")


def fair_share(db: Db, ip: str, cap: int) -> bool:
    """May ``ip`` open one more table on a server holding ``cap`` tables or more? Only while it holds fewer
    than its share of ``cap`` among the addresses holding tables, so a new address always may, and since
    every table above the cap is within some address's share, the store never holds more than twice ``cap``."""
    (mine,) = db.one("SELECT count(*) FROM tables WHERE ip = ? AND closed = 0", (ip,)) or (0,)
    (holders,) = db.one("SELECT count(DISTINCT ip) FROM tables WHERE closed = 0") or (0,)
    return int(mine) < max(1, cap // (int(holders) + (0 if mine else 1)))


def create(db: Db, code: str, game: str, seed: int, secret: str, name: str, token: str, ip: str, here: str,
           now: float, quick: bool = False, waiting_cap: int = 1 << 30, full_at: int = 0) -> bool | Refused:
    """A new table (over a closed one kept under the same code), or :class:`Refused`: the address has too many
    tables waiting, the server is full (``full_at``: the table cap, when this gateway counts it reached) and the
    address holds its fair share, or the code was taken meanwhile."""
    if waiting_cap < 1 << 30:
        (n,) = db.one("SELECT count(*) FROM tables WHERE ip = ? AND name1 IS NULL AND closed = 0", (ip,)) or (0,)
        if n >= waiting_cap:
            return WAITING
    if full_at and not fair_share(db, ip, full_at):
        return FULL
    if db.one("SELECT closed FROM tables WHERE code = ?", (code,)) not in (None, (1,)):
        return TAKEN  # another gateway drew the same code a moment ago
    db.run("DELETE FROM actions WHERE code = ?", (code,))
    db.run("DELETE FROM tables WHERE code = ?", (code,))
    db.run("INSERT INTO tables (code, game, seed, secret, name0, token0, ip, created, quick, here0, owner, epoch) "
           "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)",
           (code, game, seed, secret, name, token_hash(token), ip, now, int(quick), here, here))
    return True


def seat(db: Db, code: str, name: str, token: str, here: str) -> object:
    """The second seat, if it is still free."""
    return db.guarded("UPDATE tables SET name1 = ?, token1 = ?, here1 = ?, away1 = NULL, quick = 0 "
                      "WHERE code = ? AND name1 IS NULL AND closed = 0", (name, token_hash(token), here, code))


def quick_partners(db: Db, game: str, n: int = 20) -> list[str]:
    """The oldest tables waiting in the quick-match queue of ``game``, oldest first (in the writer's transaction)."""
    return [c for (c,) in db.rows("SELECT code FROM tables WHERE quick = 1 AND game = ? AND name1 IS NULL "
                                  "AND closed = 0 AND here0 <> '' ORDER BY created LIMIT ?", (game, n))]


def here(db: Db, code: str, seat_: int, gateway: str) -> object:
    """A player took their seat on ``gateway`` (a connection there holds it now)."""
    return db.guarded(f"UPDATE tables SET here{seat_} = ?, away{seat_} = NULL WHERE code = ? AND closed = 0",
                      (gateway, code))


def away(db: Db, code: str, seat_: int, gateway: str, now: float) -> object:
    """The seat's connection on ``gateway`` is gone (unless another gateway has taken the seat since)."""
    return db.guarded(f"UPDATE tables SET here{seat_} = '', away{seat_} = ? WHERE code = ? AND here{seat_} = ?",
                      (now, code, gateway))


def token_gone(db: Db, code: str, seat_: int, now: float) -> bool:
    """(After a leave: the table may have been deleted in the same transaction; a fenced-off write changes nothing.)"""
    db.run(*db.fenced(f"UPDATE tables SET token{seat_} = '', here{seat_} = '', away{seat_} = ? WHERE code = ?",
                      (now, code)))
    return True


def closed(db: Db, code: str, keep: bool, now: float) -> object:
    """A table is done with: a finished game is kept for the retention time, anything else is deleted."""
    if keep:
        return db.guarded("UPDATE tables SET closed = 1, finished = coalesce(finished, ?) WHERE code = ?",
                          (now, code))
    if db.run(*db.fenced("DELETE FROM tables WHERE code = ?", (code,))) != 1:
        return False
    db.run("DELETE FROM actions WHERE code = ?", (code,))
    return True


# --- playing -------------------------------------------------------------------------------------------------------
def act(db: Db, code: str, n: int, action: ActionJSON, over: bool, now: float) -> object:
    """Action number ``n``; the per-table move number orders moves, so a lost race changes nothing."""
    return db.guarded("UPDATE tables SET moves = moves + 1, finished = CASE WHEN ? = 1 THEN ? ELSE finished END "
                      "WHERE code = ? AND moves = ? AND result IS NULL AND closed = 0", (int(over), now, code, n),
                      ("actions (code, n, action)", (code, n, _json(action))))


def result(db: Db, code: str, outcome: Ending, now: float) -> object:
    """A resignation or an abandoned seat ends a game that is still running."""
    return db.guarded("UPDATE tables SET result = ?, finished = ? WHERE code = ? AND result IS NULL "
                      "AND finished IS NULL AND name1 IS NOT NULL", (_json(outcome), now, code))


def again(db: Db, code: str, seat_: int, new_token_hash: str) -> object:
    """This seat asks for a rematch; the hash is of the token it will hold at the new table."""
    return db.guarded(f"UPDATE tables SET again{seat_} = ? WHERE code = ? AND finished IS NOT NULL "
                      "AND next IS NULL", (new_token_hash, code))


def rematch(db: Db, old: str, new: str, game: str, seed: int, secret: str, names: list[str | None],
            hashes: list[str], ip: str, holders: list[str], now: float, owner: str) -> bool:
    """Both asked: the new table, seats swapped, linked from the old one (once), held by the old one's ``owner``."""
    if db.run(*db.fenced("UPDATE tables SET next = ? WHERE code = ? AND next IS NULL AND again0 <> '' "
                         "AND again1 <> ''", (new, old))) != 1:
        return False
    if db.one("SELECT 1 FROM tables WHERE code = ?", (new,)) is not None:
        db.run("DELETE FROM actions WHERE code = ?", (new,))
        db.run("DELETE FROM tables WHERE code = ? AND closed = 1", (new,))
    aways = [None if h else now for h in holders]  # a seat nobody has taken yet counts as away from now
    return db.run("INSERT INTO tables (code, game, seed, secret, name0, token0, name1, token1, ip, created, "
                  "here0, here1, away0, away1, owner, epoch) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)",
                  (new, game, seed, secret, names[0], hashes[0], names[1], hashes[1], ip, now, *holders,
                   *aways, owner)) == 1


# --- housekeeping --------------------------------------------------------------------------------------------------
def beat(db: Db, gateway: str, now: float, addr: str = "") -> bool:
    """This gateway is alive (which renews the lease of every table it holds) and relays reach it at ``addr``."""
    if db.run("UPDATE gateways SET beat = ?, addr = ? WHERE id = ?", (now, addr, gateway)) != 1:
        db.run("INSERT INTO gateways (id, beat, addr) VALUES (?, ?, ?)", (gateway, now, addr))
    return True


def dead_gateways(db: Db, now: float, after: float) -> list[str]:
    """Forget gateways silent for ``after`` seconds once no open table names them (their tables are claimed
    by the live ones, ``owning.Owning``); [] (the codes nothing here changed)."""
    db.run("DELETE FROM gateways WHERE beat < ? AND NOT EXISTS (SELECT 1 FROM tables WHERE owner = gateways.id "
           "AND closed = 0)", (now - after,))
    return []


def overdue(db: Db, now: float, window: float, max_age: float, owner: str) -> list[tuple[Any, ...]]:
    """Open tables of ``owner`` where a seat has been away longer than ``window`` or that are older than
    ``max_age`` (with their epoch last)."""
    cut = now - window
    cols = ("SELECT code, name1, finished, result, created, away0, away1, epoch FROM tables WHERE closed + 0 = 0 "
            "AND owner = ? AND ")
    return sorted(db.rows(f"{cols} away0 < ? UNION {cols} away1 < ? UNION {cols} created < ?",  # one index
                          (owner, cut, owner, cut, owner, now - max_age)))  # each (not ``closed``'s, which every
    # open table matches);
    # sorted by code: the reaper then locks rows in the order every transaction does


def count_open(db: Db) -> int:
    (n,) = db.one("SELECT count(*) FROM tables WHERE closed = 0") or (0,)
    return int(n)


def prune(db: Db, now: float, retention: float) -> int:
    """Forget finished tables older than the retention time (and old change notes); returns how many."""
    old = sorted(c for (c,) in db.rows("SELECT code FROM tables WHERE finished IS NOT NULL AND finished < ? "
                                       "AND (closed = 1 OR finished < ?)", (now - retention, now - 2 * retention)))
    for c in old:
        db.run("DELETE FROM actions WHERE code = ?", (c,))
        db.run("DELETE FROM tables WHERE code = ?", (c,))
    return len(old)


# --- owners ----------------------------------------------------------------------------------------------------------
def holder(db: Db, code: str, now: float, lease: float) -> tuple[str, int, str] | None:
    """Who holds the open table ``code``: (gateway, epoch, its relay address), the gateway "" when nobody does or
    its lease lapsed (its last beat is older than ``lease``); None: no such table."""
    row = db.one("SELECT t.owner, t.epoch, g.addr, g.beat FROM tables t LEFT JOIN gateways g ON g.id = t.owner "
                 "WHERE t.code = ? AND t.closed = 0", (code,))
    if row is None:
        return None
    owner, epoch, addr, last = row
    alive = bool(owner) and last is not None and last > now - lease
    return (owner if alive else "", int(epoch), (addr or "") if alive else "")


def claim(db: Db, code: str, gateway: str, now: float, lease: float) -> int:
    """``gateway`` takes the open table ``code`` if nobody holds it or its holder's lease lapsed: the epoch goes
    up (so the old holder's writes are refused from now on) and seats held elsewhere count as away from now.
    The new epoch, or 0 when a live gateway holds it."""
    hit = db.run("UPDATE tables SET owner = ?, epoch = epoch + 1, "
                 "here0 = '', away0 = CASE WHEN here0 <> '' THEN ? ELSE away0 END, "
                 "here1 = '', away1 = CASE WHEN here1 <> '' THEN ? ELSE away1 END "
                 "WHERE code = ? AND closed = 0 AND owner <> ? AND (owner = '' OR NOT EXISTS "
                 "(SELECT 1 FROM gateways g WHERE g.id = tables.owner AND g.beat > ?))",
                 (gateway, now, now, code, gateway, now - lease))
    if hit != 1:
        return 0
    row = db.one("SELECT epoch FROM tables WHERE code = ?", (code,))
    return int(row[0]) if row else 0


def take(db: Db, code: str, gateway: str, now: float, lease: float) -> int:
    """The epoch under which ``gateway`` holds ``code`` - its own already, or claimed now; 0: another holds it."""
    row = db.one("SELECT owner, epoch FROM tables WHERE code = ? AND closed = 0", (code,))
    if row is not None and row[0] == gateway:
        return int(row[1])
    return claim(db, code, gateway, now, lease)


def orphans(db: Db, gateway: str, now: float, lease: float, most: int = 500) -> list[tuple[str, int]]:
    """Claim (row by row, in the order of their codes, as every transaction locks rows) the open tables of the
    gateways whose lease lapsed, and those of nobody; the codes and epochs taken. At most ``most`` a round, so a
    whole server's tables after a restart never make one long transaction."""
    dead = ["", *(g for (g,) in db.rows("SELECT id FROM gateways WHERE beat <= ? AND id <> ?",
                                         (now - lease, gateway)))]  # "": nobody's (stored before leases)
    codes = sorted({c for g in dead for (c,) in db.rows("SELECT code FROM tables WHERE owner = ? AND closed = 0",
                                                       (g,))})[:most]
    return [(c, e) for c in codes if (e := claim(db, c, gateway, now, lease))]
