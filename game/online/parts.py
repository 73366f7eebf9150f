"""The gateway as its parts (seating.py, playing.py, sharing.py) use one another: server.py's GameServer
assembles them and supplies every member; each part takes ``GatewayParts`` as its base for the type checker
only (a protocol here, since server.py imports the parts)."""
from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from game.online.heap import HeapKeeper
    from game.online.journal import Journal
    from game.online.limits import Addresses, Conn, Limits
    from game.online.messages import Step
    from game.online.metrics import Metrics
    from game.online.store import Db, Store
    from game.online.table import Table

R = TypeVar("R")


class GatewayParts(Protocol):
    id: str  # this gateway's name in the store
    tables: dict[str, Table]  # the tables loaded here
    store: Store
    journal: Journal[Conn]
    limits: Limits
    addresses: Addresses
    metrics: Metrics
    heap: HeapKeeper | None
    seeds: Callable[[], int]
    open_count: int  # open tables in the store (counted by the sweep)

    # server.py
    def send(self, conn: Conn, msg: dict[str, object], code: str | None = None) -> None: ...
    def _close_later(self, conn: Conn, code: int, reason: str) -> None: ...
    def _spawn(self, coro: Coroutine[object, None, object]) -> None: ...

    # seating.py
    def _table_of(self, conn: Conn) -> Table: ...
    def _new_code(self) -> str: ...
    def _attach(self, conn: Conn, table: Table, seat: int) -> None: ...

    # playing.py
    def _ended(self, table: Table) -> None: ...
    def push_state(self, table: Table, start: int, events: list[Step]) -> None: ...
    def _maybe_rematch(self, table: Table) -> None: ...
    def follow_rematch(self, table: Table, new: Table | None = None) -> None: ...

    # sharing.py
    def write(self, table: Table, fn: Callable[[Db], R], done: Callable[[R], None] | None = None,
              payload: str = "") -> None: ...
    async def table(self, code: str, fresh: bool = False) -> Table | None: ...
    def resync(self, code: str, conn: Conn | None = None, ref: str = "") -> None: ...
