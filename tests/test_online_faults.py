"""Faults an operator hits: an announcing one-gateway server, gateways outliving a killed parent, a store file
deleted under a running server, one address filling the table cap, unexplained ``internal`` replies."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
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
