"""Issue 42, item 3: the statistics file keeps the players' records itself (game/statssql.py), row by row, whoever
inserts the rows; what it keeps equals the reference fold over the rows (game/records.py), or it is not used. Issue 44
item 6: "Best" is each game's own best (the lowest for Card Square and Own Trumps), and a cribbage score counts at
most 121. These tests check the mechanism, never a time."""
from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.names_check import check_name
from game.records import RecordBook
from game.schema.stats_row import COLUMNS, RowChecker
from game.stats import StatsStore, stats_path
from game.statsdisk import measures
from game.statsfile import connect
from game.statssql import read_tally

INSERT = f"INSERT INTO games ({', '.join(COLUMNS[1:])}) VALUES ({', '.join('?' * (len(COLUMNS) - 1))})"


def wait(pending, seconds: float = 30.0):
    end = time.monotonic() + seconds
    while not pending.ready and time.monotonic() < end:
        time.sleep(0.005)
    assert pending.ready
    return pending.value


def name_ok(name) -> bool:
    try:
        return check_name(name) == name
    except ValueError:
        return False


def reference(path: Path) -> RecordBook:
    """The fold in Python over every row, oldest first: what the records must be."""
    conn = connect(path, read_only=True)
    book, check = RecordBook(measures()), RowChecker()
    for values in conn.execute(f"SELECT {', '.join(COLUMNS)} FROM games ORDER BY id"):
        row = check(values)
        if row is None:
            book.skipped += 1
        else:
            book.add(row)
    conn.close()
    return book


def figures(book: RecordBook) -> tuple:
    players = {(game, r.name.casefold()): (r.name, r.played, r.wins, r.draws, r.hi, r.lo, r.best, r.total, r.streak,
                                           {lv: tuple(v) for lv, v in r.vs_level.items()})
               for game, by_name in book.games.items() for r in by_name.values()}
    return players, book.skipped, book.recent()


