"""The layout self-check: every scene of every game (the ``make shots`` scenes) at several sizes and
languages, asserting that texts stay inside the window, do not overlap, are not under the type scale's
floor, and that every control is big enough for a finger.  ``python -m tools.layout_check`` prints it."""
from __future__ import annotations

import math
import os
import sys
from contextlib import contextmanager
from pathlib import Path

SIZES = [(1024, 600), (1920, 1080), (3840, 2160)]
FINGER_PX = 44  # at 1080 and below; scaled up above


def problems_of(app, name: str) -> tuple[list[str], int]:
    """What is wrong on the visible scenes, and the smallest text height seen (px)."""
    from sprites import theme

    w, h = app.size
    window = (0, 0, w, h)
    out: list[str] = []
    smallest = 10 ** 6
    finger = math.floor(FINGER_PX * max(1.0, h / theme.REFERENCE_HEIGHT))
    need = math.ceil(theme.TEXT_FLOOR * h - 1e-9)
    import pygame

    win = pygame.Rect(window)
    for scene in app.stack.visible():
        rep = scene.layout_report()
        label = scene.name if isinstance(scene.name, str) else type(scene).__name__
        texts = [t for t in rep["texts"] if t[1].strip()]
        for rect, text, px, _ in texts:
            tall = theme.text_height(px)
            smallest = min(smallest, tall)
            if tall < need:
                out.append(f"{name}: {label}: {text!r} is {tall} px (< {need})")
            if not win.contains(rect):
                out.append(f"{name}: {label}: {text!r} leaves the window at {tuple(rect)}")
        solid = [t for t in texts if not t[3]]
        for i, (ra, ta, _, _) in enumerate(solid):
            for rb, tb, _, _ in solid[i + 1:]:
                if ta == tb and abs(ra.x - rb.x) <= 3 and abs(ra.y - rb.y) <= 3:
                    continue  # the same words twice in one place: a shadow or an outline
                inter = ra.clip(rb)
                if inter.w > 1 and inter.h > 1:
                    out.append(f"{name}: {label}: {ta!r} {tuple(ra)} overlaps {tb!r} {tuple(rb)}")
        for rect in rep["controls"]:
            if min(rect.w, rect.h) < finger:
                out.append(f"{name}: {label}: control {tuple(rect)} is under {finger} px")
    return out, smallest


_NOW: dict = {}  # the language and the findings of the run in progress (shot scripts keep their save)


def _check(app, folder, name) -> None:
    probs, low = problems_of(app, f"{_NOW['lang']}:{app.size[0]}x{app.size[1]}:{name}")
    _NOW["found"].extend(probs)
    _NOW["smallest"][app.size] = min(_NOW["smallest"].get(app.size, 10 ** 6), low)


def _make_app(size=(1280, 800), **kw):
    kw.setdefault("lang", _NOW["lang"])
    return _NOW["make_app"](size=size, **kw)


@contextmanager
def checking(lang: str, found: list[str], smallest: dict):
    """Run shot scripts with ``save`` replaced by the check (and the app in ``lang``)."""
    import tools.driver
    import tools.shots

    if tools.shots.save is not _check:
        _NOW["save"], _NOW["make_app"] = tools.shots.save, tools.driver.make_app
    _NOW.update(lang=lang, found=found, smallest=smallest)
    tools.shots.save, tools.driver.make_app = _check, _make_app
    for mod in list(sys.modules.values()):  # scripts that imported save or make_app at the top
        if getattr(mod, "__name__", "").startswith("tools.") and mod is not tools.shots:
            if getattr(mod, "save", None) is _NOW["save"]:
                mod.save = _check
            if getattr(mod, "make_app", None) is _NOW["make_app"] and mod is not tools.driver:
                mod.make_app = _make_app
    try:
        yield
    finally:
        tools.shots.save, tools.driver.make_app = _NOW["save"], _NOW["make_app"]
        for mod in list(sys.modules.values()):
            if getattr(mod, "__name__", "").startswith("tools."):
                if getattr(mod, "save", None) is _check:
                    mod.save = _NOW["save"]
                if getattr(mod, "make_app", None) is _make_app:
                    mod.make_app = _NOW["make_app"]


def run(sizes=SIZES, langs=("en", "de"), games: list[str] | None = None) -> tuple[list[str], dict]:
    from tools.facing_shots import facing_shot
    from tools.shots import game_shot_makers

    found: list[str] = []
    smallest: dict = {}
    for lang in langs:
        with checking(lang, found, smallest):
            for game_id, make in game_shot_makers():
                if games and game_id not in games:
                    continue
                for size in sizes:
                    make(Path("."), size, f"{game_id}_")
                    facing_shot(Path("."), size, "", game_id)  # the face-to-face table too
    return found, smallest


def main(argv: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    found, smallest = run(games=argv or None)
    for p in found:
        print(p)
    for size, px in sorted(smallest.items()):
        print(f"smallest text at {size[0]}x{size[1]}: {px} px")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
