"""A provably fair deal: the server commits to the seed when the table opens and reveals it at the end.

``commitment = SHA-256("card-duels-deal-v1" NUL seed NUL secret)``, in hex, is sent with ``seated`` and every
``state``. When the game is over the server reveals ``seed``, ``secret`` and the whole list of ``actions``.
:class:`FairnessCheck` (in the client) then checks that the reveal matches the commitment it was given
first, and replays the game from the seed through the rules: every observation this seat was sent must be
exactly what the replayed deal shows that seat. The secret keeps the seed unguessable from the commitment.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping
from typing import cast

import rules
from rules.core import IllegalAction
from rules.match import Match

PREFIX = b"card-duels-deal-v1"


def new_secret() -> str:
    return secrets.token_hex(16)


def commitment(seed: int, secret: str) -> str:
    data = b"\0".join((PREFIX, str(int(seed)).encode(), secret.encode("utf-8", "surrogatepass")))
    return hashlib.sha256(data).hexdigest()


def _canon(obs: object) -> str:
    return json.dumps(obs, sort_keys=True, separators=(",", ":"))


def replayed(game_id: str, seat: int, seed: int, actions: list[object],
             seen: dict[int, str]) -> tuple[str | None, Match | None]:
    """(the problem, None), or (None, the whole game rebuilt from the revealed seed and moves)."""
    try:
        match = Match(game_id, {"seed": seed})
        for data in actions:
            match.play(rules.action_from_json(game_id, cast(Mapping[str, object], data)))  # else it raises
    except (IllegalAction, ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
        return f"the revealed moves do not replay ({type(exc).__name__})", None
    for count, canon in seen.items():
        if count > len(match.actions):
            return f"the revealed game is shorter than position {count}", None
        if _canon(match.state_at(count).observe(seat)) != canon:
            return f"position {count} differs from the revealed deal", None
    return None, match


class FairnessCheck:
    """Fed every state message a client receives; says once whether the reveal holds up."""

    def __init__(self, game_id: str, seat: int) -> None:
        self.game_id, self.seat = game_id, seat
        self.commit: str | None = None
        self.seen: dict[int, str] = {}
        self.verdict: str | None = None  # None until checked, then "ok" or the problem
        self.match: Match | None = None  # the whole game, once the reveal checked out (its replay code)

    def note(self, msg: Mapping[str, object]) -> str | None:
        """Record one message; returns the problem (once) when the revealed deal does not match."""
        if self.verdict is not None:
            return None
        commit = msg.get("commit")
        if isinstance(commit, str):
            if self.commit is None:
                self.commit = commit
            elif not hmac.compare_digest(commit, self.commit):
                return self._fail("the server changed its commitment during the game")
        obs, count = msg.get("obs"), msg.get("count")
        if msg.get("type") == "state" and isinstance(obs, dict) and isinstance(count, int):
            self.seen[count] = _canon(obs)
        seed, secret, actions = msg.get("seed"), msg.get("secret"), msg.get("actions")
        if msg.get("status") != "over" or not isinstance(seed, int) or isinstance(seed, bool):
            return None
        if self.commit is None:
            return self._fail("the server never committed to its deal")
        if not isinstance(secret, str) or not isinstance(actions, list):
            return self._fail("the server revealed no secret or moves")
        if not hmac.compare_digest(commitment(seed, secret), self.commit):
            return self._fail("the revealed seed does not match the commitment")
        problem, match = replayed(self.game_id, self.seat, seed, actions, self.seen)
        if problem:
            return self._fail(problem)
        self.verdict, self.match = "ok", match
        return None

    def _fail(self, why: str) -> str:
        self.verdict = why
        return why
