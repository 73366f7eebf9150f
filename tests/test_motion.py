"""Issue 41, item 6: cards with weight, and reduced motion (fades) for who asks for it."""
from __future__ import annotations

from game import prefs
from tools.driver import frames, make_app, tap


def test_the_animation_row_offers_fades_only_and_a_speed_brings_motion_back():
    app = make_app(size=(1024, 600))
    app.push("settings")
    frames(app, 2)
    fades = next(b for b in app.stack.top.buttons.buttons if b.id == "animation_speed=fades")
    assert fades.label == "Fades only" and fades.rect.bottom <= 600
    tap(app, fades.rect.center)
    assert app.settings.reduce_motion and prefs.current(app, "animation_speed") == "fades"
    speed = app.settings.animation_speed
    tap(app, next(b for b in app.stack.top.buttons.buttons if b.id == "animation_speed=1.7").rect.center)
    assert not app.settings.reduce_motion and app.settings.animation_speed == 1.7 != speed
