"""``python main.py serve``: run gateways until Ctrl+C or SIGTERM; prints ``SERVING ws://host:port`` once the
port is bound (port 0 picks a free one). ``--workers N`` runs N gateway processes on the port
(``game/online/workers.py``); any number of such commands, on any machines, may share one PostgreSQL store.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import socket
import ssl
import sys

import rules
from game.online import workers as workers_mod
from game.online.heap import HeapKeeper
from game.online.nearby import Announcer
from game.online.server import GameServer, Limits
from game.online.store import Store, default_path
from game.online.stores import open_store


async def _serve_forever(ns: argparse.Namespace, limits: Limits, store: Store, tls: ssl.SSLContext | None,
                         gateways: int) -> None:
    sys.setswitchinterval(0.0005)  # the store's writer thread gets the GIL soon after its commit returns
    server = GameServer(limits.shared_by(gateways), heap=HeapKeeper(), store=store, origins=ns.origin or None,
                        ssl=tls)
    await server.start(ns.host, ns.port, reuse_port=ns.gateway, cluster_host=ns.cluster_host)
    scheme = "wss" if tls else "ws"
    print(f"SERVING {scheme}://{ns.host}:{server.port}", flush=True)
    announcer = None
    if ns.announce and not ns.gateway:
        if ns.host.startswith("127.") or ns.host == "localhost":
            logging.warning("announced, but listening on %s only: other devices cannot reach it (--host 0.0.0.0)",
                            ns.host)
        announcer = Announcer(ns.name or socket.gethostname())
        await announcer.async_start(server.port)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    if ns.parent_fd is not None:
        workers_mod.watch_parent(ns.parent_fd, stop.set)
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # Windows: Ctrl+C raises KeyboardInterrupt instead
            pass
    try:
        await stop.wait()
    finally:
        if announcer is not None:
            await announcer.async_stop()
        await server.stop()


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="card-duels serve", description="Run a Card Duels game server.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: every network)")
    p.add_argument("--port", type=int, default=8765, help="TCP port (0: any free port)")
    p.add_argument("--reconnect-minutes", type=float, default=10.0, help="how long a dropped seat is kept")
    p.add_argument("--store", metavar="PATH|URL", help="a SQLite file, or postgresql://user@host/db shared by "
                   "gateways on several machines (default: tables.sqlite3 in the server folder of the user data "
                   "folder, which CARD_DUELS_HOME moves)")
    p.add_argument("--memory", action="store_true", help="keep tables in memory only: a restart loses them")
    p.add_argument("--sync", choices=["full", "normal"], default="full",
                   help="full: each commit reaches the disk (survives power loss); normal: survives a killed server")
    p.add_argument("--retention-hours", type=float, default=24.0, help="how long finished tables are kept")
    p.add_argument("--workers", type=int, default=None,
                   help="gateway processes sharing the port on this machine (default: the number of cores; one "
                   "with --memory or where the port cannot be shared)")
    p.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDR",
                   help="read the client address from X-Forwarded-For on connections from this proxy (repeatable)")
    p.add_argument("--origin", action="append", default=[], metavar="URL",
                   help="accept browser connections only from this Origin (repeatable; apps send none and are "
                   "always accepted)")
    p.add_argument("--tls-cert", metavar="PEM", help="serve wss:// with this certificate chain ...")
    p.add_argument("--tls-key", metavar="PEM", help="... and this private key")
    p.add_argument("--announce", action="store_true", help="announce the server on the local network (mDNS)")
    p.add_argument("--name", help="the name nearby players see (default: this computer's name)")
    p.add_argument("--rate", type=float, default=20.0, help="messages a second one connection may send")
    p.add_argument("--watch-delay", type=int, default=0, metavar="N",
                   help="spectators see a running game N moves behind (0: as it is played)")
    p.add_argument("--cluster-host", default="127.0.0.1", metavar="ADDR",
                   help="the address the other gateways reach this one on, to pass on the players of tables held "
                   "here (this machine's address on the private network when gateways run on several machines)")
    p.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    p.add_argument("--gateway", action="store_true", help=argparse.SUPPRESS)  # one of --workers N
    p.add_argument("--parent-fd", type=int, help=argparse.SUPPRESS)  # its lifeline (workers.watch_parent)
    return p


def _child_args(ns: argparse.Namespace, where: str | None) -> list[str]:
    args = ["--reconnect-minutes", str(ns.reconnect_minutes), "--sync", ns.sync, "--rate", str(ns.rate),
            "--watch-delay", str(ns.watch_delay),
            "--retention-hours", str(ns.retention_hours), "--log-level", ns.log_level, "--workers", str(ns.workers),
            "--cluster-host", ns.cluster_host]
    args += ["--store", where] if where else ["--memory"]
    for flag, values in (("--trusted-proxy", ns.trusted_proxy), ("--origin", ns.origin)):
        for v in values:
            args += [flag, v]
    if ns.tls_cert and ns.tls_key:
        args += ["--tls-cert", ns.tls_cert, "--tls-key", ns.tls_key]
    return args


def _tls(ns: argparse.Namespace) -> ssl.SSLContext | None:
    if not (ns.tls_cert or ns.tls_key):
        return None
    if not (ns.tls_cert and ns.tls_key):
        raise ValueError("--tls-cert and --tls-key go together")
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(ns.tls_cert, ns.tls_key)
    return ctx


def main(argv: list[str] | None = None) -> int:
    ns = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(level=ns.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)
    limits = Limits(rate=ns.rate, burst=2 * ns.rate,
                    reconnect_window=ns.reconnect_minutes * 60.0, retention=ns.retention_hours * 3600.0,
                    trusted_proxies=frozenset(ns.trusted_proxy), watch_delay=max(0, ns.watch_delay))
    where = None if ns.memory else str(ns.store or default_path())
    single = where in (None, ":memory:") or not workers_mod.supported()
    workers = max(1, ns.workers or (1 if single else os.cpu_count() or 1))
    if workers > 1 and single:  # asked for explicitly: say why it is not so
        logging.warning("several gateways need a shared store and SO_REUSEPORT; serving with one")
        workers = 1
    ns.workers = workers
    try:
        tls = _tls(ns)
    except (OSError, ValueError, ssl.SSLError) as exc:
        print(f"cannot use the TLS certificate: {exc}", file=sys.stderr)
        return 1
    if workers > 1 and not ns.gateway:
        announce = (lambda port: Announcer(ns.name or socket.gethostname()).start(port)) if ns.announce else None
        try:
            return workers_mod.run_gateways(ns.host, ns.port, workers, _child_args(ns, where), announce)
        except OSError as exc:
            print(f"cannot serve on {ns.host}:{ns.port}: {exc}", file=sys.stderr)
            return 1
    if ns.gateway and os.name == "posix":
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's: it stops the gateways in order
    for game_id in rules.GAMES:  # the registry loads games when asked: a server loads them all before it serves
        rules.spec(game_id)
    try:
        store = open_store(where, ns.sync)
    except Exception as exc:  # noqa: BLE001 - sqlite3, psycopg or schema errors: said plainly, never a traceback
        print(f"cannot open the store {where}: {exc}", file=sys.stderr)
        return 1
    try:
        asyncio.run(_serve_forever(ns, limits, store, tls, workers))
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        print(f"cannot serve on {ns.host}:{ns.port}: {exc}", file=sys.stderr)
        return 1
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

