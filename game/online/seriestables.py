"""The tables of best-of-3 series (game/online/series.py) as both stores create them with their own schema lists. It
imports nothing, so the stores need not import the series themselves."""


def schema(real: str) -> list[str]:
    """``series``: each series' length and the games its players A and B have won; ``series_games``: the series,
    the game number and where A sits of each table in one (``created`` tells a table from a later one that drew the
    same code, as ``rated`` does), and who won it once it is counted."""
    return ["CREATE TABLE IF NOT EXISTS series (id TEXT PRIMARY KEY, best INTEGER NOT NULL, "
            "wins0 INTEGER NOT NULL DEFAULT 0, wins1 INTEGER NOT NULL DEFAULT 0)",
            f"CREATE TABLE IF NOT EXISTS series_games (code TEXT PRIMARY KEY, created {real} NOT NULL, "
            "series TEXT NOT NULL, n INTEGER NOT NULL, a_seat INTEGER NOT NULL, won INTEGER)",
            "CREATE INDEX IF NOT EXISTS series_games_series ON series_games (series)"]
