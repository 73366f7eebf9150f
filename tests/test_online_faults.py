"""Faults an operator hits: an announcing one-gateway server, gateways outliving a killed parent, a store file
deleted under a running server, one address filling the table cap, unexplained ``internal`` replies."""
from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

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
