"""Nearby games over real multicast DNS between two app processes, inside a network namespace of their own
(only its loopback exists, so nothing reaches the real network)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.online.nearby import parse

ROOT = Path(__file__).resolve().parent.parent


def _namespace_works() -> bool:
    if sys.platform != "linux" or shutil.which("unshare") is None or shutil.which("ip") is None:
        return False
    return subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode == 0


@pytest.mark.skipif(not _namespace_works(), reason="needs a network namespace (unshare -n, as root) so that the "
                    "multicast of this test stays off the real network")
def test_a_table_hosted_in_one_app_is_listed_and_joined_in_another():
    probe = [sys.executable, str(ROOT / "tests" / "nearby_probe.py")]
    script = (f"ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo && "
              f"({' '.join(probe)} host > host.out 2>&1 & {' '.join(probe)} guest > guest.out 2>&1; wait)")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
               CARD_DUELS_NEARBY="1")  # inside the namespace multicast reaches nothing but its own loopback
    work = Path(os.environ.get("CARD_DUELS_HOME", "."))
    work.mkdir(parents=True, exist_ok=True)
    subprocess.run(["unshare", "-n", "sh", "-c", script], cwd=work, env=env, timeout=120, check=False)
    host, guest = (work / "host.out").read_text(), (work / "guest.out").read_text()
    code = next((line.split()[1] for line in host.splitlines() if line.startswith("HOSTING ")), None)
    assert code, host
    assert f"LISTED {code} Ann" in guest and f"PLAYING {code}" in guest and "FULL" in guest, guest
    assert f"PLAYING {code}" in host, host


@pytest.mark.skipif(not _namespace_works(), reason="needs a network namespace (unshare -n, as root)")
def test_a_server_killed_without_a_goodbye_drops_out_of_the_nearby_list():
    probe = f"{sys.executable} {ROOT / 'tests' / 'nearby_gone_probe.py'}"
    script = ("ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo && "
              f"({probe} announce > announce.out 2>&1 & echo $! > announce.pid; "
              f"{probe} listen > listen.out 2>&1 & L=$!; "
              "i=0; while ! grep -q LISTED listen.out && [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done; "
              "kill -9 $(cat announce.pid); wait $L)")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    work = Path(os.environ.get("CARD_DUELS_HOME", ".")) / "gone"
    work.mkdir(parents=True, exist_ok=True)
    subprocess.run(["unshare", "-n", "sh", "-c", script], cwd=work, env=env, timeout=90, check=False)
    said = (work / "listen.out").read_text()
    assert "LISTED Ann 1" in said and "GONE" in said, (said, (work / "announce.out").read_text())


def test_what_a_service_says_is_checked_like_a_message():
    good = {b"v": b"1", b"host": b"Ann", b"game": b"kombi", b"code": b"K7Q2MF"}
    seen = parse("Ann-1._card-duels._tcp.local.", ["192.0.2.5"], 8765, good)
    assert seen is not None and (seen.url, seen.host, seen.game, seen.code) == (
        "ws://192.0.2.5:8765", "Ann", "kombi", "K7Q2MF")
    assert parse("x", ["192.0.2.5"], 8765, {**good, b"v": b"2"}) is None  # another protocol
    assert parse("x", [], 8765, good) is None and parse("x", ["192.0.2.5"], 0, good) is None
    assert parse("x", ["192.0.2.5"], 8765, {**good, b"host": b"\x00bad"}) is None
    odd = parse("x", ["192.0.2.5"], 8765, {**good, b"code": b"not a code", b"game": b"../x"})
    assert odd is not None and odd.code == "" and odd.game == ""
