"""Face to face on a small tablet (1024x600) in every language: every table's cards at least 15% of the window's
height (a big hand overlaps more, its cards do not shrink under that), and the layout check finds nothing: no
words or plate across the midline or cut at a half's edge, no row of buttons in two sizes."""
from __future__ import annotations

import pytest

from game.tables import ENTRIES
from tools.driver import speaking
from tools.facing_shots import open_facing_settled
from tools.layout_check import problems_of

FLOOR = 0.15


@pytest.mark.parametrize("lang", ["en", "de", "uk"])
@pytest.mark.parametrize("game_id", list(ENTRIES))
def test_face_to_face_fits_a_small_tablet(game_id, lang):
    with speaking(lang):
        app, table = open_facing_settled((1024, 600), game_id)
    for band in table.bands:
        assert band.geo.ch >= FLOOR * 600, (band.geo.ch, band.geo.cw)
    hands = [r for band, seat in zip(table.bands, (0, 1), strict=True)
             for key, r in band.cards.rects().items() if key in band.obs.get("hand", ())]
    assert all(r.h >= FLOOR * 600 for r in hands), sorted(r.h for r in hands)[:3]
    found, _ = problems_of(app, f"{lang}:{game_id}")
    assert not found, "\n".join(found)
