"""The server's limits: per connection (rate, wrong codes), per address (wrong codes with a short back-off,
connections, waiting tables) and the one rule for which address a connection comes from.

A correct seat token is never refused because of wrong codes: the back-off applies to guesses only
(see ``GameServer._on_resume``). Behind a TLS proxy every player shares the proxy's address; with
``trusted_proxies`` set, the client address is read from ``X-Forwarded-For`` - only on connections from
those proxy addresses, so nobody else can claim another address.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from game.online.protocol import ProtocolError


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
    sweep_interval: float = 60.0  # every table is looked at this often; one with a seat away, every reap
    trusted_proxies: frozenset[str] = field(default_factory=frozenset)

    def shared_by(self, workers: int) -> Limits:
        """The per-address and global caps of one of ``workers`` processes: a fair share of each."""
        if workers <= 1:
            return self
        share = {k: max(1, -(-getattr(self, k) // workers)) for k in
                 ("waiting_per_ip", "conns_per_ip", "max_tables", "max_connections", "failed_per_ip")}
        return Limits(**{**self.__dict__, **share})


class Conn:
    """One client connection: its seat (if any), its rate-limit bucket and its bad-behaviour counters."""

    def __init__(self, ws: Any, ip: str, limits: Limits, now: float) -> None:
        self.ws, self.ip = ws, ip
        self.code: str | None = None
        self.seat: int | None = None
        self.tokens, self.stamp = limits.burst, now
        self.dropped = 0
        self.last_rate_error = -1e9
        self.failed = 0
        self.tables = 0
        self.close_with: tuple[int, str] | None = None

    def allow(self, now: float, limits: Limits) -> bool:
        """Token bucket: ``rate`` per second, at most ``burst`` saved up."""
        self.tokens = min(limits.burst, self.tokens + (now - self.stamp) * limits.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


def client_address(peer: str, headers: Any, trusted: frozenset[str]) -> str:
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
    """Per-address bookkeeping: live connections, waiting tables and recent wrong codes."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.conns: dict[str, int] = {}
        self.waiting: dict[str, int] = {}
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

    def may_open(self, ip: str) -> bool:
        return self.waiting.get(ip, 0) < self.limits.waiting_per_ip

    def opened(self, ip: str, delta: int) -> None:
        n = self.waiting.get(ip, 0) + delta
        if n > 0:
            self.waiting[ip] = n
        else:
            self.waiting.pop(ip, None)

    def wait_left(self, ip: str, now: float) -> float:
        """Seconds this address must wait before its next guess (0: it may guess now)."""
        tries = self._recent(ip, now)
        if tries is None or len(tries) < self.limits.failed_per_ip:
            return 0.0
        return max(0.0, tries[-1] + self.limits.backoff - now)

    def wrong(self, ip: str, now: float) -> None:
        tries = self.failed.setdefault(ip, deque())
        tries.append(now)
        while len(tries) > self.limits.failed_per_ip:  # only the latest ones matter
            tries.popleft()

    def guess_allowed(self, conn: Conn, now: float) -> None:
        """After many wrong codes from one address, each further guess waits a moment (never a long lock)."""
        wait = self.wait_left(conn.ip, now)
        if wait > 0:
            self._count(conn)
            raise ProtocolError("too_many_attempts", f"too many wrong codes from this address; wait {wait:.1f} s")

    def refused(self, conn: Conn, now: float, exc: ProtocolError) -> ProtocolError:
        """A wrong code or token: counted for the connection and its address; returns ``exc`` to raise."""
        self._count(conn)
        self.wrong(conn.ip, now)
        return exc

    def _count(self, conn: Conn) -> None:
        conn.failed += 1
        if conn.failed >= self.limits.failed_per_conn:
            conn.close_with = (1008, "too many wrong codes or tokens")

    def _recent(self, ip: str, now: float) -> deque[float] | None:
        tries = self.failed.get(ip)
        while tries and now - tries[0] > self.limits.failed_window:
            tries.popleft()
        return tries

    def sweep(self, now: float) -> None:
        for ip in list(self.failed):
            if not self._recent(ip, now):
                del self.failed[ip]
