"""Running a server: health, readiness and metrics over plain HTTP, one access-log line per connection, the
Origin allow-list, TLS, and per-address caps that count an IPv6 /64 as one address."""
from __future__ import annotations

import asyncio
import http.client
import logging
import shutil
import ssl
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidMessage, InvalidStatus

from game.online import protocol
from game.online.limits import address_group
from game.online.server import GameServer, Limits
from game.online.store import SQLiteStore
from tests.test_online_fair import as_address
from tests.test_online_server import run
from tools.online_bench import SimPlayer, play_out, seat_pair

ROOT = Path(__file__).resolve().parent.parent


def fast(**kw) -> Limits:
    return Limits(**{"rate": 1e6, "burst": 1e6, **kw})


async def get(url: str) -> tuple[int, str]:
    def fetch() -> tuple[int, str]:
        try:
            with urllib.request.urlopen(url, timeout=5) as r:  # noqa: S310 - loopback only
                return r.status, r.read().decode()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode()

    return await asyncio.get_running_loop().run_in_executor(None, fetch)


def test_health_readiness_and_metrics_over_plain_http():
    async def scenario():
        server = await GameServer(fast()).start("127.0.0.1", 0)
        base = f"http://127.0.0.1:{server.port}"
        a, b = await seat_pair(f"ws://127.0.0.1:{server.port}", "square")
        await play_out(a, b, 1, max_actions=3)
        assert await get(base + "/healthz") == (200, "ok\n")
        status, text = await get(base + "/readyz")
        assert status == 200 and text.startswith("ready (sqlite")
        status, text = await get(base + "/metrics")
        assert status == 200
        own = f'gateway="{server.id}"'
        values = {line.split()[0].replace(own, "").replace("{,", "{").replace("{}", ""): line.split()[1]
                  for line in text.splitlines() if not line.startswith("#")}
        assert values["card_duels_actions_total"] == "3" and values["card_duels_connections_open"] == "2"
        assert values["card_duels_tables_loaded"] == "1"
        assert int(values['card_duels_action_seconds_bucket{le="+Inf"}']) == 3
        assert int(values["card_duels_store_commit_seconds_count"]) >= 1
        assert (await get(base + "/anything"))[0] == 426  # any other plain GET: still "upgrade, please"
        server.store.close()  # a store that cannot answer: alive, but not ready
        assert (await get(base + "/readyz"))[0] == 503 and (await get(base + "/healthz"))[0] == 200

    run(scenario())


def test_metrics_come_with_one_content_type_distinct_families_and_the_gateways_label():
    async def scenario():
        server = await GameServer(fast()).start("127.0.0.1", 0)

        def fetch() -> tuple[list[str], str]:
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
            conn.request("GET", "/metrics")
            resp = conn.getresponse()
            types = [v for k, v in resp.getheaders() if k.lower() == "content-type"]
            return types, resp.read().decode()

        types, text = await asyncio.get_running_loop().run_in_executor(None, fetch)
        await server.stop()
        return server.id, types, text

    gateway, types, text = run(scenario())
    assert types == ["text/plain; version=0.0.4; charset=utf-8"]
    samples = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert samples and all(f'{{gateway="{gateway}"' in line.split()[0] for line in samples), samples
    families = [line.split()[2] for line in text.splitlines() if line.startswith("# TYPE ")]
    # a client library names a counter's family without _total: no two families may then share a name
    named = [f.removesuffix("_total") if f.endswith("_total") else f for f in families]
    assert len(set(named)) == len(named), families


def test_one_access_log_line_per_connection(caplog):
    async def scenario():
        server = await GameServer(fast()).start("127.0.0.1", 0)
        a, b = await seat_pair(f"ws://127.0.0.1:{server.port}", "kombi")
        for p in (a, b):
            await p.close()
        await asyncio.sleep(0.1)
        await server.stop()
        return a.code

    with caplog.at_level(logging.INFO, logger="carduels.access"):
        code = run(scenario())
    lines = [r.getMessage() for r in caplog.records if r.name == "carduels.access"]
    assert len(lines) == 2 and all(line.startswith("127.0.0.1 / ") and f"table={code}" in line for line in lines)
    assert {"seat=0", "seat=1"} <= {w for line in lines for w in line.split()}


