"""One app of the nearby-games test (tests/test_online_nearby.py), run inside a network namespace.

``host``: Menu -> Online -> Host on this computer (announced on the network), then waits for a guest.
``guest``: Menu -> Online, waits until the host's table is listed, taps it, and waits for the game.
Each prints what it saw (``HOSTING CODE``, ``LISTED CODE``, ``PLAYING CODE``) and exits.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.online.play import OnlineTable  # noqa: E402
from game.scenes.menu import MenuScene  # noqa: E402
from game.scenes.online import OnlineScene  # noqa: E402
from tools.driver import frames, make_app  # noqa: E402


def wait(done, app, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            print("TIMEOUT", flush=True)
            sys.exit(1)
        frames(app)
        time.sleep(0.01)


def main(role: str) -> None:
    app = make_app(size=(1024, 640))
    app.stack.push(MenuScene(app))
    form = OnlineScene(app)
    app.stack.push(form)
    frames(app, 2)
    if role == "host":
        form.fields["name"].text = "Ann"
        form.fields["server"].text = "ws://127.0.0.1:0"
        form.lan = True
        form.press("host_here")
        frames(app, 2)
        lobby = app.stack.top
        wait(lambda: getattr(lobby, "match", None) is not None, app)
        print(f"HOSTING {lobby.code}", flush=True)
    else:
        form.fields["name"].text = "Ben"
        wait(lambda: bool(form.nearby) and bool(form.nearby[0].code), app)  # the table, once it has its code
        print(f"LISTED {form.nearby[0].code} {form.nearby[0].host}", flush=True)
        form.press("nearby0")
    wait(lambda: isinstance(app.stack.top, OnlineTable) and app.stack.top.match.started, app)
    print(f"PLAYING {app.stack.top.code}", flush=True)
    if role == "guest":  # the table is full now: the host says so (only its server is listed)
        form = OnlineScene(app)
        app.stack.push(form)
        wait(lambda: bool(form.nearby) and not form.nearby[0].code, app)
        print("FULL", flush=True)
    if role == "host":
        time.sleep(8.0)  # the other app sees the table fill before this one leaves


if __name__ == "__main__":
    main(sys.argv[1])
