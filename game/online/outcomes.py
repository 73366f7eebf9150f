"""How a kept seat's game ended (a part of ``GameServer``): ``outcome`` with the seat's code and token answers a
player who stayed away longer than the seat's wait - the reaper has ended the game as abandoned by then (the
player's loss) - with the result, the final scores and the moves' count, read from the store, which keeps a
finished game for the retention time after its table closed. A seat given up with ``leave`` has no token any
more and learns nothing here: its resignation was recorded when it was made.
"""
from __future__ import annotations

import asyncio
import hmac
import json
from functools import partial
from typing import TYPE_CHECKING, Any

import rules
from game.online import protocol
from game.online.limits import Conn
from game.online.protocol import ProtocolError
from game.online.store import token_hash

if TYPE_CHECKING:
    from game.online.parts import GatewayParts
else:
    GatewayParts = object  # a base for the type checker only: server.GameServer supplies every member


def read_outcome(db: Any, code: str) -> dict[str, Any] | None:
    """The table ``code`` as the store keeps it, closed or not (None when it has been pruned)."""
    row = db.one("SELECT game, seed, name0, name1, token0, token1, result FROM tables WHERE code = ?", (code,))
    if row is None:
        return None
    game, seed, name0, name1, token0, token1, result = row
    actions = [json.loads(a) for (a,) in db.rows("SELECT action FROM actions WHERE code = ? ORDER BY n", (code,))]
    return {"game": game, "seed": seed, "names": [name0, name1], "tokens": [token0 or "", token1 or ""],
            "result": json.loads(result) if result else None, "actions": actions}


class Outcomes(GatewayParts):
    def _on_outcome(self, conn: Conn, msg: dict[str, Any], now: float) -> Any:
        return self._outcome(conn, msg["code"], msg["token"])

    async def _outcome(self, conn: Conn, code: str, token: str) -> None:
        rec = await asyncio.get_running_loop().run_in_executor(None, self.store.read, partial(read_outcome, code=code))
        digest = token_hash(token)
        seat = None
        for i in (0, 1):  # both compared in constant time, as a resume does
            if rec is not None and rec["tokens"][i] and hmac.compare_digest(rec["tokens"][i], digest):
                seat = i
        if rec is None or seat is None or rec["game"] not in rules.GAMES:
            await self._wrong(conn, ProtocolError("no_table", f"no game with the code {code} for this seat"))
            return
        state = rules.spec(rec["game"]).new_game(seed=rec["seed"])
        for data in rec["actions"]:
            state = state.apply(rules.action_from_json(rec["game"], data))
        result = rec["result"]
        if result is None and state.is_over:
            result = {"reason": "end", "winners": list(state.winners)}
        over = result is not None
        self.send(conn, protocol.message(
            "outcome", code=code, game=rec["game"], seat=seat, names=rec["names"], result=result,
            scores=list(state.scores), count=len(rec["actions"]), seed=rec["seed"] if over else None))
