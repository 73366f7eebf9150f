"""The players' records kept by the statistics file itself, so a file of 100,000 games opens in milliseconds.

Triggers in the file fold each game row into the ``players`` table as it is inserted, by whichever program inserts
it (this app, another copy, a script): per game and name (ASCII case ignored, as SQLite's ``lower``) the games,
wins, draws (both seats among the winners, in a game not listed in ``shared_wins``), highest and lowest score (capped
per game by ``caps``), their sum, the wins and games against each computer level, the current streak and when the
name was last used. A row that breaks the rules SQLite can check counts as
skipped. The names used are listed in ``names`` for the checks only Python can make (``game/names_check.py``).

Reading the records is then a few small queries (:func:`read_tally`). When the tally cannot be trusted (rows deleted,
changed or inserted out of order, a name that fails its check, two spellings that only Python's ``casefold`` joins,
caps or shared wins that changed), the caller folds the rows in Python instead (``game/records.py``, the reference) and
:func:`rebuild` writes the tally again from that fold."""
from __future__ import annotations

import string
from typing import TYPE_CHECKING, Any

from game.records import LEVELS, Measures, RecordBook

if TYPE_CHECKING:
    import sqlite3


def clean_ascii(col: str) -> str:
    """SQL true for printable ASCII text with no NUL (what ``stats_row.printable_ascii`` accepts)."""
    return (f"(typeof({col}) = 'text' AND length({col}) = length(CAST({col} AS BLOB)) "
            f"AND NOT {col} GLOB '*[^ -~]*')")


def row_ok(p: str) -> str:
    """SQL true for a row (columns prefixed ``p``) that passes the rules of game/schema/stats_row.py SQLite can
    check; the names are checked in Python, once per name (``names``)."""
    def whole(col: str, lo: int, hi: int) -> str:
        return f"(typeof({p}{col}) = 'integer' AND {p}{col} BETWEEN {lo} AND {hi})"

    return " AND ".join((
        f"typeof({p}id) = 'integer'", clean_ascii(f"{p}game"), f"length({p}game) BETWEEN 1 AND 40",
        f"{p}mode IN ('hotseat', 'computer', 'online')",
        f"typeof({p}name0) = 'text'", f"typeof({p}name1) = 'text'",
        whole("score0", -1_000_000, 1_000_000), whole("score1", -1_000_000, 1_000_000),
        f"{p}winners IN ('', '0', '1', '0,1')", whole("actions", 0, 10_000_000),
        clean_ascii(f"{p}played_at"), f"length({p}played_at) <= 40",
        f"({p}seed IS NULL OR typeof({p}seed) = 'integer')",
        f"({p}bot_level IS NULL OR {whole('bot_level', 1, 3)})",
        f"{p}humans IN ('0', '1', '0,1')"))


def _seat_update(seat: int, draws: bool) -> tuple[str, str]:
    """The trigger's two statements that fold seat ``seat`` of NEW into its player's record; without ``draws`` as
    schema 3 did (both seats among the winners won), kept so that migration stays what files were made with."""
    shared = "EXISTS (SELECT 1 FROM shared_wins WHERE game = NEW.game)"
    won = f"(NEW.winners = '{seat}' OR (NEW.winners = '0,1' AND {shared}))" if draws else \
        f"(NEW.winners IN ('{seat}', '0,1'))"
    drawn = f"(NEW.winners = '0,1' AND NOT {shared})"
    score = f"min(NEW.score{seat}, coalesce((SELECT cap FROM caps WHERE game = NEW.game), NEW.score{seat}))"
    level = "(CASE WHEN NEW.mode = 'computer' THEN NEW.bot_level ELSE 0 END)"
    when = f"({row_ok('NEW.')}) AND NEW.humans IN ('{seat}', '0,1')"
    key = f"lower(NEW.name{seat})"
    add = (f"INSERT OR IGNORE INTO players (game, key, name) SELECT NEW.game, {key}, NEW.name{seat} WHERE {when};")
    levels = ", ".join(f"won{lv} = won{lv} + ({level} = {lv} AND {won}), played{lv} = played{lv} + ({level} = {lv})"
                       for lv in LEVELS)
    update = (f"UPDATE players SET played = played + 1, wins = wins + {won}, "
              f"hi = max(coalesce(hi, {score}), {score}), lo = min(coalesce(lo, {score}), {score}), "
              f"total = total + {score}, {levels}, "
              f"streak = CASE WHEN {won} THEN (CASE WHEN streak > 0 THEN streak + 1 ELSE 1 END) "
              f"{f'WHEN {drawn} THEN 0 ' if draws else ''}"
              f"ELSE (CASE WHEN streak < 0 THEN streak - 1 ELSE -1 END) END, "
              f"{f'draws = draws + {drawn}, ' if draws else ''}"
              f"last = NEW.id * 2 + {1 - seat}, last_name = NEW.name{seat} "
              f"WHERE game = NEW.game AND key = {key} AND {when};")
    return add, update


