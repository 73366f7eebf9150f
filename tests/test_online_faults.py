"""Faults an operator hits: an announcing one-gateway server, gateways outliving a killed parent, a store file
deleted under a running server, one address filling the table cap, unexplained ``internal`` replies."""
from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.online import ops
from game.online.protocol import ProtocolError
from game.online.server import GameServer
from game.online.store import SQLiteStore
from tests.test_online_fair import as_address, started
from tests.test_online_operate import fast, get
from tests.test_online_server import run
from tools.online_bench import SimPlayer, pick, play_out, seat_pair

ROOT = Path(__file__).resolve().parent.parent


def _namespace_works() -> bool:
    if sys.platform != "linux" or shutil.which("unshare") is None or shutil.which("ip") is None:
        return False
    return subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode == 0


@pytest.mark.skipif(not _namespace_works(), reason="needs a network namespace (unshare -n, as root) so that the "
                    "multicast of this test stays off the real network")
def test_an_announcing_server_with_one_gateway_announces_and_keeps_answering():
    script = ("ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo && "
              f"{sys.executable} {ROOT / 'tests' / 'announce_probe.py'} 1")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run(["unshare", "-n", "sh", "-c", script], env=env, timeout=60, capture_output=True,
                         text=True).stdout
    assert "ANNOUNCED" in out and "PONG" in out and "ALIVE" in out, out
    assert "EventLoopBlocked" not in out and "Traceback" not in out, out


def _children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def _running(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status  # a zombie has exited; only its parent's reaping is missing


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="finds the gateways through Linux's /proc")
def test_the_gateways_stop_when_their_parent_is_killed(tmp_path):
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "serve", "--port", "0", "--workers", "2",
                             "--store", str(tmp_path / "t.sqlite3"), "--log-level", "ERROR"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT,
                            start_new_session=True)
    gateways: list[int] = []
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        assert "(2 gateways)" in line, line
        gateways = _children(proc.pid)
        assert len(gateways) == 2
        os.kill(proc.pid, signal.SIGKILL)  # no handler runs: only the kernel knows the parent is gone
        proc.wait(10)
        deadline = time.monotonic() + 10
        while any(map(_running, gateways)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(map(_running, gateways)), "a gateway outlived its parent"
        port = int(line.split()[1].rsplit(":", 1)[1])
        with pytest.raises(OSError), socket.create_connection(("127.0.0.1", port), timeout=2):
            pass  # nobody serves the port any more: a new serve may take it
    finally:
        for pid in gateways:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_a_store_file_deleted_or_replaced_fails_readiness_and_acknowledges_no_move(tmp_path, how):
    path = tmp_path / "tables.sqlite3"

    async def scenario():
        server = await GameServer(fast(), store=SQLiteStore(path)).start("127.0.0.1", 0)
        a, b = await seat_pair(f"ws://127.0.0.1:{server.port}", "square")
        await play_out(a, b, 1, max_actions=2)
        base = f"http://127.0.0.1:{server.port}"
        assert (await get(base + "/readyz"))[0] == 200
        if how == "deleted":
            for p in tmp_path.iterdir():
                p.unlink()
        else:  # a backup put back over it: another file under the same name
            shutil.copy(path, tmp_path / "copy")
            os.replace(tmp_path / "copy", path)
        status, text = await get(base + "/readyz")
        assert status == 503, text
        mover = a if a.my_turn else b
        at = mover.count
        await mover.send("act", at=at, action=pick(mover.obs["legal"], 1, at))
        with pytest.raises(ConnectionError):  # closed (1011) instead of answered: the move is not acknowledged
            while True:
                msg = await mover.expect("state")
                assert msg["count"] <= at, "a move was acknowledged that no store holds"
        assert mover.closed is not None and mover.closed[0] == 1011
        await server.stop()
        server.store.close()

    run(scenario())


def test_a_full_server_shares_its_table_cap_fairly_so_a_new_address_can_always_open_one(store_url):
    async def scenario():
        server, url = await started(fast(trusted_proxies=frozenset({"127.0.0.1"}), max_tables=4), store_url)

        async def opens(address: str) -> str:
            p = await as_address(url, address)
            await p.send("create", game="kombi", name="Ann")
            msg = await asyncio.wait_for(p.queue.get(), 10)
            return "seated" if msg and msg["type"] == "seated" else (msg or {}).get("code", "closed")

        assert [await opens("192.0.2.1") for _ in range(5)] == ["seated"] * 4 + ["server_full"]
        # the cap is reached; a newcomer still gets its share of it (4 // 2 addresses) and no more
        assert [await opens("192.0.2.2") for _ in range(3)] == ["seated", "seated", "server_full"]
        assert await opens("192.0.2.3") == "seated"  # and so does the next one (4 // 3)
        assert await opens("192.0.2.1") == "server_full"
        await server.stop()

    run(scenario())


def test_a_code_another_gateway_drew_is_drawn_again(tmp_path):
    async def scenario():
        store = SQLiteStore(tmp_path / "t.sqlite3", "normal")
        store.run(lambda db: ops.create(db, "AAAAAA", "kombi", 1, "s", "Zed", "t" * 32, "192.0.2.9", "elsewhere",
                                        time.time()))
        server = await GameServer(fast(), store=store).start("127.0.0.1", 0)
        codes = iter(["AAAAAA", "BBBBBB"])
        server._new_code = lambda: next(codes)
        p = await SimPlayer.connect(f"ws://127.0.0.1:{server.port}")
        await p.send("create", game="kombi", name="Ann")
        assert (await p.expect("seated"))["code"] == "BBBBBB"
        assert [m["type"] for m in p.messages] == ["seated"]  # the refused first try sent nothing
        await server.stop()
        store.close()

    run(scenario())


def test_every_internal_answer_is_logged_with_its_cause(caplog, monkeypatch):
    from game.online.seating import Seating

    async def failing(self, conn, code, name):
        raise ProtocolError("internal", "the table closed while you were seated")

    monkeypatch.setattr(Seating, "_join", failing)

    async def scenario():
        server = await GameServer(fast()).start("127.0.0.1", 0)
        p = await SimPlayer.connect(f"ws://127.0.0.1:{server.port}")
        await p.send("join", code="AAAAAA", name="Ann")
        assert (await p.expect("error"))["code"] == "internal"
        await server.stop()

    with caplog.at_level(logging.ERROR, logger="carduels.online"):
        run(scenario())
    assert any("internal" in r.getMessage() and "closed while you were seated" in r.getMessage()
               for r in caplog.records), [r.getMessage() for r in caplog.records]


def test_serve_memory_starts_one_gateway_without_a_warning_unless_more_were_asked_for():
    def stderr_of(*extra: str) -> str:
        proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "serve", "--port", "0", "--memory", *extra],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
        line = proc.stdout.readline() if proc.stdout else ""
        proc.terminate()
        err = proc.communicate(timeout=10)[1]
        assert line.startswith("SERVING ws://") and "gateways" not in line, line
        return err

    assert "several gateways" not in stderr_of()
    assert "several gateways" in stderr_of("--workers", "2")
