"""Which address of this computer another device can reach: the one to tell the other player, never a loopback one.

``ifaddr`` (already there for python-zeroconf) lists the network adapters, so this works on a network without a
default route too (a router with no internet); the route to a documentation address only breaks ties.
"""
from __future__ import annotations

import ipaddress
import logging
import socket
from urllib.parse import urlsplit, urlunsplit

log = logging.getLogger("carduels.online")


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses another device could reach: not loopback, not link-local, private first."""
    try:
        import ifaddr  # noqa: PLC0415 - only when there is an address to tell

        adapters = ifaddr.get_adapters()
    except (ImportError, OSError) as exc:
        log.warning("cannot list the network adapters: %s", exc)
        return []
    found: list[ipaddress.IPv4Address] = []
    for adapter in adapters:
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):  # IPv6 comes as a tuple: the addresses typed by players are IPv4
                continue
            try:
                a = ipaddress.IPv4Address(ip.ip)
            except ValueError:
                continue
            if not (a.is_loopback or a.is_link_local or a.is_unspecified or a.is_multicast) and a not in found:
                found.append(a)
    return [str(a) for a in sorted(found, key=lambda a: not a.is_private)]


def _routed() -> str | None:
    """The address this computer would send from to the wider network (a UDP connect sends no packet)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # a documentation address
            return str(s.getsockname()[0])
    except OSError:
        return None


def lan_address() -> str | None:
    """The address to tell another device on the network; None when this computer has none (then only a player
    on this computer can join)."""
    found = lan_addresses()
    routed = _routed()
    if routed in found:
        return routed
    return found[0] if found else None


def is_loopback(host: str | None) -> bool:
    if host is None or host.casefold() == "localhost":
        return host is not None
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def answers(url: str, timeout: float = 0.3) -> bool:
    """Whether something takes connections at ``url``'s host and port: a server started for this computer only
    (``serve`` listens on 127.0.0.1 unless told otherwise) cannot be reached at this computer's network address."""
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "wss" else 80)
    try:
        with socket.create_connection((parts.hostname or "", port), timeout=timeout):
            return True
    except OSError:
        return False


def share_url(url: str) -> str | None:
    """``url`` as another device must type it: a loopback address names this computer, so it becomes this
    computer's address on the network; None when it has none."""
    parts = urlsplit(url)
    if not is_loopback(parts.hostname):
        return url
    lan = lan_address()
    if lan is None:
        return None
    netloc = lan if parts.port is None else f"{lan}:{parts.port}"
    return urlunsplit(parts._replace(netloc=netloc))
