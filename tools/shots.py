"""``make shots``: render every scene to PNG files for a person to look at."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from tools.shot_kit import Sink, midgame, open_settled, play_out, save
from tools.shot_list import shot_groups

# Every scene at 1920x1080, 1024x600 (small_) and 3840x2160 (large_) in English, and at 1024x600 in German and
# Ukrainian: (language, window size, file name prefix).
RUNS = (("en", (1920, 1080), ""), ("en", (1024, 600), "small_"), ("en", (3840, 2160), "large_"),
        ("de", (1024, 600), "small_de_"), ("uk", (1024, 600), "small_uk_"))


class ShotFolder(type(Path())):
    """The output folder; each saved shot also goes to its ``hooks`` (the layout check, the measures)."""

    hooks: tuple = ()


def main(argv: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("CARD_DUELS_HOME", str(Path(argv[0] if argv else "shots").resolve() / ".home"))
    from tools.driver import speaking
    from tools.layout_check import Findings
    from tools.table_share import Measures

    folder = ShotFolder(argv[0] if argv else "shots")
    folder.mkdir(parents=True, exist_ok=True)
    findings, measures = Findings(), Measures()
    folder.hooks = (findings.shot, measures.shot)
    for lang, size, prefix in RUNS:
        with speaking(lang):
            findings.lang = lang
            for _, make in shot_groups():
                make(folder, size, prefix)
    measures.write(folder)
    findings.report()
    measures.report(folder)
    return 1 if findings.found else 0  # the layout check fails the run (issue 44)


# the scripts' kit (tools/shot_kit.py) and the list of scripts, for whoever opens scenes the way the shots do
__all__ = ["RUNS", "ShotFolder", "Sink", "main", "midgame", "open_settled", "play_out", "save", "shot_groups"]

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