def new_file(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    StatsStore(path).close()
    return path


def insert(path: Path, rows: list[tuple]) -> None:
    """As another program would: straight into the table (the file's triggers keep the tally)."""
    conn = sqlite3.connect(path)
    for values in rows:
        try:
            with conn:
                conn.execute(INSERT, values)
        except sqlite3.IntegrityError:  # NOT NULL: SQLite refuses it itself
            pass
    conn.close()


def tally(path: Path, top: int | None = None, players: tuple[str, ...] = ()) -> RecordBook | None:
    conn = connect(path, read_only=False)
    try:
        return read_tally(conn, measures(), name_ok, top, players)
    finally:
        conn.close()


NAMES = ["Ann", "ann", "ANN", "Ben", "Cem", "Ärger", "ärger", "Straße", "STRASSE", "Computer"]
GOOD = {
    "game": st.sampled_from(["kombi", "cribbage", "square", "trumps", "other"]),
    "mode": st.sampled_from(["hotseat", "computer", "online"]),
    "name0": st.sampled_from(NAMES), "name1": st.sampled_from(NAMES),
    "score0": st.integers(-5, 140), "score1": st.integers(-5, 140),
    "winners": st.sampled_from(["", "0", "1", "0,1"]),
    "actions": st.integers(0, 90),
    "played_at": st.sampled_from(["2026-01-01T10:00:00+00:00", ""]),
    "seed": st.one_of(st.none(), st.integers(-(2**63), 2**63 - 1)),
    "bot_level": st.sampled_from([None, 1, 2, 3]),
    "humans": st.sampled_from(["0", "1", "0,1"]),
}
BAD = {  # one value per column that breaks its rule (a name only Python can refuse among them)
    "game": ["", "ümlaut", 7, "a\x00b"], "mode": ["demo", None], "name0": [" bad", "x\ty", b"Ann"],
    "name1": [" bad", 5], "score0": [1.5, "12", 2_000_000], "score1": [None, "x"], "winners": ["2", 0.5],
    "actions": [-1, "n"], "played_at": ["zeit ä", "2026\n", b"2026\xff", "2026\x00x"], "seed": ["s", 1.5],
    "bot_level": [4, 0, "1"], "humans": ["2", ""],
}


@st.composite
def a_row(draw) -> tuple:
    """Mostly a row the app could have written; now and then one value breaks its rule."""
    values = [draw(GOOD[c]) for c in COLUMNS[1:]]
    if draw(st.integers(0, 3)) == 0:
        i = draw(st.integers(0, len(values) - 1))
        values[i] = draw(st.sampled_from(BAD[COLUMNS[1 + i]]))
    return tuple(values)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(rows=st.lists(a_row(), max_size=25), more=st.lists(a_row(), max_size=6))
def test_the_files_tally_equals_the_fold_over_its_rows_or_is_not_used(tmp_path_factory, rows, more):
    path = new_file(tmp_path_factory.mktemp("stats") / "stats.sqlite3")
    insert(path, rows)
    kept = tally(path)
    if kept is not None:
        assert figures(kept) == figures(reference(path))
    store = StatsStore(path)  # whichever way it reads them, the store's records are the reference's
    assert figures(wait(store.records())) == figures(reference(path))
    store.close()
    insert(path, more)  # after the store wrote the tally again, if it had to: rows keep being kept
    kept = tally(path)
    if kept is not None:
        assert figures(kept) == figures(reference(path))


def test_a_plain_history_is_read_from_the_tally_not_folded():
    path = new_file(stats_path())
    rows = [("kombi", "computer", name, "Computer", score, 3, won, 20, "2026-01-01T10:00:00+00:00", i, level, "0")
            for i, (name, score, won, level) in enumerate(
                [("Ann", 10, "0", 1), ("ann", 4, "1", 2), ("Ben", 7, "0", 3), ("ANN", 12, "0", 1)] * 5)]
    rows.append(("kombi", "hotseat", "Ben", "Cem", 5, 9, "1", 33, "2026-01-02T10:00:00+00:00", 99, None, "0,1"))
    insert(path, rows)
    kept = tally(path)
    assert kept is not None, "ASCII case variants are one player in the tally too"
    assert figures(kept) == figures(reference(path))
    ann = kept.games["kombi"]["Ann"]
    assert (ann.played, ann.wins, ann.streak, ann.win_rate(1)) == (15, 10, 1, 1.0)
    assert kept.recent() == ["Ben", "Cem", "ANN"]


def test_a_row_deleted_or_changed_by_another_program_makes_the_store_fold_again():
    path = new_file(stats_path())
    insert(path, [("square", "hotseat", "Ann", "Ben", s, 10, "0", 9, "2026-01-01T00:00:00Z", 1, None, "0,1")
                  for s in (12, 3, 30)])
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("DELETE FROM games WHERE score0 = 3")
    conn.close()
    assert tally(path) is None, "the tally no longer holds the rows"
    store = StatsStore(path)
    book = wait(store.records())
    assert figures(book) == figures(reference(path)) and book.games["square"]["Ann"].played == 2
    store.close()
    assert tally(path) is not None, "written again from the fold"


def test_best_is_each_games_own_best_and_cribbage_counts_at_most_121():
    """Issue 44 item 6: Card Square showed 27 when 2 was won, Own Trumps "35 cards left", cribbage 126."""
    path = new_file(stats_path())
    row = ("{g}", "hotseat", "Ann", "Ben", 0, 0, "0", 9, "2026-01-01T00:00:00Z", 1, None, "0")
    insert(path, [(g, *row[1:4], s, *row[5:]) for g, s in
                  [("square", 27), ("square", 2), ("trumps", 35), ("trumps", 0), ("kombi", 4), ("kombi", 40),
                   ("cribbage", 126), ("cribbage", 100)]])
    for book in (tally(path), reference(path)):
        assert book is not None
        best = {g: book.games[g]["Ann"].best for g in ("square", "trumps", "kombi", "cribbage")}
        assert best == {"square": 2, "trumps": 0, "kombi": 40, "cribbage": 121}
        assert book.games["cribbage"]["Ann"].average == (121 + 100) / 2


def test_from_a_large_history_only_what_the_screens_show_is_read():
    """Each game's most played players, the last used, and the ones asked for (the end screen's players)."""
    path = new_file(stats_path())
    rows = [("kombi", "computer", f"P{p:03d}", "Computer", p % 7, 1, "0" if p % 3 else "1", 9,
             "2026-01-01T00:00:00Z", None, 1 + p % 3, "0") for p in range(120) for _ in range(1 + p // 2)]
    rows += [("kombi", "hotseat", "Zoe", "Ärger", 3, 4, "1", 9, "2026-01-01T00:00:00Z", None, None, "0,1")]
    insert(path, rows)
    full = reference(path)
    book = tally(path, top=40, players=("zoe", "ärger", "p000"))
    assert book is not None and book.partial and book.has(("ZOE",)) and not book.has(("P005",))
    shown = set(book.games["kombi"])
    most = sorted(full.games["kombi"].values(), key=lambda r: -r.played)[:40]
    assert {r.name for r in most} <= shown and {"Zoe", "Ärger", "P000"} <= shown
    assert len(shown) < len(full.games["kombi"])
    players, skipped, recent = figures(full)
    assert figures(book) == ({k: v for k, v in players.items() if v[0] in shown}, skipped, recent)
    store = StatsStore(path)
    assert wait(store.records(("P001",))).games["kombi"]["P001"].played == 1, "asked for: read for the end screen"
    store.close()


def test_a_file_from_before_the_tally_is_folded_once_and_read_from_its_tally_after():
    from game.statsfile import MIGRATIONS

    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    for version in MIGRATIONS[:2]:
        for statement in version:
            conn.execute(statement)
    conn.execute("PRAGMA user_version = 2")
    conn.executemany(INSERT, [("kombi", "hotseat", "Ann", "Ben", s, 3, "0", 9, "2026-01-01T00:00:00Z", s, None,
                               "0,1") for s in range(30)])
    conn.commit()
    conn.close()
    store = StatsStore(path)
    book = wait(store.records())
    assert figures(book) == figures(reference(path)) and book.games["kombi"]["Ann"].played == 30
    store.close()
    kept = tally(path)
    assert kept is not None and figures(kept) == figures(reference(path))
