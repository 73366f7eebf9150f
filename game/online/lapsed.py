"""A kept online seat whose wait ran out: the app asks the server how its game ended (``outcome``,
game/online/outcomes.py) and the statistics keep what the server says - for a game its player stayed away from
longer than the seat's wait, the reaper's "abandoned": that player's loss. Asked once, in a thread of its own,
when the main menu opens; a server that does not answer leaves nothing recorded (the log says why).
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from game.online import protocol, served
from game.online.protocol import ProtocolError
from game.online.seatfile import SavedSeat
from game.session import Session

if TYPE_CHECKING:
    from game.online.messages import ServerMsg

log = logging.getLogger("carduels.online")
ASK_TIMEOUT = 5.0  # seconds to connect, and again for the answer


@dataclass(frozen=True)
class EndedState:
    """The end as the server told it: what the statistics read of a finished game's state."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class EndedMatch:
    """A game this app did not see end: its final state, its length and its deal, as the server keeps them."""

    state: EndedState
    cursor: int
    setup: dict[str, object] = field(default_factory=dict)


class LapsedSeat:
    def __init__(self, seat: SavedSeat) -> None:
        self.seat = seat
        self.answer: ServerMsg | None = None
        self.done = threading.Event()
        threading.Thread(target=self._ask, name="card-duels-outcome", daemon=True).start()

    def _ask(self) -> None:
        try:
            with connect(self.seat.url, proxy=None, compression=None, open_timeout=ASK_TIMEOUT,
                         max_size=protocol.MAX_SERVER_BYTES, close_timeout=1) as ws:
                ws.send(protocol.client_message("outcome", code=self.seat.code, token=self.seat.token))
                while True:
                    msg = served.decode_server(ws.recv(timeout=ASK_TIMEOUT))
                    if msg["type"] == "outcome":
                        self.answer = msg
                        return
                    if msg["type"] == "error":
                        log.info("the server has no outcome for table %s: %s", self.seat.code, msg["message"])
                        return
        except (OSError, TimeoutError, WebSocketException, ProtocolError) as exc:
            log.info("could not ask how table %s ended: %s", self.seat.code, exc)
        finally:
            self.done.set()

    def session(self) -> Session | None:
        """The ended game as the statistics keep it, this app's player in their seat (None: no answer, or it did
        not end - both players stayed away, and the table closed without a result)."""
        a = self.answer
        if a is None or a["result"] is None:
            return None
        seats = ["remote", "remote"]
        seats[a["seat"]] = "human"
        match = EndedMatch(EndedState(tuple(a["result"]["winners"]), tuple(a["scores"])), a["count"],
                           {"seed": a["seed"]})
        names = [n or "?" for n in a["names"]]
        return Session(a["game"], "online", names, match, 2, seats)  # type: ignore[arg-type]  # what stats.record reads
