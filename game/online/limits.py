"""The server's limits: per connection (rate, wrong codes), per address (wrong codes with a short back-off,
connections, waiting tables) and the one rule for which address a connection comes from.

An address is an IPv4 address or an IPv6 /64 (one home or phone gets a whole /64). A correct code or seat
token is never refused or delayed because of wrong ones: the back-off holds back only the answer to a
wrong guess (see ``Seating._wrong``), so a player behind the same router as a guesser still gets in.
Behind a TLS proxy every player shares the proxy's address; with
``trusted_proxies`` set, the client address is read from ``X-Forwarded-For`` - only on connections from
those proxy addresses, so nobody else can claim another address.
"""
from __future__ import annotations

import ipaddress
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from websockets.asyncio.client import ClientConnection
    from websockets.asyncio.server import ServerConnection
    from websockets.datastructures import Headers


@dataclass
class Limits:
    rate: float = 20.0  # messages per second a connection may send on average ...
    burst: float = 40.0  # ... and at once
    max_dropped: int = 400  # messages dropped for the rate limit before the connection is closed
    failed_per_conn: int = 20  # wrong codes or tokens before the connection is closed
    failed_per_ip: int = 100  # wrong codes or tokens from one address within ``failed_window`` ...
    failed_window: float = 60.0
    backoff: float = 1.0  # ... then each further guess must wait this long after the last wrong one
    tables_per_conn: int = 8
    waiting_per_ip: int = 100  # tables waiting for a second player, opened from one address
    conns_per_ip: int = 256
    max_tables: int = 20000
    max_connections: int = 20000
    reconnect_window: float = 600.0  # a player who drops may come back this long (10 minutes)
    unseated_timeout: float = 120.0  # a connection must take a seat within this time
    max_table_age: float = 12 * 3600.0
    retention: float = 24 * 3600.0  # a finished table stays in the store this long (seconds)
    write_buffer: int = 1 << 20  # bytes queued for a client that does not read before it is dropped
    reap_interval: float = 1.0
    sweep_interval: float = 60.0  # finished games are pruned and open tables counted this often
    idle_drop: float = 30.0  # a table no connection here has used this long leaves this gateway's memory
    beat_every: float = 0.25  # each gateway writes that it is alive this often (renewing its tables' lease) ...
    lease: float = 1.25  # ... which lapses this long after its last beat: its tables pass to a live gateway
    gateway_timeout: float = 10.0  # a gateway silent this long is forgotten once its tables have been taken
    sync_every: float = 1.0  # a connection gets at most one full snapshot (``sync``) this often
    max_sync_wait: float = 10.0  # reading a table from the store may take this long before the player is told
    trusted_proxies: frozenset[str] = field(default_factory=frozenset)
    watch_delay: int = 0  # spectators see the game this many moves behind until it ends (watching.py)

    def shared_by(self, workers: int) -> Limits:
        """The per-address and global caps of one of ``workers`` processes: a fair share of each."""
        if workers <= 1:
            return self
        share = {k: max(1, -(-getattr(self, k) // workers)) for k in ("conns_per_ip", "max_connections")}
        return Limits(**{**self.__dict__, **share})


class Conn:
    """One client connection: its seat (if any), its rate-limit bucket and its bad-behaviour counters."""

    def __init__(self, ws: ServerConnection, ip: str, limits: Limits, now: float) -> None:
        self.ws, self.peer, self.ip = ws, ip, address_group(ip)
        self.opened = now
        self.messages = 0
        self.last_code: str | None = None  # for the access log
        self.last_seat: int | None = None
        self.last_sync = float("-inf")  # when this connection's latest snapshot was due
        self.code: str | None = None
        self.seat: int | None = None
        self.tokens, self.stamp = limits.burst, now
        self.dropped = 0
        self.last_rate_error = -1e9
        self.failed = 0
        self.tables = 0
        self.close_with: tuple[int, str] | None = None
        self.inner = False  # relayed here by another gateway (owning.py)
        self.raw: str | bytes = ""  # the message being handled, as it came (what a relay passes on)
        self.relay: ClientConnection | None = None  # its table's owner, when another gateway holds it

    def allow(self, now: float, limits: Limits) -> bool:
        """Token bucket: ``rate`` per second, at most ``burst`` saved up."""
        self.tokens = min(limits.burst, self.tokens + (now - self.stamp) * limits.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


def address_group(ip: str) -> str:
    """What the per-address caps count: an IPv4 address, or the /64 network of an IPv6 address."""
    try:
        addr = ipaddress.ip_address(ip.split("%", 1)[0])
    except ValueError:
        return ip[:64]
    if isinstance(addr, ipaddress.IPv6Address):
        if addr.ipv4_mapped is not None:
            return str(addr.ipv4_mapped)
        return str(ipaddress.ip_network(f"{addr}/64", strict=False))
    return str(addr)


def client_address(peer: str, headers: Headers | None, trusted: frozenset[str]) -> str:
    """The address a connection counts against: the peer, or - from a trusted proxy only - the last
    address in ``X-Forwarded-For`` that is not itself a trusted proxy."""
    if peer not in trusted or headers is None:
        return peer
    values = headers.get_all("X-Forwarded-For") if hasattr(headers, "get_all") else [headers.get("X-Forwarded-For")]
    hops = [h.strip() for v in values if v for h in str(v).split(",") if h.strip()]
    for hop in reversed(hops):
        if hop not in trusted:
            return hop[:64]
    return peer


class Addresses:
    """Per-address bookkeeping: live connections and recent wrong codes (waiting tables are counted in the store)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.conns: dict[str, int] = {}
        self.failed: dict[str, deque[float]] = {}

    def connect(self, ip: str) -> bool:
        if self.conns.get(ip, 0) >= self.limits.conns_per_ip:
            return False
        self.conns[ip] = self.conns.get(ip, 0) + 1
        return True

    def disconnect(self, ip: str) -> None:
        left = self.conns.get(ip, 0) - 1
        if left > 0:
            self.conns[ip] = left
        else:
            self.conns.pop(ip, None)

    def delay(self, ip: str, now: float) -> float:
        """How long the answer to a wrong guess from this address is held back (0: not at all)."""
        tries = self._recent(ip, now)
        if tries is None or len(tries) < self.limits.failed_per_ip:
            return 0.0
        return self.limits.backoff

    def refused(self, conn: Conn, now: float) -> float:
        """A wrong code or token: counted for the connection and its address; returns the back-off."""
        wait = self.delay(conn.ip, now)
        conn.failed += 1
        if conn.failed >= self.limits.failed_per_conn:
            conn.close_with = (1008, "too many wrong codes or tokens")
        tries = self.failed.setdefault(conn.ip, deque())
        tries.append(now)
        while len(tries) > self.limits.failed_per_ip:  # only the latest ones matter
            tries.popleft()
        return wait

    def _recent(self, ip: str, now: float) -> deque[float] | None:
        tries = self.failed.get(ip)
        while tries and now - tries[0] > self.limits.failed_window:
            tries.popleft()
        return tries

    def sweep(self, now: float) -> None:
        for ip in list(self.failed):
            if not self._recent(ip, now):
                del self.failed[ip]
