"""The layout self-check over every scene of every game (the ``make shots`` scenes): at 1024x600,
1920x1080 and 3840x2160 in English, at 1024x600 in German and Ukrainian and at 3840x2160 in German, no text leaves
the window, no two texts overlap (unless drawn as an overlay) or is cut, no text has capitals under 2% of the window
height, every control is finger-sized, a table with cards leaves at most 40% of the window bare felt, and nothing
else the check looks for (tools/layout_check.py) is found."""
from __future__ import annotations

import pytest

from game.tables import ENTRIES
from tools.layout_check import SIZES, enforced, run


@pytest.mark.parametrize("game_id", list(ENTRIES))  # a game without a shots script: its table mid-game
def test_every_scene_fits(game_id):
    found, smallest = run(sizes=SIZES, langs=("en",), games=[game_id])
    # the acceptance of issue 44: three sizes in English, 1024x600 in German and Ukrainian, and German at 3840x2160
    # (the longest words at the largest type: cribbage's show count once reached over the turn line there)
    found += run(sizes=[SIZES[0]], langs=("de", "uk"), games=[game_id])[0]
    found += run(sizes=[SIZES[2]], langs=("de",), games=[game_id])[0]
    found = enforced(found)
    assert not found, "\n".join(found[:40])
    for (w, h), px in smallest.items():
        assert px >= 0.02 * h, (w, h, px)
