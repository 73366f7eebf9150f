"""Frame time of every game's table at 1920x1080 and at 3840x2160 while its cards glide, against the blit floor:
a fill plus the same number of cached card blits and a flip, measured in the same run (dummy video driver).

The floor blits each card's own image where the table shows it in that frame. An earlier floor blitted one face
N times 30 px apart (``stacked_floor_*``, still reported): every blit then read and wrote the same few hundred
kilobytes, hot in the cache, which no table does; its cards lie spread over the screen.

Times are the main thread's CPU time (``time.thread_time``): with the dummy driver all drawing happens in this
thread, and on a shared machine wall time mostly measures the other processes (wall p50 is reported beside)."""
from __future__ import annotations

import os
import statistics
import time


def percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def _stats(times: list[float]) -> tuple[float, float]:
    return round(statistics.median(times), 3), round(percentile(times, 0.99), 3)


TARGET = 1.5  # a table's frame within 1.5x the floor, at every size
LARGE = (3840, 2160)


def table_frames(game_id: str, frames_n: int = 480, size: tuple[int, int] = (1920, 1080)) -> dict:
    """One game's table a few moves in: every card glides back to its place every 20 frames; only the frames
    the table draws count (the two frames a cycle where it rests after the glide would flatter it)."""
    import pygame

    from game.tables import open_table
    from tools.driver import make_app, settle
    from tools.shot_kit import midgame

    app = make_app(size=size)
    table = open_table(app, midgame(game_id, 8))
    app.stack.push(table)
    settle(app)
    for _ in range(300):  # the opening count, toasts and the like are over
        app.step(1 / 60)
    layer = table.cards
    sprites = list(layer.targets.values())
    art = app.cards.get(max((s.w for s in sprites), default=100))
    face = art.face("7H")
    canvas = pygame.Surface(app.screen.get_size()).convert()  # the floor's frames leave the table's screen alone
    times, floor, wall, stacked = [], [], [], []
    i = 0
    while len(times) < frames_n:  # table and floor frames alternate: both see the same machine load
        if i % 20 == 0:
            for key, s in layer.targets.items():
                layer.anim.move(key, (s.x - 60, s.y - 40), (s.x, s.y), 0.3)
        i += 1
        drawn = app.draws
        t0, w0 = time.thread_time(), time.perf_counter()
        app.step(1 / 60)
        t1, w1 = time.thread_time(), time.perf_counter()
        if app.draws == drawn:
            continue  # the glide is over and the table rests: not an animating frame
        times.append((t1 - t0) * 1000)
        wall.append((w1 - w0) * 1000)
        shown = _cards_shown(layer)
        t0 = time.thread_time()
        canvas.fill((0, 80, 40))
        for img, pos in shown:
            canvas.blit(img, pos)
        pygame.display.flip()
        floor.append((time.thread_time() - t0) * 1000)
        t0 = time.thread_time()
        canvas.fill((0, 80, 40))
        for k in range(len(sprites)):
            canvas.blit(face, (k * 30 % (size[0] - 220), k * 7 % (size[1] - 280)))
        pygame.display.flip()
        stacked.append((time.thread_time() - t0) * 1000)
    pygame.quit()
    p50, p99 = _stats(times)
    f50, f99 = _stats(floor)
    s50, s99 = _stats(stacked)
    return {"p50_ms": p50, "p99_ms": p99, "floor_p50_ms": f50, "floor_p99_ms": f99, "cards": len(sprites),
            "stacked_floor_p50_ms": s50, "stacked_floor_p99_ms": s99,
            "wall_p50_ms": round(statistics.median(wall), 3), "clock": "thread_time"}


def _cards_shown(layer) -> list:
    """Each card's own image (its face, or its back) at the place the table shows it this frame."""
    art = layer.art
    out = []
    for s in layer.targets.values():
        r = layer.current_rect(s.key)
        a = art.get(s.w)
        out.append((a.face(s.card) if s.card is not None else a.back(), r.topleft))
    return out


def frames() -> dict:
    """``{"frames": {game: {p50_ms, p99_ms, floor_p50_ms, floor_p99_ms}}, "frames_3840x2160": {...}}`` for every
    playable game (fewer frames at 3840x2160: each costs four times the pixels)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.tables import playable

    return {"frames": {g: table_frames(g) for g in playable()},
            "frames_3840x2160": {g: table_frames(g, 160, LARGE) for g in playable()}}


def lines(result: dict) -> list[str]:
    out = []
    for key, label in (("frames", "1920x1080"), ("frames_3840x2160", "3840x2160")):
        out += _size_lines(result.get(key, {}), label)
    return out


def _size_lines(figures: dict, label: str) -> list[str]:
    out = []
    for g, f in figures.items():
        ratio = f["p50_ms"] / f["floor_p50_ms"]
        mark = "met" if ratio <= TARGET else "BELOW TARGET"
        out.append(f"frame time, {g} table {label} while {f['cards']} cards glide: p50 {f['p50_ms']:.2f} ms, "
                   f"p99 {f['p99_ms']:.2f} ms; floor p50 {f['floor_p50_ms']:.2f} ms, p99 {f['floor_p99_ms']:.2f} ms "
                   f"({ratio:.2f}x, {f['p99_ms'] / f['floor_p99_ms']:.2f}x; target p50 <= {TARGET}x the floor: "
                   f"{mark}); against the stacked floor {f['p50_ms'] / f['stacked_floor_p50_ms']:.2f}x, "
                   f"{f['p99_ms'] / f['stacked_floor_p99_ms']:.2f}x")
    return out


if __name__ == "__main__":
    print("\n".join(lines(frames())))
