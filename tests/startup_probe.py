"""A real start-up of the app from source, headless, for the tests that look at what it imports."""
from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def start(tmp_path: Path, frames: int) -> dict:
    """``main.py`` for ``frames`` frames: the modules loaded by then, the dataclasses built on the way (each one
    costs about 0.6 ms) and what it wrote to stderr."""
    code = ("import dataclasses, runpy, sys\n"
            "built, process = [], dataclasses._process_class\n"
            "def counted(cls, *args):\n    built.append(f'{cls.__module__}.{cls.__qualname__}')\n"
            "    return process(cls, *args)\n"
            "dataclasses._process_class = counted\n"
            f"sys.argv = ['main.py', '--headless', '--frames', '{frames}']\n"
            "try:\n    runpy.run_path('main.py', run_name='__main__')\nexcept SystemExit:\n    pass\n"
            "print(built)\nprint(sorted(sys.modules))")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               CARD_DUELS_HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120, check=True)
    lines = out.stdout.strip().splitlines()
    return {"modules": set(ast.literal_eval(lines[-1])), "dataclasses": ast.literal_eval(lines[-2]),
            "stderr": out.stderr}
