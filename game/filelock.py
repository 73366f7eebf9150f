"""Advisory locks between copies of the app (a save in play, the kiosk): held while a file handle is open, so the
system frees a lock the moment its process ends, even when it is killed. A lock file that cannot be made (a read-only
folder) locks nothing: the app then works as one copy would."""
from __future__ import annotations

import contextlib
import os
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
        """Take the lock without waiting: False when another process holds it."""
        if self._fh is not None:
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fh = open(self.path, "a+b")  # noqa: SIM115 (held open as long as the lock)
        except OSError:
            return True  # nowhere to keep a lock: nothing to coordinate with
        if not _lock(fh):
            fh.close()
            return False
        self._fh = fh
        return True

    def write(self, text: str) -> None:
        """Say who holds the lock, in the lock file (read by the copy that is refused)."""
        if self._fh is not None:
            with contextlib.suppress(OSError):
                self._fh.seek(0)
                self._fh.truncate()
                self._fh.write(text.encode("ascii"))
                self._fh.flush()

    def release(self) -> None:
        if self._fh is not None:
            with contextlib.suppress(OSError):
                _unlock(self._fh)
            self._fh.close()
            self._fh = None


def _lock(fh: IO[bytes]) -> bool:
    try:
        if os.name == "nt":
            import msvcrt

            fh.seek(0)
            msvcrt.locking(fh.fileno(), msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        else:
            import fcntl

            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _unlock(fh: IO[bytes]) -> None:
    if os.name == "nt":
        import msvcrt

        fh.seek(0)
        msvcrt.locking(fh.fileno(), msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]
    else:
        import fcntl

        fcntl.flock(fh.fileno(), fcntl.LOCK_UN)
