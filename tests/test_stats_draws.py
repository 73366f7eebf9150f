"""A drawn game (Kombi's equal points, Own Trumps' draw) is neither a win nor a loss in the statistics, in the Python
fold (game/records.py) and in the file's own tally (game/statssql.py) alike; Card Square's tie is a win shared by
both (RULES.md §1.5). A file whose tally counted a draw as a win for both is corrected when first read."""
from __future__ import annotations

import sqlite3

from game.i18n import Translator
from game.records import RecordBook
from game.stats import StatsStore, stats_path
from game.statsfile import MIGRATIONS
from game.statsline import record_line
from tests.test_stats_tally import INSERT, figures, insert, new_file, reference, tally, wait


def _row(game: str, winners: str, i: int, mode: str = "hotseat", level: int | None = None,
         humans: str = "0,1") -> tuple:
    return (game, mode, "Ann", "Ben", 5, 5, winners, 9, "2026-01-01T00:00:00Z", i, level, humans)


def _both(path) -> list[RecordBook]:
    kept = tally(path)
    assert kept is not None, "the tally is read, not folded"
    return [kept, reference(path)]


def test_a_kombi_or_own_trumps_draw_is_no_win_and_resets_the_streak():
    path = new_file(stats_path())
    rows = []
    for game in ("kombi", "trumps"):
        rows += [_row(game, "0", 1), _row(game, "0", 2), _row(game, "0,1", 3),
                 _row(game, "0,1", 4, "computer", 2, "0")]
    insert(path, rows)
    for book in _both(path):
        for game in ("kombi", "trumps"):
            ann, ben = book.games[game]["Ann"], book.games[game]["Ben"]
            assert (ann.played, ann.wins, ann.draws, ann.streak) == (4, 2, 2, 0), (game, ann)
            assert (ben.played, ben.wins, ben.draws, ben.streak) == (3, 0, 1, 0), (game, ben)
            assert ann.vs_level[2] == [0, 1], "a draw against the computer: played, not won"
    assert figures(_both(path)[0]) == figures(reference(path))


def test_a_card_square_tie_is_still_a_win_for_both():
    path = new_file(stats_path())
    insert(path, [_row("square", "1", 1), _row("square", "0,1", 2)])
    for book in _both(path):
        ann, ben = book.games["square"]["Ann"], book.games["square"]["Ben"]
        assert (ann.played, ann.wins, ann.draws, ann.streak) == (2, 1, 0, 1)
        assert (ben.played, ben.wins, ben.draws, ben.streak) == (2, 2, 0, 2)


def test_a_file_whose_tally_counted_a_draw_as_a_win_is_corrected_on_first_read():
    """A file made by the version before: schema 3, its trigger's tally clean and counting the draw as a win."""
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    for version in MIGRATIONS[:3]:
        for statement in version:
            conn.execute(statement)
    conn.execute("PRAGMA user_version = 3")
    conn.execute("UPDATE tally SET dirty = 0")  # empty: the tally holds every row, as the old app left it
    conn.executemany(INSERT, [_row("kombi", "0", 1), _row("kombi", "0,1", 2)])
    conn.commit()
    old = conn.execute("SELECT wins, streak FROM players WHERE game = 'kombi' AND key = 'ben'").fetchone()
    conn.close()
    assert old == (1, 1), "the old tally's mistake, which the upgrade must mend"
    store = StatsStore(path)
    book = wait(store.records())
    store.close()
    ben = book.games["kombi"]["Ben"]
    assert (ben.played, ben.wins, ben.draws, ben.streak) == (2, 0, 1, 0)
    kept = tally(path)
    assert kept is not None, "the tally was written again from the rows"
    assert figures(kept) == figures(reference(path)) == figures(book)



def test_the_record_line_names_the_draws_only_where_there_were_some():
    path = new_file(stats_path())
    insert(path, [_row("kombi", "0,1", 1), _row("kombi", "0", 2), _row("square", "0,1", 3)])
    book = reference(path)
    drew, shared = book.games["kombi"]["Ben"], book.games["square"]["Ben"]
    lines = {lang: (record_line(Translator(lang), drew), record_line(Translator(lang), shared))
             for lang in ("en", "de", "uk")}
    assert lines["en"] == ("Ben: 2 games, 0 won, 1 drawn, streak: 1 loss", "Ben: 1 game, 1 won, streak: 1 win")
    assert lines["de"][0] == "Ben: 2 Spiele, 0 gewonnen, 1 unentschieden, Serie: 1 Niederlage"
    assert lines["uk"][0] == "Ben: ігор 2, виграно 0, нічиїх 1, серія: поразок: 1"
