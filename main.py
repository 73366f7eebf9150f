"""Card Duels: start the app (or, with ``serve``, a game server)."""
from __future__ import annotations

import os
import sys


def _prepare_environment(argv: list[str]) -> None:
    # SDL reads these when pygame initialises, so they must be set before the first import.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "carduels")
    if "--headless" in argv:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["serve"]:  # the game server needs no window: no pygame, no app options
        from game.online.serve import main as serve

        return serve(argv[1:])
    if argv[:1] == ["bot-worker"]:  # the computer's worker process (game/botworker.py): no pygame either
        from game.botworker import serve as work

        return work()
    _prepare_environment(argv)
    import rules
    from game.launch import main as run_app
    from game.options import parse

    opts = parse(argv, sorted(rules.GAMES))
    return run_app(opts)


if __name__ == "__main__":
    sys.exit(main())
