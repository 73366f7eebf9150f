"""The smallest window at which every scene passes the layout self-check (tools/layout_check.py) in English and
German: from a size that passes, narrow the window step by step while it still passes, then lower it, then narrow
it again, until neither helps. ``python -m tools.min_size`` prints the size to put into game/window.py."""
from __future__ import annotations

import os
import sys

STEP = 8  # px: the search's grain, and how far below MIN_SIZE tests/test_window.py looks for a failure
LANGS = ("en", "de")


def problems(size: tuple[int, int]) -> list[str]:
    """The layout check's findings at ``size`` (empty: every scene fits)."""
    from tools.layout_check import run

    return run(sizes=[size], langs=LANGS)[0]


def smallest(start: tuple[int, int] = (1280, 800)) -> tuple[int, int]:
    """A size that passes where one step narrower and one step lower both fail (found from ``start``)."""
    w, h = start
    assert not problems((w, h)), f"{w}x{h} does not pass the layout check"
    moved = True
    while moved:
        moved = False
        while w - STEP > 0 and not problems((w - STEP, h)):
            w, moved = w - STEP, True
        while h - STEP > 0 and not problems((w, h - STEP)):
            h, moved = h - STEP, True
    return w, h


def main() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    w, h = smallest()
    print(f"MIN_SIZE = ({w}, {h})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
