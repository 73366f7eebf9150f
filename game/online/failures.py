"""Why a connection or a server failed, as a kind the screens say in the player's language with what to do next.

A player never reads an errno or an exception's own text ("[Errno 111] Connect call failed"): the client and the
"Host on this computer" button sort each failure into a kind here, the log keeps the technical reason, and
:func:`failure_words` makes the sentence (game/text/online.py holds the words).
"""
from __future__ import annotations

import errno
import re
import socket
from collections.abc import Callable

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

CONNECT_KINDS = ("refused", "dns", "unreachable", "timeout", "not_server", "server_full", "crowded", "lost",
                 "seat_gone", "name_taken", "other")
SERVER_KINDS = ("port_in_use", "port_denied", "no_address", "server_other")

_UNREACHABLE = {errno.EHOSTUNREACH, errno.ENETUNREACH, errno.ENETDOWN, errno.EHOSTDOWN}
_LOST = {errno.ECONNRESET, errno.EPIPE, errno.ECONNABORTED}
_ERRNO = re.compile(r"\[Errno (\d+)\]")


def _errno_of(exc: OSError) -> int | None:
    """The error number, also when asyncio folded several attempts (IPv6 and IPv4) into one OSError with none."""
    if exc.errno is not None:
        return exc.errno
    found = _ERRNO.search(str(exc))
    return int(found.group(1)) if found else None


def connect_failure(exc: BaseException) -> str:
    """The kind of a failure to reach or keep a server (one of ``CONNECT_KINDS``)."""
    if isinstance(exc, socket.gaierror):
        return "dns"
    if isinstance(exc, TimeoutError):
        return "timeout"
    if isinstance(exc, ConnectionClosed):
        return "lost"
    if isinstance(exc, InvalidStatus):  # a game server turns a connection away with these (server.py _admit)
        status = exc.response.status_code
        if status == 503:
            return "server_full"
        if status == 429:
            return "crowded"
    if isinstance(exc, InvalidHandshake):  # something answers there, but it does not speak the game's websocket
        return "not_server"
    if isinstance(exc, OSError):
        number = _errno_of(exc)
        if number == errno.ECONNREFUSED:
            return "refused"
        if number in _UNREACHABLE:
            return "unreachable"
        if number == errno.ETIMEDOUT:
            return "timeout"
        if number in _LOST:
            return "lost"
    return "other"


def server_failure(exc: BaseException) -> str:
    """The kind of a failure to start a server on this computer (one of ``SERVER_KINDS``)."""
    number = _errno_of(exc) if isinstance(exc, OSError) else None
    if number == errno.EADDRINUSE:
        return "port_in_use"
    if number == errno.EACCES:
        return "port_denied"
    if number == errno.EADDRNOTAVAIL:
        return "no_address"
    return "server_other"


def failure_words(t: Callable[..., str], kind: str, url: str = "", port: int | None = None) -> str:
    """The sentence for a failure of ``kind`` (an unknown kind says the general one)."""
    if kind not in CONNECT_KINDS + SERVER_KINDS:
        kind = "other"
    if kind in ("seat_gone", "name_taken", "server_full"):  # the server's own word: said as its error is
        return t(f"online.error.{kind}")
    return t(f"online.net.{kind}", url=url or "?", port="?" if port is None else str(port))
