"""The list of files the app set aside as damaged (statistics, saves), kept in the data folder, so the next start
names each one with how to bring it back, once. A file the player has moved or deleted since is not named."""
from __future__ import annotations

import contextlib
import logging
import time
from pathlib import Path
from typing import Any

from game.paths import atomic_write, user_data_dir

log = logging.getLogger(__name__)
KEEP = 50  # entries kept in the list (the oldest go first)


def ledger_path() -> Path:
    return user_data_dir() / "set-aside.json"


def _read(path: Path) -> list[dict]:
    import json  # only where a file was ever set aside: a normal start reads nothing here

    try:
        entries = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    ok = isinstance(entries, list) and all(isinstance(e, dict) and isinstance(e.get("aside"), str)
                                           and isinstance(e.get("was"), str) for e in entries)
    return entries if ok else []


def remember(aside: Path, was: Path, why: str) -> None:
    """``was`` was moved to ``aside`` because of ``why``: the next start says so."""
    path = ledger_path()
    import json

    entries = _read(path)
    entries.append({"aside": str(aside), "was": str(was), "why": why[:200], "at": time.time(), "told": False})
    try:
        atomic_write(path, json.dumps(entries[-KEEP:], ensure_ascii=False, indent=1))
    except OSError as exc:  # the notice of this run still names it
        log.warning("could not note the file set aside (%s): %s", aside, exc)


def to_tell() -> list[tuple[str, str]]:
    """The files set aside since the last start that are still there, as (set-aside path, original path); each is
    returned once (marked as told)."""
    path = ledger_path()
    if not path.exists():
        return []
    import json

    entries = _read(path)
    fresh = [e for e in entries if not e.get("told") and Path(e["aside"]).exists()]
    if not fresh:
        return []
    for e in entries:
        e["told"] = True
    with contextlib.suppress(OSError):
        atomic_write(path, json.dumps(entries, ensure_ascii=False, indent=1))
    return [(e["aside"], e["was"]) for e in fresh]


def told_once(t: Any) -> str | None:
    """The notice naming the files set aside since the last start and how to bring each back (None: there are
    none); each file is named at one start only."""
    fresh = to_tell()
    if not fresh:
        return None
    return t.n("aside.told", len(fresh), aside=", ".join(a for a, _ in fresh),
               was=", ".join(_short(w, a) for a, w in fresh))


def _short(was: str, aside: str) -> str:
    """The old name alone where the file stays in its folder (a statistics file), else the old path."""
    return Path(was).name if Path(was).parent == Path(aside).parent else was