def _tally_trigger(draws: bool) -> str:
    return f"""CREATE TRIGGER games_tally AFTER INSERT ON games BEGIN
        UPDATE tally SET dirty = 1 WHERE NEW.id <= last_id;
        UPDATE tally SET rows = rows + 1, last_id = max(last_id, NEW.id);
        UPDATE tally SET skipped = skipped + 1 WHERE NOT ({row_ok('NEW.')});
        INSERT OR IGNORE INTO names (name) SELECT NEW.name0 WHERE {row_ok('NEW.')};
        INSERT OR IGNORE INTO names (name) SELECT NEW.name1 WHERE {row_ok('NEW.')};
        {' '.join(_seat_update(0, draws))}
        {' '.join(_seat_update(1, draws))}
    END"""


_LEVEL_COLUMNS = ", ".join(f"won{lv} INTEGER NOT NULL DEFAULT 0, played{lv} INTEGER NOT NULL DEFAULT 0"
                           for lv in LEVELS)
TALLY_MIGRATION: tuple[str, ...] = (
    # dirty = 1: the rows from before the tally are not in it yet; the first reader folds them and rebuilds it
    "CREATE TABLE tally (id INTEGER PRIMARY KEY CHECK (id = 1), rows INTEGER NOT NULL, last_id INTEGER NOT NULL, "
    "skipped INTEGER NOT NULL, dirty INTEGER NOT NULL)",
    "INSERT INTO tally VALUES (1, 0, 0, 0, 1)",
    "CREATE TABLE caps (game TEXT PRIMARY KEY, cap INTEGER NOT NULL)",
    "CREATE TABLE names (name TEXT PRIMARY KEY)",
    f"""CREATE TABLE players (game TEXT NOT NULL, key TEXT NOT NULL, name TEXT NOT NULL,
        played INTEGER NOT NULL DEFAULT 0, wins INTEGER NOT NULL DEFAULT 0, hi INTEGER, lo INTEGER,
        total INTEGER NOT NULL DEFAULT 0, {_LEVEL_COLUMNS}, streak INTEGER NOT NULL DEFAULT 0,
        last INTEGER NOT NULL DEFAULT 0, last_name TEXT, PRIMARY KEY (game, key))""",
    _tally_trigger(draws=False),
    "CREATE TRIGGER games_changed AFTER UPDATE ON games BEGIN UPDATE tally SET dirty = 1; END",
    "CREATE TRIGGER games_deleted AFTER DELETE ON games BEGIN UPDATE tally SET dirty = 1; END",
)
DRAWS_MIGRATION: tuple[str, ...] = (
    # A game whose two seats both won is a draw unless its game lists it as a shared win (Card Square): the tally
    # counted it as a win for both, so dirty = 1 has the first reader fold the rows and write it again
    "CREATE TABLE shared_wins (game TEXT PRIMARY KEY)",
    "ALTER TABLE players ADD COLUMN draws INTEGER NOT NULL DEFAULT 0",
    "DROP TRIGGER games_tally",
    _tally_trigger(draws=True),
    "UPDATE tally SET dirty = 1",
)

_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def sqlite_lower(name: str) -> str:
    """SQLite's built-in ``lower``: ASCII letters only."""
    return name.translate(_LOWER)


def _caps(measures: Measures) -> dict[str, int]:
    return {game: m.cap for game, m in measures.items() if m.cap is not None}


def _shared(measures: Measures) -> set[str]:
    return {game for game, m in measures.items() if m.ties_share_win}


TOP = 40  # the most played players of each game read from the tally (the statistics screen shows the first 8)
RECENT = 64  # the players last used read from it (the names screen offers 6 names, each maybe in every game)
_FIELDS = f"game, name, played, wins, hi, lo, total, {', '.join(f'won{lv}, played{lv}' for lv in LEVELS)}, " \
          "streak, last, last_name, draws"


def read_tally(conn: sqlite3.Connection, measures: Measures, name_ok: Any, top: int | None = TOP,
               players: tuple[str, ...] = ()) -> RecordBook | None:
    """The records from the tally, or None when it does not hold them exactly (the caller folds the rows). With
    ``top``, only what a screen shows: each game's ``top`` most played players, the players last used and those
    named in ``players`` (a partial book, ``book.asked``); ``top=None`` reads every player. One read transaction:
    the tally and the rows it is checked against are of the same moment."""
    import sqlite3

    conn.execute("BEGIN")
    own = conn.text_factory
    conn.text_factory = str  # every text here is a name or a game: SQLite's own decoding is faster than a callback
    try:
        return _read(conn, measures, name_ok, top, players)
    except sqlite3.OperationalError:  # a text that is not UTF-8
        return None
    finally:
        conn.text_factory = own
        conn.execute("COMMIT")


