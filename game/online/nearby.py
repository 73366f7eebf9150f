"""Nearby games: a server says on the local network that it is there (mDNS/DNS-SD), and the Online screen
lists what it hears, so two people on one network never type an address.

The service type is ``_card-duels._tcp.local.``; its TXT record carries the protocol version, the host's
name, the server's identity (random, for this run of it) and, for a table waiting in "Host on this computer", the
game and the join code. python-zeroconf does the multicast; it is imported only when a server announces or the
Online screen listens.

Each server is listed once (by its identity, else its address), and one that stopped drops out: its goodbye
removes it at once; a server that died without one is forgotten when its short-lived records expire (``TTL``),
and the list keeps only what was confirmed within ``FRESH`` seconds (the browser asks again every ``REFRESH``).
"""
from __future__ import annotations

import logging
import re
import secrets
import socket
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where used: only a server that announces, or a screen that listens, needs zeroconf
    from zeroconf import ServiceInfo, ServiceStateChange, Zeroconf
    from zeroconf.asyncio import AsyncZeroconf

from game.online.address import lan_address
from game.online.protocol import VERSION, is_code, player_name

log = logging.getLogger("carduels.online")

SERVICE = "_card-duels._tcp.local."
TTL = 30  # seconds a listener keeps this server's records without hearing them again (zeroconf's default: 75 min)
REFRESH = 10.0  # seconds between the browser's fresh looks at each server it lists
FRESH = 45.0  # a server not confirmed for this long is gone from the list


@dataclass(frozen=True)
class Nearby:
    """One server heard on the network; ``code`` is set when it has a table waiting for a second player."""

    key: str  # the service's name (unique on the network)
    url: str
    host: str
    game: str = ""
    code: str = ""
    server: str = ""  # the server's identity for this run: one server heard under two names is listed once


class Announcer:
    """Registers this server while it runs; :meth:`update` changes what it says (e.g. the waiting table)."""

    def __init__(self, host: str, game: str = "", code: str = "", address: str | None = None) -> None:
        self.props = {"v": str(VERSION), "host": host, "game": game, "code": code, "id": secrets.token_hex(8)}
        self.address = address
        self.zc: Zeroconf | None = None
        self.azc: AsyncZeroconf | None = None  # the async API's instance (async_start)
        self.info: ServiceInfo | None = None
        self.port = 0

    def start(self, port: int) -> None:
        self.port = port
        try:
            from zeroconf import Zeroconf  # noqa: PLC0415 - only a server that announces needs it

            self.info = self._info()
            self.zc = Zeroconf()
            self.zc.register_service(self.info, allow_name_change=True)
        except Exception as exc:  # noqa: BLE001 - no multicast here: the server still runs, it is just not announced
            log.warning("cannot announce the server on the local network: %r", exc)
            self.stop()

    async def async_start(self, port: int) -> None:
        """:meth:`start` from inside a running event loop (``serve`` with one gateway). python-zeroconf binds
        itself to the running loop, so its blocking calls there wait for the loop they block and give up with
        ``EventLoopBlocked`` after ~10 s; its async API does the same work without blocking."""
        self.port = port
        try:
            from zeroconf.asyncio import AsyncZeroconf  # noqa: PLC0415 - only a server that announces needs it

            self.info = self._info()
            self.azc = AsyncZeroconf()
            await (await self.azc.async_register_service(self.info, allow_name_change=True))
            log.info("announced on the local network as %s", self.info.name)
        except Exception as exc:  # noqa: BLE001 - as in start: the server runs on, unannounced
            log.warning("cannot announce the server on the local network: %r", exc)
            await self.async_stop()

    async def async_stop(self) -> None:
        azc, self.azc = self.azc, None
        if azc is None:
            return
        try:
            if self.info is not None:
                await azc.async_unregister_service(self.info)
        except Exception as exc:  # noqa: BLE001 - stopping: the goodbye is a courtesy
            log.warning("cannot withdraw the announcement: %r", exc)
        finally:
            await azc.async_close()

    def _info(self) -> ServiceInfo:
        from zeroconf import ServiceInfo  # noqa: PLC0415

        label = re.sub(r"[^A-Za-z0-9-]", "-", self.props["host"])[:40] or "card-duels"
        name = self.info.name if self.info is not None else f"{label}-{self.port}.{SERVICE}"
        address = self.address or lan_address() or "127.0.0.1"  # no network: still heard on this computer
        return ServiceInfo(SERVICE, name, addresses=[socket.inet_aton(address)], port=self.port,
                           properties=self.props, server=f"{label}-{self.port}.local.", host_ttl=TTL, other_ttl=TTL)

    def update(self, **props: str) -> None:
        self.props.update(props)
        if self.zc is not None and self.info is not None:
            self.info = self._info()
            try:
                self.zc.update_service(self.info)
            except OSError as exc:
                log.warning("cannot update the announcement: %s", exc)

    def stop(self) -> None:
        zc, self.zc = self.zc, None
        if zc is not None:
            try:
                if self.info is not None:
                    zc.unregister_service(self.info)
            finally:
                zc.close()


