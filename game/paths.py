"""Where files live: bundled data (source tree or PyInstaller bundle) and the user's folders."""
from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import time
from pathlib import Path

import platformdirs

APP_NAME = "card-duels"


def bundle_root() -> Path:
    """The folder holding main.py and the packages, from source or frozen (sys._MEIPASS)."""
    frozen = getattr(sys, "_MEIPASS", None)
    return Path(frozen) if frozen else Path(__file__).resolve().parent.parent


def _override() -> Path | None:
    # Tests and portable installs point every user folder at one place.
    home = os.environ.get("CARD_DUELS_HOME")
    return Path(home) if home else None


def user_data_dir() -> Path:
    base = _override()
    return base / "data" if base else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def user_config_dir() -> Path:
    base = _override()
    return base / "config" if base else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def user_log_dir() -> Path:
    base = _override()
    return base / "logs" if base else Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


STALE_AFTER = 600.0  # seconds


def atomic_write(path: Path, text: str) -> None:
    """Write a whole file or nothing: a crash mid-write never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # A temporary file of its own for each writer: two writers of one file never share (or delete) one.
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with open(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def remove_stale_temporaries(folder: Path, now: float | None = None) -> int:
    """Remove the temporary files ``atomic_write`` leaves behind when the app is killed mid-write
    (``<name>.<random>.tmp``); the number removed. Run at start, in the app's own folders only.
    A write lasts milliseconds, so a temporary younger than ``STALE_AFTER`` belongs to another running
    copy of the app (two players on one computer) that is about to rename it: it is left alone."""
    removed, now = 0, time.time() if now is None else now
    try:
        found = [p for p in folder.glob("*.*.tmp") if p.is_file()]
    except OSError:
        return 0
    for path in found:
        with contextlib.suppress(OSError):
            if now - path.stat().st_mtime < STALE_AFTER:
                continue
            path.unlink()
            removed += 1
    return removed


def remove_all_stale_temporaries() -> int:
    """``remove_stale_temporaries`` over every folder the app writes atomically into."""
    data = user_data_dir()
    return sum(remove_stale_temporaries(folder) for folder in (data, data / "saves", user_config_dir()))