def _read(conn: sqlite3.Connection, measures: Measures, name_ok: Any, top: int | None,
          players: tuple[str, ...]) -> RecordBook | None:
    tally = conn.execute("SELECT rows, last_id, skipped, dirty FROM tally").fetchone()
    rows, last_id = conn.execute("SELECT count(*), coalesce(max(id), 0) FROM games").fetchone()
    if tally is None or tally[3] or (tally[0], tally[1]) != (rows, last_id):
        return None
    if dict(conn.execute("SELECT game, cap FROM caps").fetchall()) != _caps(measures):
        return None
    if {game for (game,) in conn.execute("SELECT game FROM shared_wins")} != _shared(measures):
        return None
    if not all(isinstance(n, str) and name_ok(n) for (n,) in conn.execute("SELECT name FROM names")):
        return None
    odd = conn.execute(f"SELECT {_FIELDS} FROM players WHERE name GLOB '*[^ -~]*'").fetchall()  # not plain ASCII
    if _joined_by_casefold(conn, odd):
        return None
    book = RecordBook(measures)
    book.skipped, book.rows, book.last_id = tally[2], rows, last_id
    if top is None:
        found = conn.execute(f"SELECT {_FIELDS} FROM players").fetchall()
    else:
        found = [*conn.execute(f"SELECT {_FIELDS} FROM players ORDER BY last DESC LIMIT {RECENT}")]
        for (game,) in conn.execute("SELECT DISTINCT game FROM players").fetchall():
            found += conn.execute(f"SELECT {_FIELDS} FROM players WHERE game = ? ORDER BY played DESC, key "
                                  f"LIMIT {top}", (game,))
        keys = sorted({sqlite_lower(n) for n in players})
        if keys:
            found += conn.execute(f"SELECT {_FIELDS} FROM players WHERE key IN ({', '.join('?' * len(keys))})", keys)
        folded = {n.casefold() for n in players}
        found += [r for r in odd if r[1].casefold() in folded]
        book.asked = folded
    unique = list({(r[0], r[1]): r for r in found}.values())
    return book if book.load(unique) else None


def _joined_by_casefold(conn: sqlite3.Connection, odd: list[tuple]) -> bool:
    """Whether two players of one game are one name by casefold but two by SQLite's ``lower`` ("Straße" and
    "STRASSE", "Ärger" and "ärger"): only names that are not plain ASCII can be."""
    seen: set[tuple[str, str]] = set()
    for game, name, *_ in odd:
        folded = name.casefold()
        if (game, folded) in seen:
            return True
        seen.add((game, folded))
        if folded.isascii() and conn.execute("SELECT 1 FROM players WHERE game = ? AND key = ?",
                                              (game, folded)).fetchone():
            return True
    return False


def rebuild(conn: sqlite3.Connection, book: RecordBook, measures: Measures) -> bool:
    """Write the tally again from ``book`` (folded from every row, ids as its order); False when the book cannot be
    written as one row per lower-cased name (spellings that only casefold joins), and the tally stays dirty."""
    keys = {(game, sqlite_lower(r.name)) for game, players in book.games.items() for r in players.values()}
    if len(keys) != sum(len(players) for players in book.games.values()):
        return False
    spellings = conn.execute(
        f"SELECT count(*) FROM (SELECT DISTINCT game, lower(name0) FROM games WHERE {row_ok('')} "
        f"AND humans IN ('0', '0,1') UNION SELECT DISTINCT game, lower(name1) FROM games WHERE {row_ok('')} "
        f"AND humans IN ('1', '0,1'))").fetchone()[0]
    if spellings != len(keys):
        return False
    conn.execute("BEGIN IMMEDIATE")
    try:
        if conn.execute("SELECT count(*), coalesce(max(id), 0) FROM games").fetchone() != (book.rows, book.last_id):
            conn.execute("ROLLBACK")  # another copy added a game since the fold: the next reader folds again
            return False
        for table in ("players", "names", "caps", "shared_wins"):
            conn.execute(f"DELETE FROM {table}")
        conn.executemany("INSERT INTO caps VALUES (?, ?)", sorted(_caps(measures).items()))
        conn.executemany("INSERT INTO shared_wins VALUES (?)", [(g,) for g in sorted(_shared(measures))])
        conn.execute(f"INSERT OR IGNORE INTO names SELECT name0 FROM games WHERE {row_ok('')} "
                     f"UNION SELECT name1 FROM games WHERE {row_ok('')}")
        conn.executemany(
            f"INSERT INTO players VALUES ({', '.join('?' * (12 + 2 * len(LEVELS)))})",
            [(game, sqlite_lower(r.name), r.name, r.played, r.wins, r.hi, r.lo, r.total,
              *[n for lv in LEVELS for n in r.vs_level[lv]], r.streak, *book.last_of(r.name), r.draws)
             for game, players in book.games.items() for r in players.values()])
        conn.execute("UPDATE tally SET rows = ?, last_id = ?, skipped = ?, dirty = 0",
                     (book.rows, book.last_id, book.skipped))
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return True
