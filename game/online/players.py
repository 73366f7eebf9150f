"""The ``players`` table of the server's store: who proved to be whom (game/online/identity.py), as both stores
create it with their own schema lists. It imports nothing, so the stores need not import the identities."""


def schema(real: str) -> list[str]:
    """The table and its index (``real``: the backend's floating-point type). The store keeps public keys only."""
    return ["CREATE TABLE IF NOT EXISTS players (id TEXT PRIMARY KEY, pubkey TEXT NOT NULL, name TEXT NOT NULL, "
            f"folded TEXT NOT NULL, created {real} NOT NULL, seen {real} NOT NULL)",
            "CREATE UNIQUE INDEX IF NOT EXISTS players_by_name ON players (folded)"]
