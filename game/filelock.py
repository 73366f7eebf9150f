"""Advisory locks between copies of the app (a save in play, the kiosk): held while a file handle is open, so the
system frees a lock the moment its process ends, even when it is killed. The lock file names the process that holds
it: within that process the lock is no obstacle (one copy of the app, e.g. a test that opens two apps). A lock file
that cannot be made (a read-only folder) locks nothing: the app then works as one copy would."""
from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import IO


class FileLock:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._fh: IO[bytes] | None = None

    @property
    def held(self) -> bool:
        return self._fh is not None

    def acquire(self) -> bool:
        """Take the lock without waiting: False when another process holds it (True, holding nothing, when this
        process does through another handle)."""
        if self._fh is not None:
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fh = open(self.path, "a+b")  # noqa: SIM115 (held open as long as the lock)
        except OSError:
            return True  # nowhere to keep a lock: nothing to coordinate with
        if not _lock(fh):
            fh.close()
            return self.owner() == os.getpid()
        self._fh = fh
        with contextlib.suppress(OSError):
            fh.seek(0)
            fh.truncate()
            fh.write(str(os.getpid()).encode("ascii"))
            fh.flush()
        return True

    def owner(self) -> int:
        """The process that holds the lock, as its file says (0: it does not say)."""
        try:
            return int(self.path.read_text(encoding="ascii").strip() or 0)
        except (OSError, ValueError):
            return 0

    def release(self) -> None:
        if self._fh is not None:
            with contextlib.suppress(OSError):
                _unlock(self._fh)
            self._fh.close()
            self._fh = None


def _lock(fh: IO[bytes]) -> bool:
    try:
        if sys.platform == "win32":  # spelt so that mypy checks msvcrt only for Windows
            import msvcrt

            fh.seek(0)
            msvcrt.locking(fh.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _unlock(fh: IO[bytes]) -> None:
    if sys.platform == "win32":  # spelt so that mypy checks msvcrt only for Windows
        import msvcrt

        fh.seek(0)
        msvcrt.locking(fh.fileno(), msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(fh.fileno(), fcntl.LOCK_UN)
