"""The tables of ratings (game/online/ratings.py) as both stores create them with their own schema lists. It imports
nothing, so the stores need not import the rating arithmetic."""


def schema(real: str) -> list[str]:
    """``ratings``: one row per player and game; ``rated``: who sits at each ranked table, and whether its result
    has been rated (``real``: the backend's floating-point type)."""
    return [f"CREATE TABLE IF NOT EXISTS ratings (player TEXT NOT NULL, game TEXT NOT NULL, rating {real} NOT NULL, "
            f"rd {real} NOT NULL, vol {real} NOT NULL, games INTEGER NOT NULL DEFAULT 0, "
            "wins INTEGER NOT NULL DEFAULT 0, losses INTEGER NOT NULL DEFAULT 0, draws INTEGER NOT NULL DEFAULT 0, "
            f"prior {real}, updated {real}, PRIMARY KEY (player, game))",
            # a leaderboard reads a game's established ratings, best first, from this index
            "CREATE INDEX IF NOT EXISTS ratings_board ON ratings (game, rating)",
            f"CREATE TABLE IF NOT EXISTS rated (code TEXT PRIMARY KEY, game TEXT NOT NULL, created {real} NOT NULL, "
            "player0 TEXT NOT NULL DEFAULT '', player1 TEXT NOT NULL DEFAULT '', settled INTEGER NOT NULL DEFAULT 0)"]
