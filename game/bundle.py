"""What the packaged app carries besides code: the data files (checked before every build) and the
packages to include whole. build.spec reads this; the tests check it against the source tree."""
from __future__ import annotations

from pathlib import Path

# Folders whose non-Python files are data the app loads at run time, with their place in the bundle.
DATA_FOLDERS = ("sounds", "sprites", "game", "rules")
# Imported by name somewhere, or so small that listing them beats a missing module in a build.
WHOLE_PACKAGES = ("rules", "game.scenes", "game.tables", "game.text", "sprites", "sounds")
# .po/.pot are the translators' sources: the app reads the .mo files compiled from them (make locale).
NOT_DATA = {".py", ".pyc", ".pyo", ".md", ".po", ".pot"}
LOCALE = Path("game", "locale")


def expected_data(root: Path) -> list[Path]:
    """Every data file the app needs, from the code's own lists: the sound names, the typeface with its
    licence, and one compiled catalogue (.mo) beside each translation (.po) in game/locale."""
    from sounds import NAMES
    from sprites.text import FONT_FILES, LICENCE

    sounds = [root / "sounds" / f"{name}.wav" for name in NAMES]
    fonts = [root / "sprites" / "fonts" / name for name in (*FONT_FILES.values(), LICENCE)]
    return sounds + fonts + [po.with_suffix(".mo") for po in sorted((root / LOCALE).glob("*/LC_MESSAGES/*.po"))]


def data_files(root: Path) -> list[tuple[str, str]]:
    """``(source, folder in the bundle)`` pairs for PyInstaller's ``datas``.

    Raises FileNotFoundError naming every missing file: an app without its sounds must not be built.
    """
    needed = expected_data(root)
    missing = [str(p.relative_to(root)) for p in needed if not p.is_file()]
    if missing:
        raise FileNotFoundError("data files missing, refusing to build: " + ", ".join(missing)
                                + " (python -m sounds.generate makes the sounds, `make locale` the .mo files)")
    return [(str(p), str(p.parent.relative_to(root))) for p in needed]


def stray_data(root: Path) -> list[Path]:
    """Files in the code folders that look like data but are not declared (a forgotten asset)."""
    declared = {p.resolve() for p in expected_data(root)}
    out = []
    for folder in DATA_FOLDERS:
        for p in sorted((root / folder).rglob("*")):
            if p.is_file() and p.suffix not in NOT_DATA and "__pycache__" not in p.parts \
                    and p.resolve() not in declared:
                out.append(p)
    return out
