"""One process of the "a stopped server drops out" test (tests/test_online_nearby.py), inside a network namespace.

``announce``: a server announced on the network (records that live ``TTL`` seconds), until it is killed.
``listen``: the Online screen's Browser; prints ``LISTED`` once it hears the server and ``GONE <seconds>`` once
the server, killed without a goodbye, has dropped out of the list.
Both use short times (TTL 2 s, a fresh look every second, forgotten after 6 s) so the test takes seconds, not
the minutes a player's app allows.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.online import nearby  # noqa: E402
from game.online.hosting import ServerThread  # noqa: E402

nearby.TTL, nearby.REFRESH, nearby.FRESH = 2, 1.0, 6.0


def main(role: str) -> None:
    if role == "announce":
        ServerThread("0.0.0.0", 0, announce=nearby.Announcer("Ann")).start()
        print("UP", flush=True)
        time.sleep(60)
        return
    browser = nearby.Browser().start()
    deadline = time.monotonic() + 40
    while not browser.found():
        if time.monotonic() > deadline:
            print("TIMEOUT", flush=True)
            return
        time.sleep(0.05)
    print(f"LISTED {browser.found()[0].host} {len(browser.found())}", flush=True)
    while browser.found():
        if time.monotonic() > deadline:
            print("STILL LISTED", flush=True)
            return
        time.sleep(0.05)
    print("GONE", flush=True)
    browser.stop()


if __name__ == "__main__":
    main(sys.argv[1])