def _text(props: Mapping[bytes, bytes | None], key: str) -> str:
    value = props.get(key.encode())
    return value.decode("utf-8", "replace")[:64] if isinstance(value, bytes) else ""


def parse(key: str, addresses: list[str], port: int, props: Mapping[bytes, bytes | None]) -> Nearby | None:
    """What the Online screen may show of one service, checked like any message from the network."""
    if _text(props, "v") != str(VERSION) or not addresses or not 0 < port < 65536:
        return None
    try:
        host = player_name(_text(props, "host"))
    except ValueError:
        return None
    code = _text(props, "code")
    game = _text(props, "game")
    ident = _text(props, "id")
    return Nearby(key, f"ws://{addresses[0]}:{port}", host, game if re.fullmatch(r"[a-z]{1,16}", game) else "",
                  code if is_code(code) else "", ident if re.fullmatch(r"[0-9a-f]{8,32}", ident) else "")


def listed(heard: list[tuple[Nearby, float]], now: float) -> list[Nearby]:
    """What the Online screen shows of what was heard (each with when it was last confirmed): fresh ones only,
    each server once (by identity, else address; the latest word wins), waiting tables first."""
    taken: set[str] = set()
    out = []
    for seen, at in sorted(heard, key=lambda pair: -pair[1]):
        keys = {f"url:{seen.url}"} | ({f"id:{seen.server}"} if seen.server else set())
        if now - at > FRESH or keys & taken:
            continue
        taken |= keys
        out.append(seen)
    return sorted(out, key=lambda n: (n.code == "", n.host.casefold(), n.url))


class Browser:
    """Listens for servers on the local network; :meth:`found` is safe to call from the frame loop."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.zc: Zeroconf | None = None
        self.clock = clock
        self._found: dict[str, tuple[Nearby, float]] = {}  # service name -> what it said, when last confirmed
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        self.error = ""

    def start(self) -> Browser:
        try:
            from zeroconf import ServiceBrowser, Zeroconf  # noqa: PLC0415 - only while the screen listens

            self.zc = Zeroconf()
            ServiceBrowser(self.zc, SERVICE, handlers=[self._on_change])
        except (OSError, ImportError) as exc:
            self.error = str(exc)
            log.warning("cannot look for nearby games: %s", exc)
            return self
        threading.Thread(target=self._refresh, name="card-duels-nearby", daemon=True).start()
        return self

    def _on_change(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change.name == "Removed":
            self.removed(name)
        else:  # resolving waits for an answer: not in zeroconf's own thread
            threading.Thread(target=self._resolve, args=(service_type, name), daemon=True).start()

    def _resolve(self, service_type: str, name: str) -> None:
        zc = self.zc
        info = zc.get_service_info(service_type, name, timeout=3000) if zc is not None else None
        if info is None:  # no answer (its records expired and it is silent): it stopped
            self.removed(name)
            return
        self.heard(name, parse(name, info.parsed_addresses(), info.port or 0, info.properties or {}))

    def _refresh(self) -> None:
        """Ask again after each server not confirmed for ``REFRESH`` seconds, until the screen closes."""
        while not self._stopped.wait(REFRESH):
            now = self.clock()
            with self._lock:
                due = [name for name, (_, at) in self._found.items() if now - at >= REFRESH]
            for name in due:
                if self._stopped.is_set():
                    return
                self._resolve(SERVICE, name)

    def heard(self, name: str, seen: Nearby | None) -> None:
        """``name`` answered now (``None``: with something this app cannot use)."""
        with self._lock:
            if seen is not None:
                self._found[name] = (seen, self.clock())
            else:
                self._found.pop(name, None)

    def removed(self, name: str) -> None:
        with self._lock:
            self._found.pop(name, None)

    def found(self) -> list[Nearby]:
        with self._lock:
            heard = list(self._found.values())
        return listed(heard, self.clock())

    def stop(self) -> None:
        self._stopped.set()
        zc, self.zc = self.zc, None
        if zc is not None:
            threading.Thread(target=zc.close, daemon=True).start()  # closing waits for goodbyes: not in a frame