def test_the_origin_allow_list_refuses_other_web_pages_and_welcomes_apps():
    async def scenario():
        server = await GameServer(fast(), origins=["https://cards.example"]).start("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{server.port}"
        with pytest.raises(InvalidStatus) as refused:
            await connect(url, proxy=None, origin="https://evil.example")
        assert refused.value.response.status_code == 403
        for origin in ("https://cards.example", None):  # the page that may, and an app (no Origin at all)
            ws = await connect(url, proxy=None, origin=origin)
            await ws.send(protocol.encode(protocol.message("ping", id=1)))
            assert '"pong"' in await ws.recv()
            await ws.close()
        await server.stop()

    run(scenario())


def test_without_the_option_any_origin_is_accepted():
    async def scenario():
        server = await GameServer(fast()).start("127.0.0.1", 0)
        ws = await connect(f"ws://127.0.0.1:{server.port}", proxy=None, origin="https://elsewhere.example")
        await ws.close()
        await server.stop()

    run(scenario())


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command to make a certificate")
def test_serve_speaks_tls_with_a_certificate(tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                    "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "serve", "--port", "0", "--memory",
                             "--tls-cert", str(cert), "--tls-key", str(key), "--log-level", "WARNING"],
                            stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        line = proc.stdout.readline()
        assert line.startswith("SERVING wss://127.0.0.1:"), line
        ctx = ssl.create_default_context(cafile=str(cert))

        async def ping():
            ws = await connect(line.split()[1], proxy=None, ssl=ctx)
            await ws.send(protocol.encode(protocol.message("ping", id=5)))
            assert '"id":5' in await ws.recv()
            await ws.close()
            with pytest.raises((OSError, InvalidMessage, TimeoutError)):  # plain ws:// to a TLS port fails
                await connect(line.split()[1].replace("wss://", "ws://"), proxy=None, open_timeout=3)

        run(ping(), 20)
    finally:
        proc.terminate()
        proc.wait(10)


def test_an_ipv6_64_counts_as_one_address():
    assert address_group("2001:db8:1:2::1") == address_group("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert address_group("2001:db8:1:3::1") != address_group("2001:db8:1:2::1")
    assert address_group("::ffff:192.0.2.7") == "192.0.2.7" and address_group("192.0.2.7") == "192.0.2.7"
    assert address_group("not an address") == "not an address"

    async def scenario():
        server = await GameServer(fast(trusted_proxies=frozenset({"127.0.0.1"}), waiting_per_ip=2,
                                       conns_per_ip=4), store=SQLiteStore(":memory:")).start("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{server.port}"
        hosts = []
        for i in range(3):  # three devices of one home network
            p = await as_address(url, f"2001:db8:1:2::{i + 1}")
            await p.send("create", game="kombi", name=f"Ann{i}")
            hosts.append(await p.expect("seated" if i < 2 else "error"))
        assert hosts[-1]["code"] == "too_many_tables"
        other = await as_address(url, "2001:db8:1:3::1")  # the next /64: someone else
        await other.send("create", game="kombi", name="Bob")
        await other.expect("seated")
        more = await as_address(url, "2001:db8:1:2::99")  # the 4th connection from that /64 is the last allowed
        with pytest.raises(InvalidStatus):
            await as_address(url, "2001:db8:1:2::100")
        await more.close()
        await server.stop()

    run(scenario())


def test_tables_in_memory_are_one_gateways_own_so_several_are_not_started():
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "serve", "--port", "0", "--workers", "2",
                             "--memory", "--log-level", "ERROR"], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        line = proc.stdout.readline()
        assert line.startswith("SERVING ws://127.0.0.1:") and "gateways" not in line, line

        async def two():
            p = await SimPlayer.connect(line.split()[1])
            await p.send("ping", id=1)
            await p.expect("pong")

        run(two(), 20)
    finally:
        proc.terminate()
        proc.wait(10)
