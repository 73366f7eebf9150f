"""The shape of a rules refusal as a server sends it with an ``illegal`` error (``IllegalAction.to_json``), checked
before the client words it: a key, its game and a few plain parameters, nothing else."""
from __future__ import annotations


def is_refusal(value: object) -> bool:
    """A rules refusal as the server sends it (IllegalAction.to_json): a key, its game, a few plain parameters."""
    if not isinstance(value, dict) or set(value) != {"key", "game", "params"}:
        return False
    key, game, params = value["key"], value["game"], value["params"]
    if not (isinstance(key, str) and len(key) <= 48 and key.replace(".", "_").isidentifier()):
        return False
    if not (isinstance(game, str) and len(game) <= 32 and isinstance(params, dict) and len(params) <= 8):
        return False
    plain = (str, int, float, bool, type(None))
    return all(isinstance(k, str) and len(k) <= 24 and k.isidentifier() and (
        isinstance(v, plain) or (isinstance(v, list) and len(v) <= 52 and all(isinstance(x, plain) for x in v)))
        and len(str(v)) <= 300 for k, v in params.items())
