"""Changing a setting while the app runs: the choices offered, and applying one at once everywhere
(sound bank, card art, felt, language, the open scenes), then storing it in the settings file."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.languages import LANGUAGES
from sprites import looks

if TYPE_CHECKING:
    from game.services import AppServices

LEVELS = (1, 2, 3)  # rules.bots.make_bot levels: beginner, club player, expert
SPEEDS = (0.6, 1.0, 1.7)  # slow, normal, fast: scales every tween (game/tables/cardlayer.py)
VOLUMES = (0, 35, 65, 100)  # 0 is "off" (mute: the volume is kept for when sound comes back)
SORTS = ("suit", "rank")
SEATINGS = (False, True)  # face_to_face: pass the device, or face to face (game/tables/facing.py)

# setting -> its choices, in the order the settings screen shows them
CHOICES: dict[str, tuple[Any, ...]] = {
    "bot_level": LEVELS, "animation_speed": SPEEDS, "volume": VOLUMES, "language": LANGUAGES,
    "felt": tuple(looks.FELTS), "card_back": tuple(looks.BACKS), "suit_colours": looks.SUIT_COLOURS,
    "sort_by": SORTS, "face_to_face": SEATINGS,
}
CHOICES["animation_speed"] = (*SPEEDS, "fades")  # reduced motion: the cards' row holds it (600 px fit no more rows)


def current(app: AppServices, key: str) -> Any:
    """The choice that is in effect for ``key`` (for volume: 0 while muted)."""
    s = app.settings
    if key == "volume":
        return 0 if not s.sound else min(VOLUMES[1:], key=lambda v: abs(v - s.volume))
    if key == "animation_speed":
        return "fades" if s.reduce_motion else min(SPEEDS, key=lambda v: abs(v - s.animation_speed))
    if key == "language":
        return app.t.lang
    return getattr(s, key)


def apply_services(app: AppServices) -> None:
    """Bring the sound bank and the looks in line with the settings (at start-up and after a change)."""
    s = app.settings
    app.sounds.volume = s.volume / 100
    app.sounds.enabled = s.sound and not app.opts.headless
    if looks.apply(s.felt, s.card_back, s.suit_colours):
        app.cards.clear()


def change(app: AppServices, key: str, value: Any) -> None:
    """Set one setting, make it take effect at once, and keep it in the settings file."""
    s = app.settings
    if key == "volume":
        s.sound = value > 0
        if value > 0:
            s.volume = int(value)
    elif key == "language":
        app.t.set_language(value)
        s.language = value
        pygame.display.set_caption(app.t("app.title"))
    elif key == "tutorial_done":
        s.tutorial_done = list(value)
    elif key == "animation_speed":  # a speed, or "fades": reduced motion (the speed is kept for when it comes back)
        s.reduce_motion = value == "fades"
        if value != "fades":
            s.animation_speed = value
    else:
        setattr(s, key, value)
    apply_services(app)
    for scene in app.stack.scenes:
        scene.resize(app.size)  # every open scene rebuilds its labels and layout
        hook = getattr(scene, "on_settings", None)
        if hook is not None:
            hook(key)
    app.store_settings()


def open_settings(app: AppServices) -> None:
    """The settings screen; in kiosk mode only behind the staff PIN."""
    if app.kiosk is not None:
        app.push("pin", then="settings")
    else:
        app.push("settings")
