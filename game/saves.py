"""Autosaves in the user data folder: one per game and mode, written atomically, damaged ones set aside.

Every unfinished game is kept: a hotseat game and a game against the computer of the same game are two saves.
A file's contents are checked in one place (``game/schema/save.py``) before the game is rebuilt."""
from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from game.paths import atomic_write, user_data_dir

if TYPE_CHECKING:
    from game.session import Session  # imported on load: the menu lists saves without the rules of play

log = logging.getLogger(__name__)
PREFIX = "autosave-"
SAVED_MODES = ("hotseat", "computer")  # the modes that are saved (game/schema/save.py checks the same)


class SaveInfo(NamedTuple):  # a NamedTuple: it loads at start-up, where a dataclass costs ~0.6 ms to build
    path: Path
    game_id: str
    mode: str | None  # None: a save from before saves were kept per mode (its file says which)
    saved_at: float


class SaveSummary(NamedTuple):
    """What the Continue list shows of a save, read from its file (None where the file does not say)."""
    info: SaveInfo
    mode: str | None
    names: list[str] | None


def _info(path: Path) -> SaveInfo | None:
    stem = path.stem.removeprefix(PREFIX)
    game, _, named = stem.rpartition("-")
    mode: str | None = named
    if mode not in SAVED_MODES:
        game, mode = stem, None
    try:
        return SaveInfo(path, game, mode, path.stat().st_mtime)
    except OSError:
        return None


class SaveStore:
    def __init__(self, root: Path | None = None) -> None:
        self.root = (root or user_data_dir()) / "saves"

    def path_for(self, game_id: str, mode: str) -> Path:
        return self.root / f"{PREFIX}{game_id}-{mode}.json"

    def save(self, session: Session) -> None:
        import json  # when a game is saved or loaded: listing the saves for the menu needs no parser

        from game.schema.save import FORMAT, VERSION

        record = {"format": FORMAT, "version": VERSION, "saved_at": time.time(), "session": session.to_json()}
        atomic_write(self.path_for(session.game_id, session.mode), json.dumps(record, ensure_ascii=False))
        self._drop_legacy(session.game_id, session.mode)

    def delete(self, session: Session) -> None:
        """The game ended (or was given up): its save goes."""
        self.path_for(session.game_id, session.mode).unlink(missing_ok=True)
        self._drop_legacy(session.game_id, session.mode)

    def find(self, game_id: str, mode: str) -> SaveInfo | None:
        """The unfinished game of ``game_id`` in ``mode``, if one is kept."""
        return next((s for s in self.latest()
                     if s.game_id == game_id and (s.mode or self.summary(s).mode) == mode), None)

    def latest(self) -> list[SaveInfo]:
        """Readable-looking saves, newest first (contents are checked only on load)."""
        found = (_info(p) for p in self.root.glob(f"{PREFIX}*.json"))
        return sorted((s for s in found if s is not None), key=lambda s: s.saved_at, reverse=True)

    def summary(self, info: SaveInfo) -> SaveSummary:
        """The mode and names a save's file gives (for the Continue list); nothing is checked or set aside here."""
        import json

        try:
            with open(info.path, encoding="utf-8") as fh:
                session = json.loads(fh.read(1 << 20)).get("session", {})
            names, mode = session.get("names"), session.get("mode")
            ok = isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names)
            shown = [n[:40] for n in names] if ok else None
            return SaveSummary(info, mode if mode in SAVED_MODES else info.mode, shown)
        except Exception:  # a damaged file shows what its name says; loading it sets it aside with the reason
            return SaveSummary(info, info.mode, None)

    def load(self, path: Path) -> Session:
        """The saved session; a damaged or foreign file is moved aside and ValueError says why."""
        import json

        from game.schema.save import MAX_BYTES, check_save
        from game.session import Session

        try:
            if path.stat().st_size > MAX_BYTES:
                raise ValueError(f"the file is too big to be a saved game ({path.stat().st_size} bytes)")
            session = Session.from_json(check_save(json.loads(path.read_text(encoding="utf-8"))))
        except Exception as exc:  # whatever a file holds, the menu goes on: the file is set aside with the reason
            self._set_aside(path)
            raise ValueError(_reason(exc)) from exc
        return session

    def _drop_legacy(self, game_id: str, mode: str) -> None:
        """A save from before saves were kept per mode, once this game's mode has its own file."""
        legacy = self.root / f"{PREFIX}{game_id}.json"
        if legacy.exists() and self.summary(_info(legacy) or SaveInfo(legacy, game_id, None, 0)).mode == mode:
            legacy.unlink(missing_ok=True)

    def _set_aside(self, path: Path) -> None:
        aside = self.root / "damaged"
        try:
            aside.mkdir(parents=True, exist_ok=True)
            stamp = time.strftime("%Y%m%d-%H%M%S")
            for n in range(1000):  # two set aside in the same second must not overwrite each other
                target = aside / f"{path.stem}-{stamp}{f'-{n}' if n else ''}{path.suffix}"
                if not target.exists():
                    break
            path.replace(target)
        except OSError as exc:
            log.warning("a damaged save could not be set aside (%s): %s", path, exc)


def _reason(exc: BaseException) -> str:
    import json

    if isinstance(exc, json.JSONDecodeError):
        return f"not readable as a saved game ({exc.msg})"
    if isinstance(exc, UnicodeDecodeError):
        return "not readable as a saved game (not text)"
    if isinstance(exc, RecursionError):
        return "nested too deeply to be a saved game"
    text = str(exc)
    return text if text and len(text) < 200 and isinstance(exc, ValueError) else f"damaged ({type(exc).__name__})"
