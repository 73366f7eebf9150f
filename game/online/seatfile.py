"""The online seat this app holds, kept on disk so a player whose app was closed or killed can take it back.

The server keeps a dropped seat for its reconnect window (10 minutes), and the seat token is the key to
it. The client thread writes this file when it is seated and refreshes it while the game goes on (at most
every 30 s, so the file says when this app last heard from the table). It deletes the file when the game
is over, when the player leaves, or when the server says the seat is gone. The file is read with ``json``
only and every field is checked: a damaged or foreign file is removed and reported, never trusted.
"""
from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import rules
from game.online.protocol import ProtocolError, check_url, is_code, player_name
from game.paths import atomic_write, user_data_dir

log = logging.getLogger("carduels.online")

FILE_NAME = "online-seat.json"
VERSION = 1
TOUCH_EVERY = 30.0
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


@dataclass(frozen=True)
class SavedSeat:
    url: str
    code: str
    token: str
    seat: int
    game: str
    name: str
    heard: float  # wall-clock time of the last message from the table


def _checked(data: Any) -> SavedSeat:
    """The seat in ``data``, or ValueError naming the first thing wrong with it."""
    if not isinstance(data, dict) or type(data.get("version")) is not int or data["version"] != VERSION:
        raise ValueError("not a saved seat of this version")
    fields: dict[str, Any] = {k: data.get(k) for k in SavedSeat.__dataclass_fields__}
    if not all(isinstance(fields[k], str) for k in ("url", "code", "token", "game", "name")):
        raise ValueError("a field is missing or not text")
    if check_url(fields["url"]) != fields["url"]:
        raise ValueError("not a server address")
    if not is_code(fields["code"]) or not _TOKEN.fullmatch(fields["token"]):
        raise ValueError("not a join code and seat token")
    if fields["seat"] not in (0, 1) or isinstance(fields["seat"], bool) or fields["game"] not in rules.GAMES:
        raise ValueError("not a seat of a known game")
    try:
        player_name(fields["name"])
    except ProtocolError as exc:
        raise ValueError(str(exc)) from None
    heard = fields["heard"]
    if not isinstance(heard, (int, float)) or isinstance(heard, bool) or heard != heard:
        raise ValueError("no time")
    return SavedSeat(**fields)


class SeatFile:
    def __init__(self, path: Path | None = None, window: float = 600.0,
                 clock: Callable[[], float] = time.time) -> None:
        self.path = path if path is not None else user_data_dir() / FILE_NAME
        self.window, self.clock = window, clock
        self.problem = ""  # why the last load refused the file (shown to nobody but the log and tests)
        self._touched = 0.0

    def save(self, url: str, code: str, token: str, seat: int, game: str, name: str) -> None:
        self._write(SavedSeat(url, code, token, seat, game, name, self.clock()))

    def touch(self) -> None:
        """The table is alive: move ``heard`` forward, at most every ``TOUCH_EVERY`` seconds."""
        now = self.clock()
        if now - self._touched < TOUCH_EVERY:
            return
        saved = self.load()
        if saved is not None:
            self._write(SavedSeat(**{**asdict(saved), "heard": now}))

    def lapsed(self) -> SavedSeat | None:
        """The seat whose wait is over, if the file holds one (``load`` removes it): how its game ended is the
        server's to say (game/online/lapsed.py)."""
        try:
            saved = _checked(json.loads(self.path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError, ValueError, RecursionError):
            return None
        return saved if self.clock() - saved.heard > self.window else None

    def load(self) -> SavedSeat | None:
        """The saved seat if it may still be open; a damaged or expired file is removed."""
        self.problem = ""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as exc:
            self._refuse(f"unreadable: {exc}")
            return None
        try:
            saved = _checked(json.loads(text))
        except (ValueError, RecursionError) as exc:
            self._refuse(f"damaged: {exc}")
            return None
        if not 0 <= self.clock() - saved.heard <= self.window:
            self._refuse("expired: the server has given the seat up by now")
            return None
        return saved

    def clear(self) -> None:
        try:
            self.path.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("could not remove %s: %s", self.path, exc)

    def _refuse(self, why: str) -> None:
        self.problem = why
        log.warning("online seat file %s refused (%s)", self.path, why)
        self.clear()
        return None

    def _write(self, seat: SavedSeat) -> None:
        try:
            atomic_write(self.path, json.dumps({"version": VERSION, **asdict(seat)}))
            self._touched = seat.heard
        except OSError as exc:  # a full or read-only disk costs the comeback, never the game
            log.warning("could not save the online seat: %s", exc)
