"""The smallest window at which every scene passes the layout self-check (tools/layout_check.py) in English and
German: from a size that passes, narrow the window step by step while it still passes, then lower it, then narrow
it again, until neither helps. ``python -m tools.min_size`` prints the size to put into game/window.py;
``python -m tools.min_size --check`` (``make min-size``) says whether MIN_SIZE is still that size: every scene fits
there and not one step narrower or lower. It renders every scene several times (minutes on a loaded machine), so the
tests hold the mechanism on a few scenes (tests/test_window.py) and this command holds the number."""
from __future__ import annotations

import os
import sys

STEP = 8  # px: the search's grain, and how far below MIN_SIZE tests/test_window.py looks for a failure
LANGS = ("en", "de")


class _Enough(Exception):
    """Raised from inside a shot once one problem is found, when one is all that is asked for."""


def problems(size: tuple[int, int], first: bool = False) -> list[str]:
    """The layout check's enforced findings of fit at ``size`` (empty: every scene fits; how much felt a table
    leaves bare is a matter of composition, not of fit); with ``first``, those of the first shot that has any (the
    rest are not rendered: a size that fails usually fails early)."""
    from tools.driver import speaking
    from tools.layout_check import BARE, Findings, enforced
    from tools.shot_kit import Sink
    from tools.shot_list import shot_groups

    findings = Findings()

    class Check(Sink):
        def shot(self, app, name: str) -> None:
            findings.shot(app, name)
            findings.found = [p for p in findings.found if BARE not in p]
            if first and enforced(findings.found):
                raise _Enough

    try:
        for lang in LANGS:
            findings.lang = lang
            with speaking(lang):
                for _, make in shot_groups():
                    make(Check(), size, "")
    except _Enough:
        pass
    return enforced(findings.found)


def smallest(start: tuple[int, int] = (1280, 800)) -> tuple[int, int]:
    """A size that passes where one step narrower and one step lower both fail (found from ``start``)."""
    w, h = start
    assert not problems((w, h)), f"{w}x{h} does not pass the layout check"
    moved = True
    while moved:
        moved = False
        while w - STEP > 0 and not problems((w - STEP, h), first=True):
            w, moved = w - STEP, True
        while h - STEP > 0 and not problems((w, h - STEP), first=True):
            h, moved = h - STEP, True
    return w, h


def check(size: tuple[int, int]) -> list[str]:
    """What is wrong with ``size`` as the smallest size (empty: every scene fits there, and not one step smaller)."""
    w, h = size
    out = problems((w, h))
    if not problems((w - STEP, h), first=True):
        out.append(f"{w - STEP}x{h} passes too: {w}x{h} is not the smallest")
    if not problems((w, h - STEP), first=True):
        out.append(f"{w}x{h - STEP} passes too: {w}x{h} is not the smallest")
    return out


def main(argv: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if argv[:1] == ["--check"]:
        from game.window import MIN_SIZE

        wrong = check(MIN_SIZE)
        print("\n".join(wrong) if wrong else f"MIN_SIZE {MIN_SIZE} is the smallest size every scene fits")
        return 1 if wrong else 0
    w, h = smallest()
    print(f"MIN_SIZE = ({w}, {h})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
