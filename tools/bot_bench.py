"""Frames while the computer thinks: a table's frame loop (its cards gliding, as in tools/frame_bench.py) while
the worker process runs long level-3 thinks, against the same loop with the worker idle. Blocks of the two
alternate in one run, so both see the same machine load; frames are paced at 60 a second like the app's.

The thinks go through the table's own mechanism (``BotRunner``: the seat's observations, the RNG state, one job
to the worker, a poll each frame), and their start and polling are timed as part of the frame they happen in.

The clock: wall time less the time the frame loop's thread sat runnable waiting for a free processor (Linux
``/proc/thread-self/schedstat``), so it keeps everything the app's design decides — its own work, waits on the
GIL, on locks and on pipes (a think on a thread of this process shows here, and not in CPU time) — and leaves
out the queue for a processor, which on a shared 2-core machine is the other processes' load: there the raw
wall p99 is mostly a 10-150 ms wait for a core. Raw wall figures and the total wait are reported beside; where
schedstat is missing the clock is raw wall."""
from __future__ import annotations

import os
import statistics
import time

GAME = "trumps"  # the longest level-3 thinks (a search over the remaining tricks)
BLOCK = 60  # frames per block; blocks alternate rest, thinking, rest…
FRAME = 1 / 60


def _cpu_queue_ns() -> int:
    """Nanoseconds this thread has waited runnable for a processor so far (0 where the kernel does not say)."""
    try:
        with open("/proc/thread-self/schedstat") as f:
            return int(f.read().split()[1])
    except (OSError, IndexError, ValueError):
        return 0


def _percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


# 32 blocks of each kind (1,920 frames each, about a minute): a p99 is the 20th-slowest frame. The ratio of two
# p99s is noisy: over runs on a quiet machine it ranged 0.70-1.30 with 8 blocks and 0.87-1.25 with 16, as single
# slow frames (the machine's, in either kind) came and went.
def bot_frames(blocks: int = 32, processes: bool = True) -> dict:
    """``{"bot_frames": {p99_ms_thinking, p99_ms_rest, ...}}`` for the table of GAME at 1920x1080."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.seats import BotExecutor, BotRunner
    from game.tables import open_table
    from tools.driver import make_app, settle
    from tools.shot_kit import midgame

    app = make_app(size=(1920, 1080))
    app.executor = BotExecutor(processes=processes)
    session = midgame(GAME, 20)
    table = open_table(app, session)
    app.stack.push(table)
    settle(app)
    for _ in range(300):
        app.step(FRAME)
    match, seat, layer = session.match, session.match.state.to_move, table.cards
    runner = BotRunner(app.executor)
    runner.start(GAME, 3, match, seat, 0)
    runner.future.result(timeout=120)  # the worker's start is part of neither loop
    runner.cancel()
    own: dict[bool, list[float]] = {False: [], True: []}
    wall: dict[bool, list[float]] = {False: [], True: []}
    cpu: dict[bool, list[float]] = {False: [], True: []}
    queued = {False: 0.0, True: 0.0}
    thinks: list[float] = []
    started = 0.0
    starts = i = 0
    for b in range(2 * blocks):
        busy = b % 2 == 1
        if not busy and runner.thinking:
            runner.future.result(timeout=120)  # rest means the worker is idle: let the last think end
            runner.cancel()
        drawn = 0
        next_at = time.perf_counter()
        while drawn < BLOCK:
            if i % 20 == 0:
                for key, s in layer.targets.items():
                    layer.anim.move(key, (s.x - 60, s.y - 40), (s.x, s.y), 0.3)
            i += 1
            draws = app.draws
            q0 = _cpu_queue_ns()
            w0, c0 = time.perf_counter(), time.thread_time()
            if busy and not runner.thinking:
                starts += 1
                runner.start(GAME, 3, match, seat, starts)
                started = w0
            app.step(FRAME)
            if busy and runner.poll(FRAME, 0.0) is not None:
                thinks.append(time.perf_counter() - started)
            w1, c1 = time.perf_counter(), time.thread_time()
            q = (_cpu_queue_ns() - q0) / 1e6
            if app.draws > draws:
                own[busy].append((w1 - w0) * 1000 - q)
                queued[busy] += q
                wall[busy].append((w1 - w0) * 1000)
                cpu[busy].append((c1 - c0) * 1000)
                drawn += 1
            next_at += FRAME
            time.sleep(max(0.0, next_at - time.perf_counter()))
    if runner.thinking:
        runner.future.result(timeout=120)
    pid = runner.worker_pid
    app.executor.shutdown()
    pygame.quit()
    return {"bot_frames": {
        "p99_ms_thinking": round(_percentile(own[True], 0.99), 3),
        "p99_ms_rest": round(_percentile(own[False], 0.99), 3),
        "p50_ms_thinking": round(statistics.median(own[True]), 3),
        "p50_ms_rest": round(statistics.median(own[False]), 3),
        "wall_p99_ms_thinking": round(_percentile(wall[True], 0.99), 3),
        "wall_p99_ms_rest": round(_percentile(wall[False], 0.99), 3),
        "cpu_queue_ms_thinking": round(queued[True], 1),
        "cpu_queue_ms_rest": round(queued[False], 1),
        "cpu_p99_ms_thinking": round(_percentile(cpu[True], 0.99), 3),
        "cpu_p99_ms_rest": round(_percentile(cpu[False], 0.99), 3),
        "frames": len(wall[True]) + len(wall[False]), "game": GAME, "level": 3,
        "thinks_started": starts, "thinks": len(thinks),
        "think_s_median": round(statistics.median(thinks), 3) if thinks else None,
        "worker": "process" if processes and pid not in (None, os.getpid()) else "thread",
        "clock": "wall less waits for a processor (schedstat); wall_* raw perf_counter; cpu_* thread_time"}}


def lines(result: dict) -> list[str]:
    f = result["bot_frames"]
    out = [f"frames while the computer thinks ({f['game']} level 3 in the worker {f['worker']}, {f['thinks_started']} "
           f"thinks started, {f['thinks']} ended within, median {f['think_s_median']} s): "
           f"p99 {f['p99_ms_thinking']:.2f} ms against {f['p99_ms_rest']:.2f} ms at "
           f"rest ({f['p99_ms_thinking'] / f['p99_ms_rest']:.2f}x); p50 {f['p50_ms_thinking']:.2f} / "
           f"{f['p50_ms_rest']:.2f} ms",
           f"  raw wall p99 {f['wall_p99_ms_thinking']:.2f} / {f['wall_p99_ms_rest']:.2f} ms: the frames waited "
           f"{f['cpu_queue_ms_thinking']:.0f} / {f['cpu_queue_ms_rest']:.0f} ms in all for a free processor"]
    if "bot_frames_on_thread" in result:
        t = result["bot_frames_on_thread"]
        out.append(f"  the same thinks on a thread of the UI process: p99 {t['p99_ms_thinking']:.2f} ms against "
                   f"{t['p99_ms_rest']:.2f} ms ({t['p99_ms_thinking'] / t['p99_ms_rest']:.2f}x)")
    return out


def section() -> dict:
    """Frames while the computer thinks in its worker process, and (for comparison) on a thread."""
    out = bot_frames()
    out["bot_frames_on_thread"] = bot_frames(16, processes=False)["bot_frames"]  # only for comparison
    return out


if __name__ == "__main__":
    print("\n".join(lines(section())))
