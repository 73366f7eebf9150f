"""Autosaves in the user data folder: one per game and mode, written atomically, damaged ones set aside.

Every unfinished game is kept: a hotseat game and a game against the computer of the same game are two saves.
A file's contents are checked in one place (``game/schema/save.py``) before the game is rebuilt.

Two copies of the app on one data folder never write over each other's game: a copy holds a lock on each save it
plays (game/filelock.py, freed when it ends, even killed). A copy whose game and mode already has a save in play
elsewhere saves to the next free slot (``autosave-kombi-hotseat~1.json``), and Continue lists both; continuing a save
another copy plays is refused with :class:`SaveInUse`. Within one copy a new game replaces that copy's own save of the
same game and mode, as the menu asked."""
from __future__ import annotations

import logging
import stat
import time
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from game.filelock import FileLock
from game.paths import atomic_write, user_data_dir

if TYPE_CHECKING:
    from game.session import Session  # imported on load: the menu lists saves without the rules of play

log = logging.getLogger(__name__)
PREFIX = "autosave-"
SAVED_MODES = ("hotseat", "computer")  # the modes that are saved (game/schema/save.py checks the same)
SLOT_MARK = "~"  # autosave-<game>-<mode>~<n>.json: the n-th save of one game and mode, one per copy of the app
MAX_SLOTS = 100


class SaveInUse(Exception):
    """Another copy of the app is playing this save: it is left to that copy."""


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


def _parse(path: Path) -> tuple[str, str | None]:
    """The game and mode a save's name gives (mode None: a save from before saves were kept per mode)."""
    stem = path.name.removesuffix(".json").removeprefix(PREFIX)
    base, mark, slot = stem.rpartition(SLOT_MARK)
    if mark and slot.isdigit():
        stem = base
    game, _, named = stem.rpartition("-")
    if named not in SAVED_MODES:
        return stem, None
    return game, named


def _info(path: Path) -> SaveInfo | None:
    """The save at ``path``; None for a name that is not a file (a pipe would block whoever reads it)."""
    game, mode = _parse(path)
    try:
        found = path.stat()
    except OSError:
        return None
    return SaveInfo(path, game, mode, found.st_mtime) if stat.S_ISREG(found.st_mode) else None


class SaveStore:
    def __init__(self, root: Path | None = None) -> None:
        self.root = (root or user_data_dir()) / "saves"
        self._locks: dict[Path, FileLock] = {}  # the saves this copy plays, each locked
        self._sessions: dict[int, tuple[Session, Path]] = {}  # id(session) -> (session, the save it writes)

    def path_for(self, game_id: str, mode: str, slot: int = 0) -> Path:
        extra = f"{SLOT_MARK}{slot}" if slot else ""
        return self.root / f"{PREFIX}{game_id}-{mode}{extra}.json"

    def path_of(self, session: Session) -> Path:
        """The file ``session`` is saved in (the first slot, until it is saved)."""
        held = self._sessions.get(id(session))
        return held[1] if held is not None and held[0] is session else self.path_for(session.game_id, session.mode)

    def _claim(self, path: Path) -> bool:
        """Lock ``path`` for this copy (True at once when it already holds it)."""
        if path in self._locks:
            return True
        lock = FileLock(path.with_name(path.name + ".lock"))
        if not lock.acquire():
            return False
        self._locks[path] = lock
        return True

    def _release(self, path: Path) -> None:
        lock = self._locks.pop(path, None)
        if lock is not None:
            lock.release()
        self._sessions = {k: v for k, v in self._sessions.items() if v[1] != path}

    def _slot_for(self, session: Session) -> Path:
        """The save ``session`` writes: its own, else this copy's of its game and mode, else the first slot no
        other copy plays."""
        held = self._sessions.get(id(session))
        if held is not None and held[0] is session:
            return held[1]
        own = [p for p in self._locks if _parse(p) == (session.game_id, session.mode)]
        path = min(own) if own else next(
            (p for p in (self.path_for(session.game_id, session.mode, n) for n in range(MAX_SLOTS)) if self._claim(p)),
            self.path_for(session.game_id, session.mode, MAX_SLOTS))
        self._sessions = {k: v for k, v in self._sessions.items() if v[1] != path}  # a new game takes it over
        self._sessions[id(session)] = (session, path)
        return path

    def save(self, session: Session) -> None:
        import json  # when a game is saved or loaded: listing the saves for the menu needs no parser

        from game.schema.save import FORMAT, VERSION

        record = {"format": FORMAT, "version": VERSION, "saved_at": time.time(), "session": session.to_json()}
        atomic_write(self._slot_for(session), json.dumps(record, ensure_ascii=False))
        self._drop_legacy(session.game_id, session.mode)

    def delete(self, session: Session) -> None:
        """The game ended (or was given up): its save goes, and its lock."""
        path = self.path_of(session)
        if path in self._locks or self._claim(path):  # never another copy's save of the same game
            path.unlink(missing_ok=True)
            self._release(path)
        self._drop_legacy(session.game_id, session.mode)

    def find(self, game_id: str, mode: str) -> SaveInfo | None:
        """The unfinished game of ``game_id`` in ``mode`` a new game here would replace, if one is kept (not one
        another copy of the app plays: a new game here goes to a save of its own)."""
        return next((s for s in self.latest() if s.game_id == game_id
                     and (s.mode or self.summary(s).mode) == mode and not self.played_elsewhere(s.path)), None)

    def played_elsewhere(self, path: Path) -> bool:
        """Whether another copy of the app plays the save at ``path`` now (its lock is held)."""
        if path in self._locks:
            return False
        probe = FileLock(path.with_name(path.name + ".lock"))
        free = probe.acquire()
        probe.release()
        return not free

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
        """The saved session, its save now this copy's; a damaged or foreign file is moved aside and ValueError says
        why; SaveInUse when another copy of the app plays it (the file is left alone)."""
        import json

        from game.schema.save import MAX_BYTES, check_save
        from game.session import Session

        if not self._claim(path):
            raise SaveInUse(str(path))
        if _info(path) is None:  # gone, or a pipe or a folder: left where it is
            self._release(path)
            raise ValueError("not a file")
        try:
            if path.stat().st_size > MAX_BYTES:
                raise ValueError(f"the file is too big to be a saved game ({path.stat().st_size} bytes)")
            session = Session.from_json(check_save(json.loads(path.read_text(encoding="utf-8"))))
        except Exception as exc:  # whatever a file holds, the menu goes on: the file is set aside with the reason
            self._set_aside(path, _reason(exc))
            self._release(path)
            raise ValueError(_reason(exc)) from exc
        self._sessions = {k: v for k, v in self._sessions.items() if v[1] != path}
        self._sessions[id(session)] = (session, path)
        return session

    def _drop_legacy(self, game_id: str, mode: str) -> None:
        """A save from before saves were kept per mode, once this game's mode has its own file."""
        legacy = self.root / f"{PREFIX}{game_id}.json"
        if legacy.exists() and self.summary(_info(legacy) or SaveInfo(legacy, game_id, None, 0)).mode == mode:
            legacy.unlink(missing_ok=True)

    def _set_aside(self, path: Path, why: str) -> None:
        from game.asides import remember

        aside = self.root / "damaged"
        try:
            aside.mkdir(parents=True, exist_ok=True)
            stamp = time.strftime("%Y%m%d-%H%M%S")
            for n in range(1000):  # two set aside in the same second must not overwrite each other
                target = aside / f"{path.stem}-{stamp}{f'-{n}' if n else ''}{path.suffix}"
                if not target.exists():
                    break
            path.replace(target)
            remember(target, path, why)
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
